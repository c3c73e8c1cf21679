#pragma once
// The paths a mod set supplies more than once (after A-Z folding, loose files counted), which
// copy each engine loads, and what the shadowed copies are to the winner: byte-identical
// (harmless), drawing the same (re-encoded sprite files: the drawn-frame digests of
// validator/compare agree), or different (a real override). Only the copies of overlapping paths
// are decoded, each archive opened once, shared stored bytes decoded once, each distinct content
// checked once; decoded bytes are not kept.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "validator/core/check_options.hpp"
#include "validator/modsets/engine_profiles.hpp"
#include "validator/modsets/mod_sources.hpp"

namespace gafcheck::modsets {

// What one copy's content is, as read.
struct Fingerprint {
  bool read = false;     // decoded (with damage or not)
  std::string damage;    // why its bytes are not what was packed, or were looked at only in part
  bool partial = false;  // a budget cut its check or its drawing: its findings and drawing are
                         // not the whole file's, so only byte identity compares it
  std::string sha256;
  std::string format;           // as check detects it
  std::string drawn;            // sprite files: digest of what every entry's frames draw
  std::set<std::string> rules;  // rule ids of the findings check makes on it
};

enum class CopyContent : std::uint8_t { winner, identical, drawn_same, differs, not_read };
std::string_view copy_content_name(CopyContent content);

struct OverlapCopy {
  std::size_t supplier = 0;          // into ModSet::suppliers
  std::optional<std::int64_t> rank;  // under the primary engine; nullopt: it does not read it
  // Which member of its archive on this path it is, in directory order (1: the first). The name
  // ARCHIVE!member reaches the first only, so a later one is told apart by this number.
  std::uint32_t occurrence = 1;
  // Shared by every copy of one content (its bytes and engine path): checked once, held once.
  std::shared_ptr<const Fingerprint> shared_print;
  std::string decode_damage;  // this copy's own: its stored bytes did not decode exactly
  CopyContent content = CopyContent::not_read;
  std::vector<std::string> winner_only, copy_only;  // rule ids one of the pair carries alone

  const Fingerprint& print() const;  // an unread copy's is empty
  const std::string& damage() const;
};

struct Overlap {
  std::string folded;
  std::vector<OverlapCopy> copies;    // in the order the engines see them
  std::optional<std::size_t> winner;  // into copies, under the primary engine
  std::string decided_by;             // rank, name order, listing order (taken as name order)
  std::map<std::string, std::optional<std::size_t>> winners;  // every engine considered
  bool engine_dependent = false;

  bool overrides() const;        // a shadowed copy differs from the winner in content
  bool findings_differ() const;  // and in findings
  bool identical_only() const;   // every shadowed copy is byte-identical
  bool not_read() const;         // some copy could not be compared (not read, or not decoded)
};

// What reading the copies cost: each archive holding an overlapping member is opened once, each
// distinct stored range decoded once, each distinct content checked once.
struct ReadCounts {
  std::uint64_t archives_opened = 0;
  std::uint64_t members_decoded = 0;
  std::uint64_t contents_checked = 0;
};

struct ConflictReport {
  std::string primary;               // the engine whose winner is classified against
  std::vector<std::string> engines;  // the engines considered (one, or all)
  std::vector<Overlap> overlaps;     // sorted by folded path
  // What the outputs list: the first overlaps, in path order, whose copies add up to at most
  // --max-findings (each copy is a line item, and a copy's names can be far longer than the
  // directory entry that made it). The rest are classified and counted like the listed ones
  // (counts, verdicts, exit status), only not listed: unlisted_copies says how many copies.
  std::size_t listed = 0;
  std::uint64_t unlisted_copies = 0;
  std::span<const Overlap> listed_overlaps() const { return {overlaps.data(), listed}; }
  std::uint64_t archives = 0, suppliers = 0;
  std::vector<std::string> unreadable;
  ReadCounts reads;
};

// engines: the profiles to consider, the first being the primary.
ConflictReport find_conflicts(const ModSet& set, const std::vector<const EngineProfile*>& engines,
                              const CheckOptions& options);

// The copy's name as gafcheck's commands take it: ARCHIVE!member, or the loose file's path.
std::string copy_argument(const ModSet& set, const Supplier& supplier);

// The copy's name in outputs: copy_argument escaped (escape_bytes), and for a second or later
// member of one archive on the path, which one it is.
std::string copy_label(const ModSet& set, const OverlapCopy& copy);

}  // namespace gafcheck::modsets
