#include "validator/rebuild/archive_rebuilder.hpp"

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

std::string where_of(const Finding& finding) {
  return finding.path.empty() ? hex(finding.offset) : finding.path;
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

}  // namespace

std::string describe_finding(const Finding& finding) {
  return std::string(rule_name(finding.rule)) + " at " + where_of(finding) + ": " + finding.message;
}

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
  // A directory that could not be walked whole and gave no member: an empty archive written in
  // its place would be a repair nobody asked for, and read back under the input's name (a nested
  // "archive" named .gaf) it is not what the input was.
  if (reader_->members().empty() && !reader_->index().walk_complete) {
    refuse("no member could be read from its directory: nothing of the archive would remain");
    return std::move(result_);
  }
  std::vector<CanonicalMember> members;
  members.reserve(kept_.size());
  for (Kept& kept : kept_)
    members.push_back({reader_->members()[kept.member].path, std::move(kept.data)});
  kept_.clear();
  // The archive is assembled from the kept members, which it then holds a second time.
  if (!hold(held_here_, "writing the rebuilt archive")) return std::move(result_);
  if (auto bytes = write_canonical_hpi(std::move(members)))
    result_.bytes = std::move(bytes).value();
  else
    refuse(bytes.problem().message);
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
                  budget_option(budget_spec(report_.budget_hit->kind)) + "): its members " +
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
      refuse("the game crashes on it: " + describe_finding(finding));
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
    if (members[i].unreadable_name) {  // only with --drop-unrenderable: else the archive is refused
      leave_out(i, hpi::unreadable_name_reason, options_.drop_unrenderable);
      continue;
    }
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
    } else if (finding.rule == RuleId::hpi_entry_flag) {
      // Neither a file nor a directory, the entry is not followed: what a reader that takes it
      // for a file or a directory loads from it is not in the rebuilt archive. Not asked for.
      disposition.action = "dropped";
      disposition.note = "an entry neither a file nor a directory is not followed: left out";
      list(result_.dropped, finding.path + ": " + disposition.note + " (hpi.entry-flag)");
      ++result_.lost;
    } else if (disposition.rule.rfind("hpi.", 0) == 0) {
      disposition.action = "fixed";
      disposition.note = "the archive is written anew (v1, no encryption, zlib chunks, footer)";
    } else {
      disposition.action = "kept";
    }
    result_.dispositions.push_back(std::move(disposition));
  }
}

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
