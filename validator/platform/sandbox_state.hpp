#pragma once
#include <string>
#include <vector>

namespace gafcheck {

// Whether the run confined itself (validator/platform/sandbox.hpp) and with which layers
// ("seccomp", "landlock"). Reports written before the sandbox existed have no such field.
struct SandboxState {
  bool enabled = false;
  std::vector<std::string> layers;
  bool operator==(const SandboxState&) const = default;
};

}  // namespace gafcheck
