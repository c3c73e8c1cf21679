#include "validator/render/render_index.hpp"

#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::render {

RenderIndex read_render_index(ByteView file, Format format, const BudgetLimits& limits) {
  RenderIndex out;
  StructureOnlyWalk walk(file, limits);
  WalkContext& context = walk.context();
  if (format == Format::taf_truecolor) {
    out.truecolor = true;
    taf::read_counted_header(context, out.index, "sequence");
    if (out.index.header.walked_slots > 0 && !context.stopped())
      gaf::read_entries(context, out.index);
    taf::TafTally tally;
    if (!context.stopped()) taf::read_truecolor_frames(context, out.index, tally);
  } else {
    out.index = gaf::read_gaf_structure(context);
  }
  if (const auto& hit = walk.budget().first_hit())
    out.stopped = "budget.exceeded: " + std::string(budget_spec(hit->kind).name) + " (limit " +
                  std::to_string(hit->limit) + ")";
  return out;
}

}  // namespace gafcheck::render
