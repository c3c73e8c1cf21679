#include "validator/compare/content_compare.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "reports/finding_match.hpp"
#include "validator/check/check_input.hpp"
#include "validator/compare/tree_levels.hpp"
#include "validator/compare/tsf_diff.hpp"
#include "validator/core/checked_math.hpp"
#include "validator/core/sha256.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck::compare {
namespace {

bool same_bytes(ByteView a, ByteView b) {
  return a.size() == b.size() &&
         (a.size() == 0 || std::memcmp(a.bytes().data(), b.bytes().data(), a.size()) == 0);
}

Format format_of(const LoadedInput& input) {
  const ByteView bytes = input.view();
  return refine_format_by_name(sniff_format(bytes), bytes, input.name.engine_path());
}

// Sprite formats the game draws alike: the same, or a GAF and a TA3D GAF when the game is not
// TA3D (only the version word tells them apart, and the retail engine never reads it, so a
// rebuild that writes the retail word draws the same).
bool drawn_alike(Format a, Format b, bool ta3d) {
  const auto retail = [](Format format) {
    return format == Format::ta3d_gaf ? Format::gaf : format;
  };
  return a == b || (!ta3d && retail(a) == retail(b));
}

DiffFinding diff_finding(const Finding& finding) {
  DiffFinding out;
  out.rule = std::string(rule_name(finding.rule));
  out.severity = std::string(severity_name(finding.severity));
  out.retail = std::string(retail_name(finding.retail));
  out.offset = finding.offset;
  out.path = finding.path;
  out.message = finding.message;
  return out;
}

// The findings NEW has that OLD had not, and the reverse, matched by rule and structure path.
FindingsDelta findings_delta(const FileReport& before, const FileReport& after) {
  const auto keys = [](const FileReport& report) {
    std::vector<std::string> out;
    for (const Finding& finding : report.findings)
      out.push_back(finding_key(rule_name(finding.rule), finding.path));
    return out;
  };
  const FindingKeyMatch match = match_finding_keys(keys(before), keys(after));
  FindingsDelta delta;
  for (const std::size_t i : match.only_old)
    delta.resolved.push_back(diff_finding(before.findings[i]));
  for (const std::size_t j : match.only_new) delta.added.push_back(diff_finding(after.findings[j]));
  return delta;
}

class ContentComparer {
 public:
  ContentComparer(const CompareSettings& settings, ContentDiff& out)
      : settings_(settings), out_(out) {
    if (settings.pictures.wanted)
      pictures_.emplace(settings.pictures, settings.check.limits[BudgetKind::heap]);
  }

  void compare_files(const LoadedInput& a, const LoadedInput& b, FileDiff diff,
                     std::uint64_t depth);
  // The prefixes are what the levels' paths are shown under ("" in trees, "archive!" inside one).
  void compare_levels(const Level& a, const Level& b, const std::string& old_prefix,
                      const std::string& new_prefix, std::uint64_t depth);
  PictureTally picture_tally() const { return pictures_ ? pictures_->tally() : PictureTally{}; }

 private:
  void add(FileDiff diff) {
    out_.counts.count(diff.change);
    if (diff.change != FileChange::unchanged || settings_.list_unchanged)
      out_.files.push_back(std::move(diff));
  }
  void compare_archives(const LoadedInput& a, const LoadedInput& b, FileDiff diff,
                        std::uint64_t depth);
  void compare_pair(const Level& a, std::size_t i, const Level& b, std::size_t j, FileDiff diff,
                    std::uint64_t depth);
  void compare_bytes(const LoadedInput& a, const LoadedInput& b, FileDiff diff);
  void settle_one_sided(const Level& a, const Level& b, const std::vector<std::size_t>& removed,
                        const std::vector<std::size_t>& added, const std::string& old_prefix,
                        const std::string& new_prefix);

