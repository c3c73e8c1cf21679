#include "validator/provenance/identify.hpp"

#include <algorithm>

#include "validator/detect/sniff.hpp"

namespace gafcheck::provenance {
namespace {

const WriterFactValue* observed(const ObservedFacts& facts, const std::string& name) {
  for (const WriterFactValue& fact : facts)
    if (fact.name == name) return &fact;
  return nullptr;
}

struct RowMatch {
  const WriterSignature* writer = nullptr;
  std::vector<std::string> basis;
  std::size_t matched = 0;
  bool conflict = false;
  Confidence confidence = Confidence::possible;
};

RowMatch match_row(const WriterSignature& writer, const ObservedFacts& facts) {
  RowMatch row{&writer};
  bool decisive_missing = false, any_decisive = false;
  for (const WriterFact& fact : writer.facts) {
    any_decisive = any_decisive || fact.decisive;
    const WriterFactValue* seen = observed(facts, fact.fact);
    const bool matches =
        seen && std::find(fact.any_of.begin(), fact.any_of.end(), seen->value) != fact.any_of.end();
    if (seen && !matches && !fact.supports_only) row.conflict = true;
    if (seen && !matches && fact.supports_only)
      row.basis.push_back(fact.fact + " = " + seen->value + " (does not support)");
    if (matches && !fact.common) {
      ++row.matched;
      row.basis.push_back(fact.fact + " = " + seen->value);
    } else if (matches) {
      row.basis.push_back(fact.fact + " = " + seen->value + " (common to most writers)");
    } else if (fact.decisive) {
      decisive_missing = true;
    }
  }
  row.confidence = any_decisive && !decisive_missing ? Confidence::certain
                   : row.matched >= 3                ? Confidence::likely
                                                     : Confidence::possible;
  row.confidence = std::min(row.confidence, writer.ceiling);
  return row;
}

bool better(const RowMatch& a, const RowMatch& b) {
  return a.confidence != b.confidence ? a.confidence > b.confidence : a.matched > b.matched;
}

bool format_covers(const WriterSignature& writer, Format format) {
  return writer.format == format_name(format);
}

WriterIdentity unknown_from(const ObservedFacts& facts, std::string why) {
  WriterIdentity identity;
  identity.basis.push_back(std::move(why));
  for (const WriterFactValue& fact : facts)
    identity.basis.push_back(fact.name + " = " + fact.value);
  return identity;
}

}  // namespace

WriterIdentity match_writer(const ObservedFacts& facts, Format format,
                            const WriterCatalog& catalog) {
  std::vector<RowMatch> candidates;
  for (const WriterSignature& writer : catalog.writers()) {
    if (!format_covers(writer, format)) continue;
    RowMatch row = match_row(writer, facts);
    if (!row.conflict && row.matched > 0) candidates.push_back(std::move(row));
  }
  if (candidates.empty()) return unknown_from(facts, "no signature matches without a conflict");
  std::sort(candidates.begin(), candidates.end(), better);
  if (candidates.size() > 1 && !better(candidates[0], candidates[1]) &&
      candidates[0].writer->tool != candidates[1].writer->tool)
    return unknown_from(facts, "the facts fit " + candidates[0].writer->tool + " and " +
                                   candidates[1].writer->tool + " equally");
  const RowMatch& best = candidates.front();
  WriterIdentity identity;
  identity.tool = best.writer->tool;
  identity.versions = best.writer->versions;
  identity.confidence = std::string(confidence_name(best.confidence));
  identity.basis = best.basis;
  return identity;
}

WriterIdentity identify_writer(ByteView file, const BudgetLimits& limits) {
  const Format format = sniff_format(file);
  std::optional<ObservedFacts> facts;
  switch (format) {
    case Format::hpi: facts = hpi_writer_facts(file, limits); break;
    case Format::gaf:
    case Format::ta3d_gaf: facts = gaf_writer_facts(file, limits); break;
    default:
      return unknown_from(
          {}, "no writer signature covers " + std::string(format_name(format)) + " files");
  }
  if (!facts)
    return unknown_from({},
                        "the structure was read only in part (a budget ran out: gafcheck "
                        "check names it), and part of a file names no writer");
  return match_writer(*facts, format);
}

}  // namespace gafcheck::provenance
