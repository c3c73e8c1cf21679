#include "validator/cli/run_inputs.hpp"

#include "validator/check/check_input.hpp"

namespace gafcheck::cli {

void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                RunReporter& reporter) {
  std::uint64_t symlinks = 0, not_inputs = 0;
  while (auto input = walk.next()) {
    if (input->kind == InputKind::symlink_not_followed) {
      ++symlinks;
      continue;
    }
    if (input->error) {
      reporter.add(unreadable_report(input->path, *input->error));
      continue;
    }
    if (!selection.selects(*input)) {
      ++not_inputs;
      continue;
    }
    check_input(input->path, options,
                [&reporter](FileReport&& report) { reporter.add(std::move(report)); });
  }
  reporter.count_walk(symlinks, not_inputs);
}

}  // namespace gafcheck::cli
