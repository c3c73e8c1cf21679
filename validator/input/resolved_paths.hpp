#pragma once
// Paths compared as the file system resolves them, for commands that must tell whether one path
// lies inside another (an output inside an input tree, a root inside another root).
#include <string>

namespace gafcheck {

// The absolute path with every symlink, "." and ".." resolved; empty when it does not exist.
std::string resolved_path(const std::string& path);

// True when `path` is strictly below `directory` (both resolved): "/a/bc" is not inside "/a/b".
bool is_inside(const std::string& path, const std::string& directory);

}  // namespace gafcheck
