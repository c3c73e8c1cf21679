#pragma once
// The Landlock layer of the sandbox, through the raw system calls (no library): reads only
// beneath the inputs, regular files created and removed only in the outputs' directories (and
// anything beneath an extract tree), no execution, no TCP, no signals or abstract sockets
// leaving the process. Uses what the running kernel's Landlock ABI offers.
#include "validator/platform/sandbox.hpp"

namespace gafcheck {

// Restricts the calling thread (and the threads it starts later); no_new_privs must be set.
// Returns false, changing nothing, when the kernel has no Landlock (or it is disabled); throws
// SandboxError when Landlock is there but refuses the ruleset.
bool apply_landlock(const SandboxPlan& plan);

}  // namespace gafcheck
