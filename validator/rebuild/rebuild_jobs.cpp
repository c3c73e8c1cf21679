#include "validator/rebuild/rebuild_jobs.hpp"

#include <map>
#include <tuple>

#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/input/input_file.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/rebuild/archive_rebuild.hpp"
#include "validator/rebuild/tsf_normaliser.hpp"

namespace gafcheck {
namespace {

bool is_sprite(Format format) {
  return format == Format::gaf || format == Format::taf_paletted ||
         format == Format::taf_truecolor || format == Format::ta3d_gaf;
}

// The input's findings, each with what the rebuild did about it appended to its message (every
// report format carries the message), and counters rebuild.fixed, .dropped, .kept, .refused;
// rebuild.dropped_content counts what was left out, rebuild.lost what of it no option asked for.
FileReport sidecar_of(const rebuild::RebuildResult& result, const std::string& display) {
  FileReport report = result.input_report;
  report.path = display;
  using Key = std::tuple<std::string_view, std::uint64_t, std::string_view>;
  std::map<Key, const rebuild::Disposition*> by_finding;  // the first disposition of each
  for (const rebuild::Disposition& disposition : result.dispositions)
    by_finding.emplace(Key{disposition.rule, disposition.offset, disposition.path}, &disposition);
  for (Finding& finding : report.findings) {
    const auto found = by_finding.find(Key{rule_name(finding.rule), finding.offset, finding.path});
    const rebuild::Disposition* match = found == by_finding.end() ? nullptr : found->second;
    const std::string action = match ? match->action : (result.refused ? "refused" : "kept");
    finding.message += " [rebuild: " + action;
    if (match && !match->note.empty()) finding.message += ": " + sanitize_text(match->note);
    finding.message += "]";
    report.summary.add("rebuild." + action);
  }
  if (!result.dropped.empty()) report.summary.add("rebuild.dropped_content", result.dropped.size());
  if (result.lost > 0 && !result.refused) report.summary.add("rebuild.lost", result.lost);
  if (result.refused) report.summary.add("rebuild.file_refused");
  return report;
}

RebuildOutcome written(const rebuild::RebuildResult& result) {
  if (result.refused) return RebuildOutcome::refused;
  return result.lost > 0 ? RebuildOutcome::rebuilt_with_losses : RebuildOutcome::rebuilt;
}

// A GAF, TAF or TSF result: the job's outcome, messages, sidecar and bytes.
void take_result(rebuild::RebuildResult result, bool want_sidecar, RebuildJob& job) {
  job.outcome = written(result);
  for (const std::string& reason : result.refusal_reasons) job.messages.push_back(reason);
  for (const std::string& dropped : result.dropped) job.messages.push_back("dropped " + dropped);
  job.messages_unlisted = result.reasons_unlisted;
  if (want_sidecar) job.sidecar = sidecar_of(result, job.path_in_tree);
  job.bytes = std::move(result.bytes);
}

// A file DIR mode copies: not one check takes as an input. Its sidecar document says so.
void copy_unchecked(ByteView bytes, bool want_sidecar, RebuildJob& job) {
  job.outcome = RebuildOutcome::copied;
  job.bytes.resize(static_cast<std::size_t>(bytes.size()));
  bytes.copy_to(0, job.bytes);
  if (!want_sidecar) return;
  FileReport report;
  report.path = job.path_in_tree;
  report.size = bytes.size();
  report.summary.add("rebuild.copied_unchecked");
  job.sidecar = std::move(report);
}

}  // namespace

void run_rebuild_job(RebuildJob& job, const rebuild::RebuildOptions& options, bool want_sidecar,
                     bool tree_mode) {
  auto opened = InputFile::open(job.source, options.limits[BudgetKind::file_size]);
  if (!opened) {
    const ReadFailure& failure = opened.problem();
    job.outcome = failure.too_large ? RebuildOutcome::refused : RebuildOutcome::unreadable;
    job.messages.push_back(failure.too_large ? "budget.exceeded: file_size (" +
                                                   std::to_string(failure.size) + " bytes)"
                                             : failure.reason);
    return;
  }
  const ByteView bytes = opened->view();
  const Format format = refine_format_by_name(sniff_format(bytes), bytes, job.path_in_tree);
  if (format == Format::hpi) {
    rebuild::ArchiveRebuildResult result =
        rebuild::rebuild_archive_file(bytes, job.path_in_tree, options);
    job.outcome = result.refused    ? RebuildOutcome::refused
                  : result.lost > 0 ? RebuildOutcome::rebuilt_with_losses
                                    : RebuildOutcome::rebuilt;
    job.messages = std::move(result.refusal_reasons);
    for (const std::string& dropped : result.dropped) job.messages.push_back("dropped " + dropped);
    job.messages_unlisted = result.lines_unlisted;
    if (want_sidecar) {
      // The archive's own findings, then each rebuilt member's.
      rebuild::RebuildResult view;
      view.refused = result.refused;
      view.lost = result.lost;
      view.dispositions = std::move(result.dispositions);
      view.dropped = std::move(result.dropped);
      view.input_report = std::move(result.input_report);
      job.sidecar = sidecar_of(view, job.path_in_tree);
      for (rebuild::MemberRebuild& member : result.members) {
        rebuild::RebuildResult of_member;
        of_member.refused = member.refused;
        of_member.dispositions = std::move(member.dispositions);
        of_member.input_report = std::move(member.input_report);
        FileReport report = sidecar_of(of_member, job.path_in_tree + "!" + member.path);
        report.member_of = job.path_in_tree + (member.archive.empty() ? "" : "!" + member.archive);
        job.member_sidecars.push_back(std::move(report));
      }
    }
    job.bytes = std::move(result.bytes);
    return;
  }
  if (format == Format::tsf) {
    if (tree_mode && !options.output_images) {
      job.outcome = RebuildOutcome::deferred;
      return;
    }
    return take_result(rebuild::normalise_tsf(bytes, job.path_in_tree, options), want_sidecar, job);
  }
  if (!is_sprite(format)) {
    // check takes a file by its extension (.gaf .taf .tsf and the archives) whatever it holds,
    // and flags one that reads as nothing it knows: such a file is refused, never copied.
    if (!tree_mode || has_format_extension(job.path_in_tree)) {
      job.outcome = RebuildOutcome::refused;
      job.messages.push_back("not a GAF, TAF, TSF or archive: it reads as " +
                             std::string(format_name(format)));
      return;
    }
    return copy_unchecked(bytes, want_sidecar, job);
  }
  take_result(rebuild::rebuild_sprite_file(bytes, job.path_in_tree, options), want_sidecar, job);
}

}  // namespace gafcheck
