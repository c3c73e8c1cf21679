#include "validator/rebuild/archive_rebuild.hpp"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>

#include "validator/check/check_input.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/name_context.hpp"
#include "validator/hpi/archive_check.hpp"
#include "validator/hpi/member_decoder.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/rebuild/hpi_writer.hpp"
#include "validator/rebuild/output_check.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::rebuild {
namespace {

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

// A member's reasons on one line: a few, then how many more (its sidecar document has all).
std::string some_reasons(const std::vector<std::string>& reasons, std::uint64_t unlisted) {
  constexpr std::size_t shown = 3;
  std::string line;
  for (std::size_t i = 0; i < reasons.size() && i < shown; ++i)
    line += (i == 0 ? "" : "; ") + reasons[i];
  const std::uint64_t more = reasons.size() - std::min(reasons.size(), shown) + unlisted;
  if (more > 0) line += " (and " + std::to_string(more) + " more)";
  return line;
}

std::string where_of(const Finding& finding) {
  return finding.path.empty() ? hex(finding.offset) : finding.path;
}

std::string describe(const Finding& finding) {
  return std::string(rule_name(finding.rule)) + " at " + where_of(finding) + ": " + finding.message;
}

// The members' structure paths (`where`) the findings of the archive use, to find the member a
// finding concerns: its own path, or a path below it ("chunk[3]").
class MemberOfFinding {
 public:
  explicit MemberOfFinding(const std::vector<hpi::MemberRecord>& members) {
    for (std::size_t i = 0; i < members.size(); ++i) by_where_.emplace(members[i].where, i);
  }
  std::optional<std::size_t> operator()(const Finding& finding) const {
    std::string_view path = finding.path;
    while (!path.empty()) {
      if (const auto it = by_where_.find(std::string(path)); it != by_where_.end())
        return it->second;
      const auto slash = path.rfind('/');
      if (slash == std::string_view::npos) break;
      path = path.substr(0, slash);
    }
    return std::nullopt;
  }

