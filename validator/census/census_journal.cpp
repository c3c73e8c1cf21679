#include "validator/census/census_journal.hpp"

#include <csignal>
#include <cstdlib>
#include <string_view>

#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

// Test-only hook: GAFCHECK_TEST_RAISE_AFTER_GROUPS="N:KILL" (or INT, TERM) raises that signal
// right after the Nth group is written, so tests can interrupt or kill a census at an exact,
// reproducible point instead of racing it with sleeps.
void read_test_hook(std::uint64_t& after, int& signal) {
  const char* value = std::getenv("GAFCHECK_TEST_RAISE_AFTER_GROUPS");
  if (!value) return;
  const std::string_view text(value);
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) return;
  after = std::strtoull(std::string(text.substr(0, colon)).c_str(), nullptr, 10);
  const std::string_view name = text.substr(colon + 1);
  signal = name == "KILL" ? SIGKILL : name == "INT" ? SIGINT : name == "TERM" ? SIGTERM : 0;
}

}  // namespace

CensusJournal::CensusJournal(std::vector<std::unique_ptr<FormatWriter>> writers,
                             const ReportHeader& header, Progress& progress)
    : writers_(std::move(writers)),
      progress_(progress),
      started_(std::chrono::steady_clock::now()) {
  totals_.walk_counted = true;
  read_test_hook(raise_after_groups_, raise_signal_);
  for (const auto& writer : writers_) writer->header(header);
}

std::vector<const FormatWriter*> CensusJournal::renderers() const {
  std::vector<const FormatWriter*> renderers;
  for (const auto& writer : writers_) renderers.push_back(writer.get());
  return renderers;
}

void CensusJournal::write(FinishedInput&& input) {
  for (std::size_t i = 0; i < input.rendered.size() && i < writers_.size(); ++i)
    writers_[i]->write(std::move(input.rendered[i]));
  std::uint64_t bytes = 0;
  for (const FileReport& report : input.reports) {
    totals_.add_without_findings(report);
    bytes += report.size;
    if (report.format == Format::unreadable && first_unreadable_.empty()) {
      const std::string reason = verdict_reason(report);
      first_unreadable_ = escape_bytes(report.path) + (reason.empty() ? "" : ": " + reason);
    }
  }
  totals_.add_severities(input.severities);
  if (input.not_input) ++totals_.not_inputs;
  any_failure_ = any_failure_ || input.failed;
  any_unreadable_ = any_unreadable_ || input.unreadable;
  progress_.advance(1, bytes);
  if (input.reports.empty()) return;  // not an input: no group
  ++groups_written_;
  if (raise_signal_ != 0 && groups_written_ == raise_after_groups_) std::raise(raise_signal_);
}

void CensusJournal::count_walk(std::uint64_t symlinks_not_followed, std::uint64_t not_inputs,
                               std::uint64_t ignored) {
  totals_.symlinks_not_followed += symlinks_not_followed;
  totals_.not_inputs += not_inputs;
  totals_.ignored += ignored;
}

void CensusJournal::count_hidden(Severity below) {
  if (below != Severity::info) totals_.hidden_below = below;
}

void CensusJournal::add_sections(std::vector<SummarySection> sections, ExitCode code) {
  for (SummarySection& section : sections) sections_.push_back(std::move(section));
  if (code == ExitCode::unreadable) any_unreadable_ = true;
  if (code == ExitCode::findings) any_failure_ = true;
}

int CensusJournal::finish(bool interrupted, double wall_seconds) {
  return close(interrupted, wall_seconds,
               exit_status(any_unreadable_ ? ExitCode::unreadable
                           : any_failure_  ? ExitCode::findings
                                           : ExitCode::clean));
}

int CensusJournal::finish_walk(int signal) {
  const double wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (signal != 0) return close(true, wall_seconds, interrupted_exit_status(signal));
  return finish(false, wall_seconds);
}

int CensusJournal::close(bool interrupted, double wall_seconds, int exit_code) {
  progress_.done();
  ReportClosing closing;
  closing.interrupted = interrupted;
  closing.wall_seconds = wall_seconds;
  closing.exit_code = exit_code;
  closing.sections = sections_;
  for (const auto& writer : writers_) writer->summary(totals_, closing);
  for (const auto& writer : writers_) writer->commit();
  return closing.exit_code;
}

}  // namespace gafcheck
