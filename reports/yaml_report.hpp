#pragma once
// The streamed YAML report: a header document, one document per file, a summary document.
// Each function returns one complete document ("---" line included), ready to write in one go.
#include <string>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/report/file_report.hpp"
#include "validator/report/run_totals.hpp"

namespace gafcheck {

struct ReportHeader {
  std::string command;  // check | census
  std::string command_line;
  std::string started_at;  // ISO 8601 UTC
  std::string profile = "default";
  std::string game = "ta";
  BudgetLimits limits;
};

struct ReportClosing {
  double wall_seconds = 0;
  bool interrupted = false;
  int exit_code = 0;
};

std::string yaml_header_document(const ReportHeader& header);
std::string yaml_file_document(const FileReport& report);
std::string yaml_summary_document(const RunTotals& totals, const ReportClosing& closing);

// The tool's version string.
std::string tool_version();

}  // namespace gafcheck
