#include "validator/pixels/pixel_checks.hpp"

#include "validator/pixels/gaf_pixel_stages.hpp"

namespace gafcheck::pixels {

void check_gaf_pixels(WalkContext& context, const gaf::GafIndex& index, const CheckOptions& options,
                      std::string_view engine_path, Counters& summary) {
  // Behind a negative entry count the game loads nothing: findings are forensics only.
  const bool game_loads = index.header.game_entry_count > 0 || index.header.walked_slots == 0;
  if (!game_loads) context.findings.set_retail_override(Retail::ignored);
  std::vector<std::uint64_t> rle_end;
  if (!context.stopped() &&
      walk_rle_leaves(context, index, options.all_rows, game_loads, rle_end)) {
    scan_raw_leaves(context, index, options.game, summary);
    check_storage_context(context, index, engine_path);
    check_extents(context, index, rle_end, summary);
  }
  context.findings.set_retail_override(std::nullopt);
  // Present in every GAF document, so census sums and schemas see the same keys.
  for (const char* key : {"raw_frames_with_key", "key_pixels", "coverage.claimed", "coverage.slack",
                          "coverage.extents"})
    summary.add(key, 0);
}

}  // namespace gafcheck::pixels
