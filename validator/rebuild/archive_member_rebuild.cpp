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

NamedAs named_as(std::string_view path) {
  return {name_context(path), is_mask_file(path)};
}

}  // namespace

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
      leave_out(
          i, "what the game reads from it is not established: " + describe_finding(errors.front()));
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

}  // namespace gafcheck::rebuild
