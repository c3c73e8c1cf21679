#pragma once
// gafcheck extract's run: an archive's members (all, or those named) written beneath a
// directory, refusing anything that could land outside it; damaged members refused, or kept as
// NAME.damaged when asked.
#include <optional>
#include <string>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck {

// Reads an archive whole for ls and extract; on failure says why on standard error and returns
// nullopt (exit code 3).
Result<InputFile> read_archive(const std::string& path, const CheckOptions& options);

struct ArchiveExtraction {
  std::string archive_path;
  std::vector<std::string> members;  // as named on the command line; none: every member
  std::string directory;             // written beneath, created if need be
  bool force = false;                // overwrite existing regular files
  bool keep_damaged = false;         // write a damaged member as NAME.damaged
  CheckOptions check;
  bool sandbox = true;

  // Throws UsageError when the directory cannot be written into.
  ExitCode run() const;
};

}  // namespace gafcheck
