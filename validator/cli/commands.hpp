#pragma once
// Subcommands. Each takes its arguments (after the subcommand name) and the full command line
// (for a report header, where the command writes one), and returns the process exit code. Usage
// errors throw UsageError.
#include <string>
#include <vector>

namespace gafcheck::cli {

using Arguments = std::vector<std::string>;

int run_check(const Arguments& arguments, const std::string& command_line);
int run_census(const Arguments& arguments, const std::string& command_line);
int run_merge(const Arguments& arguments, const std::string& command_line);
int run_conflicts(const Arguments& arguments, const std::string& command_line);
int run_diff(const Arguments& arguments, const std::string& command_line);
int run_rules(const Arguments& arguments, const std::string& command_line);
int run_explain(const Arguments& arguments, const std::string& command_line);
int run_config(const Arguments& arguments, const std::string& command_line);
int run_show(const Arguments& arguments, const std::string& command_line);
int run_rebuild(const Arguments& arguments, const std::string& command_line);
int run_html(const Arguments& arguments, const std::string& command_line);
int run_identify(const Arguments& arguments, const std::string& command_line);

}  // namespace gafcheck::cli
