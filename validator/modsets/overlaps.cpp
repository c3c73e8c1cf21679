#include "validator/modsets/overlaps.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

#include "validator/core/text.hpp"
#include "validator/modsets/fingerprints.hpp"

namespace gafcheck::modsets {
namespace {

// The rank an engine gives a supplier; nullopt when it does not read it.
std::optional<std::int64_t> rank_of(const ModSet& set, const Supplier& supplier,
                                    const EngineProfile& engine) {
  if (!supplier.archive) return engine.loose_rank;
  const ModArchive& archive = set.archives[*supplier.archive];
  if (archive.in_subfolder && !engine.subfolders) return std::nullopt;
  if (archive.footer_missing && engine.requires_footer) return std::nullopt;
  return engine.archive_rank(archive.folded_name);
}

// The order of suppliers within one rank: archives by file name (folded), loose files by path,
// then the argument they came from, then archives of one name by their full path (a copy's place
// inside its archive never orders it before another archive), then the listing.
auto order_key(const ModSet& set, const Supplier& supplier) {
  const ModArchive* archive = supplier.archive ? &set.archives[*supplier.archive] : nullptr;
  return std::make_tuple(std::string_view(archive ? archive->folded_name : supplier.path),
                         supplier.root,
                         archive ? std::string_view(archive->disk) : std::string_view(),
                         supplier.member, std::string_view(supplier.path));
}

struct Choice {
  std::optional<std::size_t> winner;
  std::string decided_by;
};

Choice choose(const ModSet& set, const Overlap& overlap, const EngineProfile& engine) {
  std::optional<std::int64_t> best;
  std::vector<std::size_t> tied;
  for (std::size_t c = 0; c < overlap.copies.size(); ++c) {
    const auto rank = rank_of(set, set.suppliers[overlap.copies[c].supplier], engine);
    if (!rank || (best && *rank < *best)) continue;
    if (!best || *rank > *best) tied.clear();
    best = rank;
    tied.push_back(c);
  }
  if (tied.empty()) return {};
  if (tied.size() == 1) return {tied.front(), "rank"};
  const auto by_order = [&](std::size_t a, std::size_t b) {
    return order_key(set, set.suppliers[overlap.copies[a].supplier]) <
           order_key(set, set.suppliers[overlap.copies[b].supplier]);
  };
  std::sort(tied.begin(), tied.end(), by_order);
  return {engine.last_wins ? tied.back() : tied.front(),
          engine.order == SourceOrder::name ? "name order" : "listing order (taken as name order)"};
}

std::vector<std::string> only_in(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> only;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only));
  return only;
}

void classify(Overlap& overlap) {
  if (!overlap.winner) return;
  const Fingerprint& winner = overlap.copies[*overlap.winner].print();
  for (std::size_t c = 0; c < overlap.copies.size(); ++c) {
    OverlapCopy& copy = overlap.copies[c];
    if (c == *overlap.winner) {
      copy.content = CopyContent::winner;
    } else if (!copy.print().read || !winner.read) {
      copy.content = CopyContent::not_read;
    } else if (copy.print().sha256 == winner.sha256) {
      copy.content = CopyContent::identical;
    } else if (copy.print().partial || winner.partial) {
      copy.content = CopyContent::not_read;
    } else if (!copy.print().drawn.empty() && copy.print().drawn == winner.drawn) {
      copy.content = CopyContent::drawn_same;
    } else {
      copy.content = CopyContent::differs;
    }
    if (copy.content == CopyContent::differs || copy.content == CopyContent::drawn_same) {
      copy.winner_only = only_in(winner.rules, copy.print().rules);
      copy.copy_only = only_in(copy.print().rules, winner.rules);
    }
  }
}

