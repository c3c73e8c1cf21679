#include "validator/modsets/fingerprints.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <span>
#include <tuple>

#include "validator/check/check_input.hpp"
#include "validator/compare/content_side.hpp"
#include "validator/compare/sprite_side.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_file.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::modsets {
namespace {

// Every reachable entry's folded name, loop word, and its frames' durations and drawn digests:
// equal for two files the game draws alike, whatever their bytes.
std::string drawn_signature(ByteView bytes, Format format, const BudgetLimits& limits,
                            bool& partial) {
  compare::SpriteSide side(bytes, format, limits, false);
  if (!side.stopped().empty()) partial = true;
  std::string text = side.stopped().empty() ? "" : "stopped:" + side.stopped() + "\n";
  for (const compare::EntryFacts& entry : side.entries()) {
    if (!entry.reachable) continue;
    text += entry.folded + " " + std::to_string(entry.loop_word) + ":";
    for (const compare::FrameFacts& frame : entry.frames)
      text += " " + std::to_string(frame.duration) + "/" + std::to_string(frame.drawn);
    text += "\n";
  }
  return sha256_hex(ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

// Checks and draws each content once: copies whose bytes and engine path (what the rules look at
// beside the bytes) are the same share one fingerprint.
class FingerprintCache {
 public:
  FingerprintCache(const CheckOptions& options, ReadCounts& counts)
      : options_(options), counts_(counts) {}

  std::shared_ptr<const Fingerprint> of(ByteView bytes, const InputName& name) {
    std::string sha256 = sha256_hex(bytes);
    auto key = std::make_tuple(sha256, name.is_member(), std::string(name.engine_path()));
    if (const auto found = prints_.find(key); found != prints_.end()) return found->second;
    ++counts_.contents_checked;
    auto made = std::make_shared<Fingerprint>();
    Fingerprint& print = *made;
    print.read = true;
    print.sha256 = std::move(sha256);
    const FileReport report = check_bytes(bytes, name, options_);
    print.format = std::string(format_name(report.format));
    for (std::size_t rule = 0; rule < rule_count; ++rule)
      if (report.rule_counts[rule] != 0)
        print.rules.insert(embedded_catalog().info(static_cast<RuleId>(rule)).id);
    print.partial = report.rule_counts[static_cast<std::size_t>(RuleId::budget_exceeded)] != 0;
    if (compare::is_sprite(report.format))
      print.drawn = drawn_signature(bytes, report.format, options_.limits, print.partial);
    if (print.partial)
      print.damage = "checked only in part: a budget ran out (gafcheck check names it)";
    return prints_.emplace(std::move(key), std::move(made)).first->second;
  }

 private:
  const CheckOptions& options_;
  ReadCounts& counts_;
  std::map<std::tuple<std::string, bool, std::string>, std::shared_ptr<const Fingerprint>> prints_;
};

// Where each copy to read is: per archive, its members; the loose files apart.
struct ReadPlan {
  std::map<std::size_t, std::vector<OverlapCopy*>> by_archive;
  std::vector<OverlapCopy*> loose;
};

ReadPlan plan_reads(const ModSet& set, std::vector<Overlap>& overlaps) {
  ReadPlan plan;
  for (Overlap& overlap : overlaps)
    for (OverlapCopy& copy : overlap.copies) {
      const Supplier& supplier = set.suppliers[copy.supplier];
      if (supplier.archive)
        plan.by_archive[*supplier.archive].push_back(&copy);
      else
        plan.loose.push_back(&copy);
    }
  return plan;
}

// What a member's stored bytes are: two directory entries with the same are one decode.
auto stored_key(const hpi::MemberRecord& member) {
  return std::make_tuple(member.data_offset, member.size, member.compression,
                         member.v2_stored_size);
}

// The archive read whole still lists every copy as it was listed (path and size at its place).
bool still_as_listed(const ModSet& set, const hpi::MemberReader& reader,
                     const std::vector<OverlapCopy*>& copies) {
  const auto& members = reader.members();
  return std::all_of(copies.begin(), copies.end(), [&](const OverlapCopy* copy) {
    const Supplier& supplier = set.suppliers[copy->supplier];
    return supplier.member < members.size() && members[supplier.member].path == supplier.path &&
           members[supplier.member].size == supplier.size;
  });
}

struct ArchivePass {
  const ModSet& set;
  const CheckOptions& options;
  FingerprintCache& cache;
  ReadCounts& counts;
  std::vector<std::string>& unreadable;

  // Opens the archive once and decodes its overlapping members in the order of their data, each
  // distinct stored range once.
  void read(std::size_t archive, std::vector<OverlapCopy*> copies) {
    const ModArchive& where = set.archives[archive];
    ++counts.archives_opened;
    const OpenedInput file = InputFile::open(where.disk, options.limits[BudgetKind::file_size]);
    if (!file) {
      unreadable.push_back(escape_bytes(where.disk) + ": " + file.problem().reason);
      return;
    }
    const hpi::MemberReader reader(file->view(), options.limits);
    if (!still_as_listed(set, reader, copies)) {
      unreadable.push_back(escape_bytes(where.disk) +
                           ": changed after it was listed (its directory no longer names the "
                           "members listed)");
      return;
    }
    const auto record = [&](const OverlapCopy* copy) -> const hpi::MemberRecord& {
      return reader.members()[set.suppliers[copy->supplier].member];
    };
    std::sort(copies.begin(), copies.end(), [&](const OverlapCopy* a, const OverlapCopy* b) {
      return std::make_tuple(stored_key(record(a)), set.suppliers[a->supplier].member) <
             std::make_tuple(stored_key(record(b)), set.suppliers[b->supplier].member);
    });
    for (std::size_t first = 0; first < copies.size();) {
      std::size_t last = first + 1;
      while (last < copies.size() &&
             stored_key(record(copies[last])) == stored_key(record(copies[first])))
        ++last;
      decode_group(where, reader, {copies.begin() + first, copies.begin() + last});
      first = last;
    }
  }

  void decode_group(const ModArchive& where, const hpi::MemberReader& reader,
                    std::span<OverlapCopy* const> group) {
    ++counts.members_decoded;
    const hpi::DecodedMember member = reader.read_checked(set.suppliers[group[0]->supplier].member);
    for (OverlapCopy* copy : group) {
      if (!member.bytes) {
        copy->decode_damage = "could not be decoded";
        continue;
      }
      const Supplier& supplier = set.suppliers[copy->supplier];
      copy->shared_print = cache.of(ByteView(member.bytes->data(), member.bytes->size()),
                                    InputName::file(where.disk).member_named(supplier.path));
      if (!member.exact())
        copy->decode_damage = std::to_string(member.damage_count) + " decoding errors";
    }
  }
};

}  // namespace

void read_fingerprints(const ModSet& set, std::vector<Overlap>& overlaps,
                       const CheckOptions& options, std::vector<std::string>& unreadable,
                       ReadCounts& counts) {
  ReadPlan plan = plan_reads(set, overlaps);
  FingerprintCache cache(options, counts);
  ArchivePass pass{set, options, cache, counts, unreadable};
  for (auto& [archive, copies] : plan.by_archive) pass.read(archive, std::move(copies));
  for (OverlapCopy* copy : plan.loose) {
    const Supplier& supplier = set.suppliers[copy->supplier];
    const OpenedInput file = InputFile::open(supplier.disk, options.limits[BudgetKind::file_size]);
    if (!file) {
      unreadable.push_back(escape_bytes(supplier.disk) + ": " + file.problem().reason);
      continue;
    }
    copy->shared_print = cache.of(file->view(), InputName::file(supplier.disk));
  }
}

}  // namespace gafcheck::modsets
