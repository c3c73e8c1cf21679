#include "validator/hpi/archive_check.hpp"

#include <algorithm>
#include <functional>

#include "validator/detect/extension.hpp"
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

std::string lowercase_extension(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  const auto dot = path.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return "";
  std::string extension(path.substr(dot));
  for (char& c : extension)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return extension;
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
// small, or its first chunk sniffs as a checked format), else chunk by chunk through a scratch
// buffer, so a large 3DO, WAV or map is validated without being held in memory.
class MemberOutput final : public ChunkOutput {
 public:
  MemberOutput(const MemberRecord& member, bool chunked, std::vector<std::uint8_t>& scratch)
      : member_(member), scratch_(scratch), bytes_(member.size) {
    whole_ = !chunked || member.size <= chunk_capacity || named_like_a_checked_format(member.path);
  }

  std::span<std::uint8_t> output(std::uint64_t begin, std::uint64_t length) override {
    if (!whole_ && begin > 0 && !decided_) {
      decided_ = true;
      // The first chunk is in scratch: does it look like something the pipeline checks?
      const ByteView prefix(scratch_.data(), scratch_.size());
      if (member_check_format(prefix, member_.path) != Format::unknown) {
        const auto first = bytes_.output(0, scratch_.size());
        std::copy(scratch_.begin(), scratch_.end(), first.begin());
        whole_ = true;
      }
    }
    if (whole_) return bytes_.output(begin, length);
    scratch_.resize(length);
    return scratch_;
  }

  bool whole() const { return whole_; }
  std::vector<std::uint8_t> take() { return bytes_.take(); }

 private:
  const MemberRecord& member_;
  std::vector<std::uint8_t>& scratch_;
  GrowingOutput bytes_;
  bool whole_ = false;
  bool decided_ = false;
};

void decode_members(WalkContext& context, ArchiveIndex& index, MemberHarvest* harvest,
                    const std::function<void(std::size_t, std::vector<std::uint8_t>&&)>& offer) {
  ChunkReader reader(context, index.source);
  std::vector<std::uint8_t> scratch;
  for (std::size_t i = 0; i < index.members.size() && !context.stopped(); ++i) {
    MemberRecord& member = index.members[i];
    if (!admit_member(context, index, member)) continue;
    const bool chunked = index.kind == ArchiveKind::v1 && member.compression != 0;
    MemberOutput output(member, chunked, scratch);
    decode_member(context, reader, index, i, member, output, index.extents);
    if (!member.decoded || !output.whole()) continue;
    std::vector<std::uint8_t> bytes = output.take();
    member.format = member_check_format(ByteView(bytes.data(), bytes.size()), member.path);
    member.checkable = harvest != nullptr && member.format != Format::unknown;
    if (member.checkable) offer(i, std::move(bytes));
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
    stored += member.method == "stored";
    lz77 += member.method == "lz77";
    zlib += member.method == "zlib";
    encrypted += member.encrypted;
    checked += member.checked;
    if (record.decoded) output += record.size;
    members.push_back(std::move(member));
  }
  summary.add("stored_members", stored);
  summary.add("lz77_members", lz77);
  summary.add("zlib_members", zlib);
  summary.add("encrypted_members", encrypted);
  summary.add("checked_members", checked);
  summary.add("decompressed_bytes", output);
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

void MemberHarvest::offer(std::size_t member, std::vector<std::uint8_t>&& bytes) {
  const bool keep = bytes.size() <= retain_left_;
  if (keep) retain_left_ -= bytes.size();
  items_.push_back({member, keep ? std::move(bytes) : std::vector<std::uint8_t>(), keep});
}

std::vector<std::uint8_t> MemberHarvest::take(std::size_t item) {
  Item& entry = items_[item];
  if (entry.kept) {
    entry.kept = false;
    return std::move(entry.bytes);
  }
  // Decoded again exactly as before; its findings are already in the archive's report.
  return decode_member_quietly(index_, limits_, entry.member).value_or(std::vector<std::uint8_t>());
}

void check_archive(WalkContext& context, std::uint64_t nesting_depth, FileReport& report,
                   MemberHarvest* harvest) {
  if (!context.check(BudgetKind::archive_depth, nesting_depth, 0, "archive")) return;
  ArchiveIndex index = read_archive_index(context);
  if (index.kind == ArchiveKind::v1 || index.kind == ArchiveKind::v2) {
    check_member_paths(context, index);
    decode_members(context, index, harvest,
                   [harvest](std::size_t member, std::vector<std::uint8_t>&& bytes) {
                     harvest->offer(member, std::move(bytes));
                   });
    if (index.walk_complete && !context.stopped()) check_extents(context, index);
  }
  if (harvest)
    harvest->used_ = {context.budget.used(BudgetKind::archive_output),
                      context.budget.used(BudgetKind::archive_entries)};
  summarize(index, report);
  if (harvest) harvest->index_ = std::move(index);
}

}  // namespace gafcheck::hpi
