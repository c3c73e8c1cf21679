#include "validator/cli/sandbox/lazy_state.hpp"

#include <ctime>

#include "validator/core/sha256.hpp"

namespace gafcheck::cli {

void initialise_lazy_state() {
  initialise_sha256();
  ::tzset();
}

}  // namespace gafcheck::cli
