#include "validator/census/run_inputs.hpp"

#include "validator/check/check_input.hpp"

namespace gafcheck {

void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                const RunConfiguration& configuration, RunReporter& reporter) {
  std::uint64_t symlinks = 0, not_inputs = 0, ignored = 0;
  while (auto input = walk.next()) {
    if (input->kind == InputKind::symlink_not_followed) {
      ++symlinks;
      continue;
    }
    const RunConfiguration::Scope scope = configuration.scope(input->path);
    if (RunConfiguration::leaves_out(*input, scope)) {
      ++ignored;
      reporter.note_ignored(input->path, scope.configuration->file()->path);
      continue;
    }
    const auto add = [&](FileReport&& report) {
      RunConfiguration::apply(scope, input->path, report);
      reporter.add(std::move(report));
    };
    if (input->error) {
      add(unreadable_report(input->path, *input->error));
      continue;
    }
    if (!selection.selects(*input)) {
      ++not_inputs;
      continue;
    }
    check_input(input->path, options, add);
  }
  reporter.count_walk(symlinks, not_inputs, ignored);
}

}  // namespace gafcheck
