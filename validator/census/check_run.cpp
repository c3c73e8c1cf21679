#include "validator/census/check_run.hpp"

#include "validator/census/run_inputs.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {

ExitCode CheckRun::run() const {
  ReportHeader header;
  header.command = "check";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.profile = configuration->profile_label();
  header.config = configuration->sources();
  const InputSelection selection({});
  const std::vector<ReadFile> read_files =
      files_read_besides_inputs(options.baseline, options.palette, configuration.get());
  for (const std::string& output : output_paths(options.outputs)) {
    throw_if_failed(check_output_in_walk(output, paths, selection));
    throw_if_failed(check_output_among_read_files(output, read_files));
  }
  RunReporter reporter(options, PerFile::all, paths);
  SandboxPlan plan;
  plan.read_paths = paths;
  if (!options.baseline.empty()) plan.read_paths.push_back(options.baseline);
  plan.output_paths = output_paths(options.outputs);
  plan.threads = jobs > 1;
  for (const auto& writer : reporter.writers())
    if (writer->output().is_temp())
      plan.remove_on_violation.push_back(writer->output().current_path().string());
  header.sandbox = confine(plan, !options.no_sandbox);
  reporter.start(header);
  InputWalk walk(paths);
  for (const auto& writer : reporter.writers())
    if (const auto identity = writer->output().file_identity())
      walk.exclude(identity->first, identity->second);
  run_inputs(walk, selection, options.check, *configuration, reporter, jobs);
  return ExitCode{reporter.finish(false)};
}

}  // namespace gafcheck