// The paths supplied more than once among the suppliers some engine considered reads.
std::vector<Overlap> group_overlaps(const ModSet& set,
                                    const std::vector<const EngineProfile*>& engines) {
  std::map<std::string, std::vector<std::size_t>> by_path;
  for (std::size_t s = 0; s < set.suppliers.size(); ++s) {
    const bool read = std::any_of(engines.begin(), engines.end(), [&](const EngineProfile* e) {
      return rank_of(set, set.suppliers[s], *e).has_value();
    });
    if (read) by_path[set.suppliers[s].folded].push_back(s);
  }
  std::vector<Overlap> overlaps;
  for (auto& [folded, suppliers] : by_path) {
    if (suppliers.size() < 2) continue;
    Overlap overlap;
    overlap.folded = folded;
    // Suppliers are listed archive by archive in directory order: count each archive's copies.
    std::map<std::size_t, std::uint32_t> seen_in_archive;
    for (const std::size_t s : suppliers) {
      const auto archive = set.suppliers[s].archive;
      overlap.copies.push_back(
          OverlapCopy{.supplier = s,
                      .rank = rank_of(set, set.suppliers[s], *engines.front()),
                      .occurrence = archive ? ++seen_in_archive[*archive] : 1});
    }
    overlaps.push_back(std::move(overlap));
  }
  return overlaps;
}

}  // namespace

std::string_view copy_content_name(CopyContent content) {
  switch (content) {
    case CopyContent::winner: return "winner";
    case CopyContent::identical: return "identical";
    case CopyContent::drawn_same: return "drawn-same";
    case CopyContent::differs: return "differs";
    case CopyContent::not_read: return "not-read";
  }
  return "not-read";
}

bool Overlap::overrides() const {
  return std::any_of(copies.begin(), copies.end(),
                     [](const OverlapCopy& c) { return c.content == CopyContent::differs; });
}

bool Overlap::findings_differ() const {
  return std::any_of(copies.begin(), copies.end(), [](const OverlapCopy& c) {
    return !c.winner_only.empty() || !c.copy_only.empty();
  });
}

bool Overlap::identical_only() const {
  return std::all_of(copies.begin(), copies.end(), [](const OverlapCopy& c) {
    return c.content == CopyContent::winner || c.content == CopyContent::identical;
  });
}

bool Overlap::not_read() const {
  return std::any_of(copies.begin(), copies.end(),
                     [](const OverlapCopy& c) { return c.content == CopyContent::not_read; });
}

const Fingerprint& OverlapCopy::print() const {
  static const Fingerprint unread;
  return shared_print ? *shared_print : unread;
}

const std::string& OverlapCopy::damage() const {
  return decode_damage.empty() ? print().damage : decode_damage;
}

std::string copy_argument(const ModSet& set, const Supplier& supplier) {
  if (!supplier.archive) return supplier.disk;
  return set.archives[*supplier.archive].disk + "!" + supplier.path;
}

std::string copy_label(const ModSet& set, const OverlapCopy& copy) {
  std::string label = escape_bytes(copy_argument(set, set.suppliers[copy.supplier]));
  if (copy.occurrence > 1)
    label += " (member " + std::to_string(copy.occurrence) + " on this path in its archive)";
  return label;
}

ConflictReport find_conflicts(const ModSet& set, const std::vector<const EngineProfile*>& engines,
                              const CheckOptions& options) {
  ConflictReport report;
  report.primary = engines.front()->name;
  for (const EngineProfile* engine : engines) report.engines.push_back(engine->name);
  report.archives = set.archives.size();
  report.suppliers = set.suppliers.size();
  report.unreadable = set.unreadable;
  report.overlaps = group_overlaps(set, engines);
  read_fingerprints(set, report.overlaps, options, report.unreadable, report.reads);
  for (Overlap& overlap : report.overlaps) {
    const Choice primary = choose(set, overlap, *engines.front());
    overlap.winner = primary.winner;
    overlap.decided_by = primary.decided_by;
    for (const EngineProfile* engine : engines) {
      overlap.winners[engine->name] = choose(set, overlap, *engine).winner;
      if (overlap.winners[engine->name] != overlap.winner) overlap.engine_dependent = true;
    }
    classify(overlap);
  }
  std::uint64_t copies = 0;
  for (const Overlap& overlap : report.overlaps) {
    copies += overlap.copies.size();
    if (copies <= options.limits[BudgetKind::findings])
      ++report.listed;
    else
      report.unlisted_copies += overlap.copies.size();
  }
  return report;
}

}  // namespace gafcheck::modsets
