#pragma once
// The confinement the commands that read hostile input (check, census, ls, diff, merge, and
// extract in its own form) put themselves under before they parse a byte of it, so a parser bug
// cannot become an attacker's program:
//   seccomp (libseccomp): an allow-list of the system calls a run needs; no execve, no sockets,
//     no ptrace, no new processes (threads only, and only for a command that starts them), no
//     open for writing or creating (every output is opened or created before), no executable
//     memory. Anything else is a violation: the process ends at once with exit 4 and
//     "gafcheck: sandbox refused system call NAME (nr N)" (violation_report.hpp), never silently.
//   Landlock (raw system calls, when the kernel has it): the inputs readable, nothing else; the
//     outputs' directories may gain and lose regular files (the report's temp file and rename);
//     no execution anywhere, no TCP, no signals or abstract sockets outside the process.
// A command calls confine() once, while it is still single-threaded, after it opened its outputs
// and before it reads any input (a --baseline or --resume report included). --no-sandbox skips it.
// Either way confine() first sets up what libraries would otherwise open files for on first use
// (lazy_state.hpp): after it, a run opens only its inputs (and creates its declared outputs).
#include <string>
#include <vector>

#include "validator/base/errors.hpp"
#include "validator/platform/sandbox_state.hpp"

namespace gafcheck {

struct SandboxPlan {
  // Files and directory trees the run reads: a file's contents and its directory's listing (a
  // TSF script's images are looked up beside it), a directory's whole tree.
  std::vector<std::string> read_paths;
  // Report destinations, already opened or created: their directories may create, rename and
  // remove regular files (temp file renamed into place, --resume's old report moved aside).
  // Standard streams and devices need nothing.
  std::vector<std::string> output_paths;
  // Directory trees the run creates directories and files in (extract -C DIR): opens for writing
  // and creating stay allowed, and only Landlock keeps them inside these trees.
  std::vector<std::string> write_trees;
  bool threads = false;  // the run starts worker threads (census -j)
  // Temp files of outputs not renamed into place yet: a violation removes them before it exits.
  std::vector<std::string> remove_on_violation;
};

// Setting the sandbox up failed where it should have worked (exit 4, with --no-sandbox named).
class SandboxError : public Error {
 public:
  explicit SandboxError(const std::string& message) : Error(ExitCode::internal, message) {}
  std::string diagnostic() const override {
    return "cannot set up the sandbox: " + std::string(what()) + " (--no-sandbox runs without it)";
  }
};

// Confines the process as the plan says, or (enabled false) leaves it alone; returns what the
// report header records. Throws SandboxError when seccomp cannot be set up; a kernel without
// Landlock only leaves that layer out.
SandboxState confine(const SandboxPlan& plan, bool enabled);

namespace sandbox_hooks {
// Called (when set) at the end of confine(), confined or not. Only the test-only
// gafcheck-test-hooks binary sets it, to attempt what the sandbox must refuse.
using AfterConfine = void (*)(const SandboxState& state);
extern AfterConfine after_confine;
}  // namespace sandbox_hooks

}  // namespace gafcheck
