#pragma once
// What both directory layouts (v1 §3, v2 §5) share while they are walked: names read within
// their block and budget, paths, the directory nodes with cycle detection and the depth budget,
// and the member list.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/hpi/block.hpp"

namespace gafcheck::hpi {

class DirectoryTree {
 public:
  // A name as read: its path component, and whether that is a placeholder ("<entry[N]>") for a
  // name that cannot be read, which an archive can also hold as a real name.
  struct EntryName {
    std::string component;
    bool unreadable = false;
  };
  DirectoryTree(WalkContext& context, ArchiveIndex& index) : context_(context), index_(index) {}

  // The root directory; its header (v1) or entry (v2) is at offset.
  std::size_t add_root(std::uint64_t offset);
  // The subdirectory an entry names. nullopt when it must not be walked: it was reached before
  // (hpi.directory-cycle) or it is too deep (budget.exceeded); the finding is emitted here.
  std::optional<std::size_t> add_subdirectory(std::size_t parent, std::uint64_t offset,
                                              std::uint64_t field_offset, const EntryName& name);

  // The name at name_offset in names. An unreadable name gives hpi.name-bounds and a placeholder
  // component; nullopt when the name is longer than the name budget: that entry (and what it
  // leads to) is skipped, the walk goes on with the next one.
  std::optional<EntryName> read_name(const Block& names, std::uint64_t name_offset,
                                     std::uint64_t field_offset, std::size_t directory,
                                     std::uint64_t entry_index);

  // Adds a member found in directory; false when the heap budget refused its path. Its path is
  // marked unreadable_name when its name or a directory's above it is a placeholder.
  bool add_member(std::size_t directory, const EntryName& name, MemberRecord member);

  std::string child_path(std::size_t directory, const std::string& component) const;
  // Escaped structure path of a directory ("directory" for the root) and of one of its entries.
  const std::string& where(std::size_t directory) const { return nodes_[directory].where; }
  std::string entry_where(std::size_t directory, std::uint64_t entry_index) const;
  std::string child_where(std::size_t directory, const std::string& component) const;
  // No entry was skipped for its name: the members and extents cover the whole directory.
  bool complete() const { return !skipped_entries_; }

  // Queues the entries of a directory just read for walk(): count entries from first (an offset
  // in the layout's directory block).
  void open(std::size_t directory, std::uint64_t first, std::uint64_t count) {
    open_.push_back({directory, first, count});
  }
  // Hands visit(directory, entry offset, entry index) every queued entry, depth first (what visit
  // opens is walked before the rest of its parent), until the context stops or visit returns false
  // (the walk must stop). Walked to the end, it sets index.walk_complete unless an entry was
  // skipped.
  template <typename Visit>
  void walk(std::uint64_t entry_stride, Visit visit) {
    while (!open_.empty() && !context_.stopped()) {
      OpenDirectory& top = open_.back();
      if (top.next == top.count) {
        open_.pop_back();
        continue;
      }
      const std::uint64_t entry_index = top.next++;
      if (!visit(top.node, top.first + entry_index * entry_stride, entry_index)) return;
    }
    index_.walk_complete = !context_.stopped() && complete();
  }

 private:
  struct Node {
    std::uint64_t offset;
    std::size_t parent;
    std::uint64_t depth;
    std::string path;
    std::string where;
    bool unreadable_name = false;  // its name, or an ancestor's, is a placeholder
  };
  struct OpenDirectory {
    std::size_t node;
    std::uint64_t first;
    std::uint64_t count;  // entries that fit in the block
    std::uint64_t next = 0;
  };
  bool is_ancestor_or_self(std::size_t node, std::size_t candidate) const;

  WalkContext& context_;
  ArchiveIndex& index_;
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, std::size_t> node_at_offset_;
  bool skipped_entries_ = false;
  std::vector<OpenDirectory> open_;  // directories whose entries walk() has yet to visit
};

}  // namespace gafcheck::hpi
