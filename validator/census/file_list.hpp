#pragma once
// --files-from LIST: the census's inputs named one per line (or NUL-separated with -0) instead of
// found by walking directories, for engines that hand out work as lists of paths (Spark's
// RDD.pipe, xargs, GNU parallel --pipe). The whole list is read before the census starts: the
// report is in path order (what --resume and merge rely on), and a list comes in any order.
//
// Each entry is a path relative to the working directory (as xargs would pass it) or absolute,
// and is reported as written. In newline mode one CR before the newline is dropped (a list made
// on Windows); empty entries are skipped; an entry holding a NUL byte, or longer than PATH_MAX,
// becomes an input with an error (a finding), like a path that does not exist. Duplicate entries
// are checked once, as duplicate roots are; the same file spelled two ways ("a.gaf", "./a.gaf")
// is two entries. With --shard only the entries of this shard (by a hash of the entry as
// written) are kept, so memory is bounded by the shard's part of the list, and --max-list-size
// bounds it (a usage error when exceeded: the census never checks a silent prefix of its list).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/yaml_report.hpp"
#include "validator/census/shard.hpp"

namespace gafcheck {

struct ListedPath {
  std::string path;     // as written (at most PATH_MAX - 1 bytes of it)
  std::string problem;  // why it cannot be opened at all; empty when it can be tried
};

struct FileList {
  FileListIdentity identity;
  std::vector<ListedPath> paths;  // this shard's entries, in path order, without duplicates
  std::uint64_t entries = 0;      // non-empty entries read, every shard's and duplicates too
};

struct FileListOptions {
  std::string name;  // "-": standard input
  char separator = '\n';
  std::optional<Shard> shard;
  std::uint64_t max_bytes = 0;  // the paths held: their bytes and sizeof(ListedPath) each
};

// Reads and hashes the list. Throws UsageError when it cannot be read or exceeds max_bytes.
FileList read_file_list(const FileListOptions& options);

// What the sandbox must let the census read for these entries: each entry's directory (the
// listing, the file and its neighbours: a TSF script's images are looked up beside it) and each
// entry that is a symlink (its target may lie elsewhere).
std::vector<std::string> listed_read_paths(const FileList& list);

}  // namespace gafcheck
