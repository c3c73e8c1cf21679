#include "validator/rebuild/kept_composite.hpp"

#include "validator/core/format.hpp"
#include "validator/rebuild/frame_encoding.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::rebuild {
namespace {

// The retail canvas of the composite as written: a file holding it alone, rendered.
std::optional<render::Canvas> render_written(const FrameModel& composite,
                                             const BudgetLimits& limits) {
  SpriteModel model;
  model.entries.emplace_back();
  model.entries.back().frames.push_back(composite);
  const auto bytes = write_canonical_gaf(model);
  if (!bytes) return std::nullopt;
  const ByteView file(bytes->data(), bytes->size());
  const render::RenderIndex written = render::read_render_index(file, Format::gaf, limits);
  if (!written.stopped.empty() || written.index.entries.size() != 1 ||
      written.index.refs.size() != 1)
    return std::nullopt;
  const std::uint32_t top = written.index.refs[0].frame;
  if (top == gaf::no_index) return std::nullopt;
  render::FrameRenderer renderer(file, written.index, limits);
  render::Rendered drawn = renderer.render(top, render::RenderPolicy::retail);
  return std::move(drawn.canvas);
}

}  // namespace

bool same_drawing(const render::Canvas& a, const render::Canvas& b) {
  if (a.width != b.width || a.height != b.height || a.x_offset != b.x_offset ||
      a.y_offset != b.y_offset || a.flags.size() != b.flags.size() ||
      a.index.size() != b.index.size())
    return false;
  for (std::size_t i = 0; i < a.flags.size(); ++i) {
    if (render::is_visible(a.flags[i]) != render::is_visible(b.flags[i])) return false;
    if (render::is_visible(a.flags[i]) && a.index[i] != b.index[i]) return false;
  }
  return true;
}

std::optional<KeptComposite> keep_composite(const gaf::GafIndex& index, std::uint32_t frame_index,
                                            const render::Canvas& drawn,
                                            render::FrameRenderer& renderer,
                                            const BudgetLimits& limits, bool keep_unknown) {
  const gaf::FrameRecord& frame = index.frames[frame_index];
  if (!frame.header_in_bounds || !frame.is_composite() || !frame.data_in_bounds ||
      frame.child_count != frame.layer_count || frame.width == 0 || frame.height == 0)
    return std::nullopt;
  KeptComposite kept;
  kept.frame = empty_frame(frame.width, frame.height, frame.x_offset, frame.y_offset);
  // The input's canvas is held while the layers are drawn.
  struct Held {
    render::FrameRenderer& renderer;
    ~Held() { renderer.set_held_outside(0); }
  } held{renderer};
  renderer.set_held_outside(drawn.index.size() + drawn.flags.size());
  for (std::uint32_t k = 0; k < frame.child_count; ++k) {
    const std::uint32_t child_index = index.children[frame.first_child + k];
    if (child_index >= index.frames.size()) return std::nullopt;
    const gaf::FrameRecord& child = index.frames[child_index];
    if (!child.header_in_bounds || child.is_composite()) return std::nullopt;
    if (child.width == 0 || child.height == 0) continue;  // draws nothing
    render::Rendered layer = renderer.render(child_index, render::RenderPolicy::retail);
    if (!layer.canvas) return std::nullopt;
    std::string why;
    std::optional<FrameModel> model = encode_canvas(*layer.canvas, false, why);
    if (!model) return std::nullopt;
    model->alt_byte = child.alt_byte;
    if (keep_unknown) model->unknown3 = child.unknown3;
    kept.frame.layers.push_back(std::move(*model));
    kept.layers.push_back(child_index);
  }
  if (kept.frame.layers.empty()) return std::nullopt;
  const std::optional<render::Canvas> written = render_written(kept.frame, limits);
  if (!written || !same_drawing(*written, drawn)) return std::nullopt;
  return kept;
}

}  // namespace gafcheck::rebuild
