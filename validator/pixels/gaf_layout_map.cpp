#include "validator/pixels/gaf_layout_map.hpp"

#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/pixels/extent_findings.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::pixels {

GafLayoutMap read_gaf_layout_map(ByteView file, const BudgetLimits& limits) {
  GafLayoutMap out;
  BudgetMeter budget(limits);
  Findings findings(embedded_catalog(), 0);
  WalkContext context{file, findings, budget};
  out.index = gaf::read_gaf_structure(context);
  std::vector<std::uint64_t> rle_end;
  // As check_gaf_pixels: a map a budget left partial is not drawn from.
  if (out.index.header.present && !context.stopped() &&
      walk_rle_leaves(context, out.index, false, false, rle_end) &&
      !budget.hit(BudgetKind::pixels) && !budget.hit(BudgetKind::rle_commands) &&
      !budget.left_tables_unread()) {
    const std::uint64_t count = 2 + 2 * out.index.entries.size() + 2 * out.index.frames.size();
    if (context.charge_heap(count, 2 * sizeof(Extent) + 2 * sizeof(std::size_t), 0, "extents")) {
      out.map = layout_extent_map(out.index, gaf_payload_extents(rle_end), {}, file.size());
      out.mapped = true;
    }
  }
  if (const auto& hit = budget.first_hit())
    out.stopped = "budget.exceeded: " + std::string(budget_spec(hit->kind).name) + " (limit " +
                  std::to_string(hit->limit) + ")";
  return out;
}

std::string extent_path(const gaf::GafIndex& index, const Extent& extent) {
  const LayoutExtentOptions options;
  return ExtentNames(index, options).path(extent);
}

std::string extent_label(const gaf::GafIndex& index, const Extent& extent) {
  const LayoutExtentOptions options;
  return ExtentNames(index, options).kind(extent);
}

}  // namespace gafcheck::pixels
