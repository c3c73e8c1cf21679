#include "validator/render/frame_renderer.hpp"

#include <algorithm>
#include <cstring>

#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::render {
namespace {

// A canvas a budget refuses: the frame is not drawn, and the reason is listed with it.
Problem budget_refusal(std::string reason) {
  return {ExitCode::findings, std::move(reason)};
}

// Marks a frame as on the current composite path while it is walked (cycle detection) and
// clears the mark when the walk leaves it, whatever way it returns.
struct OnPathMark {
  OnPathMark(std::vector<std::uint8_t>& marks, std::uint32_t at) : marks_(marks), at_(at) {
    marks_[at_] = 1;
  }
  OnPathMark(const OnPathMark&) = delete;
  OnPathMark& operator=(const OnPathMark&) = delete;
  ~OnPathMark() { marks_[at_] = 0; }

 private:
  std::vector<std::uint8_t>& marks_;
  std::uint32_t at_;
};

constexpr std::uint64_t bytes_per_canvas_pixel = canvas_bytes_per_pixel;

// A rectangle in anchor coordinates (the anchor at 0,0), half open.
struct Box {
  std::int64_t left, top, right, bottom;
};

Box box_of(const Canvas& canvas) {
  return {-canvas.x_offset, -canvas.y_offset, std::int64_t{canvas.width} - canvas.x_offset,
          std::int64_t{canvas.height} - canvas.y_offset};
}

// The child's visible pixels (flags not 0) replace the parent's, 16 a step with a lane mask
// (GCC and Clang vector extensions), the row's last few one at a time.
void blit(const Canvas& child, Canvas& parent) {
  using Lanes = std::uint8_t __attribute__((vector_size(16)));
  const std::int64_t left = parent.x_offset - child.x_offset;
  const std::int64_t top = parent.y_offset - child.y_offset;
  for (std::uint32_t y = 0; y < child.height; ++y) {
    const std::size_t from = std::size_t{y} * child.width;
    const std::size_t to = static_cast<std::size_t>((top + y) * parent.width + left);
    const std::uint8_t* const child_flags = child.flags.data() + from;
    const std::uint8_t* const child_index = child.index.data() + from;
    std::uint8_t* const parent_flags = parent.flags.data() + to;
    std::uint8_t* const parent_index = parent.index.data() + to;
    std::uint32_t x = 0;
    for (; x + 16 <= child.width; x += 16) {
      Lanes flags, index, under_flags, under_index;
      std::memcpy(&flags, child_flags + x, 16);
      std::memcpy(&index, child_index + x, 16);
      std::memcpy(&under_flags, parent_flags + x, 16);
      std::memcpy(&under_index, parent_index + x, 16);
      const Lanes drawn = reinterpret_cast<Lanes>(flags != Lanes{});
      under_flags = flags | (under_flags & ~drawn);
      under_index = (index & drawn) | (under_index & ~drawn);
      std::memcpy(parent_flags + x, &under_flags, 16);
      std::memcpy(parent_index + x, &under_index, 16);
    }
    for (; x < child.width; ++x) {
      if (child_flags[x] == 0) continue;
      parent_flags[x] = child_flags[x];
      parent_index[x] = child_index[x];
    }
  }
}

std::string prefixed(std::uint32_t layer, const std::string& reason) {
  return "layer " + std::to_string(layer) + ": " + reason;
}

std::vector<std::int64_t> samples(std::int64_t first, std::uint32_t size, std::uint32_t count) {
  std::vector<std::int64_t> at(count);
  for (std::uint32_t i = 0; i < count; ++i)
    at[i] = first + static_cast<std::int64_t>((std::uint64_t{2} * i + 1) * size / (2ull * count));
  return at;
}

}  // namespace

SampleGrid fitting_grid(const CanvasExtent& extent, std::uint32_t max_side) {
  const std::uint64_t larger = std::max(extent.width, extent.height);
  const auto fitted = [&](std::uint32_t size) -> std::uint32_t {
    if (larger <= max_side) return size;
    return static_cast<std::uint32_t>(
        std::max<std::uint64_t>(1, (std::uint64_t{size} * max_side + larger / 2) / larger));
  };
  return {samples(extent.left, extent.width, fitted(extent.width)),
          samples(extent.top, extent.height, fitted(extent.height))};
}

