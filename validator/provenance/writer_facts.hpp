#pragma once
// The facts `gafcheck identify` compares with rules/writers.yaml, gathered from the structure
// readers' results (the HPI archive index, the GAF structure index). Each fact is a name and a
// value (docs/guide/identify.md lists them); a fact a file does not show is absent.
#include <string>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"

namespace gafcheck::provenance {

struct WriterFactValue {
  std::string name;   // e.g. "hpi.key-method"
  std::string value;  // e.g. "0x7d lz77"
};
using ObservedFacts = std::vector<WriterFactValue>;

// Facts of an HPI-family archive: its trailer, header key and member method, chunk flags, zlib
// header bytes, directory order and shared data.
ObservedFacts hpi_writer_facts(ByteView file, const BudgetLimits& limits);
// Facts of a GAF-layout file: version, entry and frame header fields, pixel placement, RLE use,
// shared images.
ObservedFacts gaf_writer_facts(ByteView file, const BudgetLimits& limits);

}  // namespace gafcheck::provenance
