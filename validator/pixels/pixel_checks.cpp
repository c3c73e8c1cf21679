#include "validator/pixels/pixel_checks.hpp"

#include <optional>

#include "validator/gaf/structure_reader.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"

namespace gafcheck::pixels {

void check_gaf_pixels(WalkContext& context, const gaf::GafIndex& index, const CheckOptions& options,
                      std::string_view engine_path, Counters& summary) {
  // Behind a negative entry count the game loads nothing: findings are forensics only.
  const bool game_loads = gaf::game_reads_entries(index.header);
  std::optional<GameDoesNotRead> unread;
  if (!game_loads) unread.emplace(context.findings, Retail::dropped);
  std::vector<std::uint64_t> rle_end;
  if (!context.stopped() &&
      walk_rle_leaves(context, index, options.all_rows, game_loads, rle_end)) {
    scan_raw_leaves(context, index, options.game, summary);
    check_storage_context(context, index, engine_path);
    // Frames the pixel or RLE command budget left unread, and tables a budget left unread, are
    // not in the extent map: the map would be partial.
    if (!context.budget.hit(BudgetKind::pixels) && !context.budget.hit(BudgetKind::rle_commands) &&
        !context.budget.left_tables_unread())
      check_extents(context, index, rle_end, summary);
  }
  unread.reset();
  // Present in every GAF document, so census sums and schemas see the same keys.
  for (const char* key : {"raw_frames_with_key", "key_pixels", "coverage.claimed", "coverage.slack",
                          "coverage.extents"})
    summary.add(key, 0);
}

}  // namespace gafcheck::pixels