FrameRenderer::FrameRenderer(ByteView file, const gaf::GafIndex& index, const BudgetLimits& limits)
    : file_(file), index_(index), limits_(limits), on_path_(index.frames.size(), 0) {}

Result<void> FrameRenderer::allocate(Canvas& canvas, std::uint64_t width, std::uint64_t height) {
  const auto pixels = checked_mul(width, height);
  const std::uint64_t wanted = pixels ? saturating_add(pixels_used_, *pixels) : UINT64_MAX;
  if (!pixels || wanted > limits_[BudgetKind::pixels])
    return budget_refusal("budget.exceeded: pixels (" + std::to_string(width) + "x" +
                          std::to_string(height) +
                          " would bring the file's rendered pixels past --max-pixels " +
                          std::to_string(limits_[BudgetKind::pixels]) + ")");
  const std::uint64_t bytes = saturating_mul(*pixels, bytes_per_canvas_pixel);
  const std::uint64_t held = saturating_add(saturating_add(held_, held_outside_), bytes);
  if (held > limits_[BudgetKind::heap])
    return budget_refusal("budget.exceeded: heap (a " + std::to_string(width) + "x" +
                          std::to_string(height) + " canvas needs " + std::to_string(bytes) +
                          " bytes, " + std::to_string(held) + " held in all, above --max-heap " +
                          std::to_string(limits_[BudgetKind::heap]) + ")");
  pixels_used_ = wanted;
  canvas.width = static_cast<std::uint32_t>(width);
  canvas.height = static_cast<std::uint32_t>(height);
  canvas.index.assign(static_cast<std::size_t>(*pixels), 0);
  canvas.flags.assign(static_cast<std::size_t>(*pixels), 0);
  return {};
}

Result<void> FrameRenderer::allocate_sampled(Canvas& canvas) {
  const std::uint64_t width = grid_->columns.size(), height = grid_->rows.size();
  const std::uint64_t bytes = width * height * bytes_per_canvas_pixel;
  const std::uint64_t held = saturating_add(saturating_add(held_, held_outside_), bytes);
  if (held > limits_[BudgetKind::heap])
    return budget_refusal(
        "budget.exceeded: heap (a " + std::to_string(width) + "x" + std::to_string(height) +
        " sampled canvas needs " + std::to_string(bytes) + " bytes, " + std::to_string(held) +
        " held in all, above --max-heap " + std::to_string(limits_[BudgetKind::heap]) + ")");
  canvas.width = static_cast<std::uint32_t>(width);
  canvas.height = static_cast<std::uint32_t>(height);
  canvas.index.assign(static_cast<std::size_t>(width * height), 0);
  canvas.flags.assign(static_cast<std::size_t>(width * height), 0);
  return {};
}

Rendered FrameRenderer::render_sampled(std::uint32_t frame, RenderPolicy policy,
                                       const SampleGrid& grid) {
  grid_ = &grid;
  Rendered out = render(frame, policy);
  grid_ = nullptr;
  return out;
}

std::optional<CanvasExtent> FrameRenderer::extent(std::uint32_t frame, RenderPolicy policy) {
  std::uint64_t visits = 0;
  return extent_of(frame, policy, 0, visits);
}

