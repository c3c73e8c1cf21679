#include "validator/census/interruption.hpp"

#include <atomic>
#include <csignal>

namespace gafcheck {
namespace {

std::atomic<int> requested_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "used from a signal handler");

struct sigaction previous_int, previous_term;

extern "C" void request_stop(int signal) {
  requested_signal.store(signal);
}

}  // namespace

InterruptionGuard::InterruptionGuard() {
  requested_signal.store(0);
  struct sigaction action {};
  action.sa_handler = request_stop;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

InterruptionGuard::~InterruptionGuard() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

int InterruptionGuard::requested() {
  return requested_signal.load();
}

}  // namespace gafcheck
