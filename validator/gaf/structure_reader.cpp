#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {

GafIndex read_gaf_structure(WalkContext& context) {
  GafIndex index;
  read_header(context, index);
  if (index.header.walked_slots == 0 || context.stopped()) return index;
  // Behind a negative entry count the game loads nothing: what follows is forensics only, and
  // what the game does with all of it is drop it.
  std::optional<GameDoesNotRead> unread;
  if (!game_reads_entries(index.header)) unread.emplace(context.findings, Retail::dropped);
  read_entries(context, index);
  if (!context.stopped()) read_frames(context, index);
  if (!context.stopped()) check_frame_sharing(context, index);
  if (!context.stopped()) check_composite_graph(context, index);
  return index;
}

}  // namespace gafcheck::gaf
