#include "validator/rebuild/rebuild_file.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "validator/check/check_input.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/rebuild/canonical_writer.hpp"
#include "validator/rebuild/entry_lookup.hpp"
#include "validator/rebuild/finding_dispositions.hpp"
#include "validator/rebuild/frame_encoding.hpp"
#include "validator/rebuild/kept_composite.hpp"
#include "validator/rebuild/output_check.hpp"
#include "validator/rebuild/refusal_rules.hpp"
#include "validator/rebuild/structure_paths.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/truecolor_rows.hpp"
#include "validator/taf/taf_layout.hpp"

namespace gafcheck::rebuild {
namespace {

using gaf::EntryRecord;
using gaf::FrameRecord;
using gaf::GafIndex;

// The name as written: the bytes up to the first NUL (at most 31), NUL-padded.
std::array<std::uint8_t, 32> canonical_name(const EntryRecord& entry) {
  std::array<std::uint8_t, 32> name{};
  for (std::size_t i = 0; i + 1 < name.size() && entry.name[i] != 0; ++i) name[i] = entry.name[i];
  return name;
}

// A composite the game draws nothing of: no area of its own, every layer without pixels.
bool draws_nothing(const GafIndex& index, const FrameRecord& frame) {
  if (!frame.is_composite() || !frame.data_in_bounds || frame.child_count != frame.layer_count)
    return false;
  if (frame.width != 0 && frame.height != 0) return false;
  for (std::uint32_t k = 0; k < frame.child_count; ++k) {
    const std::uint32_t child = index.children[frame.first_child + k];
    if (child >= index.frames.size()) return false;
    const FrameRecord& layer = index.frames[child];
    if (!layer.header_in_bounds || layer.is_composite() || (layer.width != 0 && layer.height != 0))
      return false;
  }
  return true;
}

class SpriteRebuild {
 public:
  SpriteRebuild(ByteView input, std::string_view path, const RebuildOptions& options, Format format)
      : input_(input), path_(path), options_(options), format_(format) {}

  RebuildResult run();

 private:
  SpriteModel build_model(render::FrameRenderer& renderer);
  std::optional<std::string> refusal_of_written(const SpriteModel& model, ByteView written,
                                                bool frames_written) const;

 private:
  void select_entries();
  void dispose_findings(const FileReport& report);
  bool table_fits_game_count(const Finding& finding) const;
  void unrenderable(std::uint32_t slot, std::optional<std::uint32_t> frame, std::string reason,
                    bool droppable = true);
  // Lines of the result, bounded by --max-findings: later ones are counted only.
  void add_line(std::vector<std::string>& lines, std::string line);
  void refuse_for(std::string reason) { add_line(result_.refusal_reasons, std::move(reason)); }
  void drop(std::string line, bool asked) {
    add_line(result_.dropped, std::move(line));
    if (!asked) ++result_.lost;
  }
  std::optional<FrameModel> frame_model(std::uint32_t slot, std::uint32_t k,
                                        render::FrameRenderer& renderer);
  std::optional<FrameModel> truecolor_frame(std::uint32_t slot, std::uint32_t k,
                                            const FrameRecord& frame, std::uint32_t duration,
                                            render::FrameRenderer& renderer);

