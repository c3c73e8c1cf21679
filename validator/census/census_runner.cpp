#include "validator/census/census_runner.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "validator/census/census_inputs.hpp"
#include "validator/census/census_journal.hpp"
#include "validator/census/interruption.hpp"
#include "validator/census/resume_cursor.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/ordered_pipeline.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {
namespace {

// Whether the report's own name is a name of the old report (the same path, or a hard link to
// it): writing the report replaces that directory entry, so the old report must move aside first.
// A symlink there is replaced, never written through, and leaves the old report where it is.
bool output_names_old_report(const std::string& output, const std::string& resume) {
  struct stat entry {
  }, old{};
  return ::lstat(output.c_str(), &entry) == 0 && S_ISREG(entry.st_mode) &&
         ::stat(resume.c_str(), &old) == 0 && entry.st_dev == old.st_dev &&
         entry.st_ino == old.st_ino;
}

// Walks the tree the way the census will, only counting, for the progress line's totals.
std::pair<std::uint64_t, std::uint64_t> count_candidates(const CensusRun& run,
                                                         const InputSelection& selection) {
  std::uint64_t files = 0, bytes = 0;
  CensusInputs walk(run.settings.roots, run.list.get());
  while (auto item = walk.next()) {
    if (run.shard && !run.shard->contains(item->relative)) continue;
    if (item->kind == InputKind::symlink_not_followed) continue;
    if (item->kind == InputKind::file && !selection.candidate(*item)) continue;
    if (run.configuration) {
      if (RunConfiguration::leaves_out(*item, run.configuration->scope(item->path))) continue;
    }
    ++files;
    bytes += item->size;
  }
  return {files, bytes};
}

CensusContext make_context(const CensusRun& run, const Baseline* baseline) {
  CensusContext context;
  context.check = run.common.check;
  context.selection = InputSelection(run.settings.extensions);
  context.per_file = run.per_file;
  context.min_severity = display_threshold(run.common);
  context.fail_threshold = fail_threshold(run.common);
  context.baseline = baseline;
  context.hash_all = run.hash_all;
  context.configuration = run.configuration.get();
  return context;
}

// Reads the roots (or the listed files' directories), --baseline and --resume; writes the report
// beside its name (and, resuming into the report itself, moves the old one aside there, within
// the report's directory: Landlock refuses a rename into another directory without its REFER
// right, which the sandbox does not grant); threads for -j.
SandboxPlan sandbox_plan(const CensusRun& run) {
  SandboxPlan plan;
  plan.read_paths = run.list ? listed_read_paths(*run.list) : run.settings.roots;
  if (!run.settings.baseline.empty()) plan.read_paths.push_back(run.settings.baseline);
  if (!run.resume.empty()) plan.read_paths.push_back(run.resume);
  plan.output_paths = output_paths(run.common.outputs);
  plan.threads = run.jobs > 1;
  return plan;
}

// A report written over a listed file (or over the list itself) would destroy it. Only an
// existing output can be one of them: one stat per entry, and none when -o is a new file.
Result<void> check_output_among_listed(const std::string& output, const FileList& list) {
  if (list.identity.list != "-")
    if (auto checked = check_output_among_inputs(output, {list.identity.list}, "--files-from list");
        !checked)
      return checked;
  struct stat info {};
  if (output == "-" || ::stat(output.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return {};
  for (const ListedPath& entry : list.paths)
    if (entry.problem.empty())
      if (auto checked = check_output_among_inputs(output, {entry.path}, "listed input"); !checked)
        return checked;
  return {};
}

// --resume: the old report opened and checked against this run's header. Resuming into the
// report being read: the journal replaces the report's name at its first write, so that name of
// the old report moves aside in its own directory (moved_aside; the open cursor keeps reading
// it; an interrupted run leaves it there) and is removed once the new report is complete. The
// old report's other names (a hard link elsewhere, --resume's own when it is another) keep it as
// it was.
std::unique_ptr<ResumeCursor> open_resume(const CensusRun& run, const ReportHeader& header,
                                          std::string& moved_aside) {
  if (run.resume.empty()) return nullptr;
  std::unique_ptr<ResumeCursor> cursor;
  try {
    cursor = std::make_unique<ResumeCursor>(run.resume, run.resume_verify_hash,
                                            run.common.check.limits[BudgetKind::file_size]);
  } catch (const ReportError& error) {  // read, but holds what gafcheck never writes: exit 3
    throw ReportError("--resume " + run.resume + ": " + error.what());
  } catch (const std::runtime_error& error) {
    throw UsageError{"--resume " + run.resume + ": " + error.what()};
  }
  if (auto reason = incompatibility(cursor->header(), header, false))
    throw UsageError{"--resume " + run.resume + ": cannot continue that report: " + *reason};
  const std::string* yaml = yaml_output(run.common.outputs);
  if (yaml && !is_standard_output(*yaml) && output_names_old_report(*yaml, run.resume)) {
    moved_aside = *yaml + ".resume-source";
    std::error_code error;
    std::filesystem::rename(*yaml, moved_aside, error);
    if (error)
      throw OutputError("cannot move " + *yaml + " aside to " + moved_aside +
                        " to resume into it: " + error.message());
  }
  return cursor;
}

// What the walk settled itself, for the summary.
struct WalkCounts {
  std::uint64_t symlinks = 0, left_out = 0, ignored = 0;
};

// Walks the inputs in path order, each checked on a worker (or taken over from the resumed
// report, or listed as ignored), and hands them to the journal in that order.
WalkCounts walk_in_order(const CensusRun& run, const CensusContext& context, ResumeCursor* cursor,
                         CensusJournal& journal, const std::string& moved_aside) {
  WalkCounts counts;
  using Pipeline = OrderedPipeline<FinishedInput>;
  CensusInputs walk(run.settings.roots, run.list.get());
  // The reports (and an old one moved aside to resume from) may lie inside a root: never inputs.
  for (const auto& writer : journal.writers())
    if (const auto identity = writer->output().file_identity())
      walk.exclude(identity->first, identity->second);
  struct stat aside {};
  if (!moved_aside.empty() && ::stat(moved_aside.c_str(), &aside) == 0)
    walk.exclude(aside.st_dev, aside.st_ino);
  // The next task in path order; runs under the pipeline's lock, so the walk and the resume
  // cursor are only ever touched by one thread at a time.
  const auto next_task = [&]() -> std::optional<Pipeline::Task> {
    while (InterruptionGuard::requested() == 0) {
      auto item = walk.next();
      if (!item) return std::nullopt;
      if (run.shard && !run.shard->contains(item->relative)) continue;
      if (item->kind == InputKind::symlink_not_followed) {
        ++counts.symlinks;
        continue;
      }
      if (item->kind == InputKind::file && !context.selection.candidate(*item)) {
        ++counts.left_out;
        continue;
      }
      if (context.configuration) {
        if (RunConfiguration::leaves_out(*item, context.configuration->scope(item->path))) {
          ++counts.ignored;
          FinishedInput listed;  // no reports: counted by the walk, listed by the writers
          for (const FormatWriter* writer : context.writers)
            listed.rendered.push_back(writer->render_ignored(item->path));
          return Pipeline::Task{{}, std::move(listed)};
        }
      }
      if (cursor) {
        if (auto group = cursor->take(*item))
          return Pipeline::Task{{}, reuse_group(std::move(*group), context)};
      }
      return Pipeline::Task{
          [input = std::move(*item), &context] { return check_census_input(input, context); },
          std::nullopt};
    }
    return std::nullopt;
  };
  Pipeline(run.jobs, next_task, [&journal](FinishedInput&& input) {
    journal.write(std::move(input));
  }).run();
  return counts;
}

void print_census_end(const CensusJournal& journal, const ResumeCursor* cursor,
                      const std::string& resume, int signal, int status) {
  const RunTotals& totals = journal.totals();
  std::cerr << "census: " << counted(totals.files, "file") << " checked ("
            << counted(totals.not_inputs, "other file");
  if (totals.ignored > 0) std::cerr << ", " << totals.ignored << " ignored by the configuration";
  if (cursor) std::cerr << ", " << cursor->taken() << " taken over from " << resume;
  std::cerr << ")";
  if (totals.unreadable == 1)
    std::cerr << "; unreadable: " << journal.first_unreadable();
  else if (totals.unreadable > 1)
    std::cerr << "; " << totals.unreadable
              << " unreadable, the first: " << journal.first_unreadable();
  if (signal != 0) std::cerr << "; interrupted by signal " << signal << ", report is partial";
  std::cerr << "; exit " << status << '\n';
}

}  // namespace

int run_census_walk(const CensusRun& run, ReportHeader header) {
  for (const std::string& output : output_paths(run.common.outputs)) {
    throw_if_failed(
        check_output_in_walk(output, run.settings.roots, InputSelection(run.settings.extensions)));
    if (run.list) throw_if_failed(check_output_among_listed(output, *run.list));
    throw_if_failed(check_output_among_read_files(
        output, files_read_besides_inputs(run.settings.baseline, run.common.palette,
                                          run.configuration.get())));
  }
  // Only the YAML journal may take the --resume report's name (it moves the old one aside and
  // carries every group on); any other format written there would replace the journal.
  const std::string* journal_path = yaml_output(run.common.outputs);
  if (!run.resume.empty())
    for (const OutputRequest& request : run.common.outputs)
      if (&request.path != journal_path && !is_standard_output(request.path))
        throw_if_failed(
            check_output_among_read_files(request.path, {{run.resume, "--resume report"}}));
  // Created now; the YAML journal is renamed into place at its first write, once --resume has
  // been checked, the other formats when the run ends.
  auto writers = open_writers(
      run.common.outputs,
      FormatContext{run.settings.roots, fail_threshold(run.common), run.common.html_thumbnails,
                    run.common.check.limits[BudgetKind::heap], run.common.gallery_thumbnails,
                    run.common.palette_source},
      OutputMode::journal);
  SandboxPlan plan = sandbox_plan(run);
  for (const auto& writer : writers)
    if (writer->output().is_temp())
      plan.remove_on_violation.push_back(writer->output().current_path().string());
  header.sandbox = confine(plan, !run.common.no_sandbox);
  std::unique_ptr<Baseline> baseline;
  if (!run.settings.baseline.empty()) baseline = load_baseline(run.settings.baseline);
  CensusContext context = make_context(run, baseline.get());
  std::string moved_aside;
  const std::unique_ptr<ResumeCursor> cursor = open_resume(run, header, moved_aside);

  std::uint64_t total_files = 0, total_bytes = 0;
  if (run.progress) {
    std::fprintf(stderr, "census: counting files...");
    std::tie(total_files, total_bytes) = count_candidates(run, context.selection);
  }
  Progress progress(run.progress, total_files, total_bytes);
  CensusJournal journal(std::move(writers), header, progress);
  journal.count_hidden(display_threshold(run.common));
  context.writers = journal.renderers();
  InterruptionGuard interruption;
  const WalkCounts counts = walk_in_order(run, context, cursor.get(), journal, moved_aside);
  journal.count_walk(counts.symlinks, counts.left_out, counts.ignored);
  const int signal = InterruptionGuard::requested();
  if (signal == 0 && run.closing_work) {
    ClosingWork work = run.closing_work();
    journal.add_sections(std::move(work.sections), work.code);
  }
  const int status = journal.finish_walk(signal);
  std::error_code removed;
  if (!moved_aside.empty() && signal == 0 && !std::filesystem::remove(moved_aside, removed))
    std::cerr << "census: could not remove " << moved_aside << ": " << removed.message() << '\n';
  print_census_end(journal, cursor.get(), run.resume, signal, status);
  return status;
}

}  // namespace gafcheck
