#pragma once
// The sources of an installed game's virtual file system: the loose files below each game folder
// and the members of every archive (.hpi .ufo .ccx .gp3 .gpf) in it, or archives named alone.
// Listing reads each archive's header and the directory it points at, nothing else (under the
// budgets: an archive above --max-file-size is not read, the directory is walked within the
// archive budgets); no member is decoded.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/check_options.hpp"

namespace gafcheck::modsets {

// One archive, named by the argument it was found under.
struct ModArchive {
  std::string disk;           // the path read
  std::string display;        // as reports show it (relative to its game folder when found in one)
  std::string folded_name;    // its file name, A-Z folded: what name order and named ranks use
  bool in_subfolder = false;  // below the top of a game folder
  bool footer_missing = false;  // v1 without the copyright footer: retail TA refuses it
  std::size_t root = 0;         // the argument it came from
};

// One copy of a path: a loose file or an archive member.
struct Supplier {
  std::string path;                    // as the file system or the archive names it, '/'-separated
  std::string folded;                  // A-Z folded, '\' as '/': the path the engine looks up
  std::optional<std::size_t> archive;  // into ModSet::archives; none: a loose file
  std::size_t member = 0;              // into that archive's directory
  std::string disk;                    // a loose file's path on disk
  std::size_t root = 0;
  std::uint64_t size = 0;  // declared (members) or on disk (loose files)
};

struct ModSet {
  std::vector<ModArchive> archives;
  std::vector<Supplier> suppliers;
  std::vector<std::string> unreadable;  // "PATH: why", each naming the input
  // Arguments that reached files another argument reached first (listed once, there): one line
  // per pair of arguments, naming an example.
  std::vector<std::string> repeated;
  // What the listing holds, charged to --max-heap: the mod set is one input, every copy of it held
  // at once. Past the budget listing stops, and `unreadable` names where (exit 3).
  std::uint64_t listed_bytes = 0;
  bool listing_stopped = false;
};

// What one copy costs once listed: its record and path strings, and the state comparing it holds
// (its overlap, fingerprint reference and output row; about 650 bytes a copy in all, measured).
std::uint64_t listed_copy_bytes(const Supplier& copy);

// Lists DIRs and ARCHIVEs (in argument order). A problem is a usage one (no such path).
ModSet list_mod_set(const std::vector<std::string>& arguments, const CheckOptions& options);

// A-Z folded, '\' as '/'.
std::string folded_path(std::string_view path);

}  // namespace gafcheck::modsets
