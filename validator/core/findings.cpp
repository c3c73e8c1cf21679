#include "validator/core/findings.hpp"

#include <algorithm>

namespace gafcheck {

Finding* Findings::add(RuleId rule, std::uint64_t offset, std::uint64_t length, std::string path,
                       std::string message) {
  if (listed_.size() >= max_listed_) return count_only(rule);
  ++counts_[static_cast<std::size_t>(rule)];
  const RuleInfo& info = catalog_.info(rule);
  const Retail retail = retail_override_.value_or(info.retail);
  Finding& finding = listed_.emplace_back();
  finding.rule = rule;
  finding.severity = info.severity;
  finding.retail = retail;
  finding.offset = offset;
  finding.length = length;
  finding.path = std::move(path);
  finding.message = std::move(message);
  return &finding;
}

Finding* Findings::count_only(RuleId rule) {
  ++counts_[static_cast<std::size_t>(rule)];
  ++suppressed_;
  suppressed_worst_retail_ =
      std::max(suppressed_worst_retail_, retail_override_.value_or(catalog_.info(rule).retail));
  return nullptr;
}

}  // namespace gafcheck
