#pragma once
// An offset-free identity for a finding, for tools that track alerts across runs (SARIF
// partialFingerprints, GitLab Code Quality fingerprints). It is built from what diff and
// --baseline match findings by (finding_key: rule and structure path) plus where the finding is:
// the root, the top-level file's path inside it and the member path inside that file (a file's
// identity, report_places.hpp), so x.gaf under two roots gives two fingerprints. Inserting bytes
// before a finding moves its offset, never its fingerprint.
//
// Several findings of one file can share a key (two bad rows reported at the same structure path,
// say). They are told apart by an occurrence number in file order, which pairs them exactly as
// match_finding_keys pairs equal keys of an old and a new report: the first with the first.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "validator/rules/finding.hpp"

namespace gafcheck {

// Where a finding's file is: the top-level input as a path inside the root it was found under,
// and for an archive member its path inside that input ("anims/x.gaf", or "inner.hpi!x.gaf" for
// a member of a nested archive); empty for the input itself; root: the directory file is
// relative to (ReportPlace::base, normalised; empty for the working directory). Raw bytes.
struct FindingPlace {
  std::string_view file;
  std::string_view member;
  std::string_view root = {};
};

// The key of a finding (printable, one line per part) and its SHA-256 in hex.
std::string fingerprint_key(const FindingPlace& place, const Finding& finding);
std::string fingerprint_hash(const FindingPlace& place, const Finding& finding);

// Numbers the findings of one file report in order: fingerprint() gives "HASH:N", N counting
// from 1 the findings with the same key seen so far. One counter per file report (a report's keys
// never meet another's, their place differs); it holds one entry per distinct key, so at most the
// findings budget's worth.
class FingerprintCounter {
 public:
  std::string fingerprint(const FindingPlace& place, const Finding& finding);

 private:
  std::unordered_map<std::string, std::uint64_t> seen_;
};

}  // namespace gafcheck