  ByteView input_;
  std::string_view path_;
  const RebuildOptions& options_;
  Format format_;
  render::RenderIndex index_;
  RebuildResult result_;
  std::map<std::uint32_t, std::string> unreachable_;  // slot -> why the game never draws it
  // Entries and frames dropped or refused: (slot, frame), (slot, whole_entry) for the entry.
  static constexpr std::uint32_t whole_entry = UINT32_MAX;
  std::set<std::pair<std::uint32_t, std::uint32_t>> named_;
  // Tinted layers: where their layer.alt-blend disposition sits, and the paths of those kept.
  std::vector<std::size_t> tinted_dispositions_;
  std::set<std::string> kept_tinted_;
  // Entries and frames the game loads that were dropped (not those it never loads).
  std::uint64_t drawable_dropped_ = 0;
};

void SpriteRebuild::unrenderable(std::uint32_t slot, std::optional<std::uint32_t> frame,
                                 std::string reason, bool droppable) {
  const bool fresh = !named_.count({slot, whole_entry}) &&
                     named_.insert({slot, frame.value_or(whole_entry)}).second;
  const std::string path = frame ? entry_frame_path(slot, *frame) : entry_path(slot);
  if (!options_.drop_unrenderable || !droppable)
    refuse_for(path + ": " + reason);
  else if (fresh) {
    drop(path + ": " + reason, true);
    ++drawable_dropped_;
  }
}

void SpriteRebuild::add_line(std::vector<std::string>& lines, std::string line) {
  if (result_.refusal_reasons.size() + result_.dropped.size() >=
      options_.limits[BudgetKind::findings]) {
    ++result_.reasons_unlisted;
    return;
  }
  lines.push_back(std::move(line));
}

void SpriteRebuild::select_entries() {
  const GafIndex& index = index_.index;
  std::vector<const EntryRecord*> named;
  std::uint32_t first_loaded = UINT32_MAX;
  for (std::uint32_t slot = 0; slot < index.entries.size(); ++slot) {
    const EntryRecord& entry = index.entries[slot];
    if (!entry.loaded_by_game) {
      unreachable_[slot] = "the game loads no entry from this slot (entry count " +
                           std::to_string(index.header.game_entry_count) + " as it reads it)";
      continue;
    }
    first_loaded = std::min(first_loaded, slot);
    if (index_.truecolor && slot > first_loaded) {
      unreachable_[slot] = "a truecolor TAF holds one sequence: TA: Kingdoms reads the first";
      continue;
    }
    if (entry.alias_of != gaf::no_index || !entry.header_in_bounds) continue;  // findings say
    named.push_back(&entry);
  }
  const auto left_out = left_out_by_name(named);
  for (std::size_t i = 0; i < named.size(); ++i)
    if (left_out[i]) unreachable_[named[i]->slot] = *left_out[i];
}

// A truncated entry table the game never reads past: its count (as it reads it) fits the file.
bool SpriteRebuild::table_fits_game_count(const Finding& finding) const {
  if (finding.rule != RuleId::header_truncated || finding.path != "entry_table") return false;
  const std::int32_t count = index_.index.header.game_entry_count;
  return count >= 0 && input_.contains(gaf::header_size,
                                       gaf::entry_slot_size * static_cast<std::uint64_t>(count));
}

void SpriteRebuild::dispose_findings(const FileReport& report) {
  std::array<std::uint64_t, rule_count> listed{};
  const bool mask_version = is_mask_file(path_);
  for (const Finding& finding : report.findings) {
    ++listed[static_cast<std::size_t>(finding.rule)];
    const StructureRef where = parse_structure_path(finding.path);
    if (where.slot && unreachable_.count(*where.slot)) {
      result_.dispositions.push_back(
          dropped_disposition(finding, "unreachable: " + unreachable_.at(*where.slot)));
      continue;
    }
    if (!refuses_rebuild(finding.rule) || table_fits_game_count(finding)) {
      if (finding.rule == RuleId::layer_alt_blend)
        tinted_dispositions_.push_back(result_.dispositions.size());
      result_.dispositions.push_back(disposition_of(finding, mask_version));
      continue;
    }
    const std::string reason = std::string(rule_name(finding.rule)) + ": " + finding.message;
    if (where.slot && finding.rule != RuleId::budget_exceeded) {
      unrenderable(*where.slot, where.frame, reason);
      const std::string what = where.frame ? "the frame" : "the entry";
      if (options_.drop_unrenderable)
        result_.dispositions.push_back(dropped_disposition(
            finding, "the game's outcome is undefined; " + what + " is left out"));
      else
        result_.dispositions.push_back({std::string(rule_name(finding.rule)), finding.offset,
                                        finding.path, "refused",
                                        "the game's outcome is undefined for " + what});
      continue;
    }
    refuse_for(finding.path + ": " + reason);
    result_.dispositions.push_back(
        {std::string(rule_name(finding.rule)), finding.offset, finding.path, "refused",
         "the game's outcome is undefined and names no entry or frame to drop"});
  }
  for (std::size_t rule = 0; rule < rule_count; ++rule)
    if (report.rule_counts[rule] > listed[rule] && refuses_rebuild(static_cast<RuleId>(rule)))
      refuse_for(std::string(rule_names[rule]) + ": findings past --max-findings, not attributed");
}

std::optional<FrameModel> SpriteRebuild::frame_model(std::uint32_t slot, std::uint32_t k,
                                                     render::FrameRenderer& renderer) {
  const GafIndex& index = index_.index;
  const EntryRecord& entry = index.entries[slot];
  const gaf::FrameRef& ref = index.refs[entry.first_ref + k];
  if (ref.frame == gaf::no_index || ref.frame >= index.frames.size()) {
    unrenderable(slot, k, "the frame reference leads to no frame header");
    return std::nullopt;
  }
  const FrameRecord& frame = index.frames[ref.frame];
  if (frame.references > 1) {
    unrenderable(slot, k, "the frame header is reached more than once (rebased twice)");
    return std::nullopt;
  }
  if (index_.truecolor) return truecolor_frame(slot, k, frame, ref.duration, renderer);
  std::optional<FrameModel> model;
  if (frame.header_in_bounds &&
      ((!frame.is_composite() && (frame.width == 0 || frame.height == 0)) ||
       draws_nothing(index, frame))) {
    model = empty_frame(frame.width, frame.height, frame.x_offset, frame.y_offset);
  } else {
    render::Rendered drawn = renderer.render(ref.frame, render::RenderPolicy::retail);
    if (!drawn.canvas) {
      const bool budget = drawn.reason.rfind("budget.exceeded", 0) == 0;
      unrenderable(slot, k, "the game cannot draw it: " + drawn.reason, !budget);
      return std::nullopt;
    }
    const bool raw_required = pixels::engine_reads_raw_arrays(path_);
    std::optional<KeptComposite> kept;
    if (frame.is_composite() && !raw_required)
      kept = keep_composite(index, ref.frame, *drawn.canvas, renderer, options_.limits,
                            options_.keep_unknown);
    std::string why;
    if (kept) {
      model = std::move(kept->frame);
      for (const std::uint32_t layer : kept->layers)
        if (index.frames[layer].alt_byte != 0) kept_tinted_.insert(index.frames[layer].path);
    } else {
      model = encode_canvas(*drawn.canvas, raw_required, why);
    }
    if (!model) {
      unrenderable(slot, k, why);
      return std::nullopt;
    }
  }
  model->duration = ref.duration;
  if (options_.keep_unknown) model->unknown3 = frame.unknown3;
  return model;
}

// A truecolor TAF frame: its 16-bit pixels copied as they are, its format and +11 flag kept.
std::optional<FrameModel> SpriteRebuild::truecolor_frame(std::uint32_t slot, std::uint32_t k,
                                                         const FrameRecord& frame,
                                                         std::uint32_t duration,
                                                         render::FrameRenderer& renderer) {
  FrameModel model = empty_frame(frame.width, frame.height, frame.x_offset, frame.y_offset);
  model.color_key = 0;
  model.compressed = frame.compressed;
  model.alt_byte = frame.alt_byte;
  model.duration = duration;
  if (options_.keep_unknown) model.unknown3 = frame.unknown3;
  const bool empty = frame.header_in_bounds && (frame.width == 0 || frame.height == 0) &&
                     taf::is_truecolor_format(frame.compressed);
  if (empty) return model;
  if (const auto problem = render::truecolor_problem(input_, frame)) {
    unrenderable(slot, k, "the game cannot draw it: " + *problem);
    return std::nullopt;
  }
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  if (!renderer.charge_pixels(pixels)) {
    unrenderable(slot, k, "budget.exceeded: pixels (--max-pixels)", false);
    return std::nullopt;
  }
  model.data.resize(static_cast<std::size_t>(pixels * taf::bytes_per_pixel));
  input_.copy_to(frame.data_offset, model.data);
  return model;
}

// The model of the rebuilt file: every entry and frame that is kept; the tinted layers'
// dispositions settled once every frame is drawn.
SpriteModel SpriteRebuild::build_model(render::FrameRenderer& renderer) {
  const GafIndex& index = index_.index;
  SpriteModel model;
  model.version = is_mask_file(path_) && index.header.version == 0 ? 0 : gaf::version_standard;
  for (std::uint32_t slot = 0; slot < index.entries.size(); ++slot) {
    const EntryRecord& entry = index.entries[slot];
    if (unreachable_.count(slot)) {
      // Not drawn by the game, but content of the file all the same: a loss unless asked for.
      drop(entry_path(slot) + ": unreachable: " + unreachable_[slot], options_.drop_unreachable);
      continue;
    }
    if (entry.alias_of != gaf::no_index || !entry.header_in_bounds ||
        entry.ref_count != entry.frame_count)
      unrenderable(slot, std::nullopt, "the entry cannot be loaded (see its findings)");
    if (named_.count({slot, whole_entry})) continue;
    EntryModel out;
    out.name = canonical_name(entry);
    out.loop_word = entry.loop_word;
    for (std::uint32_t k = 0; k < entry.ref_count; ++k) {
      if (named_.count({slot, k})) continue;
      if (auto frame = frame_model(slot, k, renderer)) out.frames.push_back(std::move(*frame));
    }
    if (!named_.count({slot, whole_entry})) model.entries.push_back(std::move(out));
  }
  for (const std::size_t at : tinted_dispositions_) {
    Disposition& disposition = result_.dispositions[at];
    const bool kept = kept_tinted_.count(disposition.path) != 0;
    disposition = tinted_layer_disposition(disposition, kept);
    if (!kept) drop(disposition.path + ": " + disposition.note, false);
  }
  return model;
}

// Why the written bytes cannot stand for the input, if they cannot.
std::optional<std::string> SpriteRebuild::refusal_of_written(const SpriteModel& model,
                                                             ByteView written,
                                                             bool frames_written) const {
  const FileReport& report = result_.input_report;
  // A .taf whose frames say nothing reads as a truecolor TAF (taf.sequence-count, taf.no-frames):
  // what is left of one whose entries or frames were all left out cannot be written under its name.
  if (refine_format_by_name(sniff_format(written), written, path_) == Format::taf_truecolor) {
    const auto input_breaks = [&](RuleId rule) {
      return report.rule_counts[static_cast<std::size_t>(rule)] > 0;
    };
    std::string holding;
    if (model.entries.size() != 1 && !input_breaks(RuleId::taf_sequence_count))
      holding = std::to_string(model.entries.size()) + " sequences, where it holds exactly one";
    else if (!frames_written && !input_breaks(RuleId::taf_no_frames))
      holding = "no frame, which TA: Kingdoms has nothing to draw from";
    if (!holding.empty())
      return "read under its name the rebuilt file would be a truecolor TAF with " + holding +
             ": what it held was left out";
  }
  // Whatever was asked for: a file of which nothing drawable is left is not what the input held.
  // (One whose entries the game never loads is written: the game draws nothing from either.)
  if (!frames_written && drawable_dropped_ > 0)
    return "every entry and frame the game could draw was left out: nothing would remain";
  return std::nullopt;
}

RebuildResult SpriteRebuild::run() {
  CheckOptions check;
  check.limits = options_.limits;
  check.hash_contents = false;
  result_.input_report = check_bytes(input_, InputName::file(std::string(path_)), check);
  index_ = render::read_render_index(input_, format_, options_.limits);
  select_entries();
  dispose_findings(result_.input_report);
  if (!index_.stopped.empty()) refuse_for(index_.stopped);

  render::FrameRenderer renderer(input_, index_.index, options_.limits);
  const SpriteModel model = build_model(renderer);
  const bool frames_written = std::any_of(model.entries.begin(), model.entries.end(),
                                          [](const EntryModel& e) { return !e.frames.empty(); });
  if (!result_.refusal_reasons.empty() || result_.reasons_unlisted > 0) {
    result_.refused = true;
    return std::move(result_);
  }
  auto bytes = write_canonical_gaf(model);
  if (!bytes) {
    result_.refused = true;
    result_.refusal_reasons.push_back("the rebuilt file would pass 4 GiB (32-bit offsets)");
    return std::move(result_);
  }
  const ByteView written(bytes->data(), bytes->size());
  if (auto reason = refusal_of_written(model, written, frames_written)) {
    result_.refused = true;
    result_.refusal_reasons.push_back(std::move(*reason));
    return std::move(result_);
  }
  if (auto problem = unvouched_finding(written, path_, result_.dispositions, options_.limits)) {
    result_.refused = true;
    result_.refused_by_output_check = true;
    result_.refusal_reasons.push_back(std::move(*problem));
    return std::move(result_);
  }
  result_.bytes = std::move(*bytes);
  return std::move(result_);
}

}  // namespace

bool is_mask_file(std::string_view path) {
  const std::size_t slash = path.find_last_of("/\\");
  const std::string name =
      ascii_lowercase(slash == std::string_view::npos ? path : path.substr(slash + 1));
  return name == "terrain.gaf" || name == "vismasks.gaf";
}

RebuildResult rebuild_sprite_file(ByteView input, std::string_view path_in_tree,
                                  const RebuildOptions& options) {
  if (input.size() > options.limits[BudgetKind::file_size]) {
    RebuildResult result;
    result.refused = true;
    result.refusal_reasons.push_back("budget.exceeded: file_size (" + std::to_string(input.size()) +
                                     " bytes)");
    return result;
  }
  const Format format = refine_format_by_name(sniff_format(input), input, path_in_tree);
  if (format != Format::taf_truecolor && format != Format::gaf && format != Format::taf_paletted &&
      format != Format::ta3d_gaf) {
    RebuildResult result;
    result.refused = true;
    result.refusal_reasons.push_back("not a GAF or TAF: it reads as " +
                                     std::string(format_name(format)));
    return result;
  }
  return SpriteRebuild(input, path_in_tree, options, format).run();
}

}  // namespace gafcheck::rebuild
