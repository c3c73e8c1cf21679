#include "validator/hpi/directory_tree.hpp"

#include "validator/core/text.hpp"

namespace gafcheck::hpi {
namespace {
constexpr std::size_t no_parent = static_cast<std::size_t>(-1);
// Structure paths in findings: long enough for any real archive's names.
constexpr std::size_t max_where_bytes = 512;
// Bytes held per byte of a member's raw path (see add_member).
constexpr std::uint64_t path_copies = 16;

// The escaped structure path of a raw member or directory path.
std::string where_of(const std::string& path) {
  return shorten_middle(escape_bytes(path), max_where_bytes);
}
}  // namespace

std::size_t DirectoryTree::add_root(std::uint64_t offset) {
  nodes_.push_back({offset, no_parent, 0, "", "directory"});
  node_at_offset_.emplace(offset, 0);
  index_.directories = 1;
  return 0;
}

bool DirectoryTree::is_ancestor_or_self(std::size_t node, std::size_t candidate) const {
  for (std::size_t at = node; at != no_parent; at = nodes_[at].parent)
    if (at == candidate) return true;
  return false;
}

std::optional<std::size_t> DirectoryTree::add_subdirectory(std::size_t parent, std::uint64_t offset,
                                                           std::uint64_t field_offset,
                                                           const EntryName& name) {
  const std::string& component = name.component;
  std::string path = child_path(parent, component);
  std::string where = where_of(path);
  const auto seen = node_at_offset_.find(offset);
  if (seen != node_at_offset_.end()) {
    const Node& earlier = nodes_[seen->second];
    if (is_ancestor_or_self(parent, seen->second)) {
      context_.findings.add(RuleId::hpi_directory_cycle, field_offset, 4, where, [&] {
        return "directory entry points at the directory at " + hex(offset) + ", which is " +
               (seen->second == parent ? std::string("the directory containing it")
                                       : "its ancestor '" + earlier.where + "'") +
               ": a recursive reader never returns";
      });
    } else {
      Finding* finding =
          context_.findings.add(RuleId::hpi_directory_cycle, field_offset, 4, where, [&] {
            return "directory entry points at the directory at " + hex(offset) +
                   ", already reached as '" + earlier.where +
                   "': readers list its contents twice (gafcheck walks it once)";
          });
      if (finding) finding->retail = Retail::unknown;
    }
    return std::nullopt;
  }
  const std::uint64_t depth = nodes_[parent].depth + 1;
  if (!context_.check(BudgetKind::directory_depth, depth, field_offset, where)) return std::nullopt;
  if (!context_.charge_heap(1, sizeof(Node) + 2 * (nodes_[parent].path.size() + component.size()),
                            field_offset, where))
    return std::nullopt;
  nodes_.push_back({offset, parent, depth, std::move(path), std::move(where),
                    name.unreadable || nodes_[parent].unreadable_name});
  node_at_offset_.emplace(offset, nodes_.size() - 1);
  ++index_.directories;
  return nodes_.size() - 1;
}

std::optional<DirectoryTree::EntryName> DirectoryTree::read_name(const Block& names,
                                                                 std::uint64_t name_offset,
                                                                 std::uint64_t field_offset,
                                                                 std::size_t directory,
                                                                 std::uint64_t entry_index) {
  const std::uint64_t limit = context_.budget.limit(BudgetKind::name_length);
  Block::Name name = names.name(name_offset, limit);
  if (name.status == Block::Name::Status::ok) return EntryName{std::move(name.bytes)};
  const std::string where = join_path(entry_where(directory, entry_index), "name");
  switch (name.status) {
    case Block::Name::Status::ok: break;
    case Block::Name::Status::too_long:
      // A budget stops only the work it bounds: only this name's entry is skipped.
      skipped_entries_ = true;
      context_.check(BudgetKind::name_length, name.length, names.file_offset(name_offset), where);
      return std::nullopt;
    case Block::Name::Status::outside:
      context_.findings.add(RuleId::hpi_name_bounds, field_offset, 4, where, [&] {
        return "name offset " + hex(name_offset) + " lies outside the block [" +
               hex(names.begin()) + ", " + hex(names.end()) + ") that holds the names";
      });
      break;
    case Block::Name::Status::unterminated:
      context_.findings.add(RuleId::hpi_name_bounds, names.file_offset(name_offset),
                            names.file_length(name.length), where, [&] {
                              return "name at " + hex(name_offset) +
                                     " has no NUL before the end of its " + "block at " +
                                     hex(names.end()) + " (" + std::to_string(name.length) +
                                     " bytes scanned)";
                            });
      break;
  }
  return EntryName{"<" + indexed("entry", entry_index) + ">", true};
}

bool DirectoryTree::add_member(std::size_t directory, const EntryName& name, MemberRecord member) {
  member.path = child_path(directory, name.component);
  member.unreadable_name = name.unreadable || nodes_[directory].unreadable_name;
  member.where = where_of(member.path);
  // The raw path is kept (ls and extract need it) and reappears, escaped up to four times as
  // long, in the member listing, the member's own report and its census record.
  if (!context_.charge_heap(
          1, sizeof(MemberRecord) + path_copies * member.path.size() + member.where.size(),
          member.entry_offset, member.where))
    return false;
  index_.members.push_back(std::move(member));
  return true;
}

std::string DirectoryTree::child_path(std::size_t directory, const std::string& component) const {
  const std::string& parent = nodes_[directory].path;
  if (parent.empty() && directory == 0) return component;
  std::string path;
  path.reserve(parent.size() + 1 + component.size());
  return path.append(parent).append(1, '/').append(component);
}

std::string DirectoryTree::entry_where(std::size_t directory, std::uint64_t entry_index) const {
  return join_indexed(nodes_[directory].where, "entry", entry_index);
}

std::string DirectoryTree::child_where(std::size_t directory, const std::string& component) const {
  return where_of(child_path(directory, component));
}

}  // namespace gafcheck::hpi
