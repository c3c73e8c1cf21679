#pragma once
// The structure index and byte-extent map of a paletted GAF, read by the readers check uses (their
// findings are dropped: check reports them): what gafcheck show lists and labels bytes with.
#include <string>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/pixels/layout_extents.hpp"

namespace gafcheck::pixels {

struct GafLayoutMap {
  gaf::GafIndex index;
  ExtentMap map;                // empty when mapped is false
  bool mapped = false;          // false when a budget left the map partial (stopped says which)
  std::string stopped;          // the budget that stopped the read, if any
  LayoutExtentOptions options;  // how its extents are named ("sequence" in a truecolor TAF)
};

GafLayoutMap read_gaf_layout_map(ByteView file, const BudgetLimits& limits);
// A truecolor TAF (TA: Kingdoms), read as check reads it.
GafLayoutMap read_truecolor_layout_map(ByteView file, const BudgetLimits& limits);

// An extent's structure path as findings print it ("entry[0]/frame[1]", "entry_table"), and its
// kind as messages name it ("entry header", "rle_rows").
std::string extent_path(const GafLayoutMap& layout, const Extent& extent);
std::string extent_label(const GafLayoutMap& layout, const Extent& extent);

}  // namespace gafcheck::pixels
