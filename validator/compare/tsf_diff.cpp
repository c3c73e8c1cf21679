#include "validator/compare/tsf_diff.hpp"

#include <map>

#include "validator/core/walk_context.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/tsf/tsf_parser.hpp"

namespace gafcheck::compare {
namespace {

struct Value {
  std::string text;
  std::uint64_t line = 0;
};

std::string folded(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

// Collects every statement by its section path and key; a repeated key keeps its rank
// ("key#2") so neither occurrence hides the other.
class StatementCollector : public tsf::TsfHandler {
 public:
  void open_section(const tsf::SectionHeader& header) override { sections_.push_back(header.name); }
  void close_section(const tsf::TextPosition&, bool) override {
    if (!sections_.empty()) sections_.pop_back();
  }
  void statement(const tsf::Statement& statement) override {
    std::string key = path() + (sections_.empty() ? "" : "/") + statement.key;
    const std::size_t rank = ++seen_[folded(key)];
    if (rank > 1) key += "#" + std::to_string(rank);
    statements[folded(key)] = {key, {statement.value, statement.value_at.line}};
  }
  std::string path() const override {
    std::string joined;
    for (const std::string& name : sections_) joined += (joined.empty() ? "" : "/") + name;
    return joined;
  }

  std::map<std::string, std::pair<std::string, Value>> statements;  // folded key -> key, value

 private:
  std::vector<std::string> sections_;
  std::map<std::string, std::size_t> seen_;
};

StatementCollector collect(ByteView bytes, const BudgetLimits& limits) {
  Findings findings(embedded_catalog(), limits[BudgetKind::findings]);
  BudgetMeter budget(limits);
  WalkContext context{bytes, findings, budget};
  StatementCollector collector;
  tsf::parse_tsf(context, collector);
  return collector;
}

}  // namespace

std::vector<TsfChange> diff_tsf(ByteView before, ByteView after, const BudgetLimits& limits) {
  const StatementCollector a = collect(before, limits), b = collect(after, limits);
  std::vector<TsfChange> changes;
  auto old_it = a.statements.begin();
  auto new_it = b.statements.begin();
  while (old_it != a.statements.end() || new_it != b.statements.end()) {
    const bool take_old = new_it == b.statements.end() ||
                          (old_it != a.statements.end() && old_it->first < new_it->first);
    const bool take_new = old_it == a.statements.end() ||
                          (new_it != b.statements.end() && new_it->first < old_it->first);
    TsfChange change;
    if (take_old) {
      change.key = old_it->second.first;
      change.before = old_it->second.second.text;
      change.old_line = old_it->second.second.line;
      ++old_it;
    } else if (take_new) {
      change.key = new_it->second.first;
      change.after = new_it->second.second.text;
      change.new_line = new_it->second.second.line;
      ++new_it;
    } else {
      const Value &old_value = old_it->second.second, &new_value = new_it->second.second;
      const bool same = old_value.text == new_value.text;
      change = {new_it->second.first, old_value.text, new_value.text, old_value.line,
                new_value.line};
      ++old_it, ++new_it;
      if (same) continue;
    }
    changes.push_back(std::move(change));
  }
  return changes;
}

}  // namespace gafcheck::compare
