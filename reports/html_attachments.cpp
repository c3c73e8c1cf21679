#include "reports/html_attachments.hpp"

#include "reports/gallery_tiles.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "validator/core/sha256.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/palette.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {
namespace {

using render::Canvas;
using render::Rendered;
using render::RenderPolicy;

// Columns added on the left of a thumbnail: a red bar beside every defective row.
constexpr std::uint32_t marker_columns = 3;
constexpr std::uint8_t marker_rgba[4] = {255, 0, 0, 255};

bool renderable(Format format) {
  return format == Format::gaf || format == Format::taf_paletted || format == Format::ta3d_gaf;
}

// The frame a structure path names: the longest leading part of the path that is a frame's path.
std::optional<std::uint32_t> frame_of(const std::map<std::string, std::uint32_t>& frames,
                                      std::string path) {
  while (!path.empty()) {
    if (const auto found = frames.find(path); found != frames.end()) return found->second;
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) break;
    path.resize(slash);
  }
  return std::nullopt;
}

// Canvas rows of the frame's own defects (a composite's layers have rows of their own, left
// unmarked: their place on the canvas is the renderer's business).
std::vector<std::uint32_t> defect_rows(const Rendered& rendered, const std::string& frame_path,
                                       std::uint32_t canvas_height) {
  std::vector<std::uint32_t> rows;
  for (const render::RowDefect& defect : rendered.defects)
    if (defect.frame_path == frame_path && defect.row < canvas_height &&
        rows.size() < marked_rows_per_thumbnail)
      rows.push_back(defect.row);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

// A frame's thumbnail size: its whole canvas fitted into thumbnail_max_side a side.
struct Fitted {
  render::CanvasExtent extent;  // the full canvas
  render::SampleGrid grid;
  bool scaled() const {
    return grid.columns.size() != extent.width || grid.rows.size() != extent.height;
  }
};

Fitted fit(render::FrameRenderer& renderer, std::uint32_t frame, RenderPolicy policy) {
  // A frame without an extent cannot be drawn; a 1x1 grid lets the renderer say why.
  const std::optional<render::CanvasExtent> extent = renderer.extent(frame, policy);
  if (!extent) return {{0, 0, 1, 1}, {{0}, {0}}};
  return {*extent, render::fitting_grid(*extent, thumbnail_max_side)};
}

// PNG bytes an RGBA image of this size can take at most (deflate's stored blocks, chunks).
std::uint64_t png_bound(std::uint64_t width, std::uint64_t height) {
  const std::uint64_t raw = (width * 4 + 1) * height;
  return raw + raw / 1000 * 5 + 4096;
}

// What one file's thumbnails hold, against its heap budget.
struct Held {
  std::uint64_t limit;
  std::uint64_t bytes = 0;  // PNGs made so far
  std::optional<std::string> refuses(std::uint64_t more, std::uint64_t canvases) const {
    const std::uint64_t total = bytes + canvases + more;
    if (total <= limit) return std::nullopt;
    return "budget.exceeded: heap (the picture needs up to " + std::to_string(more) + " bytes, " +
           std::to_string(total) + " with the file's other thumbnails, above " + "--max-heap " +
           std::to_string(limit) + ")";
  }
};

ReportThumbnail thumbnail(const std::string& frame_path, const char* policy, const Fitted& fitted,
                          const std::vector<std::uint32_t>& rows, Held& held,
                          std::uint64_t canvases, const render::RgbaRowSource& pixels) {
  const std::uint32_t width = static_cast<std::uint32_t>(fitted.grid.columns.size());
  const std::uint32_t height = static_cast<std::uint32_t>(fitted.grid.rows.size());
  ReportThumbnail out{frame_path, policy, width, height, 0, 0, {}, {}, rows};
  if (fitted.scaled()) {
    out.full_width = fitted.extent.width;
    out.full_height = fitted.extent.height;
  }
  if (const auto refused = held.refuses(png_bound(width + marker_columns, height), canvases)) {
    out.reason = *refused;
    return out;
  }
  // The marker bar on the thumbnail rows the defective canvas rows fall in.
  std::vector<std::uint32_t> marked;
  for (const std::uint32_t row : rows)
    marked.push_back(
        static_cast<std::uint32_t>(std::uint64_t{row} * height / fitted.extent.height));
  const Result<std::vector<std::uint8_t>> png =
      render::encode_png(width + marker_columns, height, [&](std::uint32_t y, std::uint8_t* rgba) {
        const bool mark = std::binary_search(marked.begin(), marked.end(), y);
        for (std::uint32_t x = 0; x < marker_columns; ++x)
          for (int c = 0; c < 4; ++c) rgba[x * 4 + c] = mark && x < 2 ? marker_rgba[c] : 0;
        pixels(y, rgba + marker_columns * 4);
      });
  if (!png) {
    out.reason = "PNG encoding failed: " + png.problem().message;
  } else {
    out.png.assign(png->begin(), png->end());
    held.bytes += out.png.size();
  }
  return out;
}

void not_drawn(ReportAttachments& into, const std::string& frame_path, const char* policy,
               std::string reason) {
  ReportThumbnail out;
  out.frame_path = frame_path;
  out.policy = policy;
  out.reason = std::move(reason);
  into.thumbnails.push_back(std::move(out));
}

std::uint64_t canvas_bytes(const Rendered& rendered) {
  return rendered.canvas ? rendered.canvas->pixels() * render::canvas_bytes_per_pixel : 0;
}

// Strict, retail and diff pictures of one frame, each drawn at thumbnail size.
void draw_frame(render::FrameRenderer& renderer, std::uint32_t frame, const std::string& frame_path,
                const render::Palette& palette, Held& held, ReportAttachments& into) {
  const Fitted strict_fit = fit(renderer, frame, RenderPolicy::strict);
  const Fitted retail_fit = fit(renderer, frame, RenderPolicy::retail);
  renderer.set_held_outside(held.bytes);
  const Rendered strict = renderer.render_sampled(frame, RenderPolicy::strict, strict_fit.grid);
  renderer.set_held_outside(held.bytes + canvas_bytes(strict));
  const Rendered retail = renderer.render_sampled(frame, RenderPolicy::retail, retail_fit.grid);
  renderer.set_held_outside(0);
  const std::uint64_t canvases = canvas_bytes(strict) + canvas_bytes(retail);
  if (!strict.canvas) not_drawn(into, frame_path, "strict", strict.reason);
  if (!retail.canvas) not_drawn(into, frame_path, "retail", retail.reason);
  const std::vector<std::uint32_t> rows =
      strict.canvas ? defect_rows(strict, frame_path, strict_fit.extent.height)
                    : std::vector<std::uint32_t>{};
  if (strict.canvas) {
    const Canvas& canvas = *strict.canvas;
    into.thumbnails.push_back(thumbnail(frame_path, "strict", strict_fit, rows, held, canvases,
                                        [&](std::uint32_t y, std::uint8_t* rgba) {
                                          render::policy_row(canvas, palette, y, rgba);
                                        }));
  }
  if (retail.canvas) {
    const Canvas& canvas = *retail.canvas;
    into.thumbnails.push_back(thumbnail(frame_path, "retail", retail_fit, rows, held, canvases,
                                        [&](std::uint32_t y, std::uint8_t* rgba) {
                                          render::policy_row(canvas, palette, y, rgba);
                                        }));
  }
  if (!strict.canvas || !retail.canvas)
    return not_drawn(into, frame_path, "diff", "needs both images");
  const Canvas& r = *retail.canvas;
  const Canvas& s = *strict.canvas;
  const render::CanvasExtent& a = retail_fit.extent;
  const render::CanvasExtent& b = strict_fit.extent;
  if (a.left != b.left || a.top != b.top || a.width != b.width || a.height != b.height)
    return not_drawn(into, frame_path, "diff", "the retail and strict images differ in size");
  render::DiffCounts counts;
  into.thumbnails.push_back(thumbnail(frame_path, "diff", retail_fit, rows, held, canvases,
                                      [&](std::uint32_t y, std::uint8_t* rgba) {
                                        render::diff_row(r, s, palette, y, rgba, counts);
                                      }));
}

void add_thumbnails(ByteView bytes, FileReport& report, const BudgetLimits& limits,
                    std::uint64_t per_file, const render::Palette& palette) {
  if (!renderable(report.format)) return;
  std::vector<std::string> wanted;  // finding paths of pixel findings, first-seen order
  for (const Finding& finding : report.findings) {
    if (!rule_name(finding.rule).starts_with("rle.") || finding.path.empty()) continue;
    if (std::find(wanted.begin(), wanted.end(), finding.path) == wanted.end())
      wanted.push_back(finding.path);
  }
  if (wanted.empty()) return;
  const Format format = report.format == Format::ta3d_gaf ? Format::gaf : report.format;
  const render::RenderIndex index = render::read_render_index(bytes, format, limits);
  std::map<std::string, std::uint32_t> frames;
  for (std::uint32_t i = 0; i < index.index.frames.size(); ++i) {
    frames.emplace(index.index.frames[i].path, i);
    if (!index.index.frames[i].second_path.empty())
      frames.emplace(index.index.frames[i].second_path, i);
  }
  std::vector<std::uint32_t> drawn;
  render::FrameRenderer renderer(bytes, index.index, limits);
  ReportAttachments& into = *report.attachments;
  Held held{limits[BudgetKind::heap]};
  for (const std::string& path : wanted) {
    const std::optional<std::uint32_t> frame = frame_of(frames, path);
    if (!frame || std::find(drawn.begin(), drawn.end(), *frame) != drawn.end()) continue;
    if (drawn.size() >= per_file) {
      ++into.frames_left_out;
      continue;
    }
    drawn.push_back(*frame);
    draw_frame(renderer, *frame, index.index.frames[*frame].path, palette, held, into);
  }
}

}  // namespace

