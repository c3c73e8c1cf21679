#pragma once
// gafcheck diff's result when it compares content: what changed between two sprite files,
// archives or trees, file by file and, inside sprite files, entry by entry and frame by frame
// (sprite_diff.hpp), with the findings each change brought or took away. The writers
// (diff_document.hpp) turn it into YAML, JSON, text and an HTML page.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/report_diff.hpp"
#include "validator/compare/sprite_diff.hpp"

namespace gafcheck::compare {

enum class FileChange : std::uint8_t {
  added,       // only in NEW
  removed,     // only in OLD
  changed,     // the game shows or does something else
  re_encoded,  // other bytes, the same drawing (a repacked archive, RLE <-> raw, ...)
  moved,       // the same bytes under another path (the old path is gone)
  copied,      // the same bytes as a file still at its old path
  unchanged,   // the same bytes
};
std::string_view file_change_name(FileChange change);

// A TSF statement that differs: by section path and key (A-Z folded), with its lines.
struct TsfChange {
  std::string key;  // "Anim/Frame0/Layer0/Filename"
  std::optional<std::string> before, after;
  std::uint64_t old_line = 0, new_line = 0;  // 0: not on that side
};

struct FindingsDelta {
  std::vector<DiffFinding> added;
  std::vector<DiffFinding> resolved;
  bool empty() const { return added.empty() && resolved.empty(); }
};

struct FileDiff {
  FileChange change = FileChange::changed;
  std::string path;      // in NEW (in OLD when removed); members as "archive!member"
  std::string old_path;  // moved, copied: the path in OLD; changed: when it differs from path
  std::string old_format, new_format;
  std::string old_sha256, new_sha256;
  std::uint64_t old_size = 0, new_size = 0;
  std::optional<SpriteDiff> sprite;  // both sides are sprite files
  std::vector<TsfChange> tsf;        // both sides are TSF
  FindingsDelta findings;
  std::string note;  // how it was compared when not by content ("compared by bytes")
};

struct ChangeCounts {
  std::uint64_t added = 0, removed = 0, changed = 0, re_encoded = 0, moved = 0, copied = 0,
                unchanged = 0;
  void count(FileChange change);
};

struct ContentDiff {
  std::string old_label, new_label;  // the sides as given
  std::string kind;                  // sprite, tsf, archive, tree, file
  std::vector<FileDiff> files;       // every file that differs (unchanged ones when listed)
  ChangeCounts counts;
  bool list_unchanged = false;
  bool unreadable = false;  // a file on one side could not be read or is damaged: not compared
  // Symbolic links in a tree side ("OLD: path", "NEW: path"): never followed, never compared.
  std::vector<std::string> not_followed;
  PictureTally pictures;  // the changed frames' pictures taken and left out (when asked for)

  // The game shows or does something else (0 on exit when false).
  bool drawn_differs() const;
  // Any byte differs.
  bool bytes_differ() const;
  // NEW has a finding at or above the severity that OLD did not.
  bool has_new_findings_at_or_above(Severity threshold) const;
};

}  // namespace gafcheck::compare
