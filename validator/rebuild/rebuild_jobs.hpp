#pragma once
// The work of gafcheck rebuild on one input file: read it, rebuild it (a sprite file), hand an
// archive to the archive hook, copy anything else byte for byte; and the sidecar's document of
// it: check's report of the input with every finding's disposition.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "validator/core/format.hpp"
#include "validator/rebuild/rebuild_file.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

// rebuilt: written whole; rebuilt_with_losses: written, but content no option asked to drop was
// left out (listed); copied: not a file check takes as an input, copied unchecked (DIR mode);
// deferred: a TSF script in DIR mode, rebuilt once the rest of the tree is known.
enum class RebuildOutcome {
  rebuilt,
  rebuilt_with_losses,
  copied,
  refused,
  archive_refused,
  unreadable,
  deferred
};

struct RebuildJob {
  std::filesystem::path source;  // the file on disk
  std::string path_in_tree;      // its path below the input root (the storage context)
  // results
  RebuildOutcome outcome = RebuildOutcome::unreadable;
  std::vector<std::uint8_t> bytes;  // what to write (rebuilt or copied)
  std::vector<std::string> messages;
  std::uint64_t messages_unlisted = 0;  // past --max-findings: counted, not listed
  std::optional<FileReport> sidecar;
  std::vector<FileReport> member_sidecars;  // an archive's members, after the archive's own
};

// Fills the job's results. Never throws for any input bytes. In DIR mode (tree_mode) a TSF
// script is deferred unless options.output_images says where its images will be.
void run_rebuild_job(RebuildJob& job, const rebuild::RebuildOptions& options, bool want_sidecar,
                     bool tree_mode);

}  // namespace gafcheck