std::string hex_excerpt(ByteView bytes, std::uint64_t offset, std::uint64_t length,
                        std::uint64_t rows) {
  if (bytes.empty() || rows == 0) return {};
  offset = std::min(offset, bytes.size() - 1);
  std::uint64_t first = offset / 16 * 16;
  if (first >= 16) first -= 16;
  const std::uint64_t end = std::min<std::uint64_t>(
      bytes.size(), std::min(offset + std::max<std::uint64_t>(length, 1), offset + rows * 16) + 16);
  std::string text;
  char line[24];
  for (std::uint64_t row = first; row < end && (row - first) / 16 < rows; row += 16) {
    std::snprintf(line, sizeof line, "%08llx ", static_cast<unsigned long long>(row));
    text += line;
    std::string ascii;
    for (std::uint64_t i = row; i < row + 16; ++i) {
      const std::optional<std::uint8_t> byte = i < end ? bytes.u8(i) : std::nullopt;
      if (!byte) {
        text += "   ";
        continue;
      }
      std::snprintf(line, sizeof line, " %02x", *byte);
      text += line;
      ascii += *byte >= 0x20 && *byte < 0x7F ? static_cast<char>(*byte) : '.';
    }
    text += "  ";
    text += ascii;
    text += '\n';
  }
  return text;
}

