#pragma once
// gafcheck rebuild's whole run: the output directory opened and the input protected, the sandbox
// entered, every file rebuilt on workers (a tree's TSF scripts once the rest of the tree is
// known), the results written, named on standard error and handed to the sidecar report.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/rebuild/rebuild_file.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

// Where the sidecar report (--report) goes; the command writes it in the formats asked for.
class RebuildSidecar {
 public:
  virtual ~RebuildSidecar() = default;
  // Files the sidecar writes before it commits them: removed if the sandbox ends the run.
  virtual std::vector<std::string> temp_paths() const = 0;
  virtual void start(const SandboxState& sandbox) = 0;
  virtual void add(FileReport report) = 0;
  virtual void finish() = 0;
};

struct RebuildRun {
  std::string input;                    // IN as given
  bool tree_mode = false;               // IN is a directory, mirrored into OUT
  std::filesystem::path in_full;        // IN resolved
  std::filesystem::path out_named;      // OUT as named: its last component is what is written
  std::filesystem::path out_directory;  // the directory written into
  std::string report;                   // --report; empty: no sidecar
  // Opens the sidecar (its files exist before the sandbox); called once the output directory is
  // open, when report is set.
  std::function<std::unique_ptr<RebuildSidecar>()> open_sidecar;
  bool force = false;  // replace existing output files
  unsigned jobs = 1;   // files rebuilt at once (DIR mode)
  rebuild::RebuildOptions options;
  bool sandbox = true;

  // Throws UsageError when the output directory cannot be written into.
  ExitCode run() const;
};

}  // namespace gafcheck
