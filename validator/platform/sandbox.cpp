#include "validator/platform/sandbox.hpp"

#include <sys/prctl.h>

#include <cerrno>
#include <cstring>

#include "validator/platform/landlock_ruleset.hpp"
#include "validator/platform/lazy_state.hpp"
#include "validator/platform/seccomp_filter.hpp"
#include "validator/platform/violation_report.hpp"

namespace gafcheck {

namespace sandbox_hooks {
constinit AfterConfine after_confine = nullptr;
}  // namespace sandbox_hooks

SandboxState confine(const SandboxPlan& plan, bool enabled) {
  SandboxState state;
  // Confined or not, the run sets the same things up at the same point.
  initialise_lazy_state();
  if (enabled) {
    // Both layers need it, and it keeps a setuid program from gaining what the filter denies.
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
      throw SandboxError(std::string("cannot set no_new_privs: ") + std::strerror(errno));
    install_violation_report(plan.remove_on_violation);
    // Landlock first: the seccomp filter does not allow its system calls.
    const bool landlock = apply_landlock(plan);
    load_seccomp_filter(plan);
    state.enabled = true;
    state.layers.push_back("seccomp");
    if (landlock) state.layers.push_back("landlock");
  }
  if (sandbox_hooks::after_confine) sandbox_hooks::after_confine(state);
  return state;
}

}  // namespace gafcheck
