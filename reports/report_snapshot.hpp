#pragma once
// What the SARIF and Code Quality writers need of a report group, carried from render() to
// write(). Their output depends on state that only write() has, in order: which top-level input a
// member belongs to (check hands each report over as a group of its own, so a member's input is
// in an earlier group), occurrence numbers and artifact indices. render() (const, on worker
// threads) snapshots the reports' needed fields as text; write() restores them and does the rest.
// Names are escaped on the way in (escape_bytes) and unescaped on the way out, so raw bytes
// survive exactly.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "reports/format_writer.hpp"

namespace gafcheck {

struct SnapshotReport {
  FileReport report;  // path, member_of, size, sha256, format, verdict and the listed findings
  // Per finding: the justification when configuration suppressed it (finding_suppression.hpp).
  std::vector<std::optional<std::string>> suppressed;
};

std::string snapshot_reports(std::span<const ReportItem> items);
std::vector<SnapshotReport> restore_reports(std::string_view snapshot);

}  // namespace gafcheck
