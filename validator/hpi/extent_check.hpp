#pragma once
// Bytes of the archive file claimed by no structure (hpi.slack) and member data that overlaps
// other member data or the directory (hpi.overlap). Linear after one sort.
#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

void check_extents(WalkContext& context, const ArchiveIndex& index);

}  // namespace gafcheck::hpi
