#include "validator/render/palette_reader.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <vector>

namespace gafcheck::render {
namespace {

constexpr std::uint64_t pal_size = 1024;
constexpr std::uint64_t act_size = 768;
constexpr std::uint64_t act_size_with_count = 772;
constexpr std::uint64_t pcx_header_size = 128;
constexpr std::uint64_t pcx_trailer_size = 769;  // 0x0C + 256 x R,G,B
constexpr std::uint64_t jasc_max_size = 64 * 1024;

Result<PaletteFile> failure(std::string error) {
  return Problem{ExitCode::usage, std::move(error)};
}

Result<PaletteFile> success(Palette palette, std::string format) {
  palette.forensic = false;
  return PaletteFile{std::move(palette), std::move(format)};
}

// 256 triples of `stride` bytes from offset (inside the view: checked by the caller's size test).
Palette triples(ByteView bytes, std::uint64_t offset, std::uint64_t stride, unsigned count = 256) {
  Palette palette = forensic_palette();
  for (unsigned i = 0; i < count; ++i) {
    const std::uint64_t at = offset + i * stride;
    palette.colours[i] = {*bytes.u8(at), *bytes.u8(at + 1), *bytes.u8(at + 2)};
  }
  palette.colours_given = count;
  return palette;
}

bool is_pcx(ByteView bytes) {
  if (bytes.size() < pcx_header_size + pcx_trailer_size) return false;
  return bytes.u8(0) == 0x0A && bytes.u8(1) == 5 &&
         bytes.u8(bytes.size() - pcx_trailer_size) == 0x0C;
}

// Splits JASC text into lines (CR LF or LF), trimming spaces and tabs.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// Whitespace-separated decimal numbers, each <= max; nullopt for anything else.
std::optional<std::vector<unsigned>> numbers(std::string_view line, unsigned max) {
  std::vector<unsigned> values;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    unsigned value = 0;
    const auto [end, error] = std::from_chars(line.data() + i, line.data() + line.size(), value);
    if (error != std::errc{} || value > max) return std::nullopt;
    if (end < line.data() + line.size() && *end != ' ' && *end != '\t') return std::nullopt;
    values.push_back(value);
    i = static_cast<std::size_t>(end - line.data());
  }
  return values;
}

Result<PaletteFile> read_jasc(ByteView bytes) {
  if (bytes.size() > jasc_max_size)
    return failure("JASC-PAL text is " + std::to_string(bytes.size()) + " bytes; at most " +
                   std::to_string(jasc_max_size) + " are read");
  const auto span = bytes.bytes();
  const std::string_view text(reinterpret_cast<const char*>(span.data()), span.size());
  const std::vector<std::string_view> lines = lines_of(text);
  if (lines.size() < 3 || lines[1] != "0100")
    return failure("JASC-PAL: the second line must be 0100 (the format version)");
  const auto count = numbers(lines[2], 256);
  if (!count || count->size() != 1 || (*count)[0] == 0)
    return failure("JASC-PAL: the third line must be a colour count from 1 to 256");
  const unsigned colours = (*count)[0];
  if (lines.size() != 3 + colours)
    return failure("JASC-PAL: " + std::to_string(colours) + " colours declared, " +
                   std::to_string(lines.size() - 3) + " colour lines given");
  Palette palette = forensic_palette();
  for (unsigned i = 0; i < colours; ++i) {
    const auto rgb = numbers(lines[3 + i], 255);
    if (!rgb || rgb->size() != 3)
      return failure("JASC-PAL: line " + std::to_string(4 + i) +
                     " is not three numbers from 0 to 255 (R G B)");
    palette.colours[i] = {static_cast<std::uint8_t>((*rgb)[0]),
                          static_cast<std::uint8_t>((*rgb)[1]),
                          static_cast<std::uint8_t>((*rgb)[2])};
  }
  palette.colours_given = colours;
  return success(palette, "jasc");
}

Result<PaletteFile> read_act(ByteView bytes) {
  unsigned count = 256;
  if (bytes.size() == act_size_with_count) {
    const unsigned declared = (unsigned{*bytes.u8(768)} << 8) | *bytes.u8(769);
    if (declared == 0 || declared > 256)
      return failure("ACT: colour count " + std::to_string(declared) + " is not 1 to 256");
    count = declared;
  }
  return success(triples(bytes, 0, 3, count), "act");
}

}  // namespace

Result<PaletteFile> read_palette(ByteView bytes) {
  static constexpr std::string_view jasc_magic = "JASC-PAL";
  const auto head = bytes.sub(0, std::min<std::uint64_t>(bytes.size(), jasc_magic.size()));
  const auto head_bytes = head->bytes();
  if (std::string_view(reinterpret_cast<const char*>(head_bytes.data()), head_bytes.size()) ==
      jasc_magic)
    return read_jasc(bytes);
  if (is_pcx(bytes)) return success(triples(bytes, bytes.size() - pcx_trailer_size + 1, 3), "pcx");
  if (bytes.size() == pal_size) return success(triples(bytes, 0, 4), "pal");
  if (bytes.size() == act_size || bytes.size() == act_size_with_count) return read_act(bytes);
  if (bytes.size() > 0 && bytes.u8(0) == 0x0A)
    return failure("a PCX without a 256-colour palette trailer (0x0C and 768 bytes at the end)");
  return failure("not a palette: " + std::to_string(bytes.size()) +
                 " bytes, and not JASC-PAL text (a PALETTE.PAL is 1,024 bytes, an ACT 768 or 772, "
                 "a PCX ends in a 0x0C marker and 768 bytes)");
}

}  // namespace gafcheck::render
