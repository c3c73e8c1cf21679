#pragma once
// Checks one archive: reads its header and directory, decodes every member (validating chunks),
// checks paths and extents, and fills the archive's FileReport (summary and member list). The
// members worth checking by the pipeline (GAF, TAF, TSF and nested archives, sniffed by
// content) are collected in a MemberHarvest for check_input to check after the archive's report;
// each is charged to the members budget. Members whose data is an earlier member's (the same
// stored bytes, or the same decoded content) are decoded or checked once: hpi.shared-data.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/hpi/member_harvest.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::hpi {

// nesting_depth: 1 for an archive on disk, 2 for an archive inside it, ... (archive_depth budget).
void check_archive(WalkContext& context, std::uint64_t nesting_depth, FileReport& report,
                   MemberHarvest* harvest);

// Which of a decoded member's formats the pipeline checks: the sniffed format when it is a
// strong content match or the name's extension agrees, else Format::unknown (listed only).
Format member_check_format(ByteView bytes, std::string_view path);

}  // namespace gafcheck::hpi