  const CompareSettings& settings_;
  ContentDiff& out_;
  std::uint64_t held_ = 0;          // bytes of archive members held decoded
  std::uint64_t members_left_ = 0;  // of the outermost archive's members budget
  std::optional<PictureTaker> pictures_;
};

// A pair past the members budget: the same bytes, or changed (said to be compared by bytes).
void ContentComparer::compare_bytes(const LoadedInput& a, const LoadedInput& b, FileDiff diff) {
  const ByteView old_bytes = a.view(), new_bytes = b.view();
  diff.old_size = old_bytes.size();
  diff.new_size = new_bytes.size();
  if (same_bytes(old_bytes, new_bytes)) {
    diff.change = FileChange::unchanged;
  } else {
    diff.change = FileChange::changed;
    diff.note = "compared by bytes: budget.exceeded: members (limit " +
                std::to_string(settings_.check.limits[BudgetKind::members]) + ")";
  }
  add(std::move(diff));
}

void ContentComparer::compare_files(const LoadedInput& a, const LoadedInput& b, FileDiff diff,
                                    std::uint64_t depth) {
  const ByteView old_bytes = a.view(), new_bytes = b.view();
  diff.old_size = old_bytes.size();
  diff.new_size = new_bytes.size();
  const bool unchanged = same_bytes(old_bytes, new_bytes);
  // An unchanged file is only counted unless listed: hashing both copies of every file of two
  // trees would cost more than the rest of the comparison.
  if (unchanged && !settings_.list_unchanged) {
    diff.change = FileChange::unchanged;
    add(std::move(diff));
    return;
  }
  diff.old_sha256 = sha256_hex(old_bytes);
  diff.new_sha256 = unchanged ? diff.old_sha256 : sha256_hex(new_bytes);
  const Format old_format = format_of(a), new_format = format_of(b);
  diff.old_format = std::string(format_name(old_format));
  diff.new_format = std::string(format_name(new_format));
  if (unchanged) {
    diff.change = FileChange::unchanged;
    add(std::move(diff));
    return;
  }
  diff.findings = findings_delta(check_bytes(old_bytes, a.name, settings_.check),
                                 check_bytes(new_bytes, b.name, settings_.check));
  const SideKind old_kind = kind_of(old_bytes, old_format),
                 new_kind = kind_of(new_bytes, new_format);
  diff.change = FileChange::changed;
  if (old_kind != new_kind ||
      (old_kind == SideKind::sprite && !drawn_alike(old_format, new_format, settings_.ta3d))) {
    diff.note = "its format changed: " + diff.old_format + " -> " + diff.new_format;
  } else if (old_kind == SideKind::sprite) {
    SpriteSide before(old_bytes, old_format, settings_.check.limits, settings_.ta3d);
    SpriteSide after(new_bytes, new_format, settings_.check.limits, settings_.ta3d);
    diff.sprite = diff_sprites(before, after, pictures_ ? &*pictures_ : nullptr);
    if (!diff.sprite->drawn_differs()) diff.change = FileChange::re_encoded;
  } else if (old_kind == SideKind::tsf) {
    diff.tsf = diff_tsf(old_bytes, new_bytes, settings_.check.limits);
    if (diff.tsf.empty()) diff.change = FileChange::re_encoded;
  } else if (old_kind == SideKind::archive &&
             depth < settings_.check.limits[BudgetKind::archive_depth]) {
    compare_archives(a, b, std::move(diff), depth);
    return;
  } else {
    diff.note = old_kind == SideKind::archive ? "nested past --max-archive-depth: compared by bytes"
                                              : "not a format gafcheck reads: compared by bytes";
  }
  add(std::move(diff));
}

// A changed archive: listed first, then its members that differ (as "archive!member"); it is
// re-encoded when none of them differs in what the game shows (a repack).
void ContentComparer::compare_archives(const LoadedInput& a, const LoadedInput& b, FileDiff diff,
                                       std::uint64_t depth) {
  if (depth == 0) members_left_ = settings_.check.limits[BudgetKind::members];
  const ArchiveLevel old_level(a.view(), a.name.display, settings_.check);
  const ArchiveLevel new_level(b.view(), b.name.display, settings_.check);
  // An archive whose directory could not be read whole would show its missing members as removed
  // or added: it is not compared, and says so.
  if (!old_level.complete() || !new_level.complete()) {
    diff.note = std::string("not compared: ") + (old_level.complete() ? "NEW" : "OLD") +
                "'s archive directory could not be read whole (a budget or damage: gafcheck "
                "check says which)";
    out_.unreadable = true;
    add(std::move(diff));
    return;
  }
  // What the game loads from an archive it refuses is nothing, whatever its members hold.
  const Game game = settings_.check.game;
  const bool refusal_differs = old_level.refused_by(game) != new_level.refused_by(game);
  if (refusal_differs)
    diff.note = std::string(old_level.refused_by(game) ? "OLD" : "NEW") +
                " has no Cavedog copyright footer in its last bytes (hpi.footer): retail TA "
                "refuses it and loads none of its members";
  const std::size_t at = out_.files.size();
  const ChangeCounts before = out_.counts;
  out_.files.push_back(std::move(diff));
  const FileDiff& archive = out_.files[at];
  compare_levels(old_level, new_level,
                 (archive.old_path.empty() ? archive.path : archive.old_path) + "!",
                 archive.path + "!", depth + 1);
  const ChangeCounts& after = out_.counts;
  const bool shown_differs = after.added != before.added || after.removed != before.removed ||
                             after.changed != before.changed || after.moved != before.moved ||
                             after.copied != before.copied;
  out_.files[at].change =
      shown_differs || refusal_differs ? FileChange::changed : FileChange::re_encoded;
  out_.counts.count(out_.files[at].change);
}

// Paths keyed as the game folds them, with their rank among equal ones: of several paths equal
// under folding, those spelled alike on the other side rank first (by spelling), then the rest
// in order. Two files on one folded path thus pair with their own spelling where it is there,
// and a second one on one side only is added or removed, never dropped.
using RankedPath = std::pair<std::string, std::size_t>;

std::map<RankedPath, std::size_t> by_ranked_path(const Level& level, const Level& other) {
  std::set<std::string> other_paths;
  for (const LevelItem& item : other.items()) other_paths.insert(item.path);
  std::vector<std::size_t> order, rest;
  for (std::size_t i = 0; i < level.items().size(); ++i)
    (other_paths.contains(level.items()[i].path) ? order : rest).push_back(i);
  std::stable_sort(order.begin(), order.end(), [&level](std::size_t x, std::size_t y) {
    return level.items()[x].path < level.items()[y].path;
  });
  order.insert(order.end(), rest.begin(), rest.end());
  std::map<RankedPath, std::size_t> out;
  std::map<std::string, std::size_t> rank;
  for (const std::size_t i : order)
    out.emplace(RankedPath{level.items()[i].folded, rank[level.items()[i].folded]++}, i);
  return out;
}

void ContentComparer::compare_levels(const Level& a, const Level& b, const std::string& old_prefix,
                                     const std::string& new_prefix, std::uint64_t depth) {
  const std::map<RankedPath, std::size_t> old_by_key = by_ranked_path(a, b),
                                          new_by_key = by_ranked_path(b, a);
  std::vector<std::size_t> removed, added;
  for (const auto& [key, i] : old_by_key)
    if (!new_by_key.contains(key)) removed.push_back(i);
  for (const auto& [key, j] : new_by_key)
    if (!old_by_key.contains(key)) added.push_back(j);
  std::sort(added.begin(), added.end());
  // Pairs are compared in the order of their folded names, so both directions spend the members
  // budget on the same pairs; they are listed in NEW's order.
  struct Listed {
    std::size_t new_index, first, last;  // the pair's files in out_.files: [first, last)
  };
  std::vector<Listed> listed;
  const std::size_t level_start = out_.files.size();
  for (const auto& [key, j] : new_by_key) {
    const auto found = old_by_key.find(key);
    if (found == old_by_key.end()) continue;
    FileDiff diff;
    diff.path = new_prefix + b.items()[j].path;
    if (old_prefix + a.items()[found->second].path != diff.path)
      diff.old_path = old_prefix + a.items()[found->second].path;
    const std::size_t first = out_.files.size();
    compare_pair(a, found->second, b, j, std::move(diff), depth);
    listed.push_back({j, first, out_.files.size()});
  }
  std::sort(listed.begin(), listed.end(),
            [](const Listed& x, const Listed& y) { return x.new_index < y.new_index; });
  std::vector<FileDiff> in_new_order;
  for (const Listed& pair : listed)
    for (std::size_t k = pair.first; k < pair.last; ++k)
      in_new_order.push_back(std::move(out_.files[k]));
  std::move(in_new_order.begin(), in_new_order.end(),
            out_.files.begin() + static_cast<std::ptrdiff_t>(level_start));
  settle_one_sided(a, b, removed, added, old_prefix, new_prefix);
}

// One path on both sides: compared, unless one side cannot be read or is damaged, or holding the
// two (decoded archive members, both sides and every level down at once) would pass the heap
// budget, as it bounds check's.
void ContentComparer::compare_pair(const Level& a, std::size_t i, const Level& b, std::size_t j,
                                   FileDiff diff, std::uint64_t depth) {
  const std::uint64_t member_bytes =
      depth == 0 ? 0 : saturating_add(a.items()[i].size, b.items()[j].size);
  if (saturating_add(held_, member_bytes) > settings_.check.limits[BudgetKind::heap]) {
    diff.note = "not compared: budget.exceeded: heap (" + std::to_string(member_bytes) +
                " bytes of members would be held beside " + std::to_string(held_) +
                ", above --max-heap)";
    out_.unreadable = true;
    add(std::move(diff));
    return;
  }
  // Inside archives each pair spends one of the members budget (--max-members, shared by every
  // archive nested in the outermost one): past it, pairs are compared by their bytes only, since
  // members that share a nested archive would otherwise multiply the work level by level.
  const bool by_bytes = depth > 0 && members_left_ == 0;
  if (depth > 0 && members_left_ > 0) --members_left_;
  const LoadedInput old_input = a.load(i), new_input = b.load(j);
  std::string refusal;
  if (!old_input.error.empty())
    refusal = "OLD: " + old_input.error;
  else if (old_input.damaged())
    refusal = "OLD is damaged: " + old_input.damage;
  else if (!new_input.error.empty())
    refusal = "NEW: " + new_input.error;
  else if (new_input.damaged())
    refusal = "NEW is damaged: " + new_input.damage;
  if (!refusal.empty()) {
    diff.note = "not compared: " + refusal;
    out_.unreadable = true;
    add(std::move(diff));
    return;
  }
  held_ += member_bytes;
  if (by_bytes)
    compare_bytes(old_input, new_input, std::move(diff));
  else
    compare_files(old_input, new_input, std::move(diff), depth);
  held_ -= member_bytes;
}

// Files only in OLD or only in NEW: moved when the same bytes left one path for another, copied
// when they are still at their old path too; otherwise removed and added. Only files of equal
// size are hashed to find out.
void ContentComparer::settle_one_sided(const Level& a, const Level& b,
                                       const std::vector<std::size_t>& removed,
                                       const std::vector<std::size_t>& added,
                                       const std::string& old_prefix,
                                       const std::string& new_prefix) {
  // Old files are hashed only where an added file has their size.
  std::set<std::uint64_t> added_sizes;
  for (const std::size_t j : added) added_sizes.insert(b.items()[j].size);
  std::vector<bool> is_removed(a.items().size(), false);
  for (const std::size_t i : removed) is_removed[i] = true;
  // Per hash: the removed files (taken in order by the files they moved to) and one still there.
  struct Twins {
    std::vector<std::size_t> removed;
    std::size_t next_removed = 0;
    std::optional<std::size_t> present;
  };
  std::map<std::string, Twins> old_by_hash;
  for (std::size_t i = 0; i < a.items().size(); ++i) {
    if (!added_sizes.contains(a.items()[i].size)) continue;
    const LoadedInput input = a.load(i);
    if (!input.error.empty() || input.damaged()) continue;
    Twins& twins = old_by_hash[sha256_hex(input.view())];
    if (is_removed[i])
      twins.removed.push_back(i);
    else if (!twins.present)
      twins.present = i;
  }
  std::vector<bool> moved_away(a.items().size(), false);
  for (const std::size_t j : added) {
    const LevelItem& item = b.items()[j];
    FileDiff diff;
    diff.path = new_prefix + item.path;
    diff.change = FileChange::added;
    diff.new_size = item.size;
    const LoadedInput input = b.load(j);
    if (!input.error.empty() || input.damaged()) {
      // Not passed off as added content: its bytes are not what is there or what was packed.
      diff.note = "not compared: " + (!input.error.empty() ? "NEW: " + input.error
                                                           : "NEW is damaged: " + input.damage);
      out_.unreadable = true;
    } else {
      diff.new_sha256 = sha256_hex(input.view());
      diff.new_format = std::string(format_name(format_of(input)));
      if (const auto found = old_by_hash.find(diff.new_sha256); found != old_by_hash.end()) {
        // Moved from the next removed file; else a copy of one still there (or of one moved
        // already, when this is a second copy of it).
        Twins& twins = found->second;
        const bool moved = twins.next_removed < twins.removed.size();
        const std::size_t source = moved           ? twins.removed[twins.next_removed++]
                                   : twins.present ? *twins.present
                                                   : twins.removed.front();
        diff.change = moved ? FileChange::moved : FileChange::copied;
        diff.old_path = old_prefix + a.items()[source].path;
        if (moved) moved_away[source] = true;
      }
    }
    add(std::move(diff));
  }
  for (const std::size_t i : removed) {
    if (moved_away[i]) continue;
    FileDiff diff;
    diff.path = old_prefix + a.items()[i].path;
    diff.change = FileChange::removed;
    diff.old_size = a.items()[i].size;
    // An OLD path that could not even be listed (a directory it cannot read) is not known to be
    // gone: said, and the comparison is not whole, as for a NEW one that cannot be read.
    if (!a.items()[i].error.empty()) {
      diff.note = "not compared: OLD: " + a.items()[i].error;
      out_.unreadable = true;
    }
    add(std::move(diff));
  }
}

}  // namespace

