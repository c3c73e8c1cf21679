#pragma once
// What a seccomp violation looks like: the filter traps (SECCOMP_RET_TRAP), the kernel sends
// SIGSYS to the offending thread, and the handler writes
//   gafcheck: sandbox refused system call NAME (nr N)
// to standard error with write(2) and ends the process with _exit(4). The names are resolved with
// libseccomp before the handler is installed (resolving allocates, which a signal handler must
// not), so the handler only copies bytes. It first removes the temp files of outputs not yet
// renamed into place (unlink(2) is async-signal-safe too), so a refused run leaves no stray report
// file behind; once renamed, the name is gone and removing it does nothing.
#include <string>
#include <vector>

namespace gafcheck {

// Fills the name table, notes the temp files to remove (at most 4) and installs the SIGSYS
// handler. Call before the filter is loaded.
void install_violation_report(const std::vector<std::string>& remove_on_violation);

}  // namespace gafcheck
