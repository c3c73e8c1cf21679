#include "validator/rebuild/refusal_rules.hpp"

namespace gafcheck::rebuild {

bool refuses_rebuild(RuleId rule) {
  switch (rule) {
    case RuleId::header_truncated:
    case RuleId::entry_out_of_bounds:
    case RuleId::entry_alias:
    case RuleId::frame_out_of_bounds:
    case RuleId::frame_header_shared:
    case RuleId::composite_cycle:
    case RuleId::composite_table_shared:
    case RuleId::rle_reads_past_eof:
    case RuleId::extent_rebase_overlap:
    case RuleId::ta3d_payload_out_of_bounds:
    case RuleId::format_unknown:
    case RuleId::format_container:
    case RuleId::budget_exceeded: return true;
    default: return false;
  }
}

}  // namespace gafcheck::rebuild
