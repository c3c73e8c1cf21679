#pragma once
// One SARIF result for one finding, in either profile (see sarif_writer.hpp).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "validator/rules/finding.hpp"

namespace gafcheck {

enum class SarifProfile { github, binary };

// Where a finding's result points.
struct SarifLocation {
  std::string uri;          // percent-encoded reference: the top-level file inside its root, or
                            // (binary profile) a member's path inside its parent artifact
  std::string uri_base_id;  // the root's id ("ROOT0"); empty for a nested artifact
  std::string member;       // path inside the top-level file (raw bytes); empty for the file
  std::optional<std::size_t> artifact_index;  // binary profile: its entry in run.artifacts
};

// A root's base directory as the value of run.originalUriBaseIds: an absolute one is a file URI
// ending in '/', as SARIF wants a base; a relative one has no absolute URI the log could give
// without guessing the working directory: its description says what it was (`root`, as given).
nlohmann::json sarif_root_location(std::string_view base, std::string_view root);

// "MEMBER!STRUCTURE" (either part alone when the other is empty): the logical location's name.
std::string sarif_qualified_name(std::string_view member, std::string_view structure_path);

// justification: set when configuration suppressed the finding (binary profile: a suppression;
// the github profile leaves such findings out before asking).
nlohmann::json sarif_result(const Finding& finding, const SarifLocation& location,
                            const std::string& fingerprint, SarifProfile profile,
                            std::optional<std::string_view> justification = std::nullopt);

}  // namespace gafcheck
