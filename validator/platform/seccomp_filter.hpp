#pragma once
// The seccomp layer of the sandbox: the allow-list a run needs, everything else trapped.
#include "validator/platform/sandbox.hpp"

namespace gafcheck {

// Builds the filter for the plan and loads it (no_new_privs must be set). Throws SandboxError.
void load_seccomp_filter(const SandboxPlan& plan);

}  // namespace gafcheck
