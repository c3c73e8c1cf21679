#include "validator/cli/html_attachments.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>

#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/palette.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/report/file_report.hpp"

namespace gafcheck::cli {
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
                                       const Canvas& canvas) {
  std::vector<std::uint32_t> rows;
  for (const render::RowDefect& defect : rendered.defects)
    if (defect.frame_path == frame_path && defect.row < canvas.height &&
        rows.size() < marked_rows_per_thumbnail)
      rows.push_back(defect.row);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

ReportThumbnail thumbnail(const std::string& frame_path, const char* policy, const Canvas& canvas,
                          const std::vector<std::uint32_t>& rows,
                          const render::RgbaRowSource& pixels) {
  ReportThumbnail out{frame_path, policy, canvas.width, canvas.height, {}, {}, rows};
  const std::uint32_t width = canvas.width + marker_columns;
  std::vector<std::uint8_t> row(std::size_t{canvas.width} * 4);
  const render::PngResult png =
      render::encode_png(width, canvas.height, [&](std::uint32_t y, std::uint8_t* rgba) {
        const bool marked = std::binary_search(rows.begin(), rows.end(), y);
        for (std::uint32_t x = 0; x < marker_columns; ++x)
          for (int c = 0; c < 4; ++c) rgba[x * 4 + c] = marked && x < 2 ? marker_rgba[c] : 0;
        pixels(y, rgba + marker_columns * 4);
      });
  if (!png.error.empty())
    out.reason = "PNG encoding failed: " + png.error;
  else
    out.png.assign(png.bytes.begin(), png.bytes.end());
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

void draw_frame(render::FrameRenderer& renderer, std::uint32_t frame, const std::string& frame_path,
                const render::Palette& palette, ReportAttachments& into) {
  const Rendered strict = renderer.render(frame, RenderPolicy::strict);
  const Rendered retail = renderer.render(frame, RenderPolicy::retail);
  const auto fits = [&](const Rendered& rendered, const char* policy) {
    if (!rendered.canvas) {
      not_drawn(into, frame_path, policy, rendered.reason);
      return false;
    }
    if (rendered.canvas->pixels() == 0 || rendered.canvas->pixels() > thumbnail_max_pixels) {
      not_drawn(into, frame_path, policy,
                std::to_string(rendered.canvas->width) + "x" +
                    std::to_string(rendered.canvas->height) + " pixels: no thumbnail");
      return false;
    }
    return true;
  };
  const bool strict_fits = fits(strict, "strict");
  const bool retail_fits = fits(retail, "retail");
  std::vector<std::uint32_t> rows;
  if (strict_fits) {
    const Canvas& canvas = *strict.canvas;
    rows = defect_rows(strict, frame_path, canvas);
    into.thumbnails.push_back(
        thumbnail(frame_path, "strict", canvas, rows, [&](std::uint32_t y, std::uint8_t* rgba) {
          render::policy_row(canvas, palette, y, rgba);
        }));
  }
  if (retail_fits) {
    const Canvas& canvas = *retail.canvas;
    into.thumbnails.push_back(
        thumbnail(frame_path, "retail", canvas, rows, [&](std::uint32_t y, std::uint8_t* rgba) {
          render::policy_row(canvas, palette, y, rgba);
        }));
  }
  if (!strict_fits || !retail_fits) return not_drawn(into, frame_path, "diff", "needs both images");
  const Canvas& r = *retail.canvas;
  const Canvas& s = *strict.canvas;
  if (r.width != s.width || r.height != s.height)
    return not_drawn(into, frame_path, "diff", "the retail and strict images differ in size");
  render::DiffCounts counts;
  into.thumbnails.push_back(
      thumbnail(frame_path, "diff", r, rows, [&](std::uint32_t y, std::uint8_t* rgba) {
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
  for (const std::string& path : wanted) {
    const std::optional<std::uint32_t> frame = frame_of(frames, path);
    if (!frame || std::find(drawn.begin(), drawn.end(), *frame) != drawn.end()) continue;
    if (drawn.size() >= per_file) {
      ++into.frames_left_out;
      continue;
    }
    drawn.push_back(*frame);
    draw_frame(renderer, *frame, index.index.frames[*frame].path, palette, into);
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
                                                                 std::uint64_t per_file) {
  auto palette = std::make_shared<const render::Palette>(render::forensic_palette());
  return [=](ByteView bytes, FileReport& report) {
    report.attachments.emplace();
    for (std::size_t i = 0; i < report.findings.size() && i < excerpts_per_file; ++i) {
      const Finding& finding = report.findings[i];
      report.attachments->excerpts.push_back(
          {i, hex_excerpt(bytes, finding.offset, finding.length, excerpt_rows)});
    }
    add_thumbnails(bytes, report, limits, per_file, *palette);
  };
}

}  // namespace gafcheck::cli
