#pragma once
// Changes an input right after gafcheck opened it and took its size, before it reads a byte
// (through input_hooks::after_open), so tests reproduce a file changing under the reader at an
// exact point instead of racing it. Used by the unit tests and by the test-only gafcheck-test-hooks
// binary; the gafcheck binary never installs it.
#include <optional>
#include <string>
#include <string_view>

namespace gafcheck::testing {

enum class InputChange {
  truncate,  // cut to 0 bytes
  grow,      // 4096 bytes appended
  replace,   // another file renamed over its name
  unlink,    // its name removed
  rewrite,   // its first byte overwritten in place (same size)
};

// "truncate-after-open", "grow-after-open", "replace-after-open", "unlink-after-open",
// "rewrite-after-open"; nullopt for any other name.
std::optional<InputChange> input_change_named(std::string_view name);

// From now on every input opened whose file name is target_name (any input when it is empty)
// gets the change.
void change_inputs_after_open(InputChange change, const std::string& target_name = "");
void stop_changing_inputs();

// The bytes replace-after-open puts in place of the file.
std::string_view replacement_bytes();

}  // namespace gafcheck::testing
