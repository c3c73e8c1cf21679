#include "validator/hpi/archive_check.hpp"

#include <algorithm>
#include <functional>

#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/name_context.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/extent_check.hpp"
#include "validator/hpi/hpi_layout.hpp"
#include "validator/hpi/member_decoder.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/hpi/member_reader.hpp"

namespace gafcheck::hpi {
namespace {

// The extension as every check reads it (display_extension: a name that is only an extension,
// ".gaf", has none), so that a name's context (name_context) holds all the extension decides.
std::string lowercase_extension(std::string_view path) {
  return display_extension(path);
}

bool named_like_a_checked_format(std::string_view path) {
  static constexpr std::string_view extensions[] = {".gaf", ".taf", ".tsf", ".hpi", ".ufo",
                                                    ".ccx", ".gp3", ".gp4", ".gpf", ".swx"};
  const std::string extension = lowercase_extension(path);
  for (const std::string_view known : extensions)
    if (extension == known) return true;
  return false;
}

// Decoded bytes of one member: the whole member when it may be checked (its name says so, it is
// small, or its first chunk sniffs as a checked format), else piece by piece through a scratch
// buffer, so a large 3DO, WAV or map is validated without being held in memory. A member held
// whole is charged to the held-bytes account first; when it cannot fit, the heap budget stops
// the walk.
class MemberOutput final : public ChunkOutput {
 public:
  MemberOutput(WalkContext& context, const MemberRecord& member, bool piecewise,
               std::vector<std::uint8_t>& scratch, HeldBytes& held)
      : context_(context), member_(member), scratch_(scratch), held_(held), bytes_(member.size) {
    if (!piecewise || member.size <= chunk_capacity || named_like_a_checked_format(member.path))
      hold();
  }
  ~MemberOutput() override {
    if (charged_) held_.release(member_.size);
  }
  MemberOutput(const MemberOutput&) = delete;
  MemberOutput& operator=(const MemberOutput&) = delete;

  std::span<std::uint8_t> output(std::uint64_t begin, std::uint64_t length) override {
    if (!whole_ && begin > 0 && !decided_) {
      decided_ = true;
      // The first piece is in scratch: does it look like something the pipeline checks?
      const ByteView prefix(scratch_.data(), scratch_.size());
      if (member_check_format(prefix, member_.path) != Format::unknown && hold()) {
        const auto first = bytes_.output(0, scratch_.size());
        std::copy(scratch_.begin(), scratch_.end(), first.begin());
      }
    }
    if (whole_) return bytes_.output(begin, length);
    scratch_.resize(length);
    return scratch_;
  }

  bool whole() const { return whole_; }
  HeldBuffer take() {
    charged_ = false;
    return HeldBuffer(&held_, member_.size, bytes_.take());
  }

 private:
  bool hold() {
    if (!held_.reserve(member_.size)) {
      context_.check(BudgetKind::heap, saturating_add(held_.held(), member_.size),
                     member_.entry_offset, member_.where);
      return false;
    }
    charged_ = true;
    whole_ = true;
    bytes_.reserve_whole();
    return true;
  }

