#include "validator/rebuild/rebuild_run.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <optional>
#include <set>
#include <thread>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/safe_directory.hpp"
#include "validator/rebuild/rebuild_jobs.hpp"
#include "validator/tsf/image_lookup.hpp"

namespace gafcheck {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t stderr_lines_per_file = 100;

// What DIR mode finds below its root: the regular files, sorted, paths relative to it
// ('/'-separated); and what it leaves out of OUTDIR, each named: symbolic links and special files
// (FIFOs, sockets, devices), never followed or copied, and where the walk could not go on.
struct TreeListing {
  std::vector<std::string> files;
  std::vector<std::string> left_out;  // "PATH: why", the first stderr_lines_per_file of them
  std::uint64_t symlinks = 0, special = 0, left_out_unlisted = 0;
  std::optional<std::string> walk_error;  // the directory walk stopped there: the rest is unread
};

void name_left_out(TreeListing& listing, const std::string& line) {
  if (listing.left_out.size() < stderr_lines_per_file)
    listing.left_out.push_back(line);
  else
    ++listing.left_out_unlisted;
}

TreeListing tree_files(const fs::path& root) {
  TreeListing listing;
  std::error_code error;
  fs::recursive_directory_iterator it(root, error);
  std::string relative;  // the last entry walked
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const fs::file_status status = it->symlink_status();
    relative = it->path().lexically_relative(root).generic_string();
    if (fs::is_symlink(status)) {
      ++listing.symlinks;
      name_left_out(listing, escape_bytes(relative) + ": a symbolic link, not followed");
    } else if (fs::is_regular_file(status)) {
      listing.files.push_back(relative);
    } else if (!fs::is_directory(status)) {
      ++listing.special;
      name_left_out(listing, escape_bytes(relative) + ": a special file (FIFO, socket, device)");
    }
  }
  // An unreadable directory (or one gone while walked) ends the walk: what is below it and after
  // it is not in OUTDIR, and the run says so instead of passing for the whole tree.
  if (error)
    listing.walk_error =
        (relative.empty() ? "its start" : escape_bytes(relative)) + " (" + error.message() + ")";
  std::sort(listing.files.begin(), listing.files.end());
  return listing;
}

// A path's components with ASCII case folded and '\\' read as '/', "." and empty ones dropped.
std::string folded_tree_path(std::string_view path) {
  std::string folded;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find_first_of("/\\", start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view part = path.substr(start, end - start);
    if (!part.empty() && part != ".") folded += (folded.empty() ? "" : "/") + ascii_lowercase(part);
    start = end + 1;
  }
  return folded;
}

// The images a rebuilt TSF script names, looked up among the files the output tree will hold,
// ignoring case as the game's file systems do.
class OutputTreeImages final : public tsf::ImageLookup {
 public:
  OutputTreeImages(const std::set<std::string>& written, std::string_view script)
      : written_(written) {
    const auto slash = script.find_last_of('/');
    directory_ = folded_tree_path(slash == std::string_view::npos ? "" : script.substr(0, slash));
  }
  tsf::ImageProbe probe(std::string_view relative_name) override {
    const std::string name = folded_tree_path(relative_name);
    const std::string path = directory_.empty() ? name : directory_ + "/" + name;
    return {written_.count(path) > 0, {}};
  }
  std::string where() const override { return "the rebuilt tree"; }

 private:
  const std::set<std::string>& written_;
  std::string directory_;
};

// The highest exit code applies.
void raise_to(ExitCode& code, ExitCode at_least) {
  if (exit_status(at_least) > exit_status(code)) code = at_least;
}

class RebuildRunner {
 public:
  explicit RebuildRunner(const RebuildRun& run) : run_(run) {}
  ExitCode run();

 private:
  void open_and_confine();
  // Runs run_one on the work items at indices, on up to --jobs threads.
  template <typename RunOne>
  void run_all(const std::vector<std::size_t>& indices, const RunOne& run_one);
  void rebuild_all();
  // Names the job's messages on standard error (a bounded number of lines).
  void show_messages(const RebuildJob& job, const std::string& shown) const;
  // Writes what the job made, counts it and raises the exit code by its outcome.
  void settle(RebuildJob& job);
  void settle_tree();
  void summarise() const;

