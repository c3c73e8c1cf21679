#pragma once
// Reporting of the extent map (layout_extents.cpp). Internal to validator/pixels.
#include <string>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/pixels/layout_extents.hpp"

namespace gafcheck::pixels {

// How extents are named in messages: kind names ("sequence header" in a TAF) and structure paths.
class ExtentNames {
 public:
  ExtentNames(const gaf::GafIndex& index, const LayoutExtentOptions& options)
      : index_(index), options_(options) {}
  std::string kind(const Extent& extent) const;
  std::string path(const Extent& extent) const;
  // "<kind> <path> at 0x..-0x.. (n bytes)"
  std::string described(const Extent& extent) const;

 private:
  const gaf::GafIndex& index_;
  const LayoutExtentOptions& options_;
};

std::string byte_range(std::uint64_t offset, std::uint64_t length);

// extent.structure-overlap and extent.rebase-overlap.
void report_structure_overlaps(WalkContext& context, const gaf::GafIndex& index,
                               const ExtentMap& map, const ExtentNames& names,
                               const LayoutExtentOptions& options);

}  // namespace gafcheck::pixels