  WalkContext& context_;
  const MemberRecord& member_;
  std::vector<std::uint8_t>& scratch_;
  HeldBytes& held_;
  GrowingOutput bytes_;
  bool whole_ = false;
  bool decided_ = false;
  bool charged_ = false;
};

// The stored bytes a member's entry points at: entries with equal keys decode to equal content.
struct StoredData {
  std::uint64_t offset, size, v2_stored_size;
  std::uint8_t compression;
  auto operator<=>(const StoredData&) const = default;
};

StoredData stored_data(const MemberRecord& member) {
  return {member.data_offset, member.size, member.v2_stored_size, member.compression};
}

// For each member, the first member whose entry points at the same stored bytes and whose name
// gives them the same context (itself if none): under another name the same bytes are checked
// again, since they may be another format.
std::vector<std::size_t> first_with_same_stored_data(const std::vector<MemberRecord>& members) {
  std::vector<std::pair<StoredData, NameContext>> keys;
  keys.reserve(members.size());
  for (const MemberRecord& member : members)
    keys.emplace_back(stored_data(member), name_context(member.path));
  std::vector<std::size_t> order(members.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto by_key = keys[a] <=> keys[b];
    return by_key != 0 ? by_key < 0 : a < b;
  });
  std::vector<std::size_t> first(members.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    const bool same = i > 0 && keys[order[i]] == keys[order[i - 1]];
    first[order[i]] = same ? first[order[i - 1]] : order[i];
  }
  return first;
}

// A later member whose entry points at the stored bytes of an earlier one: it takes the earlier
// one's decoding (its data extent still goes to the overlap check) and is not decoded again.
void share_stored_data(WalkContext& context, ArchiveIndex& index, std::size_t later,
                       std::size_t first) {
  const MemberRecord& original = index.members[first];
  MemberRecord& member = index.members[later];
  member.same_as = first;
  member.stored_size = original.stored_size;
  member.encrypted = original.encrypted;
  member.format = original.format;
  if (original.stored_size > 0)
    index.extents.push_back({member.data_offset, member.data_offset + original.stored_size,
                             Extent::Role::member_data, later});
  context.findings.add(RuleId::hpi_shared_data, member.entry_offset, 0, member.where, [&] {
    return "points at the stored bytes of '" + original.where + "' (" + hex(member.data_offset) +
           ", " + std::to_string(member.size) + " bytes): decoded and checked once, as that member";
  });
}

// A checkable member whose decoded content is an earlier checked member's.
void share_content(WalkContext& context, ArchiveIndex& index, std::size_t later,
                   std::size_t first) {
  MemberRecord& member = index.members[later];
  member.same_as = first;
  context.findings.add(RuleId::hpi_shared_data, member.entry_offset, 0, member.where, [&] {
    return "decodes to the same content as '" + index.members[first].where + "' (" +
           std::to_string(member.size) + " bytes, equal SHA-256): checked once, as that member";
  });
}

// The input's decompressed bytes so far per byte of the input (rounded up), for archive_ratio.
std::uint64_t tree_ratio(const WalkContext& context, const TreeOutput& tree) {
  const std::uint64_t output =
      saturating_add(tree.before, context.budget.used(BudgetKind::archive_output));
  return output / tree.basis + (output % tree.basis != 0);
}

void decode_members(WalkContext& context, ArchiveIndex& index, MemberHarvest* harvest,
                    HeldBytes& held) {
  const TreeOutput tree =
      harvest ? harvest->tree_output()
              : TreeOutput{std::max<std::uint64_t>(context.file.size(), 1 << 20), 0};
  ChunkReader reader(context, index.source);
  std::vector<std::uint8_t> scratch;
  const std::vector<std::size_t> first = first_with_same_stored_data(index.members);
  for (std::size_t i = 0; i < index.members.size() && !context.stopped(); ++i) {
    if (first[i] != i) {
      share_stored_data(context, index, i, first[i]);
      continue;
    }
    MemberRecord& member = index.members[i];
    if (!admit_member(context, index, member)) continue;
    if (!context.check(BudgetKind::archive_ratio, tree_ratio(context, tree), member.entry_offset,
                       member.where))
      break;
    // Only a compressed v2 file asks for all its bytes at once.
    const bool piecewise = !(index.kind == ArchiveKind::v2 && member.v2_stored_size != 0);
    MemberOutput output(context, member, piecewise, scratch, held);
    if (context.stopped()) break;
    decode_member(context, reader, index, i, member, output, index.extents);
    if (!member.decoded || !output.whole()) continue;
    HeldBuffer bytes = output.take();
    member.format = member_check_format(bytes.view(), member.path);
    if (harvest == nullptr || member.format == Format::unknown) continue;
    if (const auto same = harvest->same_content(bytes.view(), name_context(member.path))) {
      share_content(context, index, i, *same);
      continue;
    }
    if (!context.charge(BudgetKind::members, 1, member.entry_offset, member.where)) break;
    member.checkable = true;
    harvest->offer(i, std::move(bytes), name_context(member.path));
  }
}

void summarize(const ArchiveIndex& index, FileReport& report) {
  Counters& summary = report.summary;
  summary.add("members", index.members.size());
  summary.add("directories", index.directories);
  std::uint64_t stored = 0, lz77 = 0, zlib = 0, encrypted = 0, checked = 0, output = 0;
  auto& members = report.members.emplace();
  members.reserve(index.members.size());
  for (const MemberRecord& record : index.members) {
    ArchiveMember member;
    member.path = record.path;
    member.size = record.size;
    member.compressed_size = record.stored_size;
    member.method = std::string(method_name(record, index.kind));
    member.encrypted = record.encrypted;
    member.format = record.format;
    member.checked = record.checkable;
    if (record.same_as) member.same_data_as = index.members[*record.same_as].path;
    stored += member.method == "stored";
    lz77 += member.method == "lz77";
    zlib += member.method == "zlib";
    encrypted += member.encrypted;
    checked += member.checked;
    if (record.decoded) output += record.size;
    members.push_back(std::move(member));
  }
  summary.add({{"stored_members", stored},
               {"lz77_members", lz77},
               {"zlib_members", zlib},
               {"encrypted_members", encrypted},
               {"checked_members", checked},
               {"decompressed_bytes", output}});
  if (index.kind != ArchiveKind::none) ++report.survey["archive_versions"][index.version];
}

}  // namespace

Format member_check_format(ByteView bytes, std::string_view path) {
  const Format format = refine_format_by_name(sniff_format(bytes), bytes, path);
  switch (format) {
    case Format::hpi:
    case Format::taf_truecolor:
    case Format::taf_paletted:
    case Format::ta3d_gaf: return format;
    case Format::gaf:
      // Version 0 or a structure guess also match palettes and other headerless data: those
      // need the name to agree (.taf: a paletted TAF has the GAF layout).
      return bytes.u32le(0) == gaf::version_standard || lowercase_extension(path) == ".gaf" ||
                     lowercase_extension(path) == ".taf"
                 ? format
                 : Format::unknown;
    case Format::tsf: return lowercase_extension(path) == ".tsf" ? format : Format::unknown;
    default: return Format::unknown;
  }
}

void check_archive(WalkContext& context, std::uint64_t nesting_depth, FileReport& report,
                   MemberHarvest* harvest) {
  if (!context.check(BudgetKind::archive_depth, nesting_depth, 0, "archive")) return;
  ArchiveIndex index = read_archive_index(context);
  HeldBytes own(context.budget.limit(BudgetKind::heap));  // without a harvest: this check only
  HeldBytes& held = harvest ? harvest->held() : own;
  if (index.kind == ArchiveKind::v1 || index.kind == ArchiveKind::v2) {
    check_member_paths(context, index);
    decode_members(context, index, harvest, held);
    if (index.walk_complete && !context.stopped()) check_extents(context, index);
  }
  summarize(index, report);
  if (harvest) {
    ArchiveUse used;
    used.output = context.budget.used(BudgetKind::archive_output);
    used.entries = context.budget.used(BudgetKind::archive_entries);
    used.members = context.budget.used(BudgetKind::members);
    harvest->finish(std::move(index), used);
  }
}

}  // namespace gafcheck::hpi
