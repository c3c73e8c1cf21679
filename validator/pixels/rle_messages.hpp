#pragma once
// Finding messages and retail impacts for RLE walker issues: each message says what the strict
// policy sees and what the retail game does with the same bytes, with the numbers involved.
#include <string>

#include "validator/pixels/rle_walker.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck::pixels {

std::string describe_rle_issue(const RowIssue& issue);

// The retail impact of this one occurrence (refining the catalogue default from its bytes).
Retail rle_issue_retail(const RowIssue& issue);

}  // namespace gafcheck::pixels
