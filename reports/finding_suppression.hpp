#pragma once
// The hook for justified suppressions (.gafcheck.yaml `suppress:`, issue 15): the writers ask only
// this function whether a finding was suppressed and why. The configuration work (branch
// issue15-config) gives Finding `bool suppressed` and `std::string justification`; this reads them
// as soon as Finding has them and says "not suppressed" until then, so the two branches merge
// without an edit here. Once both are merged this can become a plain function of Finding.
#include <concepts>
#include <optional>
#include <string_view>

namespace gafcheck {

template <typename FindingType>
std::optional<std::string_view> suppression_justification(const FindingType& finding) {
  if constexpr (requires {
                  { finding.suppressed } -> std::convertible_to<bool>;
                  { finding.justification } -> std::convertible_to<std::string_view>;
                }) {
    if (finding.suppressed) return std::string_view(finding.justification);
  }
  return std::nullopt;
}

}  // namespace gafcheck
