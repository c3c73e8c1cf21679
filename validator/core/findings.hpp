#pragma once
// Collects a file's findings, filling default severity and retail impact from the catalogue.
// Past the findings budget, findings are counted per rule instead of listed, so a file with a
// million defects still gives a bounded, readable report.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "validator/rules/catalog.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

class Findings {
 public:
  Findings(const Catalog& catalog, std::uint64_t max_listed)
      : catalog_(catalog), max_listed_(max_listed) {}

  // Adds a finding with the rule's default severity and retail impact; returns it for refinement
  // (retail, row, column), or nullptr when it was only counted.
  Finding* add(RuleId rule, std::uint64_t offset, std::uint64_t length, std::string path,
               std::string message);
  // The same with the message composed only when the finding is listed: a hostile file can hold
  // millions of defects, and past the budget composing their messages would be most of the work.
  template <typename Compose>
  requires std::is_invocable_r_v<std::string, Compose&> Finding* add(RuleId rule,
                                                                     std::uint64_t offset,
                                                                     std::uint64_t length,
                                                                     std::string path,
                                                                     Compose&& compose_message) {
    if (listed_.size() >= max_listed_) return count_only(rule);
    return add(rule, offset, length, std::move(path), compose_message());
  }

  // The same with the structure path composed only when the finding is listed too: for findings
  // a file can hold one of per table slot, whose paths are built for nothing past the budget.
  template <typename ComposePath, typename Compose>
  requires std::is_invocable_r_v<std::string, ComposePath&> &&
      std::is_invocable_r_v<std::string, Compose&>
          Finding* add(RuleId rule, std::uint64_t offset, std::uint64_t length,
                       ComposePath&& compose_path, Compose&& compose_message) {
    if (listed_.size() >= max_listed_) return count_only(rule);
    return add(rule, offset, length, compose_path(), compose_message());
  }

  // While a retail override is set, findings take that impact instead of the default (for
  // structures the game never loads, e.g. entries behind a negative entry count).
  void set_retail_override(std::optional<Retail> retail) { retail_override_ = retail; }
  std::optional<Retail> retail_override() const { return retail_override_; }

  const std::vector<Finding>& listed() const { return listed_; }
  std::vector<Finding> take_listed() { return std::move(listed_); }
  // Occurrences per rule, listed or not.
  const std::array<std::uint64_t, rule_count>& counts() const { return counts_; }
  std::uint64_t suppressed() const { return suppressed_; }
  // Worst default retail impact among the findings that were only counted.
  Retail suppressed_worst_retail() const { return suppressed_worst_retail_; }
  bool has(RuleId rule) const { return counts_[static_cast<std::size_t>(rule)] > 0; }

 private:
  // Counts a finding past the budget without listing it; returns nullptr.
  Finding* count_only(RuleId rule);

  const Catalog& catalog_;
  std::uint64_t max_listed_;
  std::vector<Finding> listed_;
  std::array<std::uint64_t, rule_count> counts_{};
  std::uint64_t suppressed_ = 0;
  Retail suppressed_worst_retail_ = Retail::none;
  std::optional<Retail> retail_override_;
};

}  // namespace gafcheck
