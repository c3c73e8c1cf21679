#pragma once
// The facts `gafcheck identify` compares with rules/writers.yaml, gathered from the structure
// readers' results (the HPI archive index, the GAF structure index). Each fact is a name and a
// value (docs/guide/identify.md lists them); a fact a file does not show is absent.
#include <optional>
#include <string>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"

namespace gafcheck::gaf {
struct GafIndex;
}

namespace gafcheck::provenance {

struct WriterFactValue {
  std::string name;   // e.g. "hpi.key-method"
  std::string value;  // e.g. "0x7d lz77"
};
using ObservedFacts = std::vector<WriterFactValue>;

// Facts of an HPI-family archive: its trailer, header key and member method, chunk flags, zlib
// header bytes, directory order and shared data. nullopt when a budget cut the directory walk:
// facts of part of a file (a sorted prefix of an unsorted directory) could name a writer the
// whole file contradicts.
std::optional<ObservedFacts> hpi_writer_facts(ByteView file, const BudgetLimits& limits);
// Facts of a GAF-layout file: version, entry and frame header fields, pixel placement, RLE use,
// shared images. nullopt when a budget cut the structure read, as above.
std::optional<ObservedFacts> gaf_writer_facts(ByteView file, const BudgetLimits& limits);
// The same from the file's structure index already read (the check pipeline's), without reading
// the structure again (its RLE rows are still re-encoded, under the pixels budget).
ObservedFacts gaf_writer_facts(ByteView file, const gaf::GafIndex& index,
                               const BudgetLimits& limits);

}  // namespace gafcheck::provenance