std::function<void(ByteView, FileReport&)> make_html_attachments(const BudgetLimits& limits,
                                                                 std::uint64_t per_file,
                                                                 render::Palette palette,
                                                                 Severity shown_from) {
  auto shared = std::make_shared<const render::Palette>(std::move(palette));
  return [=](ByteView bytes, FileReport& report) {
    // Attached for the findings the page lists; excerpts name them by their index among all.
    std::vector<Finding> all = std::move(report.findings);
    std::vector<std::size_t> positions;
    report.findings.clear();
    for (std::size_t i = 0; i < all.size(); ++i)
      if (all[i].severity >= shown_from) {
        positions.push_back(i);
        report.findings.push_back(all[i]);
      }
    report.attachments.emplace();
    for (std::size_t i = 0; i < report.findings.size() && i < excerpts_per_file; ++i) {
      const Finding& finding = report.findings[i];
      report.attachments->excerpts.push_back(
          {positions[i], hex_excerpt(bytes, finding.offset, finding.length, excerpt_rows)});
    }
    add_thumbnails(bytes, report, limits, per_file, *shared);
    report.findings = std::move(all);
    if (report.sha256.empty()) report.attachments->sha256 = sha256_hex(bytes);
    add_gallery_tiles(bytes, report, limits, *shared);
  };
}

}  // namespace gafcheck
