#include "validator/render/render_job.hpp"

#include <array>
#include <cstring>
#include <functional>
#include <iostream>

#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/gif_writer.hpp"
#include "validator/render/output_names.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/sprite_sheet.hpp"
#include "validator/render/ta3d_pixels.hpp"
#include "validator/render/truecolor_rows.hpp"

namespace gafcheck {
namespace {

using nlohmann::json;
using render::Canvas;
using render::Rendered;
using render::RenderPolicy;

// The entry slots --entry selects: an index, or a name found as the game finds it (only A-Z
// folded, first match wins); every slot without --entry.
std::vector<std::uint32_t> selected_entries(const gaf::GafIndex& index,
                                            const std::optional<std::string>& wanted) {
  std::vector<std::uint32_t> slots;
  if (!wanted) {
    for (std::uint32_t i = 0; i < index.entries.size(); ++i) slots.push_back(i);
    return slots;
  }
  const bool numeric = !wanted->empty() && wanted->size() <= 9 &&
                       wanted->find_first_not_of("0123456789") == std::string::npos;
  if (numeric) {
    const auto slot = static_cast<std::uint32_t>(std::stoul(*wanted));
    if (slot < index.entries.size()) slots.push_back(slot);
    return slots;
  }
  const std::string folded = ascii_lowercase(*wanted);
  for (std::uint32_t i = 0; i < index.entries.size(); ++i) {
    const gaf::EntryRecord& entry = index.entries[i];
    const gaf::EntryRecord& source =
        entry.alias_of != gaf::no_index ? index.entries[entry.alias_of] : entry;
    if (source.header_in_bounds && gaf::game_folded_name(source) == folded) {
      slots.push_back(i);
      break;
    }
  }
  return slots;
}

const char* policy_name(RenderPolicy policy) {
  return policy == RenderPolicy::retail ? "retail" : "strict";
}

json defects_json(const Rendered& rendered) {
  json defects = json::array();
  for (const render::RowDefect& defect : rendered.defects)
    defects.push_back({{"path", sanitize_text(defect.frame_path)},
                       {"row", defect.row},
                       {"column", defect.column},
                       {"kind", defect.kind}});
  return defects;
}

// The name of a reference group's runs in index.json.
const char* runs_name(bool slots) {
  return slots ? "entry_runs" : "frame_runs";
}

// A run of references as index.json lists it: [FIRST, LAST], [FIRST, LAST, DURATION] at the
// group's first anchor, or [FIRST, LAST, DURATION, X_OFFSET, Y_OFFSET] at another.
std::string run_text(const std::array<std::int64_t, 5>& run, std::size_t fields,
                     const std::array<std::int64_t, 5>& first) {
  if (fields == 5 && run[3] == first[3] && run[4] == first[4]) fields = 3;
  std::string text = "[";
  for (std::size_t i = 0; i < fields; ++i) {
    if (i) text += ',';
    text += std::to_string(run[i]);
  }
  return text + "]";
}

class InputRenderer {
 public:
  InputRenderer(const LoadedInput& input, const std::string& prefix,
                const ExtractDirectory& directory, const RenderSettings& settings,
                ImageIndex& images, RenderTally& tally, std::ostream& messages)
      : input_(input),
        prefix_(prefix),
        directory_(directory),
        settings_(settings),
        images_(images),
        tally_(tally),
        messages_(messages) {}

  // False when may_draw said no (nothing drawn, written or listed then).
  bool run(const MayDraw& may_draw);

 private:
  void entry(std::uint32_t slot);
  void frame(const json& base, const std::string& folder, std::uint32_t k, std::uint32_t frame,
             bool loaded_by_game, std::uint32_t duration);
  void truecolor_frame(const json& base, const std::string& folder, std::uint32_t k,
                       std::uint32_t frame);
  void ta3d_frame(const json& base, const std::string& folder, std::uint32_t k,
                  std::uint32_t frame);
  bool ta3d_ = false;  // --game ta3d and a TA3D truecolor GAF
  using SheetFrames = std::vector<std::optional<Canvas>>;
  void write_diff(const json& base, const std::string& path, const Rendered& retail,
                  const Rendered& strict);
  void write_sheet(const json& base, const std::string& folder, const char* policy,
                   const SheetFrames& frames);
  void write_animation(const json& base, const std::string& folder, const char* policy,
                       const SheetFrames& frames, bool loop);
  std::string not_loaded_reason() const {
    return "the game loads no entry from this slot: it reads the entry count as a signed 16-bit "
           "value, " +
           std::to_string(index_.index.header.game_entry_count);
  }
  // Lists an image that is not drawn; counted unless it is only a note (a truecolor diff).
  void not_drawn(json record, const std::string& policy, const std::string& reason,
                 bool counted = true) {
    if (!room()) return;
    record["policy"] = policy;
    record["reason"] = sanitize_text(reason);
    list(record);
    if (counted) ++tally_.not_drawn;
  }
  // Lists a record, its bytes charged to --max-output-bytes; past that budget it is replaced by
  // the budget's reason.
  void list(const json& record, bool reached_budget = false);
  // Whether index.json takes one more record (--max-images, and no output budget reached);
  // counts the image left out if not.
  bool room() {
    if (!closed()) return true;
    images_.leave_out();
    return false;
  }
  bool closed() const { return images_.full() || !output_full_.empty(); }
  // Charges bytes of index.json to the input's --max-output-bytes; false (the budget's reason
  // kept in output_full_) when they do not fit.
  bool charge_index(std::uint64_t bytes);
  std::string output_bytes_reason(std::uint64_t bytes) const;
  // Lists the reason the output budget was reached, in place of the record (once per input).
  void list_budget_reason(const json& record);