std::optional<CanvasExtent> FrameRenderer::extent_of(std::uint32_t frame_index, RenderPolicy policy,
                                                     std::uint64_t depth, std::uint64_t& visits) {
  if (frame_index >= index_.frames.size() || ++visits > limits_[BudgetKind::expansion])
    return std::nullopt;
  const gaf::FrameRecord& frame = index_.frames[frame_index];
  if (!frame.header_in_bounds) return std::nullopt;
  const Box own{-std::int64_t{frame.x_offset}, -std::int64_t{frame.y_offset},
                std::int64_t{frame.width} - frame.x_offset,
                std::int64_t{frame.height} - frame.y_offset};
  const bool has_area = frame.width != 0 && frame.height != 0;
  if (!frame.is_composite()) {
    if (!has_area) return std::nullopt;
    return CanvasExtent{own.left, own.top, frame.width, frame.height};
  }
  const std::uint64_t max_depth = std::min(limits_[BudgetKind::depth], max_render_depth);
  if (!frame.data_in_bounds || depth + 1 > max_depth || on_path_[frame_index]) return std::nullopt;
  const OnPathMark leave{on_path_, frame_index};
  Box box = has_area ? own : Box{INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN};
  for (std::uint32_t k = 0; k < frame.child_count; ++k) {
    const std::uint32_t child_index = index_.children[frame.first_child + k];
    if (child_index >= index_.frames.size()) return std::nullopt;
    const gaf::FrameRecord& child = index_.frames[child_index];
    if (policy == RenderPolicy::retail && child.header_in_bounds && child.is_composite())
      return std::nullopt;
    if (child.header_in_bounds && !child.is_composite() && (child.width == 0 || child.height == 0))
      continue;
    const auto layer = extent_of(child_index, policy, depth + 1, visits);
    if (!layer) return std::nullopt;
    box = {std::min(box.left, layer->left), std::min(box.top, layer->top),
           std::max(box.right, layer->left + std::int64_t{layer->width}),
           std::max(box.bottom, layer->top + std::int64_t{layer->height})};
  }
  if (box.right <= box.left || box.bottom <= box.top) return std::nullopt;
  return CanvasExtent{box.left, box.top, static_cast<std::uint32_t>(box.right - box.left),
                      static_cast<std::uint32_t>(box.bottom - box.top)};
}

bool FrameRenderer::charge_pixels(std::uint64_t pixels) {
  const std::uint64_t wanted = saturating_add(pixels_used_, pixels);
  if (wanted > limits_[BudgetKind::pixels]) return false;
  pixels_used_ = wanted;
  return true;
}

Rendered FrameRenderer::render(std::uint32_t frame, RenderPolicy policy) {
  Rendered out;
  held_ = 0;
  if (frame >= index_.frames.size()) {
    out.reason = "no such frame";
    return out;
  }
  if (!render_into(frame, policy, 0, out))
    out.canvas.reset();
  else
    out.canvas->key = index_.frames[frame].color_key;
  return out;
}

bool FrameRenderer::render_into(std::uint32_t frame_index, RenderPolicy policy, std::uint64_t depth,
                                Rendered& out) {
  const gaf::FrameRecord& frame = index_.frames[frame_index];
  std::uint64_t& visits = visits_[policy == RenderPolicy::retail ? 0 : 1];
  if (++visits > limits_[BudgetKind::expansion]) {
    out.reason = "budget.exceeded: expansion (more than --max-expansion " +
                 std::to_string(limits_[BudgetKind::expansion]) + " frame visits)";
    return false;
  }
  if (!frame.header_in_bounds) {
    out.reason = "frame header at " + hex(frame.offset) + " lies outside the " +
                 std::to_string(file_.size()) + "-byte file";
    return false;
  }
  if (frame.width == 0 || frame.height == 0) {
    if (frame.is_composite()) return render_composite(frame_index, policy, depth, out);
    out.reason = "frame is " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 ": no pixels to draw";
    out.draws_nothing = true;
    return false;
  }
  if (frame.is_composite()) return render_composite(frame_index, policy, depth, out);
  return grid_ ? render_leaf_sampled(frame, policy, out) : render_leaf(frame, policy, out);
}

