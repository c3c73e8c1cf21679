#include "validator/modsets/fingerprints.hpp"

#include <map>

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
std::string drawn_signature(ByteView bytes, Format format, const BudgetLimits& limits) {
  compare::SpriteSide side(bytes, format, limits, false);
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

Fingerprint fingerprint_of(ByteView bytes, const InputName& name, const CheckOptions& options) {
  Fingerprint print;
  print.read = true;
  print.sha256 = sha256_hex(bytes);
  const FileReport report = check_bytes(bytes, name, options);
  print.format = std::string(format_name(report.format));
  for (std::size_t rule = 0; rule < rule_count; ++rule)
    if (report.rule_counts[rule] != 0)
      print.rules.insert(embedded_catalog().info(static_cast<RuleId>(rule)).id);
  if (compare::is_sprite(report.format))
    print.drawn = drawn_signature(bytes, report.format, options.limits);
  return print;
}

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

void read_archive_copies(const ModSet& set, std::size_t archive,
                         const std::vector<OverlapCopy*>& copies, const CheckOptions& options,
                         std::vector<std::string>& unreadable) {
  const ModArchive& where = set.archives[archive];
  const OpenedInput file = InputFile::open(where.disk, options.limits[BudgetKind::file_size]);
  if (!file) {
    unreadable.push_back(escape_bytes(where.disk) + ": " + file.problem().reason);
    return;
  }
  const hpi::MemberReader reader(file->view(), options.limits);
  for (OverlapCopy* copy : copies) {
    const Supplier& supplier = set.suppliers[copy->supplier];
    const hpi::DecodedMember member = reader.read_checked(supplier.member);
    if (!member.bytes) {
      copy->print.damage = "could not be decoded";
      continue;
    }
    const auto& bytes = *member.bytes;
    copy->print = fingerprint_of(ByteView(bytes.data(), bytes.size()),
                                 InputName::file(where.disk).member_named(supplier.path), options);
    if (!member.exact())
      copy->print.damage = std::to_string(member.damage_count) + " decoding errors";
  }
}

}  // namespace

void read_fingerprints(const ModSet& set, std::vector<Overlap>& overlaps,
                       const CheckOptions& options, std::vector<std::string>& unreadable) {
  const ReadPlan plan = plan_reads(set, overlaps);
  for (const auto& [archive, copies] : plan.by_archive)
    read_archive_copies(set, archive, copies, options, unreadable);
  for (OverlapCopy* copy : plan.loose) {
    const Supplier& supplier = set.suppliers[copy->supplier];
    const OpenedInput file = InputFile::open(supplier.disk, options.limits[BudgetKind::file_size]);
    if (!file) {
      unreadable.push_back(escape_bytes(supplier.disk) + ": " + file.problem().reason);
      continue;
    }
    copy->print = fingerprint_of(file->view(), InputName::file(supplier.disk), options);
  }
}

}  // namespace gafcheck::modsets
