#pragma once
// Totals over the files of one run: what the summary document reports.
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "validator/report/file_report.hpp"

namespace gafcheck {

struct RuleTotals {
  std::uint64_t occurrences = 0;
  std::uint64_t files = 0;
};

struct RunTotals {
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
  std::map<std::string, std::uint64_t> by_verdict;
  std::map<std::string, std::uint64_t> by_format;
  std::map<std::string, RuleTotals> findings;  // by rule id
  Counters summary;                            // per-file summary counters, added up
  Histograms survey;                           // per-file histograms, merged
  std::uint64_t budget_hits = 0;
  std::uint64_t unreadable = 0;

  void add(const FileReport& report);
  void merge(const RunTotals& other);
};

}  // namespace gafcheck
