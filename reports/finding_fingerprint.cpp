#include "reports/finding_fingerprint.hpp"

#include "reports/finding_match.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {

// Names are escaped (escape_bytes: reversible, never a line break) and the structure path
// sanitised as --baseline does, so '\n' separates the parts unambiguously. A root comes first
// only when there is one (one line more), so files found from the working directory keep
// the fingerprints they had before roots were part of them.
std::string fingerprint_key(const FindingPlace& place, const Finding& finding) {
  std::string key;
  if (!place.root.empty()) {
    key = escape_bytes(place.root);
    key += '\n';
  }
  key += escape_bytes(place.file);
  key += '\n';
  key += escape_bytes(place.member);
  key += '\n';
  key += finding_key(rule_name(finding.rule), sanitize_text(finding.path));
  return key;
}

std::string fingerprint_hash(const FindingPlace& place, const Finding& finding) {
  return sha256_hex(ByteView(std::string_view(fingerprint_key(place, finding))));
}

std::string FingerprintCounter::fingerprint(const FindingPlace& place, const Finding& finding) {
  std::string hash = fingerprint_hash(place, finding);
  const std::uint64_t occurrence = ++seen_[hash];
  hash += ':';
  hash += std::to_string(occurrence);
  return hash;
}

}  // namespace gafcheck
