#include "validator/platform/output_guard.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <optional>

#include "validator/core/text.hpp"
#include "validator/input/resolved_paths.hpp"

namespace gafcheck {
namespace {

bool is_standard_stream(const std::string& path) {
  return path.empty() || path == "-" || path == "/dev/stdout" || path == "/dev/stderr";
}

std::optional<struct stat> stat_of(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  return info;
}

// Where a file of this name is or would be created: its directory resolved, its own name kept
// (the report replaces a symlink by that name, it never writes through it). Empty when the
// directory does not exist.
std::string location(const std::string& path) {
  const std::filesystem::path given(path);
  const std::filesystem::path name = given.filename();
  if (name.empty() || name == "." || name == "..") return resolved_path(path);
  const std::string directory =
      resolved_path(given.has_parent_path() ? given.parent_path().string() : std::string("."));
  if (directory.empty()) return {};
  return (std::filesystem::path(directory) / name).string();
}

bool same_file(const std::string& output, const std::optional<struct stat>& output_info,
               const std::string& input) {
  const auto input_info = stat_of(input);
  if (output_info && input_info)
    return output_info->st_dev == input_info->st_dev && output_info->st_ino == input_info->st_ino;
  const std::string here = location(output);
  return !here.empty() && here == location(input);
}

Problem refusal(const std::string& output, const std::string& why) {
  return {ExitCode::usage, "refusing to write the report to " + escape_bytes(output) + ": " + why +
                               "; nothing was written (choose another -o)"};
}

}  // namespace

Result<void> check_output_among_inputs(const std::string& output,
                                       const std::vector<std::string>& inputs,
                                       const std::string& what) {
  if (is_standard_stream(output)) return {};
  const auto output_info = stat_of(output);
  for (const std::string& input : inputs)
    if (same_file(output, output_info, input))
      return refusal(output,
                     "it is the " + what + " " + escape_bytes(input) + ", which it would replace");
  return {};
}

Result<void> check_output_among_read_files(const std::string& output,
                                           const std::vector<ReadFile>& read_files) {
  for (const ReadFile& read : read_files)
    if (auto checked = check_output_among_inputs(output, {read.path}, read.what); !checked)
      return checked;
  return {};
}

bool same_output_file(const std::string& first, const std::string& second) {
  if (is_standard_stream(first) || is_standard_stream(second)) return false;
  return first == second || same_file(first, stat_of(first), second);
}

Result<void> check_output_in_walk(const std::string& output, const std::vector<std::string>& roots,
                                  const InputSelection& selection) {
  if (is_standard_stream(output)) return {};
  const auto output_info = stat_of(output);
  const std::string here = location(output);
  for (const std::string& root : roots) {
    const auto root_info = stat_of(root);
    if (!root_info || !S_ISDIR(root_info->st_mode)) {
      if (same_file(output, output_info, root))
        return refusal(output,
                       "it is the input " + escape_bytes(root) + ", which it would replace");
      continue;
    }
    if (here.empty() || !is_inside(here, resolved_path(root))) continue;
    const bool exists = output_info && S_ISREG(output_info->st_mode);
    if (selection.would_take_output(output, exists))
      return refusal(output,
                     std::string(exists ? "it is an input" : "a file of that name is an input") +
                         " of the walk of " + escape_bytes(root) +
                         " (name the report .yaml, or write it outside the directory)");
  }
  return {};
}

Result<void> check_output_outside(const std::string& output,
                                  const std::vector<std::string>& directories,
                                  const std::string& what) {
  if (is_standard_stream(output)) return {};
  const std::string here = location(output);
  for (const std::string& directory : directories) {
    const auto info = stat_of(directory);
    if (here.empty() || !info || !S_ISDIR(info->st_mode)) continue;
    if (is_inside(here, resolved_path(directory)))
      return refusal(output, "it is inside the " + what + " " + escape_bytes(directory) +
                                 ", which would list it as one of its files");
  }
  return {};
}

}  // namespace gafcheck
