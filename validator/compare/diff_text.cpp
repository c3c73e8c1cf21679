// The text form of a content diff: what a maintainer reads on a terminal.
#include <sstream>

#include "validator/compare/diff_document.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::compare {
namespace {

// A field's value as shown: an empty one (a frame that is not undrawable) as "(none)".
std::string value_text(const std::string& value) {
  return value.empty() ? "(none)" : escape_bytes(value);
}

std::string fields_text(const std::vector<FieldChange>& fields) {
  std::string text;
  for (const FieldChange& field : fields) {
    if (field.field == "bytes") continue;
    text += (text.empty() ? "" : "; ") + field.field + " " + value_text(field.before) + " -> " +
            value_text(field.after);
  }
  return text;
}

std::string pixels_text(const PixelDelta& pixels) {
  if (pixels.differing == 0) return "";
  std::string text = std::to_string(pixels.differing) + " pixels differ in " +
                     std::to_string(pixels.box.width) + "x" + std::to_string(pixels.box.height) +
                     " at (" + std::to_string(pixels.box.left) + "," +
                     std::to_string(pixels.box.top) + ")";
  if (pixels.remap)
    text += ", index " + std::to_string(pixels.remap->from) + " recoloured to " +
            std::to_string(pixels.remap->to);
  return text;
}

void frame_line(std::ostream& out, const FrameDiff& frame) {
  out << "    frame ";
  if (frame.change == FrameChange::moved)
    out << *frame.old_index << " moved to " << *frame.new_index;
  else
    out << (frame.new_index ? *frame.new_index : *frame.old_index) << ' '
        << frame_change_name(frame.change);
  std::string detail = frame.pixels ? pixels_text(*frame.pixels) : "";
  const std::string fields = fields_text(frame.fields);
  if (!fields.empty()) detail += (detail.empty() ? "" : "; ") + fields;
  if (!detail.empty()) out << ": " << detail;
  out << '\n';
}

void entry_lines(std::ostream& out, const EntryDiff& entry) {
  out << "  entry " << escape_bytes(entry.name) << ' ' << entry_change_name(entry.change);
  if (entry.change == EntryChange::renamed) out << " from " << escape_bytes(entry.old_name);
  if (!entry.reachable)
    out << " (not reachable: the game finds an earlier entry of this name, or loads none)";
  if (entry.change == EntryChange::changed || entry.change == EntryChange::re_encoded)
    out << " (" << counted(entry.unchanged_frames, "frame") << " unchanged)";
  const std::string fields = fields_text(entry.fields);
  if (!fields.empty()) out << ": " << fields;
  out << '\n';
  if (entry.change == EntryChange::added || entry.change == EntryChange::removed) return;
  for (const FrameDiff& frame : entry.frames) frame_line(out, frame);
}

void finding_lines(std::ostream& out, const FindingsDelta& findings) {
  for (const auto& [mark, list] :
       {std::pair('+', &findings.added), std::pair('-', &findings.resolved)})
    for (const DiffFinding& finding : *list)
      out << "  " << mark << ' ' << finding.severity << ' ' << finding.rule << " at 0x" << std::hex
          << finding.offset << std::dec << ' ' << escape_bytes(finding.path) << ": "
          << escape_bytes(finding.message) << '\n';
}

}  // namespace

std::string content_diff_summary(const ContentDiff& diff) {
  const ChangeCounts& c = diff.counts;
  std::uint64_t added = 0, resolved = 0;
  for (const FileDiff& file : diff.files) {
    added += file.findings.added.size();
    resolved += file.findings.resolved.size();
  }
  std::ostringstream out;
  out << "diff: " << escape_bytes(diff.old_label) << " -> " << escape_bytes(diff.new_label) << ": "
      << content_verdict(diff) << " (" << c.changed << " changed, " << c.re_encoded
      << " re-encoded, " << c.added << " added, " << c.removed << " removed, " << c.moved
      << " moved, " << c.copied << " copied, " << c.unchanged << " unchanged; " << added
      << (added == 1 ? " new finding, " : " new findings, ") << resolved << " resolved)\n";
  return out.str();
}

std::string text_content_diff(const ContentDiff& diff) {
  std::ostringstream out;
  for (const FileDiff& file : diff.files) {
    out << file_change_name(file.change) << ' ' << escape_bytes(file.path);
    if (!file.old_path.empty())
      out << (file.change == FileChange::copied ? " (copy of " : " (was ")
          << escape_bytes(file.old_path) << ')';
    if (!file.note.empty()) out << ": " << escape_bytes(file.note);
    out << '\n';
    if (file.sprite)
      for (const EntryDiff& entry : file.sprite->entries) entry_lines(out, entry);
    for (const TsfChange& change : file.tsf)
      out << "  " << escape_bytes(change.key) << ": "
          << (change.before
                  ? escape_bytes(*change.before) + " (line " + std::to_string(change.old_line) + ")"
                  : std::string("(none)"))
          << " -> "
          << (change.after
                  ? escape_bytes(*change.after) + " (line " + std::to_string(change.new_line) + ")"
                  : std::string("(none)"))
          << '\n';
    finding_lines(out, file.findings);
  }
  for (const std::string& path : diff.not_followed)
    out << "not followed (a symbolic link, not compared) " << escape_bytes(path) << '\n';
  out << content_diff_summary(diff);
  return out.str();
}

}  // namespace gafcheck::compare
