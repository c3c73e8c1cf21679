#pragma once
// Two TSF scripts compared statement by statement: each `Key = value;` keyed by its section path
// and key (A-Z folded, as the GUI loader matches names), with the line it stands on. A statement
// moved to another line with the same value is no change; comments and layout are not compared.
#include <vector>

#include "validator/compare/content_diff.hpp"
#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"

namespace gafcheck::compare {

std::vector<TsfChange> diff_tsf(ByteView before, ByteView after, const BudgetLimits& limits);

}  // namespace gafcheck::compare
