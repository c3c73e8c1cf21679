#pragma once
// gafcheck ls ARCHIVE and gafcheck extract ARCHIVE [MEMBER...] -C DIR.
#include <optional>
#include <string>

#include "validator/cli/commands.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck::cli {

int run_ls(const Arguments& arguments);
int run_extract(const Arguments& arguments);

// Reads the archive whole for ls/extract; on failure prints why and returns nullopt (exit code 3).
std::optional<InputFile> read_archive(const std::string& path, const CheckOptions& options);

}  // namespace gafcheck::cli