 private:
  std::map<std::string, std::size_t> by_where_;
};

// Decodes one member with its decoding findings (check reported them too; here they decide
// whether what the game reads is established).
std::optional<std::vector<std::uint8_t>> decode_with_findings(const hpi::ArchiveIndex& index,
                                                              const BudgetLimits& limits,
                                                              std::size_t member_index,
                                                              std::vector<Finding>& errors) {
  Findings findings(embedded_catalog(), 64);
  BudgetMeter budget(limits);
  WalkContext context{index.source.file(), findings, budget};
  hpi::ChunkReader reader(context, index.source);
  hpi::MemberRecord member = index.members.at(member_index);
  std::optional<std::vector<std::uint8_t>> bytes;
  if (hpi::admit_member(context, index, member)) {
    std::vector<hpi::Extent> extents;
    hpi::GrowingOutput output(member.size);
    output.reserve_whole();
    hpi::decode_member(context, reader, index, member_index, member, output, extents);
    if (member.decoded) bytes = output.take();
  }
  for (const Finding& finding : findings.listed())
    if (finding.severity == Severity::error) errors.push_back(finding);
  return bytes;
}

// What a member's rebuild depends on besides its bytes: its name's context as check reads it
// (detect/name_context.hpp) and whether it is a mask file (version 0 kept).
struct NamedAs {
  NameContext context;
  bool mask_file;
  auto operator<=>(const NamedAs&) const = default;
};

NamedAs named_as(std::string_view path) {
  return {name_context(path), is_mask_file(path)};
}

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

ArchiveRebuildResult ArchiveRebuilder::run(ByteView archive, std::string_view path_in_tree,
                                           std::uint64_t depth) {
  const bool readable =
      read_and_check(archive, path_in_tree, depth) && place_paths() && decode_and_rebuild(depth);
  result_.input_report = report_;
  if (!readable) return std::move(result_);
  map_archive_findings();
  if (kept_.empty() && !reader_->members().empty()) {
    refuse("every member was left out: nothing of the archive would remain");
    return std::move(result_);
  }
  std::vector<CanonicalMember> members;
  members.reserve(kept_.size());
  for (Kept& kept : kept_)
    members.push_back({reader_->members()[kept.member].path, std::move(kept.data)});
  kept_.clear();
  // The archive is assembled from the kept members, which it then holds a second time.
  if (!hold(held_here_, "writing the rebuilt archive")) return std::move(result_);
  std::string error;
  if (auto bytes = write_canonical_hpi(std::move(members), error))
    result_.bytes = std::move(*bytes);
  else
    refuse(error);
  give_back(held_here_);
  stored_by_content_.clear();
  nested_.clear();
  copies_.clear();
  rebuilt_.clear();
  give_back(held_here_);
  held_here_ = 0;
  return std::move(result_);
}

bool ArchiveRebuilder::read_and_check(ByteView archive, std::string_view path_in_tree,
                                      std::uint64_t depth) {
  const BudgetLimits& limits = options_.limits;
  if (depth > limits[BudgetKind::archive_depth])
    return refuse("archive nested " + std::to_string(depth) + " deep, over --max-archive-depth " +
                  std::to_string(limits[BudgetKind::archive_depth]));
  CheckOptions check;
  check.limits = limits;
  check.hash_contents = false;
  const std::string path(path_in_tree);
  report_ = check_bytes(archive, InputName{path, path}, check);
  if (report_.format != Format::hpi) return refuse("not an HPI archive");
  // A budget that stops the walk leaves members unread; one that bounds a single member (its
  // size, a chunk's ratio, a name) leaves out only that member (below).
  if (report_.budget_hit && budget_stops_walk(report_.budget_hit->kind))
    return refuse("checking the archive stopped at a budget (" +
                  std::string(budget_spec(report_.budget_hit->kind).option) + "): its members " +
                  "cannot all be read within the limits");
  if (report_.findings_suppressed > 0)
    return refuse(std::to_string(report_.findings_suppressed) +
                  " findings past --max-findings could not each be mapped to what was done");
  reader_.emplace(archive, limits);
  const hpi::ArchiveKind kind = reader_->index().kind;
  if (kind == hpi::ArchiveKind::saved_game) return refuse("a saved game (BANK), not an archive");
  if (kind == hpi::ArchiveKind::v2)
    return refuse("a TA: Kingdoms (v2) archive: rebuild writes v1 archives only");
  if (kind != hpi::ArchiveKind::v1) return refuse("not a readable HPI archive");
  const MemberOfFinding member_of(reader_->members());
  for (const Finding& finding : report_.findings) {
    const auto member = member_of(finding);
    if (finding.rule == RuleId::budget_exceeded) {
      if (!member) return refuse("checking the archive stopped at a budget: " + finding.message);
      over_budget_.emplace(*member, finding.message);
      continue;
    }
    if (finding.retail != Retail::crash) continue;
    if (options_.drop_unrenderable && member) {
      crashing_.insert(*member);
    } else if (!options_.drop_unrenderable) {
      refuse("the game crashes on it: " + describe(finding));
    }
  }
  return !result_.refused;
}

void ArchiveRebuilder::leave_out(std::size_t member, std::string reason, bool asked) {
  const std::string& path = reader_->members()[member].where;
  list(result_.dropped, path + ": " + reason);
  if (!asked) ++result_.lost;
  left_out_.emplace(member, LeftOut{std::move(reason), asked});
}

// Decides which members keep their paths: safe paths only, the first of paths equal under
// folding, and no path that is both a file and a directory.
bool ArchiveRebuilder::place_paths() {
  std::set<std::string> files, directories;  // folded
  const auto& members = reader_->members();
  for (std::size_t i = 0; i < members.size(); ++i) {
    const std::string& path = members[i].path;
    if (const auto unsafe = hpi::unsafe_path_reason(path)) {
      leave_out(i, "unsafe path: " + *unsafe + " (hpi.path-traversal)");
      continue;
    }
    if (const auto over = over_budget_.find(i); over != over_budget_.end()) {
      leave_out(i, "over a budget: " + over->second);
      continue;
    }
    if (crashing_.count(i)) {
      leave_out(i, "the game crashes on it (--drop-unrenderable)", true);
      continue;
    }
    const std::string key = hpi::folded_path(path);
    if (files.count(key) || directories.count(key)) {
      const bool shadowed = files.count(key) > 0;
      leave_out(i,
                shadowed ? "same path as an earlier member under case folding; the first is "
                           "kept (hpi.duplicate-path)"
                         : "its path is a directory of an earlier member",
                shadowed && options_.drop_unreachable);
      continue;
    }
    bool under_file = false;
    for (std::size_t slash = key.find('/'); slash != std::string::npos && !under_file;
         slash = key.find('/', slash + 1))
      under_file = files.count(key.substr(0, slash)) > 0;
    if (under_file) {
      leave_out(i, "a directory on its path is an earlier member's file");
      continue;
    }
    files.insert(key);
    for (std::size_t slash = key.find('/'); slash != std::string::npos;
         slash = key.find('/', slash + 1))
      directories.insert(key.substr(0, slash));
  }
  return true;
}

bool ArchiveRebuilder::decode_and_rebuild(std::uint64_t depth) {
  const auto& members = reader_->members();
  const hpi::ArchiveIndex& index = reader_->index();
  const BudgetLimits& limits = options_.limits;
  // Stored data -> the first entry reading it: the others share its outcome, decoded once.
  std::map<StoredKey, std::size_t> first_with;
  std::map<std::size_t, Stored> kept_data;  // first entries kept -> their content
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (left_out_.count(i)) continue;
    const hpi::MemberRecord& member = members[i];
    const StoredKey stored{member.data_offset, member.size, member.v2_stored_size,
                           member.compression, named_as(member.path)};
    const auto [same, fresh] = first_with.emplace(stored, i);
    if (!fresh) {
      const std::size_t first = same->second;
      if (const auto data = kept_data.find(first); data != kept_data.end()) {
        kept_.push_back({i, data->second});
      } else {
        const auto first_left_out = left_out_.find(first);
        const bool asked = first_left_out != left_out_.end() && first_left_out->second.asked;
        leave_out(i, "its data is " + members[first].where + "'s, which is left out", asked);
      }
      continue;
    }
    if (!hold(member.size, "decoding " + member.where)) return false;
    std::vector<Finding> errors;
    auto bytes = decode_with_findings(index, limits, i, errors);
    Stored content;
    if (!bytes) {
      leave_out(i, "cannot be decoded or is over a budget");
    } else if (!errors.empty()) {
      leave_out(i, "what the game reads from it is not established: " + describe(errors.front()));
    } else {
      content = rebuild_content(i, std::move(*bytes), depth);
    }
    bytes.reset();
    give_back(member.size);
    if (result_.refused) return false;
    if (!content) continue;
    content = placed(content,
                     {member.data_offset, member.size, member.v2_stored_size, member.compression});
    if (!content) return false;
    kept_data.emplace(i, content);
    kept_.push_back({i, std::move(content)});
  }
  return true;
}

