#pragma once
// What --format html shows beside a file's findings and needs the file's bytes for: strict,
// retail and diff thumbnails of every frame an rle.* finding names, and a hex excerpt around each
// finding. Writers never re-read inputs, so the check pipeline makes them where the bytes are
// (CheckOptions::attach) and hands them over in FileReport::attachments.
//
// Bounded per file: at most per_file frames get thumbnails (three PNGs each), each at most
// thumbnail_max_side pixels a side: a larger frame is drawn scaled down, sampled through the
// renderer (FrameRenderer::render_sampled), so no full-size canvas is ever held. What a file's
// thumbnails hold (sampled canvases, strips, the PNGs made so far and the next one's bound) is
// charged to its heap budget (--max-heap): a thumbnail past it is left out with a note naming
// the budget. At most excerpts_per_file hex excerpts of at most excerpt_rows rows are made. The
// report-wide bounds (--html-max-thumbnails, the page's pictures within --max-heap, 4,000
// excerpts) are the HTML writer's (reports/html_writer.hpp): it applies them in path order, so a
// census draws the same page whatever -j is and whichever worker finishes first.
#include <cstdint>
#include <functional>

#include "validator/core/check_options.hpp"
#include "validator/render/palette.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

inline constexpr std::uint64_t default_html_thumbnails_per_file = 12;
inline constexpr std::uint64_t default_html_thumbnails = 500;
inline constexpr std::uint32_t thumbnail_max_side = 512;
inline constexpr std::uint64_t excerpts_per_file = 32;
inline constexpr std::uint64_t excerpt_rows = 6;
inline constexpr std::size_t marked_rows_per_thumbnail = 64;

// The hook for CheckOptions::attach: thumbnails, hex excerpts and the gallery's tiles
// (gallery_tiles.hpp), drawn with `palette` (--palette; the forensic palette by default).
// Thread-safe: it keeps no state between files. Pictures and excerpts are made only for findings
// at or above `shown_from` (--min-severity), the ones the page will list, so a page drawn again
// from its report (gafcheck html) comes out the same.
std::function<void(ByteView, FileReport&)> make_html_attachments(
    const BudgetLimits& limits, std::uint64_t per_file,
    render::Palette palette = render::forensic_palette(), Severity shown_from = Severity::info);

// Rows of "OFFSET  HEX  ASCII", 16 bytes a row, from the row before `offset` through the bytes of
// `length`, at most `rows` rows; bytes outside the file are left out. Bytes that are not
// printable ASCII show as '.'.
std::string hex_excerpt(ByteView bytes, std::uint64_t offset, std::uint64_t length,
                        std::uint64_t rows);

}  // namespace gafcheck
