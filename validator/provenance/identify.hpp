#pragma once
// Which tool wrote a file, on evidence: the file's facts (writer_facts.hpp) matched against the
// signatures of rules/writers.yaml. Mixed or conflicting habits give `unknown`, never a guess.
#include <string>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/provenance/writer_facts.hpp"
#include "validator/rules/writer_catalog.hpp"

namespace gafcheck::provenance {

inline constexpr std::string_view unknown_writer = "unknown";

struct WriterIdentity {
  std::string tool = std::string(unknown_writer);
  std::string versions;             // empty when unknown
  std::string confidence = "none";  // certain, likely, possible; none for unknown
  std::vector<std::string> basis;   // the facts that matched (or, for unknown, what was seen)
};

// The best row for these facts among the catalogue's rows for the format.
WriterIdentity match_writer(const ObservedFacts& facts, Format format,
                            const WriterCatalog& catalog = embedded_writer_catalog());

// Sniffs the bytes, gathers their facts and matches them. Formats no row covers are unknown.
WriterIdentity identify_writer(ByteView file, const BudgetLimits& limits = {});

}  // namespace gafcheck::provenance
