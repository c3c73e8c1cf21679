#pragma once
// The gallery of the HTML page (--format html, gafcheck html): a small picture of the first frame
// of each entry of a GAF or paletted TAF (a TA3D GAF as the TA engine loads it), drawn by the
// renderer under the retail policy with the run's palette (--palette; the forensic one without
// it), scaled down to at most gallery_tile_side pixels a side; a frame the game cannot draw (it
// reads past the file) is drawn under the strict policy, and its tile says so (GalleryTile::
// reason holds why). Made by the check pipeline beside
// the thumbnails (html_attachments.hpp), so writers never re-read an input.
//
// Bounded: at most gallery_tiles_per_file tiles a file (its other entries are counted), each
// sampled through FrameRenderer::render_sampled (no full-size canvas), and the page shows at most
// --max-gallery-thumbnails tiles in all (gallery_budget), the first in path order, with a note
// saying how many of how many entries it shows.
#include <cstdint>
#include <string>
#include <string_view>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/render/palette.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

inline constexpr std::uint32_t gallery_tile_side = 96;
inline constexpr std::uint64_t gallery_tiles_per_file = 64;

// A bound of the page, declared as the host budgets are (budget.hpp), its option spelled from its
// name as budget_option() spells theirs (--max-gallery-thumbnails). Not a host budget: it bounds
// what the page shows, not the work an input can drive, so reports do not list it.
struct PageBudgetSpec {
  std::string_view name;
  std::uint64_t default_limit;
  std::string_view help;
};
inline constexpr PageBudgetSpec gallery_budget = {
    "gallery_thumbnails", 300,
    "--format html: gallery tiles (the first frame of an entry, at most 96x96) on the whole page "
    "at most, the first in path order; the page says how many of how many entries it shows"};

inline std::string budget_option(const PageBudgetSpec& spec) {
  return budget_option(BudgetSpec{BudgetKind::file_size, spec.name, spec.default_limit, spec.help});
}

// Fills report.attachments->gallery (and gallery_entries) from the file's bytes; nothing for a
// format the renderer does not draw.
void add_gallery_tiles(ByteView bytes, FileReport& report, const BudgetLimits& limits,
                       const render::Palette& palette);

}  // namespace gafcheck
