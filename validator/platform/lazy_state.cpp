#include "validator/platform/lazy_state.hpp"

#include <ctime>

#include "validator/core/sha256.hpp"

namespace gafcheck {

void initialise_lazy_state() {
  initialise_sha256();
  ::tzset();
}

}  // namespace gafcheck
