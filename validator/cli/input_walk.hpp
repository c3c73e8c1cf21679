#pragma once
// Turns the paths given on the command line into the inputs to check: files as given, directories
// walked recursively (symlinks inside them are not followed; special files and unreadable
// directories become inputs that report why they could not be read), sorted by path.
#include <optional>
#include <string>
#include <vector>

namespace gafcheck::cli {

struct InputItem {
  std::string path;
  std::optional<std::string> error;  // set when the input cannot be read at all
};

std::vector<InputItem> collect_inputs(const std::vector<std::string>& roots);

}  // namespace gafcheck::cli
