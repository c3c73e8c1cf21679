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

}  // namespace

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

}  // namespace gafcheck
