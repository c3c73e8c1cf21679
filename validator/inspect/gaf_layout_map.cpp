#include "validator/inspect/gaf_layout_map.hpp"

#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/pixels/extent_findings.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/taf/taf_check.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::pixels {

namespace {

bool charge_extents(WalkContext& context, const gaf::GafIndex& index) {
  const std::uint64_t count = 2 + 2 * index.entries.size() + 2 * index.frames.size();
  return context.charge_heap(count, 2 * sizeof(Extent) + 2 * sizeof(std::size_t), 0, "extents");
}

void note_stop(const BudgetMeter& budget, GafLayoutMap& out) {
  if (const auto& hit = budget.first_hit())
    out.stopped = "budget.exceeded: " + std::string(budget_spec(hit->kind).name) + " (limit " +
                  std::to_string(hit->limit) + ")";
}

}  // namespace

GafLayoutMap read_truecolor_layout_map(ByteView file, const BudgetLimits& limits) {
  GafLayoutMap out;
  out.options = taf::truecolor_extent_options();
  BudgetMeter budget(limits);
  Findings findings(embedded_catalog(), 0);
  WalkContext context{file, findings, budget};
  taf::read_counted_header(context, out.index, "sequence");
  if (out.index.header.walked_slots > 0 && !context.stopped())
    gaf::read_entries(context, out.index);
  taf::TafTally tally;
  if (!context.stopped()) taf::read_truecolor_frames(context, out.index, tally);
  // As check_truecolor_taf: a map a budget left partial is not drawn from.
  if (out.index.header.present && !context.stopped() && !budget.hit(BudgetKind::pixels) &&
      !budget.left_tables_unread() && charge_extents(context, out.index)) {
    out.map =
        layout_extent_map(out.index, taf::truecolor_payload_extents(), out.options, file.size());
    out.mapped = true;
  }
  note_stop(budget, out);
  return out;
}

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
      !budget.left_tables_unread() && charge_extents(context, out.index)) {
    out.map = layout_extent_map(out.index, gaf_payload_extents(rle_end), out.options, file.size());
    out.mapped = true;
  }
  note_stop(budget, out);
  return out;
}

std::string extent_path(const GafLayoutMap& layout, const Extent& extent) {
  return ExtentNames(layout.index, layout.options).path(extent);
}

std::string extent_label(const GafLayoutMap& layout, const Extent& extent) {
  return ExtentNames(layout.index, layout.options).kind(extent);
}

}  // namespace gafcheck::pixels
