#include "validator/compare/content_side.hpp"

#include <sys/stat.h>

#include <string_view>

#include "validator/base/enum_table.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"

namespace gafcheck::compare {
namespace {

// The next line of text at `at` (without its newline), moving past it.
std::string_view next_line(std::string_view text, std::size_t& at) {
  const std::size_t end = std::min(text.find('\n', at), text.size());
  std::string_view line = text.substr(at, end - at);
  at = end + 1;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::string_view side_kind_name(SideKind kind) {
  static constexpr EnumTexts<SideKind, 6> names = {
      {"a directory", "an archive", "a sprite file (GAF or TAF)", "a TSF script",
       "a gafcheck report", "a file of another format"}};
  return names[kind];
}

bool is_sprite(Format format) {
  return format == Format::gaf || format == Format::taf_paletted ||
         format == Format::taf_truecolor || format == Format::ta3d_gaf;
}

bool is_gafcheck_report(ByteView bytes) {
  const auto head = bytes.sub(0, std::min<std::uint64_t>(bytes.size(), 4096));
  if (!head) return false;
  const auto span = head->bytes();
  const std::string_view text(reinterpret_cast<const char*>(span.data()), span.size());
  if (text.starts_with("{")) {
    // A JSON report (--format json): its first object is the header.
    const std::size_t close = text.find('}');
    const std::string_view first = text.substr(0, close);
    return first.find("\"kind\":\"header\"") != std::string_view::npos &&
           first.find("\"tool\":\"gafcheck\"") != std::string_view::npos;
  }
  std::size_t at = 0;
  std::vector<std::string_view> lines;
  while (at < text.size() && lines.size() < 3) {
    const std::string_view line = next_line(text, at);
    if (line.empty() || line.starts_with("#")) continue;
    lines.push_back(line);
  }
  return lines.size() == 3 && lines[0] == "---" && lines[1] == "kind: header" &&
         lines[2] == "tool: gafcheck";
}

SideKind kind_of(ByteView bytes, Format format) {
  if (is_sprite(format)) return SideKind::sprite;
  if (format == Format::hpi) return SideKind::archive;
  if (format == Format::tsf) return SideKind::tsf;
  if (is_gafcheck_report(bytes)) return SideKind::report;
  return SideKind::other;
}

Result<Side> open_side(const std::string& argument, const CheckOptions& options) {
  Side side;
  side.argument = argument;
  struct stat status {};
  if (::stat(argument.c_str(), &status) == 0 && S_ISDIR(status.st_mode)) {
    side.kind = SideKind::directory;
    return side;
  }
  side.input = load_input(argument, options);
  if (!side.input.error.empty())
    return Problem{ExitCode::unreadable,
                   "cannot read " + escape_bytes(argument) + ": " + side.input.error};
  if (side.input.damaged())
    return Problem{ExitCode::unreadable, escape_bytes(argument) + " is damaged (" +
                                             side.input.damage +
                                             "): its bytes are not what was packed"};
  const ByteView bytes = side.input.view();
  side.format = refine_format_by_name(sniff_format(bytes), bytes, side.input.name.engine_path());
  side.kind = kind_of(bytes, side.format);
  return side;
}

}  // namespace gafcheck::compare