  const RebuildRun& run_;
  std::optional<SafeDirectory> target_;
  std::unique_ptr<RebuildSidecar> sidecar_;
  std::vector<RebuildJob> work_;
  TreeListing tree_;  // DIR mode's walk of DIR
  ExitCode exit_code_ = ExitCode::clean;
  std::uint64_t rebuilt_ = 0, with_losses_ = 0, copied_ = 0, refused_ = 0, not_written_ = 0;
};

void RebuildRunner::open_and_confine() {
  target_.emplace(open_output_directory(run_.out_directory.string(), "write into"));
  struct stat input_stat {};
  if (!run_.tree_mode && ::stat(run_.input.c_str(), &input_stat) == 0)
    target_->protect(input_stat.st_dev, input_stat.st_ino);
  if (!run_.report.empty()) sidecar_ = run_.open_sidecar();
  SandboxPlan plan;
  plan.read_paths = {run_.input};
  plan.write_trees = {run_.out_directory.string()};
  plan.threads = run_.jobs > 1;
  if (!run_.report.empty()) plan.output_paths = {run_.report};
  if (sidecar_) plan.remove_on_violation = sidecar_->temp_paths();
  const SandboxState sandbox = confine(plan, run_.sandbox);
  if (sidecar_) sidecar_->start(sandbox);
}

template <typename RunOne>
void RebuildRunner::run_all(const std::vector<std::size_t>& indices, const RunOne& run_one) {
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < indices.size();) run_one(work_[indices[i]]);
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::min<std::size_t>(run_.jobs, indices.size()); ++t)
    threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
}

