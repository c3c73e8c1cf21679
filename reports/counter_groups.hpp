#pragma once
// How dotted counters ("coverage.slack") nest in a report, for every writer that nests them.
// Groups come in first-use order, each with all its counters: gafcheck adds a group's counters
// together, so they are adjacent anyway, but records read back (merge, --resume) may order them
// otherwise, and a key written twice would make a report unreadable. For the same reason a counter
// named like a group (only from such records) goes into the group under "".
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "validator/result/file_report.hpp"

namespace gafcheck {

struct CounterGroup {
  std::string name;
  bool nested = false;  // false: a plain counter, its value in counters[0] under ""
  std::vector<std::pair<std::string, std::uint64_t>> counters;  // key inside the group, value
};

std::vector<CounterGroup> group_counters(const Counters& counters);

}  // namespace gafcheck
