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
using render::Canvas;
using render::Rendered;
using render::RenderPolicy;

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

}  // namespace

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
      not_drawn(std::move(record), policy_name(policy), rendered.reason);
    } else {
      const Canvas& canvas = *rendered.canvas;
      write(std::move(record), policy_name(policy), path(policy_name(policy)), canvas.width,
            canvas.height, canvas.x_offset, canvas.y_offset, render::policy_rows(canvas, palette));
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
  const auto keep = [&](std::optional<Rendered>& rendered, bool wanted, const Outcome* seen,
                        SheetFrames& into, SheetGap& gap) {
    if (!wanted) return;
    into.push_back(rendered ? std::move(rendered->canvas) : std::nullopt);
    if (into.back())
      sheet_held_ = saturating_add(sheet_held_, into.back()->pixels() * 2);
    else if (seen && seen->reason.empty() && rendered && gap.frames++ == 0)
      gap.first = "frame " + std::to_string(k) + ": " + rendered->reason;
  };
  keep(retail, settings_.retail, retail_seen, sheet_retail_, gap_retail_);
  keep(strict, settings_.strict, strict_seen, sheet_strict_, gap_strict_);
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

InputRenderer::WholeFrame InputRenderer::whole_frame(std::uint32_t frame_index) const {
  const gaf::FrameRecord& frame = index_.index.frames[frame_index];
  WholeFrame whole{frame, frame_key(frame_index), frame.header_in_bounds ? &frame : nullptr};
  if (settings_.retail) whole.retail_seen = drawn_before("retail", whole.key);
  if (settings_.strict) whole.strict_seen = drawn_before("strict", whole.key);
  whole.new_images = std::uint64_t{settings_.retail && !whole.retail_seen} +
                     (settings_.strict && !whole.strict_seen);
  return whole;
}

void InputRenderer::whole_frame_images(const json& base, const std::string& path_stem,
                                       const WholeFrame& whole,
                                       const std::optional<std::string>& problem,
                                       const render::RgbaRowSource& rows, const std::string& note) {
  const gaf::FrameRecord& frame = whole.frame;
  for (const char* policy : {"retail", "strict"}) {
    if (policy == std::string_view("retail") ? !settings_.retail : !settings_.strict) continue;
    if (const Outcome* seen =
            policy == std::string_view("retail") ? whole.retail_seen : whole.strict_seen) {
      refer(base, policy, *seen, whole.leaf);
      continue;
    }
    last_listed_.reset();
    if (problem)
      not_drawn(base, policy, *problem);
    else
      write(base, policy, path_stem + "." + policy + ".png", frame.width, frame.height,
            frame.x_offset, frame.y_offset, rows);
    if (last_listed_) remember(policy, whole.key, *last_listed_);
  }
  if (settings_.diff) diff_note(base, whole.key, whole.leaf, note);
}

void InputRenderer::truecolor_frame(const json& base, const std::string& folder, std::uint32_t k,
                                    std::uint32_t frame_index) {
  const WholeFrame whole = whole_frame(frame_index);
  const gaf::FrameRecord& frame = whole.frame;
  std::optional<std::string> problem = render::truecolor_problem(file_, frame);
  if (!problem && whole.new_images != 0) {
    // Every image written is charged: retail and strict are two.
    const std::uint64_t wanted =
        saturating_add(truecolor_pixels_,
                       saturating_mul(std::uint64_t{frame.width} * frame.height, whole.new_images));
    if (wanted > settings_.limits[BudgetKind::pixels])
      problem = "budget.exceeded: pixels (" + std::to_string(frame.width) + "x" +
                std::to_string(frame.height) + " would bring the file's rendered pixels past " +
                "--max-pixels " + std::to_string(settings_.limits[BudgetKind::pixels]) + ")";
    else
      truecolor_pixels_ = wanted;
  }
  whole_frame_images(
      base, folder + "/" + std::to_string(k), whole, problem,
      [&](std::uint32_t y, std::uint8_t* rgba) { render::truecolor_row(file_, frame, y, rgba); },
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
  const WholeFrame whole = whole_frame(frame_index);
  const gaf::FrameRecord& frame = whole.frame;
  // Decoded only for an image not drawn before; every other one is referred to.
  render::Ta3dImage image;
  if (whole.new_images != 0) {
    const std::uint64_t budget = settings_.limits[BudgetKind::pixels];
    // The decoded image is held whole (4 bytes a pixel): bounded by --max-heap as well.
    const std::uint64_t pixels_left = std::min(budget - std::min(budget, truecolor_pixels_),
                                               settings_.limits[BudgetKind::heap] / 4);
    image = render::decode_ta3d_frame(file_, frame, pixels_left);
    if (!image.rgba.empty()) truecolor_pixels_ += std::uint64_t{frame.width} * frame.height;
  }
  const std::size_t stride = std::size_t{frame.width} * 4;
  whole_frame_images(
      base, folder + "/" + std::to_string(k), whole,
      image.rgba.empty() ? std::optional<std::string>(image.reason) : std::nullopt,
      [&](std::uint32_t y, std::uint8_t* rgba) {
        std::copy_n(image.rgba.data() + y * stride, stride, rgba);
      },
      "a TA3D frame has no RLE rows: the retail and strict images are the same");
}

}  // namespace gafcheck
