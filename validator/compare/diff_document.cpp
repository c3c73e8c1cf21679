#include "validator/compare/diff_document.hpp"

#include "reports/yaml_emit.hpp"

namespace gafcheck::compare {
namespace {

void emit_fields(YAML::Emitter& out, const std::vector<FieldChange>& fields) {
  if (fields.empty()) return;
  out << YAML::Key << "fields" << YAML::Value << YAML::BeginSeq;
  for (const FieldChange& field : fields) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "field" << YAML::Value << field.field;
    out << YAML::Key << "old" << YAML::Value;
    emit_text(out, field.before);
    out << YAML::Key << "new" << YAML::Value;
    emit_text(out, field.after);
    out << YAML::Key << "drawn" << YAML::Value << field.drawn;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_pixels(YAML::Emitter& out, const PixelDelta& pixels) {
  out << YAML::Key << "pixels" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "differing" << YAML::Value << pixels.differing;
  if (pixels.differing != 0) {
    out << YAML::Key << "box" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "left" << YAML::Value << pixels.box.left;
    out << YAML::Key << "top" << YAML::Value << pixels.box.top;
    out << YAML::Key << "width" << YAML::Value << pixels.box.width;
    out << YAML::Key << "height" << YAML::Value << pixels.box.height;
    out << YAML::EndMap;
  }
  if (pixels.remap) {
    out << YAML::Key << "remap" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "from" << YAML::Value << int{pixels.remap->from};
    out << YAML::Key << "to" << YAML::Value << int{pixels.remap->to};
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

void emit_frame(YAML::Emitter& out, const FrameDiff& frame) {
  out << YAML::BeginMap;
  out << YAML::Key << "change" << YAML::Value << std::string(frame_change_name(frame.change));
  if (frame.old_index) out << YAML::Key << "old" << YAML::Value << *frame.old_index;
  if (frame.new_index) out << YAML::Key << "new" << YAML::Value << *frame.new_index;
  emit_fields(out, frame.fields);
  if (frame.pixels) emit_pixels(out, *frame.pixels);
  out << YAML::EndMap;
}

// Opens the map of a changed thing: its name (or path), its change and its old name, if any.
void begin_change(YAML::Emitter& out, const char* name_key, const std::string& name,
                  std::string_view change, const char* old_key, const std::string& old_name) {
  out << YAML::BeginMap;
  out << YAML::Key << name_key << YAML::Value;
  emit_text(out, name);
  out << YAML::Key << "change" << YAML::Value << std::string(change);
  if (!old_name.empty()) {
    out << YAML::Key << old_key << YAML::Value;
    emit_text(out, old_name);
  }
}

void emit_entry(YAML::Emitter& out, const EntryDiff& entry) {
  begin_change(out, "name", entry.name, entry_change_name(entry.change), "old_name",
               entry.old_name);
  if (!entry.reachable) out << YAML::Key << "reachable" << YAML::Value << false;
  if (entry.positional) out << YAML::Key << "aligned_by_position" << YAML::Value << true;
  emit_fields(out, entry.fields);
  if (entry.change == EntryChange::changed || entry.change == EntryChange::re_encoded)
    out << YAML::Key << "unchanged_frames" << YAML::Value << entry.unchanged_frames;
  if (!entry.frames.empty()) {
    out << YAML::Key << "frames" << YAML::Value << YAML::BeginSeq;
    for (const FrameDiff& frame : entry.frames) emit_frame(out, frame);
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

void emit_sprite(YAML::Emitter& out, const SpriteDiff& sprite) {
  out << YAML::Key << "unchanged_entries" << YAML::Value << sprite.unchanged_entries;
  for (const auto& [key, stopped] : {std::pair("old_read_stopped", &sprite.old_stopped),
                                     std::pair("new_read_stopped", &sprite.new_stopped)})
    if (!stopped->empty()) {
      out << YAML::Key << key << YAML::Value;
      emit_text(out, *stopped);
    }
  if (sprite.entries.empty()) return;
  out << YAML::Key << "entries" << YAML::Value << YAML::BeginSeq;
  for (const EntryDiff& entry : sprite.entries) emit_entry(out, entry);
  out << YAML::EndSeq;
}

void emit_tsf(YAML::Emitter& out, const std::vector<TsfChange>& changes) {
  if (changes.empty()) return;
  out << YAML::Key << "statements" << YAML::Value << YAML::BeginSeq;
  for (const TsfChange& change : changes) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "key" << YAML::Value;
    emit_text(out, change.key);
    if (change.before) {
      out << YAML::Key << "old" << YAML::Value;
      emit_text(out, *change.before);
      out << YAML::Key << "old_line" << YAML::Value << change.old_line;
    }
    if (change.after) {
      out << YAML::Key << "new" << YAML::Value;
      emit_text(out, *change.after);
      out << YAML::Key << "new_line" << YAML::Value << change.new_line;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_side(YAML::Emitter& out, const char* prefix, const std::string& format,
               const std::string& sha256, std::uint64_t size) {
  if (sha256.empty() && format.empty()) return;
  const std::string p(prefix);
  if (!format.empty()) out << YAML::Key << p + "format" << YAML::Value << format;
  out << YAML::Key << p + "size" << YAML::Value << size;
  if (!sha256.empty()) out << YAML::Key << p + "sha256" << YAML::Value << sha256;
}

void emit_file(YAML::Emitter& out, const FileDiff& file) {
  begin_change(out, "path", file.path, file_change_name(file.change), "old_path", file.old_path);
  emit_side(out, "old_", file.old_format, file.old_sha256, file.old_size);
  emit_side(out, "new_", file.new_format, file.new_sha256, file.new_size);
  if (!file.note.empty()) {
    out << YAML::Key << "note" << YAML::Value;
    emit_text(out, file.note);
  }
  if (file.sprite) emit_sprite(out, *file.sprite);
  emit_tsf(out, file.tsf);
  if (!file.findings.empty()) {
    out << YAML::Key << "findings" << YAML::Value << YAML::BeginMap;
    emit_findings(out, "new", file.findings.added);
    emit_findings(out, "resolved", file.findings.resolved);
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

std::pair<std::uint64_t, std::uint64_t> finding_totals(const ContentDiff& diff) {
  std::uint64_t added = 0, resolved = 0;
  for (const FileDiff& file : diff.files) {
    added += file.findings.added.size();
    resolved += file.findings.resolved.size();
  }
  return {added, resolved};
}

}  // namespace

std::string_view content_verdict(const ContentDiff& diff) {
  if (diff.drawn_differs()) return "different";
  return diff.bytes_differ() ? "re-encoded" : "same";
}

std::string yaml_content_diff(const ContentDiff& diff) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "content-diff";
  out << YAML::Key << "old" << YAML::Value;
  emit_input_path(out, diff.old_label);
  out << YAML::Key << "new" << YAML::Value;
  emit_input_path(out, diff.new_label);
  out << YAML::Key << "compared" << YAML::Value << diff.kind;
  out << YAML::Key << "verdict" << YAML::Value << std::string(content_verdict(diff));
  if (diff.unreadable) out << YAML::Key << "unreadable" << YAML::Value << true;
  if (!diff.not_followed.empty()) {
    out << YAML::Key << "not_followed" << YAML::Value << YAML::BeginSeq;
    for (const std::string& path : diff.not_followed) emit_text(out, path);
    out << YAML::EndSeq;
  }
  const ChangeCounts& c = diff.counts;
  out << YAML::Key << "counts" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [key, value] :
       {std::pair("changed", c.changed), std::pair("re-encoded", c.re_encoded),
        std::pair("added", c.added), std::pair("removed", c.removed), std::pair("moved", c.moved),
        std::pair("copied", c.copied), std::pair("unchanged", c.unchanged)})
    out << YAML::Key << key << YAML::Value << value;
  const auto [added, resolved] = finding_totals(diff);
  out << YAML::Key << "new_findings" << YAML::Value << added;
  out << YAML::Key << "resolved_findings" << YAML::Value << resolved;
  out << YAML::EndMap;
  out << YAML::Key << "files" << YAML::Value;
  if (diff.files.empty()) out << YAML::Flow;
  out << YAML::BeginSeq;
  for (const FileDiff& file : diff.files) emit_file(out, file);
  out << YAML::EndSeq;
  out << YAML::EndMap;
  return finish_document(out);
}

}  // namespace gafcheck::compare
