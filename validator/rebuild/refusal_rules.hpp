#pragma once
// Which findings make `rebuild` refuse (exit 1), stated in this one place: those whose retail
// impact is `crash` AND whose outcome is undefined, so that no picture of "what the game draws"
// exists to rebuild from (rules/catalog.yaml):
//
//   header.truncated          the game reads the entry table past the end of the file (not
//                             when the slots its count gives, as it reads it, fit the file)
//   entry.out-of-bounds       an entry header or its frame table lies past the end of the file
//   entry.alias               two slots: the loader rebases one entry twice (wild pointers)
//   frame.out-of-bounds       a frame header, its pixels or its layer table past the end
//   frame.header-shared       a header rebased twice (wild pointer)
//   composite.cycle           the loader loops or faults
//   composite.table-shared    a layer table rebased twice (wild pointers)
//   rle.reads-past-eof        the retail decoder reads memory past the loaded file
//   extent.rebase-overlap     an in-place rebase overwrites bytes another structure uses
//   ta3d.payload-out-of-bounds, format.unknown, format.container   nothing drawable at all
//
// and budget.exceeded: what a budget stopped was never read, so it cannot be rebuilt.
// Every other crash-impact finding describes a defined outcome the rebuild removes. A frame the
// retail renderer cannot draw for a reason no finding names (a nested composite) is refused in
// the same way. --drop-unrenderable drops the frame (or the entry, when the finding names no
// frame) instead; a finding that names neither refuses the file whatever the option says.
#include "validator/rules/rule_id.hpp"

namespace gafcheck::rebuild {

bool refuses_rebuild(RuleId rule);

}  // namespace gafcheck::rebuild
