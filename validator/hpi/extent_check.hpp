#pragma once
// Bytes of the archive file claimed by no structure (hpi.slack) and member data that overlaps
// other member data or the directory (hpi.overlap). Linear after one sort.
#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

void check_extents(WalkContext& context, const ArchiveIndex& index);

// The length of the packer trailer (rules/writers.yaml, hpi.trailer) that starts at `at`, or 0.
std::uint64_t packer_trailer_length(const ByteView& file, std::uint64_t at);

}  // namespace gafcheck::hpi
