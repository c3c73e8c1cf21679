#pragma once
#include "validator/core/budget.hpp"

namespace gafcheck {

enum class Game { ta, tak };

struct CheckOptions {
  BudgetLimits limits;
  Game game = Game::ta;
  bool all_rows = false;  // list every affected RLE row instead of one finding per frame and rule
};

}  // namespace gafcheck