// Keeps content to be written: compressed as it will be stored, charged to --max-heap, and
// shared with any earlier member of the same content (one stored copy for all).
ArchiveRebuilder::Stored ArchiveRebuilder::keep(std::vector<std::uint8_t> bytes) {
  const ByteView view(bytes.data(), bytes.size());
  std::string digest = sha256_hex(view);
  if (const auto same = stored_by_content_.find(digest); same != stored_by_content_.end())
    return same->second;
  if (use_.output + bytes.size() > options_.limits[BudgetKind::archive_output]) {
    refuse("the rebuilt members would exceed --max-archive-output (" +
           std::to_string(options_.limits[BudgetKind::archive_output]) + " bytes)");
    return nullptr;
  }
  if (!hold(bytes.size(), "compressing a rebuilt member")) return nullptr;
  auto stored = std::make_shared<const StoredMember>(store_canonical_member(bytes));
  give_back(bytes.size());
  if (!hold(stored->stored.size(), "keeping the rebuilt members")) return nullptr;
  held_here_ += stored->stored.size();
  use_.output += bytes.size();
  stored_by_content_.emplace(std::move(digest), stored);
  return stored;
}

// The stored copy an entry reading the input's stored bytes at extent points at. Entries that
// shared stored bytes in the input share one copy (an overlap the input had, kept); the same
// content read from other stored bytes gets a copy of its own, so that the rebuilt archive has
// no overlap the input did not.
ArchiveRebuilder::Stored ArchiveRebuilder::placed(const Stored& content,
                                                  const StoredExtent& extent) {
  const auto [first, fresh] = extent_of_.emplace(content.get(), extent);
  if (fresh || first->second == extent) return content;
  const auto key = std::make_pair(extent, content.get());
  if (const auto copy = copies_.find(key); copy != copies_.end()) return copy->second;
  if (use_.output + content->size > options_.limits[BudgetKind::archive_output]) {
    refuse("the rebuilt members would exceed --max-archive-output (" +
           std::to_string(options_.limits[BudgetKind::archive_output]) + " bytes)");
    return nullptr;
  }
  if (!hold(content->stored.size(), "keeping the rebuilt members")) return nullptr;
  held_here_ += content->stored.size();
  use_.output += content->size;
  auto copy = std::make_shared<const StoredMember>(*content);
  extent_of_.emplace(copy.get(), extent);
  copies_.emplace(key, copy);
  return copy;
}

