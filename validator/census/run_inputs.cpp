#include "validator/census/run_inputs.hpp"

#include "validator/check/check_input.hpp"
#include "validator/platform/ordered_pipeline.hpp"

namespace gafcheck {
namespace {

// One input of the walk, ready for the reporter: the reports of an input checked (rated by the
// configuration), or an input the configuration's ignore: leaves out.
struct CheckedInput {
  std::vector<FileReport> reports;
  std::string ignored_path, ignored_by;  // set for an ignored input
};

CheckedInput check_walked_input(const std::string& path, const RunConfiguration::Scope& scope,
                                const CheckOptions& options) {
  CheckedInput done;
  check_input(path, options, [&](FileReport&& report) {
    RunConfiguration::apply(scope, path, report);
    done.reports.push_back(std::move(report));
  });
  return done;
}

}  // namespace

void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                const RunConfiguration& configuration, RunReporter& reporter, unsigned jobs) {
  using Pipeline = OrderedPipeline<CheckedInput>;
  std::uint64_t symlinks = 0, not_inputs = 0, ignored = 0;
  // Runs under the pipeline's lock: the walk and the counts are touched by one thread at a time.
  const auto next_task = [&]() -> std::optional<Pipeline::Task> {
    while (auto input = walk.next()) {
      if (input->kind == InputKind::symlink_not_followed) {
        ++symlinks;
        continue;
      }
      RunConfiguration::Scope scope = configuration.scope(input->path);
      if (RunConfiguration::leaves_out(*input, scope)) {
        ++ignored;
        return Pipeline::Task{{}, CheckedInput{{}, input->path, scope.configuration->file()->path}};
      }
      if (input->error) {
        CheckedInput unreadable;
        unreadable.reports.push_back(unreadable_report(input->path, *input->error));
        RunConfiguration::apply(scope, input->path, unreadable.reports.back());
        return Pipeline::Task{{}, std::move(unreadable)};
      }
      if (!selection.selects(*input)) {
        ++not_inputs;
        continue;
      }
      return Pipeline::Task{[path = std::move(input->path), scope = std::move(scope), &options] {
                              return check_walked_input(path, scope, options);
                            },
                            std::nullopt};
    }
    return std::nullopt;
  };
  Pipeline(jobs, next_task, [&reporter](CheckedInput&& input) {
    if (!input.ignored_path.empty()) reporter.note_ignored(input.ignored_path, input.ignored_by);
    for (FileReport& report : input.reports) reporter.add(std::move(report));
  }).run();
  reporter.count_walk(symlinks, not_inputs, ignored);
}

}  // namespace gafcheck