  // What became of an image drawn once, for the other references to the same frame or entry.
  struct Outcome {
    std::string path;    // the image written, or
    std::string reason;  // why there is none
    json shape;          // width, height, x_offset, y_offset (and counts) of the image
  };
  // What the game draws from a frame depends on these fields only (a leaf's anchor moves it,
  // it does not change its pixels), so frames with one key are one image.
  std::string frame_key(std::uint32_t frame) const;
  const Outcome* drawn_before(const char* policy, const std::string& key) const {
    const auto found = drawn_.find(std::string(policy) + '|' + key);
    return found == drawn_.end() ? nullptr : &found->second;
  }
  void remember(const char* policy, const std::string& key, const json& record);
  // Lists a reference to an image drawn before instead of drawing and writing it again: added to
  // the run of references (one entry's frames, or entry slots) that reach the same image.
  // False when it is left out.
  bool refer(json record, const char* policy, const Outcome& outcome, const gaf::FrameRecord* leaf);
  // The references of one entry (or of the alias slots) that reach one image (or one reason)
  // under one policy: one record, its frames (or slots) as runs, so index.json grows with the
  // runs of the input's tables, not with its references.
  struct ReferenceGroup {
    std::string record;  // the first reference's, as listed but for its runs (text: held small)
    // [first, last] and, for frames reaching an image, the duration and anchor they share.
    std::vector<std::array<std::int64_t, 5>> runs;
    std::size_t fields = 2;  // numbers per run: 2, or 5 for frames reaching an image
  };
  struct ReferenceGroups {
    std::vector<ReferenceGroup> groups;  // in the order of their first reference
    std::unordered_map<std::string, std::size_t> at;
  };
  void flush(ReferenceGroups& groups, bool slots);
  // A diff that is only a note (a truecolor or TA3D frame): listed once per image, referred to.
  void diff_note(const json& base, const std::string& key, const gaf::FrameRecord* leaf,
                 const std::string& note);
  // Encodes and writes an image, and lists it.
  // finish (when set) adds what the encoding counted to the record before it is listed.
  void write(json record, const std::string& policy, const std::string& path, std::uint32_t width,
             std::uint32_t height, std::int64_t x_offset, std::int64_t y_offset,
             const render::RgbaRowSource& rows, const std::function<void(json&)>& finish = nullptr);

  // Writes a file at path (below prefix_), through the folders kept open.
  // index_bytes: the most its index.json record takes, which must fit --max-output-bytes too.
  std::optional<std::string> write_file(const std::string& path,
                                        std::span<const std::uint8_t> bytes,
                                        std::uint64_t index_bytes);
  // The most records this input can list (before it is drawn: from its entry and frame tables).
  std::uint64_t records_at_most(const std::vector<std::uint32_t>& slots) const;