// The member's content as written: rebuilt (checked formats), rebuilt recursively (archives), or
// as decoded (anything else). Null when it is left out.
ArchiveRebuilder::Stored ArchiveRebuilder::rebuild_content(std::size_t i,
                                                           std::vector<std::uint8_t>&& bytes,
                                                           std::uint64_t depth) {
  const hpi::MemberRecord& member = reader_->members()[i];
  const ByteView view(bytes.data(), bytes.size());
  const Format format = hpi::member_check_format(view, member.path);
  if (format == Format::unknown) return keep(std::move(bytes));
  if (format == Format::hpi) return rebuild_nested(i, view, depth);
  const RebuildKey key{sha256_hex(view), format, named_as(member.path)};
  auto cached = rebuilt_.find(key);
  if (cached == rebuilt_.end()) {
    if (++use_.members > options_.limits[BudgetKind::members]) {
      refuse("more than --max-members (" + std::to_string(options_.limits[BudgetKind::members]) +
             ") members to rebuild");
      return nullptr;
    }
    RebuildResult rebuilt = rebuild_member_(view, member.path, format, options_);
    const std::string prefix = member.where + "!";
    result_.output_check_refusals += rebuilt.refused_by_output_check;
    for (Disposition disposition : rebuilt.dispositions) {
      disposition.path = prefix + disposition.path;
      if (rebuilt.refused) {
        disposition.action = "dropped";
        disposition.note = "member left out: " + disposition.note;
      }
      result_.dispositions.push_back(std::move(disposition));
    }
    // Listed once, however many entries hold this content.
    if (!rebuilt.refused) {
      for (const std::string& dropped : rebuilt.dropped) list(result_.dropped, prefix + dropped);
      result_.lost += rebuilt.lost;
    }
    CachedRebuild outcome;
    if (rebuilt.refused)
      outcome.reason =
          "cannot be rebuilt: " + some_reasons(rebuilt.refusal_reasons, rebuilt.reasons_unlisted);
    else
      outcome.data = keep(std::move(rebuilt.bytes));
    result_.members.push_back({member.path, "", rebuilt.refused, std::move(rebuilt.dispositions),
                               std::move(rebuilt.input_report)});
    cached = rebuilt_.emplace(key, std::move(outcome)).first;
    if (result_.refused) return nullptr;
  }
  if (!cached->second.data) leave_out(i, cached->second.reason);
  return cached->second.data;
}

