#pragma once
// Reads an archive's header and directory tree into an ArchiveIndex, reporting structural
// findings. Reads no member data; every count is charged to the budget before it is walked.
#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

ArchiveIndex read_archive_index(WalkContext& context);

// The layouts, each after the header's marker and version were read and its whole header claimed.
void read_v1_directory(WalkContext& context, ArchiveIndex& index);
void read_v2_directory(WalkContext& context, ArchiveIndex& index);

// The retail copyright footer check (§1), v1 archives only; claims the footer's bytes.
void check_footer(WalkContext& context, ArchiveIndex& index);

}  // namespace gafcheck::hpi
