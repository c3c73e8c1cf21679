#pragma once
// A summary document read back (after report_reader.hpp validated it) as the totals and closing
// a writer's summary() takes: what gafcheck html draws a report's summary tables and survey
// charts from, exactly as the run that wrote the report counted them.
#include <yaml-cpp/yaml.h>

#include "reports/yaml_report.hpp"
#include "validator/result/run_totals.hpp"

namespace gafcheck {

struct SummaryTotals {
  RunTotals totals;  // files, bytes, by verdict and format, findings per rule, survey, counters
  ReportClosing closing;
};

// Throws YAML::Exception or std::runtime_error when a field does not hold what gafcheck writes.
SummaryTotals summary_totals(const YAML::Node& summary);

}  // namespace gafcheck