ContentDiff compare_content(const Side& before, const Side& after,
                            const CompareSettings& settings) {
  ContentDiff diff;
  diff.old_label = before.argument;
  diff.new_label = after.argument;
  diff.list_unchanged = settings.list_unchanged;
  ContentComparer comparer(settings, diff);
  if (before.kind == SideKind::directory) {
    diff.kind = "tree";
    const DirectoryLevel old_tree(before.argument, settings.check);
    const DirectoryLevel new_tree(after.argument, settings.check);
    comparer.compare_levels(old_tree, new_tree, "", "", 0);
    for (const auto& [side, tree] : {std::pair("OLD: ", &old_tree), std::pair("NEW: ", &new_tree)})
      for (const std::string& path : tree->not_followed()) diff.not_followed.push_back(side + path);
  } else {
    diff.kind = std::string(before.kind == SideKind::archive  ? "archive"
                            : before.kind == SideKind::sprite ? "sprite"
                            : before.kind == SideKind::tsf    ? "tsf"
                                                              : "file");
    FileDiff file;
    file.path = after.argument;
    if (before.argument != after.argument) file.old_path = before.argument;
    comparer.compare_files(before.input, after.input, std::move(file), 0);
  }
  diff.pictures = comparer.picture_tally();
  return diff;
}

}  // namespace gafcheck::compare
