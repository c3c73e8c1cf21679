#include "validator/hpi/extent_check.hpp"

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/rules/writer_catalog.hpp"

namespace gafcheck::hpi {
namespace {

std::string owner(const ArchiveIndex& index, const Extent& extent) {
  if (extent.role == Extent::Role::directory_block) return "the directory block";
  return "the data of '" + index.members[extent.member].where + "'";
}

void check_overlaps(WalkContext& context, const ArchiveIndex& index, std::vector<Extent> extents) {
  std::erase_if(extents, [](const Extent& e) {
    return e.role == Extent::Role::structure || e.begin == e.end;
  });
  std::sort(extents.begin(), extents.end(), [](const Extent& a, const Extent& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  const Extent* reach = nullptr;  // the extent reaching furthest so far
  for (const Extent& extent : extents) {
    if (reach && extent.begin < reach->end) {
      const std::uint64_t shared = std::min(extent.end, reach->end) - extent.begin;
      const std::string where = extent.role == Extent::Role::member_data
                                    ? index.members[extent.member].where
                                    : std::string("directory");
      context.findings.add(RuleId::hpi_overlap, extent.begin, shared, where, [&] {
        return owner(index, extent) + " [" + hex(extent.begin) + ", " + hex(extent.end) +
               ") shares " + std::to_string(shared) + " bytes with " + owner(index, *reach) + " [" +
               hex(reach->begin) + ", " + hex(reach->end) + ")";
      });
    }
    if (!reach || extent.end > reach->end) reach = &extent;
  }
}

}  // namespace

std::uint64_t packer_trailer_length(const ByteView& file, std::uint64_t at) {
  for (const std::string& trailer : embedded_writer_catalog().packer_trailers()) {
    const auto bytes = file.sub(at, trailer.size());
    if (bytes &&
        std::equal(trailer.begin(), trailer.end(), bytes->bytes().begin(),
                   [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; }))
      return trailer.size();
  }
  return 0;
}

namespace {

void check_slack(WalkContext& context, std::vector<Extent> extents) {
  std::erase_if(extents, [](const Extent& e) { return e.role == Extent::Role::directory_block; });
  std::sort(extents.begin(), extents.end(),
            [](const Extent& a, const Extent& b) { return a.begin < b.begin; });
  const ByteView& file = context.file;
  std::uint64_t covered = 0;
  const auto gap = [&](std::uint64_t begin, std::uint64_t end) {
    // A packer's trailer right after the structures is provenance (gafcheck identify names it),
    // not slack; bytes after it still are.
    begin += packer_trailer_length(file, begin);
    if (begin >= end) return;
    context.findings.add(RuleId::hpi_slack, begin, end - begin, "slack", [&] {
      return std::to_string(end - begin) + " bytes at " + hex(begin) +
             " belong to no structure: " + hexdump(file, begin, 16) +
             (end - begin > 16 ? " ..." : "");
    });
  };
  for (const Extent& extent : extents) {
    const std::uint64_t begin = std::min(extent.begin, file.size());
    if (begin > covered) gap(covered, begin);
    covered = std::max(covered, std::min(extent.end, file.size()));
  }
  if (covered < file.size()) gap(covered, file.size());
}

}  // namespace

void check_extents(WalkContext& context, const ArchiveIndex& index) {
  check_overlaps(context, index, index.extents);
  check_slack(context, index.extents);
}

}  // namespace gafcheck::hpi
