#include "reports/gallery_tiles.hpp"

#include <algorithm>

#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck {
namespace {

bool drawn_in_gallery(Format format) {
  return format == Format::gaf || format == Format::taf_paletted || format == Format::ta3d_gaf;
}

std::string gallery_entry_name(const gaf::EntryRecord& entry) {
  const auto end = std::find(entry.name.begin(), entry.name.end(), std::uint8_t{0});
  return std::string(entry.name.begin(), end);
}

GalleryTile draw_tile(render::FrameRenderer& renderer, const gaf::GafIndex& index,
                      const gaf::EntryRecord& entry, const render::Palette& palette) {
  GalleryTile tile;
  tile.entry = gallery_entry_name(entry);
  if (!entry.header_in_bounds || entry.ref_count == 0 || entry.first_ref >= index.refs.size() ||
      index.refs[entry.first_ref].frame == gaf::no_index) {
    tile.reason = "no first frame to draw";
    return tile;
  }
  // As the game draws it; a frame the game cannot draw (it reads past the file) as strict draws it.
  const std::uint32_t frame = index.refs[entry.first_ref].frame;
  render::SampleGrid grid;
  render::Rendered drawn;
  for (const render::RenderPolicy policy :
       {render::RenderPolicy::retail, render::RenderPolicy::strict}) {
    const std::optional<render::CanvasExtent> extent = renderer.extent(frame, policy);
    if (!extent) continue;
    grid = render::fitting_grid(*extent, gallery_tile_side);
    drawn = renderer.render_sampled(frame, policy, grid);
    if (drawn.canvas) break;
    if (tile.reason.empty()) tile.reason = drawn.reason;
  }
  if (!drawn.canvas) {
    if (tile.reason.empty()) tile.reason = "the first frame has no picture";
    return tile;
  }
  tile.width = static_cast<std::uint32_t>(grid.columns.size());
  tile.height = static_cast<std::uint32_t>(grid.rows.size());
  const render::Canvas& canvas = *drawn.canvas;
  const Result<std::vector<std::uint8_t>> png = render::encode_png(
      tile.width, tile.height,
      [&](std::uint32_t y, std::uint8_t* rgba) { render::policy_row(canvas, palette, y, rgba); });
  if (png)
    tile.png.assign(png->begin(), png->end());
  else
    tile.reason = "PNG encoding failed: " + png.problem().message;
  return tile;
}

}  // namespace

void add_gallery_tiles(ByteView bytes, FileReport& report, const BudgetLimits& limits,
                       const render::Palette& palette) {
  if (!drawn_in_gallery(report.format) || !report.attachments) return;
  const Format format = report.format == Format::ta3d_gaf ? Format::gaf : report.format;
  const render::RenderIndex index = render::read_render_index(bytes, format, limits);
  ReportAttachments& into = *report.attachments;
  into.gallery_entries = index.index.entries.size();
  render::FrameRenderer renderer(bytes, index.index, limits);
  for (const gaf::EntryRecord& entry : index.index.entries) {
    if (into.gallery.size() == gallery_tiles_per_file) break;
    into.gallery.push_back(draw_tile(renderer, index.index, entry, palette));
  }
}

}  // namespace gafcheck
