#pragma once
// The archive rebuild's worker (rebuild_archive_file in archive_rebuild.hpp): one archive read and
// checked, its members placed, decoded and rebuilt, its findings mapped. Private to the rebuild
// room: archive_rebuild.cpp holds the archive's part, archive_member_rebuild.cpp the members'.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "validator/core/findings.hpp"
#include "validator/detect/name_context.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/rebuild/archive_rebuild.hpp"
#include "validator/rebuild/hpi_writer.hpp"

namespace gafcheck::rebuild {

// What the archives of one input have used of the budgets they share, nested ones included.
struct SharedUse {
  std::uint64_t output = 0;   // decoded bytes of the members written, each stored copy once
  std::uint64_t members = 0;  // members rebuilt (checked formats and nested archives)
  // Bytes held at this moment, charged to --max-heap: every kept member (compressed, as it will
  // be stored), and the member being decoded and rebuilt.
  std::uint64_t held = 0;
  std::uint64_t messages = 0;           // lines listed (left out, refusals): --max-findings
  std::uint64_t messages_unlisted = 0;  // past that bound: counted only
};

// "rule at where: message", as a member's reasons list a finding.
std::string describe_finding(const Finding& finding);

// What a member's rebuild depends on besides its bytes: its name's context as check reads it
// (detect/name_context.hpp) and whether it is a mask file (version 0 kept).
struct NamedAs {
  NameContext context;
  bool mask_file;
  auto operator<=>(const NamedAs&) const = default;
};

// The key a member's stored bytes decode by, and under that name rebuild by: entries with equal
// keys rebuild to equal content.
struct StoredKey {
  std::uint64_t offset, size, v2_stored_size;
  std::uint8_t compression;
  NamedAs named;
  auto operator<=>(const StoredKey&) const = default;
};

// The stored bytes an entry points at in the input.
struct StoredExtent {
  std::uint64_t offset, size, v2_stored_size;
  std::uint8_t compression;
  auto operator<=>(const StoredExtent&) const = default;
};

// The key a member's rebuild is cached by (see MemberRebuilder).
struct RebuildKey {
  std::string sha256;
  Format format;
  NamedAs named;
  auto operator<=>(const RebuildKey&) const = default;
};

class ArchiveRebuilder {
 public:
  ArchiveRebuilder(const RebuildOptions& options, const MemberRebuilder& rebuild_member,
                   SharedUse& use)
      : options_(options), rebuild_member_(rebuild_member), use_(use) {}
  ~ArchiveRebuilder() { use_.held -= held_here_; }
  ArchiveRebuilder(const ArchiveRebuilder&) = delete;
  ArchiveRebuilder& operator=(const ArchiveRebuilder&) = delete;

  ArchiveRebuildResult run(ByteView archive, std::string_view path_in_tree, std::uint64_t depth);

 private:
  using Stored = std::shared_ptr<const StoredMember>;
  struct Kept {
    std::size_t member;
    Stored data;  // shared by every entry with the same content: one stored copy
  };
  struct LeftOut {
    std::string reason;
    bool asked = false;  // --drop-unrenderable asked for it: not a loss
  };
  // What became of one content (rebuilt once however many entries hold it).
  struct CachedRebuild {
    Stored data;         // null: left out
    std::string reason;  // why
  };

  // The first reason is always listed, so that a refusal never goes without one.
  bool refuse(std::string reason) {
    result_.refused = true;
    if (result_.refusal_reasons.empty())
      result_.refusal_reasons.push_back(std::move(reason));
    else
      list(result_.refusal_reasons, std::move(reason));
    return false;
  }
  // Adds a line to a list, within --max-findings lines for the whole input.
  void list(std::vector<std::string>& lines, std::string line) {
    if (use_.messages >= options_.limits[BudgetKind::findings]) {
      ++use_.messages_unlisted;
      return;
    }
    ++use_.messages;
    lines.push_back(std::move(line));
  }
  // Charges bytes held to --max-heap (refusing when they do not fit) or gives them back.
  bool hold(std::uint64_t bytes, const std::string& what) {
    const std::uint64_t limit = options_.limits[BudgetKind::heap];
    if (bytes > limit || use_.held > limit - bytes)
      return refuse("budget.exceeded: heap: " + what + " would hold " +
                    std::to_string(use_.held + bytes) + " bytes at once, above --max-heap " +
                    std::to_string(limit));
    use_.held += bytes;
    return true;
  }
  void give_back(std::uint64_t bytes) { use_.held -= std::min(bytes, use_.held); }
  bool read_and_check(ByteView archive, std::string_view path_in_tree, std::uint64_t depth);
  void leave_out(std::size_t member, std::string reason, bool asked = false);
  bool place_paths();
  bool decode_and_rebuild(std::uint64_t depth);
  Stored rebuild_content(std::size_t member, std::vector<std::uint8_t>&& bytes,
                         std::uint64_t depth);
  Stored rebuild_nested(std::size_t member, ByteView view, std::uint64_t depth);
  Stored keep(std::vector<std::uint8_t> bytes);
  Stored placed(const Stored& content, const StoredExtent& extent);
  void map_archive_findings();

  const RebuildOptions& options_;
  const MemberRebuilder& rebuild_member_;
  SharedUse& use_;
  std::uint64_t held_here_ = 0;  // of use_.held: the kept members of this archive
  ArchiveRebuildResult result_;
  FileReport report_;
  std::optional<hpi::MemberReader> reader_;
  std::map<std::size_t, LeftOut> left_out_;         // member -> why
  std::set<std::size_t> crashing_;                  // members a crash finding concerns
  std::map<std::size_t, std::string> over_budget_;  // members a budget stopped -> the finding
  std::vector<Kept> kept_;
  std::map<RebuildKey, CachedRebuild> rebuilt_;      // by content: aliases are rebuilt once
  std::map<std::string, CachedRebuild> nested_;      // nested archives by content
  std::map<std::string, Stored> stored_by_content_;  // kept content by SHA-256: one copy
  // Where each stored copy sits in the input (the stored bytes its first entry points at), and
  // the copies made for the same content read from other stored bytes (placed()).
  std::map<const StoredMember*, StoredExtent> extent_of_;
  std::map<std::pair<StoredExtent, const StoredMember*>, Stored> copies_;
};

}  // namespace gafcheck::rebuild