bool FrameRenderer::render_composite(std::uint32_t frame_index, RenderPolicy policy,
                                     std::uint64_t depth, Rendered& out) {
  const gaf::FrameRecord& frame = index_.frames[frame_index];
  if (!frame.data_in_bounds) {
    out.reason = "layer table of " + std::to_string(frame.layer_count) + " pointers at " +
                 hex(frame.data_offset) + " runs past the end of the file";
    return false;
  }
  // The drawing recurses once per level: a --max-depth above the hard cap is held to it.
  const std::uint64_t max_depth = std::min(limits_[BudgetKind::depth], max_render_depth);
  if (depth + 1 > max_depth) {
    out.reason = "budget.exceeded: depth (composites nested deeper than " +
                 std::to_string(max_depth) + " levels)";
    return false;
  }
  if (on_path_[frame_index]) {
    out.reason = "cycle: the layer table leads back to frame header " + hex(frame.offset);
    return false;
  }
  const OnPathMark leave{on_path_, frame_index};

  // The parent's own rectangle, unless it has none; then only the children's.
  const bool has_area = frame.width != 0 && frame.height != 0;
  Box box{-std::int64_t{frame.x_offset}, -std::int64_t{frame.y_offset},
          std::int64_t{frame.width} - frame.x_offset, std::int64_t{frame.height} - frame.y_offset};
  if (!has_area) box = {INT64_MAX, INT64_MAX, INT64_MIN, INT64_MIN};
  std::vector<Canvas> layers;
  const std::uint64_t held_before = held_;
  // Sampled: the grid canvas first, each layer laid over it as soon as it is drawn.
  Canvas sampled;
  bool sampled_layers = false;
  if (grid_) {
    if (const auto allocated = allocate_sampled(sampled); !allocated) {
      out.reason = allocated.problem().message;
      return false;
    }
    held_ = saturating_add(held_, sampled.pixels() * bytes_per_canvas_pixel);
  }
  for (std::uint32_t k = 0; k < frame.child_count; ++k) {
    const std::uint32_t child_index = index_.children[frame.first_child + k];
    if (child_index >= index_.frames.size()) {
      out.reason = prefixed(k, "the subframe pointer leads to no frame header");
      held_ = held_before;
      return false;
    }
    const gaf::FrameRecord& child = index_.frames[child_index];
    if (policy == RenderPolicy::retail && child.header_in_bounds && child.is_composite()) {
      out.reason = prefixed(k, "the subframe at " + hex(child.offset) +
                                   " is a composite itself; the game relocates only one level "
                                   "of subframe pointers, so its layer table holds file offsets "
                                   "where the game expects addresses");
      return false;
    }
    if (child.header_in_bounds && child.alt_byte != 0) ++out.tinted_layers;
    // A layer without pixels draws nothing; the others still do.
    if (child.header_in_bounds && !child.is_composite() && (child.width == 0 || child.height == 0))
      continue;
    Rendered layer;
    if (!render_into(child_index, policy, depth + 1, layer)) {
      if (layer.draws_nothing) continue;
      out.reason = prefixed(k, layer.reason);
      held_ = held_before;
      return false;
    }
    for (RowDefect& defect : layer.defects)
      if (out.defects.size() < max_listed_defects) out.defects.push_back(std::move(defect));
    out.defect_rows += layer.defect_rows;
    out.tinted_layers += layer.tinted_layers;
    if (grid_) {
      blit(*layer.canvas, sampled);
      sampled_layers = true;
      continue;
    }
    const Box child_box = box_of(*layer.canvas);
    box = {std::min(box.left, child_box.left), std::min(box.top, child_box.top),
           std::max(box.right, child_box.right), std::max(box.bottom, child_box.bottom)};
    held_ = saturating_add(held_, layer.canvas->pixels() * bytes_per_canvas_pixel);
    layers.push_back(std::move(*layer.canvas));
  }
  if (grid_ && (has_area || sampled_layers)) {
    held_ = held_before;
    out.canvas = std::move(sampled);
    return true;
  }
  if (box.right <= box.left || box.bottom <= box.top) {
    held_ = held_before;
    out.reason = "composite is " + std::to_string(frame.width) + "x" +
                 std::to_string(frame.height) + " with no layer to draw: no pixels";
    out.draws_nothing = true;
    return false;
  }
  Canvas canvas;
  const auto allocated = allocate(canvas, static_cast<std::uint64_t>(box.right - box.left),
                                  static_cast<std::uint64_t>(box.bottom - box.top));
  held_ = held_before;
  if (!allocated) {
    out.reason = allocated.problem().message;
    return false;
  }
  canvas.x_offset = -box.left;
  canvas.y_offset = -box.top;
  for (const Canvas& layer : layers) blit(layer, canvas);
  out.canvas = std::move(canvas);
  return true;
}

}  // namespace gafcheck::render
