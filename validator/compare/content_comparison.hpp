#pragma once
// gafcheck diff's run when it compares content (two sprite files, TSFs, archives, archive members
// or trees): both sides read under the sandbox by the same readers and budgets as check, the
// result written in every format asked for, summed up on standard error.
#include <optional>
#include <string>
#include <vector>

#include "reports/output_requests.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/compare/content_compare.hpp"

namespace gafcheck::compare {

// What makes the exit status 1: the drawing (the default: something the game shows or does
// differs), any byte, or new findings at or above a severity.
enum class FailOn : std::uint8_t { drawn, bytes, findings, never };

struct ContentComparison {
  std::string before, after;           // OLD and NEW as given
  std::vector<OutputRequest> outputs;  // yaml, json, text, html (diff_page.hpp)
  CompareSettings settings;            // settings.pictures.wanted: html or --images asked for
  std::string palette;                 // --palette: file or archive member (empty: forensic)
  std::string images_directory;        // --images DIR: the changed frames' PNGs (picture_files.hpp)
  FailOn fail_on = FailOn::drawn;
  Severity findings_threshold = Severity::error;  // for FailOn::findings
  bool sandbox = true;
  bool content_asked = false;  // --content: a report is a file like any other

  ExitCode run() const;
};

}  // namespace gafcheck::compare