  const LoadedInput& input_;
  const std::string& prefix_;
  const ExtractDirectory& directory_;
  const RenderSettings& settings_;
  ImageIndex& images_;
  RenderTally& tally_;
  std::ostream& messages_;
  // The input's own folder (prefix_) and the entry folder last written into, kept open so a file
  // is created by name in it (no walk of the path per image).
  std::optional<ExtractDirectory> input_folder_, entry_folder_;
  std::string entry_folder_path_;
  ByteView file_;
  render::RenderIndex index_;
  std::optional<render::FrameRenderer> renderer_;
  std::uint64_t truecolor_pixels_ = 0;
  // --sheet: the entry's canvases, kept until its sheet is written, and their bytes.
  SheetFrames sheet_retail_, sheet_strict_;
  std::vector<std::uint32_t> kept_durations_;
  std::uint64_t sheet_held_ = 0;
  // Every image drawn (or refused) so far, by policy and frame key; the folder of every entry
  // drawn, by slot, for the aliases that name it again.
  std::unordered_map<std::string, Outcome> drawn_;
  std::unordered_map<std::uint32_t, std::string> entry_folders_;
  std::optional<json> last_listed_;   // the record listed last
  ReferenceGroups frame_references_;  // the current entry's
  ReferenceGroups slot_references_;   // the alias slots'
  // Files and folders created and bytes written for this input (--max-output-files, -bytes);
  // the reason once one is reached: what follows is left out, not drawn.
  std::uint64_t output_files_ = 0, output_bytes_ = 0;
  std::string output_full_;
};

std::string InputRenderer::frame_key(std::uint32_t frame_index) const {
  const gaf::FrameRecord& frame = index_.index.frames[frame_index];
  std::string key;
  const auto put = [&](std::uint64_t value) {
    key.append(reinterpret_cast<const char*>(&value), sizeof value);
  };
  // A header outside the file is only a reason, which names where it is.
  if (!frame.header_in_bounds) {
    put(0);
    put(frame.offset);
    return key;
  }
  put(frame.is_composite() ? 2 : 1);
  for (const std::uint64_t field :
       {std::uint64_t{frame.width}, std::uint64_t{frame.height}, std::uint64_t{frame.color_key},
        std::uint64_t{frame.compressed}, std::uint64_t{frame.layer_count},
        std::uint64_t{frame.alt_byte}, std::uint64_t{frame.data_in_bounds},
        std::uint64_t{frame.data_offset}})
    put(field);
  if (!frame.is_composite()) return key;
  // A composite's canvas is laid out around its own anchor and its children's.
  put(static_cast<std::uint16_t>(frame.x_offset));
  put(static_cast<std::uint16_t>(frame.y_offset));
  put(frame.child_count);
  for (std::uint32_t k = 0; k < frame.child_count; ++k)
    put(index_.index.children[frame.first_child + k]);
  return key;
}

void InputRenderer::remember(const char* policy, const std::string& key, const json& record) {
  Outcome outcome;
  if (const auto png = record.find("png"); png != record.end()) outcome.path = *png;
  if (const auto reason = record.find("reason"); reason != record.end()) outcome.reason = *reason;
  for (const char* field : {"width", "height", "x_offset", "y_offset", "tinted_layers",
                            "defect_rows", "read_through_pixels", "differing_pixels"})
    if (const auto value = record.find(field); value != record.end()) outcome.shape[field] = *value;
  drawn_.emplace(std::string(policy) + '|' + key, std::move(outcome));
}

bool InputRenderer::refer(json record, const char* policy, const Outcome& outcome,
                          const gaf::FrameRecord* leaf) {
  if (!room()) return false;
  record["policy"] = policy;
  const bool slot = record["frame"].is_null();
  const bool reason = outcome.path.empty();
  std::int64_t x = 0, y = 0;
  if (reason) {
    // The first reference was not drawn (or not written): this one is not either, for the
    // same reason, which was counted there.
    record["reason"] = outcome.reason;
  } else {
    for (const auto& [field, value] : outcome.shape.items()) record[field] = value;
    // A leaf is the same pixels wherever its anchor is; its own anchor is listed.
    if (leaf) {
      record["x_offset"] = leaf->x_offset;
      record["y_offset"] = leaf->y_offset;
    }
    record["same_as"] = outcome.path;
    if (const auto at = record.find("x_offset"); at != record.end()) x = at->get<std::int64_t>();
    if (const auto at = record.find("y_offset"); at != record.end()) y = at->get<std::int64_t>();
  }
  const std::int64_t index =
      slot ? record["entry"].get<std::int64_t>() : record["frame"].get<std::int64_t>();
  const std::int64_t duration = slot ? 0 : record.value("duration", std::int64_t{0});
  const std::size_t fields = slot || reason ? 2 : 5;
  // Runs break where the index skips, or where the duration or the anchor changes.
  const std::array<std::int64_t, 5> run{index, index, duration, x, y};
  ReferenceGroups& groups = slot ? slot_references_ : frame_references_;
  std::string key = std::string(policy) + '\n' + (reason ? "\1" + outcome.reason : outcome.path);
  if (slot) key += '\n' + record.value("alias_of", json()).dump();
  // Each addition is charged as the bytes it adds to index.json (flush writes them).
  const auto found = groups.at.find(key);
  if (found == groups.at.end()) {
    std::string text = record.dump();
    const std::uint64_t bytes = text.size() - 1 + std::strlen(runs_name(slot)) + 5 +
                                run_text(run, fields, run).size() + 2 + 4;
    if (!charge_index(bytes)) {
      list_budget_reason(record);
      return false;
    }
    groups.at.emplace(std::move(key), groups.groups.size());
    groups.groups.push_back({std::move(text), {run}, fields});
  } else {
    ReferenceGroup& group = groups.groups[found->second];
    std::array<std::int64_t, 5>& last = group.runs.back();
    if (last[1] + 1 == index &&
        (fields == 2 || (last[2] == duration && last[3] == x && last[4] == y))) {
      // One digit more when the last index reaches a power of ten.
      if (!charge_index(std::to_string(index).size() - std::to_string(last[1]).size())) {
        list_budget_reason(record);
        return false;
      }
      last[1] = index;
    } else {
      if (!charge_index(1 + run_text(run, group.fields, group.runs.front()).size())) {
        list_budget_reason(record);
        return false;
      }
      group.runs.push_back(run);
    }
  }
  images_.count();
  if (!reason) ++tally_.referenced;
  return true;
}

void InputRenderer::flush(ReferenceGroups& groups, bool slots) {
  for (ReferenceGroup& group : groups.groups) {
    std::string& text = group.record;
    text.pop_back();  // the closing brace: the runs follow
    text.append(",\"").append(runs_name(slots)).append("\":[");
    for (std::size_t r = 0; r < group.runs.size(); ++r) {
      if (r) text += ',';
      text += run_text(group.runs[r], group.fields, group.runs.front());
    }
    text += "]}";
    // Charged and counted as its references came.
    images_.add_text(std::move(text), 0);
  }
  groups.groups.clear();
  groups.at.clear();
}

void InputRenderer::list(const json& record, bool reached_budget) {
  last_listed_ = record;
  std::string text = record.dump();
  // The record of the image that reached an output budget is its reason: listed, uncharged.
  if (!reached_budget && !charge_index(text.size() + 4)) return list_budget_reason(record);
  images_.add_text(std::move(text), 1);
}

bool InputRenderer::charge_index(std::uint64_t bytes) {
  if (!output_full_.empty()) return false;
  const std::uint64_t total = saturating_add(output_bytes_, bytes);
  if (total > settings_.max_output_bytes) {
    output_full_ = output_bytes_reason(total);
    return false;
  }
  output_bytes_ = total;
  return true;
}

std::string InputRenderer::output_bytes_reason(std::uint64_t bytes) const {
  return "budget.exceeded: output_bytes (" + std::to_string(bytes) +
         " bytes of images and index.json would pass --max-output-bytes " +
         std::to_string(settings_.max_output_bytes) +
         " for this input); the images after it are left out";
}

void InputRenderer::list_budget_reason(const json& record) {
  json reason = {{"file", record.value("file", json())},
                 {"entry", record.value("entry", json())},
                 {"frame", record.value("frame", json())},
                 {"policy", record.value("policy", json())},
                 {"reason", output_full_}};
  messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << output_full_ << '\n';
  last_listed_ = reason;
  images_.add_text(reason.dump(), 1);
  ++tally_.not_written;
}

void InputRenderer::write(json record, const std::string& policy, const std::string& path,
                          std::uint32_t width, std::uint32_t height, std::int64_t x_offset,
                          std::int64_t y_offset, const render::RgbaRowSource& rows,
                          const std::function<void(json&)>& finish) {
  // Past an output budget (its reason listed once), images are left out before they are encoded.
  if (!room()) return;
  record["policy"] = policy;
  record["width"] = width;
  record["height"] = height;
  record["x_offset"] = x_offset;
  record["y_offset"] = y_offset;
  const Result<std::vector<std::uint8_t>> png = render::encode_png(width, height, rows);
  std::optional<std::string> refused;
  if (!png) {
    refused = "PNG encoding failed: " + png.problem().message;
  } else {
    // Its index.json record at most: the "png" path and what finish adds (two counts).
    json listed = record;
    listed["png"] = path;
    refused = write_file(path, *png, listed.dump().size() + 4 + (finish ? 96 : 0));
  }
  if (refused) {
    messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << path
              << " not written: " << *refused << '\n';
    record["reason"] = sanitize_text("not written: " + *refused);
    ++tally_.not_written;
  } else {
    record["png"] = path;
    ++tally_.written;
  }
  if (finish) finish(record);
  list(record, refused && *refused == output_full_);
}

std::optional<std::string> InputRenderer::write_file(const std::string& path,
                                                     std::span<const std::uint8_t> bytes,
                                                     std::uint64_t index_bytes) {
  if (!output_full_.empty()) return output_full_;
  const std::size_t slash = path.rfind('/');
  const bool new_folder = slash != std::string::npos &&
                          (!entry_folder_ || path.compare(0, slash, entry_folder_path_) != 0 ||
                           entry_folder_path_.size() != slash);
  // A new entry folder is one more file, and the input's folder with the first one (-o with
  // several inputs).
  const std::uint64_t folders =
      new_folder ? 1 + std::uint64_t{!prefix_.empty() && !input_folder_} : 0;
  const std::uint64_t files = saturating_add(output_files_, 1 + folders);
  const std::uint64_t written = saturating_add(output_bytes_, bytes.size());
  if (files > settings_.max_output_files ||
      saturating_add(written, index_bytes) > settings_.max_output_bytes) {
    output_full_ = files > settings_.max_output_files
                       ? "budget.exceeded: output_files (" + std::to_string(files) +
                             " files and folders would pass --max-output-files " +
                             std::to_string(settings_.max_output_files) +
                             " for this input); the images after it are left out"
                       : output_bytes_reason(saturating_add(written, index_bytes));
    return output_full_;
  }
  output_files_ = files;
  output_bytes_ = written;
  if (slash == std::string::npos) return directory_.write(path, bytes, settings_.force);
  const std::string folder = path.substr(0, slash);
  if (!entry_folder_ || folder != entry_folder_path_) {
    entry_folder_.reset();
    std::string error;
    const ExtractDirectory* below = &directory_;
    std::string_view rest = folder;
    if (!prefix_.empty() && folder.starts_with(prefix_)) {
      if (!input_folder_)
        input_folder_ = directory_.open_below(prefix_.substr(0, prefix_.size() - 1), error);
      if (!input_folder_) return error;
      below = &*input_folder_;
      rest.remove_prefix(prefix_.size());
    }
    entry_folder_ = below->open_below(rest, error);
    if (!entry_folder_) return error;
    entry_folder_path_ = folder;
  }
  return entry_folder_->write(path.substr(slash + 1), bytes, settings_.force);
}

std::uint64_t InputRenderer::records_at_most(const std::vector<std::uint32_t>& slots) const {
  // Per frame a record for each policy and the diff; per entry at most three per policy (the
  // whole entry not drawn, or its sheet and its animation).
  const std::uint64_t policies = std::uint64_t{settings_.retail} + settings_.strict;
  const std::uint64_t per_frame = policies + settings_.diff;
  std::uint64_t records = 0;
  for (const std::uint32_t slot : slots) {
    const gaf::EntryRecord& entry = index_.index.entries[slot];
    const gaf::EntryRecord& source =
        entry.alias_of != gaf::no_index ? index_.index.entries[entry.alias_of] : entry;
    const std::uint64_t frames = settings_.frame ? 1 : source.ref_count;
    records =
        saturating_add(records, saturating_add(saturating_mul(frames, per_frame), 3 * policies));
  }
  return records;
}

bool InputRenderer::run(const MayDraw& may_draw) {
  file_ = input_.view();
  if (input_.damaged()) {
    ++tally_.damaged;
    // Not what was packed: listed with its reason, or drawn only when asked, every record marked.
    if (!settings_.draw_damaged) {
      const std::uint64_t policies = std::uint64_t{settings_.retail} + settings_.strict;
      if (may_draw && !may_draw(policies)) return false;
      messages_ << "gafcheck: " << escape_bytes(input_.name.display)
                << ": not drawn: " << input_.damage
                << " (--draw-damaged draws it as a reader decodes it)\n";
      json record = {{"file", escape_bytes(input_.name.display)},
                     {"entry", nullptr},
                     {"name", ""},
                     {"frame", nullptr},
                     {"damaged", input_.damage_rules}};
      const std::string reason = "damaged archive member: " + input_.damage;
      if (settings_.retail) not_drawn(record, "retail", reason);
      if (settings_.strict) not_drawn(record, "strict", reason);
      return true;
    }
    messages_ << "gafcheck: " << escape_bytes(input_.name.display)
              << ": drawn damaged: " << input_.damage << '\n';
  }
  const Format format =
      refine_format_by_name(sniff_format(file_), file_, input_.name.engine_path());
  if (format != Format::gaf && format != Format::taf_paletted && format != Format::ta3d_gaf &&
      format != Format::taf_truecolor) {
    messages_ << "gafcheck: " << escape_bytes(input_.name.display)
              << " is not a GAF or TAF (it reads as " << format_name(format)
              << (format == Format::hpi ? "; name a member: ARCHIVE!path/in/archive.gaf" : "")
              << ")\n";
    ++tally_.not_found;
    return !may_draw || may_draw(0);
  }
  index_ = render::read_render_index(file_, format, settings_.limits);
  ta3d_ = settings_.ta3d && format == Format::ta3d_gaf;
  if (!index_.stopped.empty())
    messages_ << "gafcheck: " << escape_bytes(input_.name.display)
              << ": the structure read stopped at " << index_.stopped
              << "; frames past it are not listed\n";
  const std::vector<std::uint32_t> slots = selected_entries(index_.index, settings_.entry);
  if (may_draw && !may_draw(records_at_most(slots))) return false;
  renderer_.emplace(file_, index_.index, settings_.limits);
  if (slots.empty() && settings_.entry) {
    messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": no entry '"
              << escape_bytes(*settings_.entry) << "'\n";
    ++tally_.not_found;
  }
  for (const std::uint32_t slot : slots) entry(slot);
  flush(slot_references_, true);
  return true;
}

void InputRenderer::entry(std::uint32_t slot) {
  const gaf::GafIndex& index = index_.index;
  const gaf::EntryRecord& entry = index.entries[slot];
  const bool alias = entry.alias_of != gaf::no_index;
  const gaf::EntryRecord& source = alias ? index.entries[entry.alias_of] : entry;
  json base = {{"file", escape_bytes(input_.name.display)},
               {"entry", slot},
               {"name", gaf::entry_display_name(source)}};
  if (input_.damaged()) base["damaged"] = input_.damage_rules;
  if (alias) base["alias_of"] = entry.alias_of;
  if (settings_.record_palette) base["palette"] = settings_.palette.source;
  const std::string folder = prefix_ + render::entry_directory(slot, source.name);
  // A slot aimed at an entry drawn before is that entry again: it is listed as a reference to
  // the entry's folder, nothing is drawn or written for it.
  if (alias && entry_folders_.contains(entry.alias_of) && source.header_in_bounds) {
    json record = base;
    record["frame"] = nullptr;
    Outcome outcome;
    outcome.path = entry_folders_[entry.alias_of] + "/";
    for (const char* policy : {"retail", "strict", "diff"}) {
      if (policy == std::string_view("retail")   ? !settings_.retail
          : policy == std::string_view("strict") ? !settings_.strict
                                                 : !settings_.diff)
        continue;
      if (policy != std::string_view("strict") && !entry.loaded_by_game) {
        Outcome not_loaded;
        not_loaded.reason = not_loaded_reason();
        if (refer(record, policy, not_loaded, nullptr)) ++tally_.not_drawn;
      } else {
        refer(record, policy, outcome, nullptr);
      }
    }
    return;
  }
  entry_folders_[slot] = folder;
  const auto whole_entry = [&](const std::string& reason) {
    json record = base;
    record["frame"] = nullptr;
    if (settings_.retail)
      not_drawn(record, "retail", entry.loaded_by_game ? reason : not_loaded_reason());
    if (settings_.strict) not_drawn(record, "strict", reason);
  };
  if (!source.header_in_bounds) {
    base["name"] = "";
    whole_entry("entry header at " + hex(source.offset) + " lies outside the " +
                std::to_string(file_.size()) + "-byte file");
    return;
  }
  if (source.frame_count > 0 && source.ref_count == 0) {
    whole_entry("frame table of " + std::to_string(source.frame_count) +
                " references is not read: " +
                (index_.stopped.empty() ? "it runs past the end of the file" : index_.stopped));
    return;
  }
  if (settings_.frame && *settings_.frame >= source.ref_count) {
    messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": entry " << slot
              << " has no frame " << *settings_.frame << " (it has " << source.ref_count << ")\n";
    ++tally_.not_found;
    return;
  }
  sheet_retail_.clear();
  sheet_strict_.clear();
  kept_durations_.clear();
  sheet_held_ = 0;
  // The records a frame lists: one per policy, and the diff.
  const std::uint64_t per_frame =
      std::uint64_t{settings_.retail} + settings_.strict + settings_.diff;
  for (std::uint32_t k = 0; k < source.ref_count; ++k) {
    if (settings_.frame && *settings_.frame != k) continue;
    if (images_.full() || !output_full_.empty()) {
      images_.leave_out(per_frame);
      continue;
    }
    const gaf::FrameRef& ref = index.refs[source.first_ref + k];
    json record = base;
    record["frame"] = k;
    record["duration"] = ref.duration;
    if (index_.truecolor)
      truecolor_frame(record, folder, k, ref.frame);
    else if (ta3d_)
      ta3d_frame(record, folder, k, ref.frame);
    else
      frame(record, folder, k, ref.frame, entry.loaded_by_game, ref.duration);
  }
  flush(frame_references_, false);
  if (settings_.sheet && !index_.truecolor && !ta3d_) {
    if (settings_.retail) write_sheet(base, folder, "retail", sheet_retail_);
    if (settings_.strict) write_sheet(base, folder, "strict", sheet_strict_);
  }
  if (settings_.animate && !index_.truecolor && !ta3d_) {
    const bool loop = (source.loop_word & 0xFF) != 0;
    if (settings_.retail) write_animation(base, folder, "retail", sheet_retail_, loop);
    if (settings_.strict) write_animation(base, folder, "strict", sheet_strict_, loop);
  }
  sheet_retail_.clear();
  sheet_strict_.clear();
  kept_durations_.clear();
  sheet_held_ = 0;
}

void InputRenderer::frame(const json& base, const std::string& folder, std::uint32_t k,
                          std::uint32_t frame_index, bool loaded_by_game, std::uint32_t duration) {
  const auto path = [&](const char* policy) {
    return folder + "/" + std::to_string(k) + "." + policy + ".png";
  };
  const gaf::FrameRecord& header = index_.index.frames[frame_index];
  const gaf::FrameRecord* leaf =
      header.header_in_bounds && !header.is_composite() ? &header : nullptr;
  const std::string key = frame_key(frame_index);
  // Images of this frame drawn before (through another reference, entry or equal header): they
  // are referred to, not drawn again, unless a sheet or animation needs the canvas. In a slot
  // the game does not load, every retail image (and diff) is one reason, listed once.
  const std::string retail_key = loaded_by_game ? key : std::string("\2not loaded");
  const Outcome* retail_seen = settings_.retail ? drawn_before("retail", retail_key) : nullptr;
  const Outcome* strict_seen = settings_.strict ? drawn_before("strict", key) : nullptr;
  const Outcome* diff_seen = settings_.diff ? drawn_before("diff", retail_key) : nullptr;
  const bool keep_canvases = settings_.sheet || settings_.animate;
  std::optional<Rendered> retail, strict;
  const bool want_retail =
      (settings_.retail && (!retail_seen || keep_canvases)) || (settings_.diff && !diff_seen);
  const bool want_strict =
      (settings_.strict && (!strict_seen || keep_canvases)) || (settings_.diff && !diff_seen);
  renderer_->set_held_outside(sheet_held_);
  if (want_retail) {
    if (loaded_by_game) {
      retail = renderer_->render(frame_index, RenderPolicy::retail);
    } else {
      retail.emplace();
      retail->reason = not_loaded_reason();
    }
  }
  if (want_strict) {
    renderer_->set_held_outside(
        saturating_add(sheet_held_, retail && retail->canvas ? retail->canvas->pixels() * 2 : 0));
    strict = renderer_->render(frame_index, RenderPolicy::strict);
  }
  const render::Palette& palette = settings_.palette;
  const auto write_policy = [&](const Rendered& rendered, RenderPolicy policy) {
    json record = base;
    if (rendered.tinted_layers) record["tinted_layers"] = rendered.tinted_layers;
    if (policy == RenderPolicy::strict && rendered.defect_rows) {
      record["defect_rows"] = rendered.defect_rows;
      record["defects"] = defects_json(rendered);
    }
    if (!rendered.canvas) {
      not_drawn(record, policy_name(policy), rendered.reason);
    } else {
      const Canvas& canvas = *rendered.canvas;
      write(record, policy_name(policy), path(policy_name(policy)), canvas.width, canvas.height,
            canvas.x_offset, canvas.y_offset, [&](std::uint32_t y, std::uint8_t* rgba) {
              render::policy_row(canvas, palette, y, rgba);
            });
    }
  };
  // Draws (or refers to) one image; what a first drawing listed is remembered for the others.
  const auto image = [&](const char* policy, bool wanted, const Outcome* seen,
                         const std::string& image_key, const std::function<void()>& draw) {
    if (!wanted) return;
    if (seen) {
      refer(base, policy, *seen, leaf);
      return;
    }
    last_listed_.reset();
    draw();
    if (last_listed_) remember(policy, image_key, *last_listed_);
  };
  image("retail", settings_.retail, retail_seen, retail_key,
        [&] { write_policy(*retail, RenderPolicy::retail); });
  image("strict", settings_.strict, strict_seen, key,
        [&] { write_policy(*strict, RenderPolicy::strict); });
  image("diff", settings_.diff, diff_seen, retail_key,
        [&] { write_diff(base, path("diff"), *retail, *strict); });
  if (!keep_canvases) return;
  kept_durations_.push_back(duration);
  const auto keep = [&](std::optional<Rendered>& rendered, bool wanted, SheetFrames& into) {
    if (!wanted) return;
    into.push_back(rendered ? std::move(rendered->canvas) : std::nullopt);
    if (into.back()) sheet_held_ = saturating_add(sheet_held_, into.back()->pixels() * 2);
  };
  keep(retail, settings_.retail, sheet_retail_);
  keep(strict, settings_.strict, sheet_strict_);
}

void InputRenderer::write_diff(const json& base, const std::string& path, const Rendered& retail,
                               const Rendered& strict) {
  if (!retail.canvas || !strict.canvas)
    return not_drawn(base, "diff",
                     std::string("no ") + (retail.canvas ? "strict" : "retail") +
                         " image to compare: " + (retail.canvas ? strict : retail).reason);
  const Canvas& r = *retail.canvas;
  const Canvas& s = *strict.canvas;
  if (r.width != s.width || r.height != s.height || r.x_offset != s.x_offset ||
      r.y_offset != s.y_offset)
    return not_drawn(base, "diff", "the retail and strict images differ in size");
  if (closed()) return (void)room();
  // The diff is one more image of the frame's size: charged like the canvases drawn.
  if (!renderer_->charge_pixels(r.pixels()))
    return not_drawn(base, "diff",
                     "budget.exceeded: pixels (a " + std::to_string(r.width) + "x" +
                         std::to_string(r.height) + " diff is past --max-pixels " +
                         std::to_string(settings_.limits[BudgetKind::pixels]) + ")");
  // The counts are taken while the rows are encoded; the record is listed after.
  render::DiffCounts counts;
  write(
      base, "diff", path, r.width, r.height, r.x_offset, r.y_offset,
      [&](std::uint32_t y, std::uint8_t* rgba) {
        render::diff_row(r, s, settings_.palette, y, rgba, counts);
      },
      [&](json& record) {
        record["read_through_pixels"] = counts.read_through;
        record["differing_pixels"] = counts.differing;
      });
}

void InputRenderer::write_sheet(const json& base, const std::string& folder, const char* policy,
                                const SheetFrames& frames) {
  if (closed()) return (void)room();
  json record = base;
  record["frame"] = nullptr;
  record["sheet"] = true;
  const render::SpriteSheet sheet(frames);
  if (sheet.empty()) return not_drawn(record, policy, "no frame of the entry is drawn");
  const std::uint64_t pixels = saturating_mul(sheet.width(), sheet.height());
  if (sheet.width() > UINT32_MAX / 4 || !renderer_->charge_pixels(pixels))
    return not_drawn(record, policy,
                     "budget.exceeded: pixels (a " + std::to_string(sheet.width()) + "x" +
                         std::to_string(sheet.height()) + " sheet is past --max-pixels " +
                         std::to_string(settings_.limits[BudgetKind::pixels]) + ")");
  record["cell_width"] = sheet.cell_width();
  record["frames"] = frames.size();
  write(record, policy, folder + "/sheet." + policy + ".png",
        static_cast<std::uint32_t>(sheet.width()), static_cast<std::uint32_t>(sheet.height()),
        sheet.anchor_x(), sheet.anchor_y(),
        [&](std::uint32_t y, std::uint8_t* rgba) { sheet.row(settings_.palette, y, rgba); });
}

void InputRenderer::write_animation(const json& base, const std::string& folder, const char* policy,
                                    const SheetFrames& frames, bool loop) {
  if (closed()) return (void)room();
  json record = base;
  record["frame"] = nullptr;
  record["animation"] = true;
  const render::SpriteSheet geometry(frames);
  const std::uint64_t pixels = render::gif_pixels(frames);
  if (!geometry.empty() && !renderer_->charge_pixels(pixels))
    return not_drawn(record, policy,
                     "budget.exceeded: pixels (" + std::to_string(frames.size()) + " frames of " +
                         std::to_string(geometry.cell_width()) + "x" +
                         std::to_string(geometry.cell_height()) + " are past --max-pixels " +
                         std::to_string(settings_.limits[BudgetKind::pixels]) + ")");
  const Result<render::GifImage> drawn =
      render::encode_gif(frames, kept_durations_, settings_.palette, loop, pixels);
  if (!drawn) return not_drawn(record, policy, drawn.problem().message);
  const render::GifImage& gif = *drawn;
  const std::string path = folder + "/anim." + policy + ".gif";
  record["policy"] = policy;
  record["width"] = gif.width;
  record["height"] = gif.height;
  record["x_offset"] = gif.anchor_x;
  record["y_offset"] = gif.anchor_y;
  record["frames"] = frames.size();
  record["delays_cs"] = gif.delays;
  record["loop"] = loop;
  json listed = record;
  listed["gif"] = path;
  bool reached_budget = false;
  if (const auto refused = write_file(path, gif.bytes, listed.dump().size() + 4)) {
    reached_budget = *refused == output_full_;
    messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << path
              << " not written: " << *refused << '\n';
    record["reason"] = sanitize_text("not written: " + *refused);
    ++tally_.not_written;
  } else {
    record["gif"] = path;
    ++tally_.written;
  }
  list(record, reached_budget);
}

void InputRenderer::truecolor_frame(const json& base, const std::string& folder, std::uint32_t k,
                                    std::uint32_t frame_index) {
  const gaf::FrameRecord& frame = index_.index.frames[frame_index];
  const std::string key = frame_key(frame_index);
  const gaf::FrameRecord* leaf = frame.header_in_bounds ? &frame : nullptr;
  const Outcome* retail_seen = settings_.retail ? drawn_before("retail", key) : nullptr;
  const Outcome* strict_seen = settings_.strict ? drawn_before("strict", key) : nullptr;
  const std::uint64_t new_images =
      std::uint64_t{settings_.retail && !retail_seen} + (settings_.strict && !strict_seen);
  std::optional<std::string> problem = render::truecolor_problem(file_, frame);
  if (!problem && new_images != 0) {
    // Every image written is charged: retail and strict are two.
    const std::uint64_t wanted = saturating_add(
        truecolor_pixels_, saturating_mul(std::uint64_t{frame.width} * frame.height, new_images));
    if (wanted > settings_.limits[BudgetKind::pixels])
      problem = "budget.exceeded: pixels (" + std::to_string(frame.width) + "x" +
                std::to_string(frame.height) + " would bring the file's rendered pixels past " +
                "--max-pixels " + std::to_string(settings_.limits[BudgetKind::pixels]) + ")";
    else
      truecolor_pixels_ = wanted;
  }
  for (const char* policy : {"retail", "strict"}) {
    if (policy == std::string_view("retail") ? !settings_.retail : !settings_.strict) continue;
    if (const Outcome* seen = policy == std::string_view("retail") ? retail_seen : strict_seen) {
      refer(base, policy, *seen, leaf);
      continue;
    }
    last_listed_.reset();
    if (problem)
      not_drawn(base, policy, *problem);
    else
      write(base, policy, folder + "/" + std::to_string(k) + "." + policy + ".png", frame.width,
            frame.height, frame.x_offset, frame.y_offset, [&](std::uint32_t y, std::uint8_t* rgba) {
              render::truecolor_row(file_, frame, y, rgba);
            });
    if (last_listed_) remember(policy, key, *last_listed_);
  }
  if (settings_.diff)
    diff_note(base, key, leaf,
              "a truecolor frame has no RLE rows: the retail and strict images are the same");
}

void InputRenderer::diff_note(const json& base, const std::string& key,
                              const gaf::FrameRecord* leaf, const std::string& note) {
  if (const Outcome* seen = drawn_before("diff", key)) {
    refer(base, "diff", *seen, leaf);
    return;
  }
  last_listed_.reset();
  not_drawn(base, "diff", note, false);
  if (last_listed_) remember("diff", key, *last_listed_);
}

void InputRenderer::ta3d_frame(const json& base, const std::string& folder, std::uint32_t k,
                               std::uint32_t frame_index) {
  const gaf::FrameRecord& frame = index_.index.frames[frame_index];
  const std::string key = frame_key(frame_index);
  const gaf::FrameRecord* leaf = frame.header_in_bounds ? &frame : nullptr;
  const Outcome* retail_seen = settings_.retail ? drawn_before("retail", key) : nullptr;
  const Outcome* strict_seen = settings_.strict ? drawn_before("strict", key) : nullptr;
  if ((!settings_.retail || retail_seen) && (!settings_.strict || strict_seen)) {
    if (retail_seen) refer(base, "retail", *retail_seen, leaf);
    if (strict_seen) refer(base, "strict", *strict_seen, leaf);
    if (settings_.diff)
      diff_note(base, key, leaf,
                "a TA3D frame has no RLE rows: the retail and strict images are the same");
    return;
  }
  const std::uint64_t budget = settings_.limits[BudgetKind::pixels];
  // The decoded image is held whole (4 bytes a pixel): bounded by --max-heap as well.
  const std::uint64_t pixels_left = std::min(budget - std::min(budget, truecolor_pixels_),
                                             settings_.limits[BudgetKind::heap] / 4);
  const render::Ta3dImage image = render::decode_ta3d_frame(file_, frame, pixels_left);
  if (!image.rgba.empty()) truecolor_pixels_ += std::uint64_t{frame.width} * frame.height;
  for (const char* policy : {"retail", "strict"}) {
    if (policy == std::string_view("retail") ? !settings_.retail : !settings_.strict) continue;
    if (const Outcome* seen = policy == std::string_view("retail") ? retail_seen : strict_seen) {
      refer(base, policy, *seen, leaf);
      continue;
    }
    last_listed_.reset();
    if (image.rgba.empty()) {
      not_drawn(base, policy, image.reason);
    } else {
      const std::size_t stride = std::size_t{frame.width} * 4;
      write(base, policy, folder + "/" + std::to_string(k) + "." + policy + ".png", frame.width,
            frame.height, frame.x_offset, frame.y_offset, [&](std::uint32_t y, std::uint8_t* rgba) {
              std::copy_n(image.rgba.data() + y * stride, stride, rgba);
            });
    }
    if (last_listed_) remember(policy, key, *last_listed_);
  }
  if (settings_.diff)
    diff_note(base, key, leaf,
              "a TA3D frame has no RLE rows: the retail and strict images are the same");
}

}  // namespace

void ImageIndex::add_text(std::string_view record, std::uint64_t images) {
  text_ += text_.empty() ? "\n  " : ",\n  ";
  text_ += record;
  records_ += images;
}

void ImageIndex::append(ImageIndex&& later) {
  if (!later.text_.empty()) {
    // Moved, not copied, when nothing is listed yet.
    if (text_.empty())
      text_ = std::move(later.text_);
    else
      text_.append(",").append(later.text_);  // each record starts "\n  "
  }
  records_ += later.records_;
  left_out_ += later.left_out_;
}

std::string ImageIndex::text(const std::string& palette) const {
  const nlohmann::json head = {{"palette", palette}, {"images_left_out", left_out_}};
  std::string text = head.dump();
  text.pop_back();  // the closing brace: the images follow
  return text + ",\n \"images\": [" + text_ + (text_.empty() ? "]}\n" : "\n ]}\n");
}

bool render_input(const LoadedInput& input, const std::string& prefix,
                  const ExtractDirectory& directory, const RenderSettings& settings,
                  ImageIndex& images, RenderTally& tally, std::ostream& messages,
                  const MayDraw& may_draw) {
  return InputRenderer(input, prefix, directory, settings, images, tally, messages).run(may_draw);
}

}  // namespace gafcheck
