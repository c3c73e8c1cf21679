#include "validator/pixels/rle_findings.hpp"

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/pixels/rle_messages.hpp"

namespace gafcheck::pixels {
namespace {

RuleId rule_of(RleIssueKind kind) {
  switch (kind) {
    case RleIssueKind::overrun: return RuleId::rle_overrun;
    case RleIssueKind::short_row: return RuleId::rle_short_row;
    case RleIssueKind::unused_payload: return RuleId::rle_unused_payload;
    case RleIssueKind::truncated_command: return RuleId::rle_truncated_command;
    case RleIssueKind::zero_skip: return RuleId::rle_zero_skip;
    case RleIssueKind::reads_past_eof: return RuleId::rle_reads_past_eof;
    case RleIssueKind::row_out_of_bounds: return RuleId::frame_out_of_bounds;
    case RleIssueKind::out_of_step: return RuleId::rle_out_of_step;
  }
  return RuleId::frame_out_of_bounds;
}

}  // namespace

void RleFindingCollector::on_issue(const RowIssue& issue) {
  const Retail retail = rle_issue_retail(issue);
  if (all_rows_) {
    emit(issue, retail, 1);
    return;
  }
  // Each kind is reported at most once per row by the walker, so occurrences count rows.
  if (!kinds_) kinds_ = std::make_unique<std::array<PerKind, rle_issue_kind_count>>();
  PerKind& kind = (*kinds_)[static_cast<std::size_t>(issue.kind)];
  if (!kind.seen) {
    kind.seen = true;
    kind.first = issue;
  }
  ++kind.rows;
  kind.worst = std::max(kind.worst, retail);
}

void RleFindingCollector::finish() {
  if (!kinds_) return;
  for (const PerKind& kind : *kinds_)
    if (kind.seen) emit(kind.first, kind.worst, kind.rows);
  kinds_.reset();
}

void RleFindingCollector::emit(const RowIssue& issue, Retail retail, std::uint64_t rows) {
  std::string message = describe_rle_issue(issue);
  if (rows > 1) {
    message += " (first of " + std::to_string(rows) + " affected rows of " +
               std::to_string(issue.height) + "; --all-rows lists each)";
  }
  Finding* finding =
      context_.findings.add(rule_of(issue.kind), issue.offset, issue.length,
                            join_indexed(frame_path_, "row", issue.row), std::move(message));
  if (!finding) return;
  finding->row = issue.row;
  finding->column = issue.column;
  if (refine_retail_) finding->retail = retail;
}

}  // namespace gafcheck::pixels
