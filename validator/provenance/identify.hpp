#pragma once
// Which tool wrote a file, on evidence: the file's facts (writer_facts.hpp) matched against the
// signatures of rules/writers.yaml. Mixed or conflicting habits give `unknown`, never a guess.
#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/provenance/writer_facts.hpp"
#include "validator/result/writer_identity.hpp"
#include "validator/rules/writer_catalog.hpp"

namespace gafcheck::provenance {

using gafcheck::unknown_writer;
using gafcheck::WriterIdentity;

// The best row for these facts among the catalogue's rows for the format.
WriterIdentity match_writer(const ObservedFacts& facts, Format format,
                            const WriterCatalog& catalog = embedded_writer_catalog());

// Sniffs the bytes, gathers their facts and matches them. Formats no row covers are unknown.
WriterIdentity identify_writer(ByteView file, const BudgetLimits& limits = {});

}  // namespace gafcheck::provenance
