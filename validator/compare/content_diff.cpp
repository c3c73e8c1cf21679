#include "validator/compare/content_diff.hpp"

#include <algorithm>

#include "validator/base/enum_table.hpp"

namespace gafcheck::compare {

std::string_view file_change_name(FileChange change) {
  static constexpr EnumTexts<FileChange, 7> names = {
      {"added", "removed", "changed", "re-encoded", "moved", "copied", "unchanged"}};
  return names[change];
}

void ChangeCounts::count(FileChange change) {
  switch (change) {
    case FileChange::added: ++added; break;
    case FileChange::removed: ++removed; break;
    case FileChange::changed: ++changed; break;
    case FileChange::re_encoded: ++re_encoded; break;
    case FileChange::moved: ++moved; break;
    case FileChange::copied: ++copied; break;
    case FileChange::unchanged: ++unchanged; break;
  }
}

bool ContentDiff::drawn_differs() const {
  return std::any_of(files.begin(), files.end(), [](const FileDiff& file) {
    return file.change != FileChange::re_encoded && file.change != FileChange::unchanged;
  });
}

bool ContentDiff::bytes_differ() const {
  return std::any_of(files.begin(), files.end(),
                     [](const FileDiff& file) { return file.change != FileChange::unchanged; });
}

bool ContentDiff::has_new_findings_at_or_above(Severity threshold) const {
  for (const FileDiff& file : files)
    for (const DiffFinding& finding : file.findings.added) {
      const auto severity = severity_from_name(finding.severity);
      if (severity && *severity >= threshold) return true;
    }
  return false;
}

}  // namespace gafcheck::compare
