#pragma once
// Member paths as an extractor would use them: traversal (hpi.path-traversal) and collisions
// under case folding (hpi.duplicate-path). gafcheck extract refuses what these checks flag.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

// Components of a member path, split on '/' and '\' (readers join names with '\').
std::vector<std::string_view> path_components(std::string_view path);

// Why extracting to this path would escape the target directory, or nullopt when it is safe:
// '..' or '.', an empty component (absolute path, doubled or trailing separator), a drive
// letter, or a control character.
std::optional<std::string> unsafe_path_reason(std::string_view path);

// Why a member whose path holds a placeholder ("<entry[N]>", MemberRecord::unreadable_name) is
// never written under it: an archive can hold that name for real, and it is not this member's.
inline constexpr const char* unreadable_name_reason =
    "its name cannot be read: the path is a placeholder, not a name in the archive "
    "(hpi.name-bounds)";

// The key two paths collide on: ASCII case folded, '\' read as '/'.
std::string folded_path(std::string_view path);

void check_member_paths(WalkContext& context, const ArchiveIndex& index);

}  // namespace gafcheck::hpi
