#include "validator/detect/extension.hpp"

#include "validator/base/enum_table.hpp"
#include "validator/core/text.hpp"
#include "validator/tsf/tsf_sniff.hpp"

#include <array>

#include "validator/gaf/gaf_layout.hpp"
#include "validator/taf/taf_sniff.hpp"

namespace gafcheck {
namespace {

struct ExtensionMeaning {
  std::string_view extension;
  std::string_view meaning;
};

constexpr std::array<ExtensionMeaning, 7> known_extensions = {{
    {".gaf", "a GAF sprite file"},
    {".taf", "a TA: Kingdoms TAF"},
    {".tsf", "a TSF script"},
    {".hpi", "an HPI archive"},
    {".ufo", "an HPI-family archive"},
    {".ccx", "an HPI-family archive"},
    {".gp3", "an HPI-family archive"},
}};

bool is_archive_extension(std::string_view extension) {
  return extension == ".hpi" || extension == ".ufo" || extension == ".ccx" || extension == ".gp3";
}

bool extension_fits(std::string_view extension, Format format) {
  switch (format) {
    case Format::gaf: return extension == ".gaf" || extension == ".taf";
    case Format::ta3d_gaf: return extension == ".gaf";
    case Format::taf_truecolor:
    case Format::taf_paletted: return extension == ".taf";
    case Format::tsf: return extension == ".tsf";
    case Format::hpi: return is_archive_extension(extension);
    case Format::unknown:
    case Format::unreadable: return true;  // nothing recognised to disagree with
  }
  return true;
}

// What the bytes were recognised as, in Format's order (unknown and unreadable: unrecognised).
constexpr EnumTexts<Format, 8> descriptions = {
    {"a paletted GAF", "a truecolor TAF (frame format bytes 4/5)", "a paletted TAF",
     "TA3D's truecolor GAF (version 0x00010101)", "an HPI-family archive (marker HAPI)",
     "a TSF script", "unrecognised", "unrecognised"}};
static_assert(descriptions.texts.size() == static_cast<std::size_t>(Format::unreadable) + 1);

// Only spaces, tabs and line breaks (or nothing): a script with no section at all.
bool is_blank(ByteView bytes) {
  for (std::uint64_t i = 0; i < bytes.size(); ++i) {
    const std::uint8_t c = *bytes.u8(i);
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  }
  return true;
}

}  // namespace

std::vector<std::string_view> known_extension_names() {
  std::vector<std::string_view> names;
  for (const ExtensionMeaning& known : known_extensions) names.push_back(known.extension);
  return names;
}

std::string display_extension(std::string_view display_path) {
  const auto separator = display_path.find_last_of("/\\");
  const std::string_view name =
      separator == std::string_view::npos ? display_path : display_path.substr(separator + 1);
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return "";
  return ascii_lowercase(name.substr(dot));
}

Format refine_format_by_name(Format sniffed, ByteView bytes, std::string_view display_path) {
  // A .tsf without frame sections is still a TSF to lint (tsf.no-frames says what is missing).
  if (sniffed == Format::unknown && display_extension(display_path) == ".tsf" &&
      tsf::looks_like_section_text(bytes))
    return Format::tsf;
  const std::string extension = display_extension(display_path);
  // The engine opens sprite files, scripts and archives by name, so a file too short for any
  // header (empty included) is what it reads as a truncated header of the named kind.
  if (sniffed == Format::unknown && bytes.size() < gaf::header_size) {
    if (extension == ".gaf") return Format::gaf;
    if (extension == ".taf") return Format::taf_paletted;
    if (is_archive_extension(extension) && bytes.size() < 4) return Format::hpi;
  }
  if (sniffed == Format::unknown && extension == ".tsf" && is_blank(bytes)) return Format::tsf;
  // A file named as a sprite file whose version word is one the game's own files use (0 in the
  // mask files) is checked as one, however broken its structure: findings say what is wrong.
  if (sniffed == Format::unknown && (extension == ".gaf" || extension == ".taf") &&
      bytes.u32le(gaf::header_version) == 0u)
    sniffed = Format::gaf;
  if (sniffed != Format::gaf || extension != ".taf") return sniffed;
  // Only the frame format bytes tell (docs/format/gaf.md §6-§7). With none to read (a first
  // sequence without frames), more than one sequence is a paletted file, as a truecolor TAF holds
  // exactly one; none at all stays truecolor, where taf.no-frames says what the game gets.
  switch (taf::first_sequence_evidence(bytes)) {
    case taf::FrameEvidence::paletted: return Format::taf_paletted;
    case taf::FrameEvidence::truecolor: return Format::taf_truecolor;
    case taf::FrameEvidence::none: break;
  }
  const auto sequences = bytes.u32le(gaf::header_entry_count);
  return sequences && *sequences > 1 ? Format::taf_paletted : Format::taf_truecolor;
}

void check_extension(WalkContext& context, Format format, std::string_view display_path) {
  const std::string extension = display_extension(display_path);
  for (const ExtensionMeaning& known : known_extensions) {
    if (known.extension != extension || extension_fits(extension, format)) continue;
    context.findings.add(RuleId::format_extension_mismatch, 0, 0, "", [&] {
      return "the name ends in " + extension + " (" + std::string(known.meaning) +
             ") but the bytes are " + std::string(descriptions[format]);
    });
    return;
  }
}

}  // namespace gafcheck
