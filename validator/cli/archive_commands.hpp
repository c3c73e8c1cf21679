#pragma once
// gafcheck ls ARCHIVE and gafcheck extract ARCHIVE [MEMBER...] -o DIR.
#include "validator/cli/commands.hpp"

namespace gafcheck::cli {

int run_ls(const Arguments& arguments, const std::string& command_line);
int run_extract(const Arguments& arguments, const std::string& command_line);

}  // namespace gafcheck::cli
