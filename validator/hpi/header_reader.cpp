// Archive header (docs/format/hpi.md §1): marker, version, and which layout follows.
#include "validator/core/text.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {
namespace {

std::string version_text(std::uint32_t version) {
  std::string text = hex(version, 8);
  std::string ascii;
  for (int shift = 0; shift < 32; shift += 8) {
    const auto c = static_cast<char>((version >> shift) & 0xFF);
    if (c < 0x20 || c > 0x7E) return text;
    ascii += c;
  }
  return text + " (\"" + escape_bytes(ascii) + "\")";
}

// Whether the file holds the layout's whole header (a finding when not); claims it when it does.
bool claim_header(WalkContext& context, ArchiveIndex& index, std::uint64_t header_size,
                  const char* layout) {
  const ByteView& file = context.file;
  if (file.size() < header_size) {
    context.findings.add(RuleId::hpi_directory_bounds, 0, file.size(), "header", [&] {
      return "file is " + std::to_string(file.size()) + " bytes; the " + layout +
             " archive header needs " + std::to_string(header_size);
    });
    return false;
  }
  index.extents.back().end = header_size;
  return true;
}

}  // namespace

ArchiveIndex read_archive_index(WalkContext& context) {
  ArchiveIndex index;
  const ByteView& file = context.file;
  const auto version = file.u32le(header_version);
  if (!version) {
    context.findings.add(RuleId::hpi_directory_bounds, 0, file.size(), "header", [&] {
      return "file is " + std::to_string(file.size()) +
             " bytes; an archive header needs at least 8";
    });
    return index;
  }
  index.version = *version;
  index.extents.push_back({0, 8});
  switch (*version) {
    case version_bank:
      index.kind = ArchiveKind::saved_game;
      context.findings.add(RuleId::hpi_saved_game, header_version, 4, "header/version",
                           "version word is \"BANK\": a TA saved game, not a data archive; its "
                           "contents are not parsed");
      index.walk_complete = true;
      return index;
    case version_v1:
      index.kind = ArchiveKind::v1;
      if (claim_header(context, index, v1_header_size, "v1")) read_v1_directory(context, index);
      if (!context.stopped()) check_footer(context, index);
      return index;
    case version_v2:
      index.kind = ArchiveKind::v2;
      if (claim_header(context, index, v2_header_size, "v2")) read_v2_directory(context, index);
      return index;
    default:
      context.findings.add(RuleId::hpi_version, header_version, 4, "header/version", [&] {
        return "HAPI archive with version word " + version_text(*version) +
               "; known: 0x00010000 (TA), 0x00020000 (TA: Kingdoms), \"BANK\" "
               "(saved game). The game refuses it; nothing further is read";
      });
      return index;
  }
}

void check_footer(WalkContext& context, ArchiveIndex& index) {
  const ByteView& file = context.file;
  const std::uint64_t window = std::min<std::uint64_t>(file.size(), footer_window);
  const std::uint64_t start = file.size() - window;
  const auto tail = file.sub(start, window)->bytes();
  const std::string_view text(reinterpret_cast<const char*>(tail.data()), tail.size());
  const auto copyright = text.find("Copyright");
  const auto cavedog =
      text.find("Cavedog Entertainment", copyright == std::string_view::npos ? 0 : copyright);
  if (copyright != std::string_view::npos && cavedog != std::string_view::npos) {
    // The footer ends with its text: bytes after it are slack, not footer.
    index.extents.push_back(
        {start + copyright, start + cavedog + std::string_view("Cavedog Entertainment").size()});
    return;
  }
  index.footer_missing = true;
  const bool altered =
      copyright != std::string_view::npos || text.find("Cavedog") != std::string_view::npos;
  context.findings.add(RuleId::hpi_footer, start, window, "footer", [&] {
    return altered ? "the last " + std::to_string(window) +
                         " bytes mention the copyright but not \"Copyright\" followed by \"Cavedog "
                         "Entertainment\": the game refuses the archive (last bytes: " +
                         hexdump(file, file.size() - std::min<std::uint64_t>(window, 16), 16) + ")"
                   : "no \"Copyright ... Cavedog Entertainment\" footer in the last " +
                         std::to_string(window) + " bytes: the game refuses the archive";
  });
}

}  // namespace gafcheck::hpi
