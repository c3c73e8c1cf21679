#pragma once
// SIGINT and SIGTERM ask a census to stop cleanly: no new files are started, the ones already
// queued are finished and written, and the summary says interrupted: true. The handlers reset
// themselves, so a second signal ends the process at once (the report then still holds every
// completed file's documents).
namespace gafcheck {

class InterruptionGuard {
 public:
  InterruptionGuard();  // installs the handlers
  InterruptionGuard(const InterruptionGuard&) = delete;
  InterruptionGuard& operator=(const InterruptionGuard&) = delete;
  ~InterruptionGuard();  // restores the previous handlers

  // The signal that asked to stop, or 0.
  static int requested();
};

}  // namespace gafcheck
