#include "validator/cli/input_walk.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace gafcheck::cli {
namespace fs = std::filesystem;
namespace {

std::string special_file_reason(fs::file_type type) {
  switch (type) {
    case fs::file_type::fifo: return "not read: a FIFO";
    case fs::file_type::socket: return "not read: a socket";
    case fs::file_type::block: return "not read: a block device";
    case fs::file_type::character: return "not read: a character device";
    default: return "not read: not a regular file";
  }
}

void walk_directory(const fs::path& root, std::vector<InputItem>& items) {
  std::vector<fs::path> pending{root};
  while (!pending.empty()) {
    const fs::path directory = std::move(pending.back());
    pending.pop_back();
    std::error_code error;
    fs::directory_iterator it(directory, error);
    if (error) {
      items.push_back({directory.string(), "cannot list directory: " + error.message()});
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(error)) {
      const fs::path path = it->path();
      const fs::file_status status = it->symlink_status(error);
      if (error) {
        items.push_back({path.string(), "cannot stat: " + error.message()});
        error.clear();
        continue;
      }
      if (fs::is_directory(status))
        pending.push_back(path);
      else if (fs::is_regular_file(status))
        items.push_back({path.string(), std::nullopt});
      else if (!fs::is_symlink(status))
        items.push_back({path.string(), special_file_reason(status.type())});
    }
    if (error) items.push_back({directory.string(), "cannot list directory: " + error.message()});
  }
}

}  // namespace

std::vector<InputItem> collect_inputs(const std::vector<std::string>& roots) {
  std::vector<InputItem> items;
  for (const std::string& root : roots) {
    std::error_code error;
    const fs::file_status status = fs::status(root, error);
    if (error || !fs::exists(status)) {
      items.push_back({root, "cannot open: " + (error ? error.message()
                                                      : std::string("no such file or directory"))});
    } else if (fs::is_directory(status)) {
      walk_directory(root, items);
    } else {
      items.push_back({root, std::nullopt});
    }
  }
  std::stable_sort(items.begin(), items.end(),
                   [](const InputItem& a, const InputItem& b) { return a.path < b.path; });
  return items;
}

}  // namespace gafcheck::cli