// A nested archive, rebuilt once per content within --max-archive-depth; its members and
// dispositions follow it in the result, paths joined by '!'.
ArchiveRebuilder::Stored ArchiveRebuilder::rebuild_nested(std::size_t i, ByteView view,
                                                          std::uint64_t depth) {
  const hpi::MemberRecord& member = reader_->members()[i];
  std::string digest = sha256_hex(view);
  if (const auto same = nested_.find(digest); same != nested_.end()) {
    if (!same->second.data) leave_out(i, same->second.reason);
    return same->second.data;
  }
  if (++use_.members > options_.limits[BudgetKind::members]) {
    refuse("more than --max-members (" + std::to_string(options_.limits[BudgetKind::members]) +
           ") members to rebuild");
    return nullptr;
  }
  const std::string prefix = member.where + "!";
  ArchiveRebuildResult inner;
  {
    ArchiveRebuilder nested(options_, rebuild_member_, use_);
    inner = nested.run(view, member.path, depth + 1);
  }
  result_.output_check_refusals += inner.output_check_refusals;
  for (Disposition& disposition : inner.dispositions) {
    disposition.path = prefix + disposition.path;
    if (inner.refused) disposition.action = "dropped";
    result_.dispositions.push_back(std::move(disposition));
  }
  // The inner archive's lines were counted against --max-findings when it listed them.
  for (const std::string& dropped : inner.dropped) result_.dropped.push_back(prefix + dropped);
  result_.members.push_back({member.path, "", inner.refused, {}, std::move(inner.input_report)});
  for (MemberRebuild& inner_member : inner.members) {
    inner_member.path = member.path + "!" + inner_member.path;
    inner_member.archive =
        member.path + (inner_member.archive.empty() ? "" : "!" + inner_member.archive);
    result_.members.push_back(std::move(inner_member));
  }
  CachedRebuild& outcome = nested_[std::move(digest)];
  if (inner.refused) {
    outcome.reason = "nested archive not rebuilt: " + some_reasons(inner.refusal_reasons, 0);
    leave_out(i, outcome.reason);
    return nullptr;
  }
  result_.lost += inner.lost;
  const std::uint64_t size = inner.bytes.size();
  if (!hold(size, "holding the rebuilt " + member.where)) return nullptr;
  outcome.data = keep(std::move(inner.bytes));
  give_back(size);
  return outcome.data;
}

// Every finding of the archive itself: dropped when it concerns a member left out, fixed when it
// describes the container (rewritten), kept otherwise (a name on disk, which rebuild does not
// choose).
void ArchiveRebuilder::map_archive_findings() {
  const MemberOfFinding member_of(reader_->members());
  std::map<const StoredMember*, std::size_t> holders;
  for (const Kept& kept : kept_) ++holders[kept.data.get()];
  std::set<std::size_t> shared;  // members whose stored copy another member points at too
  for (const Kept& kept : kept_)
    if (holders[kept.data.get()] > 1) shared.insert(kept.member);
  for (const Finding& finding : report_.findings) {
    Disposition disposition;
    disposition.rule = std::string(rule_name(finding.rule));
    disposition.offset = finding.offset;
    disposition.path = finding.path;
    const auto member = member_of(finding);
    const auto left_out = member ? left_out_.find(*member) : left_out_.end();
    if (left_out != left_out_.end()) {
      disposition.action = "dropped";
      disposition.note = "member left out: " + left_out->second.reason;
    } else if ((finding.rule == RuleId::hpi_shared_data || finding.rule == RuleId::hpi_overlap) &&
               member && shared.count(*member)) {
      disposition.action = "kept";
      disposition.note = "entries that shared one member's stored bytes share one stored copy";
    } else if (disposition.rule.rfind("hpi.", 0) == 0) {
      disposition.action = "fixed";
      disposition.note = "the archive is written anew (v1, no encryption, zlib chunks, footer)";
    } else {
      disposition.action = "kept";
    }
    result_.dispositions.push_back(std::move(disposition));
  }
}

}  // namespace

bool archive_rebuild_available() {
  return true;
}

ArchiveRebuildResult rebuild_archive_file(ByteView input, std::string_view path_in_tree,
                                          const RebuildOptions& options,
                                          const MemberRebuilder& rebuild_member) {
  SharedUse use;
  ArchiveRebuildResult result;
  {
    ArchiveRebuilder rebuilder(options, rebuild_member, use);
    result = rebuilder.run(input, path_in_tree, 1);
  }
  result.lines_unlisted = use.messages_unlisted;
  if (result.refused) return result;
  if (auto problem =
          unvouched_finding_in_archive(ByteView(result.bytes.data(), result.bytes.size()),
                                       path_in_tree, result.dispositions, options.limits)) {
    result.refused = true;
    ++result.output_check_refusals;
    result.bytes.clear();
    result.refusal_reasons.push_back(std::move(*problem));
  }
  return result;
}

}  // namespace gafcheck::rebuild
