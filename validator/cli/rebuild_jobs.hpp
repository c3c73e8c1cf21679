#pragma once
// The work of gafcheck rebuild on one input file: read it, rebuild it (a sprite file), hand an
// archive to the archive hook, copy anything else byte for byte; and the sidecar's document of
// it: check's report of the input with every finding's disposition.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "validator/rebuild/rebuild_file.hpp"
#include "validator/report/file_report.hpp"

namespace gafcheck::cli {

enum class RebuildOutcome { rebuilt, copied, refused, archive_refused, unreadable };

struct RebuildJob {
  std::filesystem::path source;  // the file on disk
  std::string path_in_tree;      // its path below the input root (the storage context)
  // results
  RebuildOutcome outcome = RebuildOutcome::unreadable;
  std::vector<std::uint8_t> bytes;  // what to write (rebuilt or copied)
  std::vector<std::string> messages;
  std::optional<FileReport> sidecar;
  std::vector<FileReport> member_sidecars;  // an archive's members, after the archive's own
};

// Fills the job's results. Never throws for any input bytes.
void run_rebuild_job(RebuildJob& job, const rebuild::RebuildOptions& options, bool want_sidecar,
                     bool tree_mode);

}  // namespace gafcheck::cli
