#include "validator/render/input_renderer.hpp"

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

}  // namespace

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
  if (format == Format::ta3d_gaf && !settings_.ta3d)
    messages_ << "gafcheck: " << escape_bytes(input_.name.display)
              << ": looks like a TA3D file (truecolor GAF, version 0x00010101): add --game ta3d "
                 "to draw it as TA3D does; drawn here as TA reads it, its compressed payloads "
                 "as palette pixels\n";
  const std::vector<std::uint32_t> slots = selected_entries(index_.index, settings_.entry);
  const std::string unread = unread_reason();
  const std::uint64_t unread_records =
      unread.empty() ? 0 : std::uint64_t{settings_.retail} + settings_.strict;
  if (may_draw && !may_draw(records_at_most(slots) + unread_records)) return false;
  if (!unread.empty()) list_unread(unread);
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

// What the structure read never reached (a header cut short, a budget that stopped it) has no
// record of its own: one per policy says so, and the run does not pass for whole.
std::string InputRenderer::unread_reason() const {
  if (!index_.index.header.present)
    return "the file is shorter than the 12-byte GAF header: no entry is read";
  if (!index_.stopped.empty())
    return "the structure read stopped at " + index_.stopped +
           "; entries and frames past it are not listed";
  return {};
}

void InputRenderer::list_unread(const std::string& unread) {
  messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": " << unread << '\n';
  const json record = {
      {"file", escape_bytes(input_.name.display)}, {"entry", nullptr}, {"frame", nullptr}};
  if (settings_.retail) not_drawn(record, "retail", unread);
  if (settings_.strict) not_drawn(record, "strict", unread);
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
    refer_to_entry(base, entry);
    return;
  }
  entry_folders_[slot] = folder;
  if (!entry_drawable(base, slot, entry, source)) return;
  clear_kept_frames();
  entry_frames(base, folder, entry, source);
  flush(frame_references_, false);
  if (index_.truecolor) list_sheets_not_drawn(base);
  if (settings_.sheet && !index_.truecolor && !ta3d_) {
    if (settings_.retail) write_sheet(base, folder, "retail", sheet_retail_);
    if (settings_.strict) write_sheet(base, folder, "strict", sheet_strict_);
  }
  if (settings_.animate && !index_.truecolor && !ta3d_) {
    const bool loop = (source.loop_word & 0xFF) != 0;
    if (settings_.retail) write_animation(base, folder, "retail", sheet_retail_, loop);
    if (settings_.strict) write_animation(base, folder, "strict", sheet_strict_, loop);
  }
  clear_kept_frames();
}

void InputRenderer::refer_to_entry(const json& base, const gaf::EntryRecord& entry) {
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
}

bool InputRenderer::entry_drawable(json& base, std::uint32_t slot, const gaf::EntryRecord& entry,
                                   const gaf::EntryRecord& source) {
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
    return false;
  }
  if (source.frame_count > 0 && source.ref_count == 0) {
    whole_entry("frame table of " + std::to_string(source.frame_count) +
                " references is not read: " +
                (index_.stopped.empty() ? "it runs past the end of the file" : index_.stopped));
    return false;
  }
  if (settings_.frame && *settings_.frame >= source.ref_count) {
    messages_ << "gafcheck: " << escape_bytes(input_.name.display) << ": entry " << slot
              << " has no frame " << *settings_.frame << " (it has " << source.ref_count << ")\n";
    ++tally_.not_found;
    return false;
  }
  return true;
}

void InputRenderer::entry_frames(const json& base, const std::string& folder,
                                 const gaf::EntryRecord& entry, const gaf::EntryRecord& source) {
  // The records a frame lists: one per policy, and the diff.
  const std::uint64_t per_frame =
      std::uint64_t{settings_.retail} + settings_.strict + settings_.diff;
  for (std::uint32_t k = 0; k < source.ref_count; ++k) {
    if (settings_.frame && *settings_.frame != k) continue;
    if (images_.full() || !output_full_.empty()) {
      images_.leave_out(per_frame);
      continue;
    }
    const gaf::FrameRef& ref = index_.index.refs[source.first_ref + k];
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
}

void InputRenderer::clear_kept_frames() {
  sheet_retail_.clear();
  sheet_strict_.clear();
  kept_durations_.clear();
  sheet_held_ = 0;
  gap_retail_ = {};
  gap_strict_ = {};
}

bool render_input(const LoadedInput& input, const std::string& prefix,
                  const SafeDirectory& directory, const RenderSettings& settings,
                  ImageIndex& images, RenderTally& tally, std::ostream& messages,
                  const MayDraw& may_draw) {
  return InputRenderer(input, prefix, directory, settings, images, tally, messages).run(may_draw);
}

}  // namespace gafcheck
