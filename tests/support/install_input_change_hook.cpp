// Linked only into gafcheck-test-hooks (never installed): before main runs, installs the input
// change named by GAFCHECK_TEST_HOOK (truncate-after-open, grow-after-open, replace-after-open,
// unlink-after-open, rewrite-after-open) for the input named by GAFCHECK_TEST_HOOK_TARGET (a file
// name; every input when unset), then the ordinary gafcheck main runs.
#include <cstdio>
#include <cstdlib>

#include "tests/support/input_changes.hpp"

namespace {

bool install_from_environment() {
  const char* name = std::getenv("GAFCHECK_TEST_HOOK");
  if (!name) return false;
  const auto change = gafcheck::testing::input_change_named(name);
  if (!change) {
    std::fprintf(stderr, "gafcheck-test-hooks: unknown GAFCHECK_TEST_HOOK '%s'\n", name);
    std::exit(2);
  }
  const char* target = std::getenv("GAFCHECK_TEST_HOOK_TARGET");
  gafcheck::testing::change_inputs_after_open(*change, target ? target : "");
  return true;
}

[[maybe_unused]] const bool installed = install_from_environment();

}  // namespace