void RebuildRunner::rebuild_all() {
  if (run_.tree_mode) {
    tree_ = tree_files(run_.in_full);
    for (const std::string& relative : tree_.files)
      work_.push_back({run_.in_full / relative, relative});
  } else {
    work_.push_back({fs::path(run_.input), run_.input});
  }
  std::vector<std::size_t> all(work_.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  run_all(all, [&](RebuildJob& job) {
    run_rebuild_job(job, run_.options, sidecar_ != nullptr, run_.tree_mode);
  });
  // DIR mode: TSF scripts once every other file's fate is known, their images looked up among
  // the files OUTDIR will hold (check of OUTDIR looks there). Scripts are never images.
  std::vector<std::size_t> scripts;
  std::set<std::string> written;
  for (std::size_t i = 0; i < work_.size(); ++i) {
    const RebuildOutcome outcome = work_[i].outcome;
    if (outcome == RebuildOutcome::deferred)
      scripts.push_back(i);
    else if (outcome == RebuildOutcome::rebuilt || outcome == RebuildOutcome::rebuilt_with_losses ||
             outcome == RebuildOutcome::copied)
      written.insert(folded_tree_path(work_[i].path_in_tree));
  }
  run_all(scripts, [&](RebuildJob& job) {
    OutputTreeImages images(written, job.path_in_tree);
    rebuild::RebuildOptions with_images = run_.options;
    with_images.output_images = &images;
    run_rebuild_job(job, with_images, sidecar_ != nullptr, run_.tree_mode);
  });
}

void RebuildRunner::show_messages(const RebuildJob& job, const std::string& shown) const {
  std::size_t shown_lines = 0;
  for (const std::string& message : job.messages)
    if (shown_lines++ < stderr_lines_per_file)
      std::cerr << "gafcheck: " << shown << ": " << sanitize_text(message) << '\n';
  const std::uint64_t not_shown = job.messages.size() -
                                  std::min(job.messages.size(), stderr_lines_per_file) +
                                  job.messages_unlisted;
  if (not_shown > 0)
    std::cerr << "gafcheck: " << shown << ": " << not_shown
              << " more lines not shown (the sidecar, --report, has every finding's fate)\n";
}

void RebuildRunner::settle(RebuildJob& job) {
  const std::string shown = escape_bytes(run_.tree_mode ? job.path_in_tree : run_.input);
  show_messages(job, shown);
  if (job.sidecar && sidecar_) sidecar_->add(std::move(*job.sidecar));
  if (sidecar_)
    for (FileReport& member : job.member_sidecars) sidecar_->add(std::move(member));
  switch (job.outcome) {
    case RebuildOutcome::unreadable: raise_to(exit_code_, ExitCode::unreadable); return;
    case RebuildOutcome::archive_refused:
      raise_to(exit_code_, ExitCode::usage);
      ++refused_;
      return;
    case RebuildOutcome::deferred:  // cannot happen: every script ran in the second pass
    case RebuildOutcome::refused:
      raise_to(exit_code_, ExitCode::findings);
      std::cerr << "gafcheck: " << shown << ": refused, not written\n";
      ++refused_;
      return;
    case RebuildOutcome::rebuilt:
    case RebuildOutcome::rebuilt_with_losses:
    case RebuildOutcome::copied: break;
  }
  // Counted once the file is written: a file that could not be written is neither rebuilt nor
  // copied, and the summary says so.
  const std::string name = run_.tree_mode ? job.path_in_tree : run_.out_named.filename().string();
  if (const auto written = target_->write(name, job.bytes, run_.force); !written) {
    std::cerr << "gafcheck: " << escape_bytes(name) << " not written: " << written.problem().message
              << '\n';
    raise_to(exit_code_, written.problem().code);
    ++not_written_;
    return;
  }
  if (job.outcome == RebuildOutcome::copied) {
    ++copied_;
  } else if (job.outcome == RebuildOutcome::rebuilt) {
    ++rebuilt_;
  } else {
    std::cerr << "gafcheck: " << shown
              << ": written, but content was left out that no option asked to drop "
                 "(listed above as dropped)\n";
    ++with_losses_;
    raise_to(exit_code_, ExitCode::content_lost);
  }
}

// DIR mode: what the walk left out of OUTDIR is named, and makes the run exit 5 (content no
// option asked to drop) or, when the walk stopped, 3 (an input could not be read).
void RebuildRunner::settle_tree() {
  for (const std::string& line : tree_.left_out)
    std::cerr << "gafcheck: dropped " << line << ": not in the rebuilt tree\n";
  if (tree_.left_out_unlisted > 0)
    std::cerr << "gafcheck: dropped " << tree_.left_out_unlisted
              << " more symbolic links or special files\n";
  if (tree_.symlinks + tree_.special > 0) raise_to(exit_code_, ExitCode::content_lost);
  if (tree_.walk_error) {
    std::cerr << "gafcheck: the walk of " << escape_bytes(run_.input) << " stopped at "
              << *tree_.walk_error
              << ": the files below it and after it are not in the rebuilt tree\n";
    raise_to(exit_code_, ExitCode::unreadable);
  }
}

void RebuildRunner::summarise() const {
  std::cerr << "rebuild: " << rebuilt_ << " rebuilt, ";
  if (with_losses_) std::cerr << with_losses_ << " written with content left out, ";
  std::cerr << copied_ << " copied, " << refused_ << " refused";
  if (not_written_) std::cerr << ", " << not_written_ << " not written";
  if (tree_.symlinks) std::cerr << ", " << tree_.symlinks << " symbolic links not followed";
  if (tree_.special)
    std::cerr << ", " << tree_.special << " special files (FIFOs, devices) not copied";
  if (tree_.walk_error) std::cerr << ", the walk of DIR stopped early";
  std::cerr << '\n';
}

ExitCode RebuildRunner::run() {
  open_and_confine();
  rebuild_all();
  for (RebuildJob& job : work_) settle(job);
  settle_tree();
  if (sidecar_) sidecar_->finish();
  summarise();
  return exit_code_;
}

}  // namespace

ExitCode RebuildRun::run() const {
  return RebuildRunner(*this).run();
}

}  // namespace gafcheck
