#pragma once
// gafcheck show's run: one input read under the sandbox, checked, and shown as its structure tree
// or as a labelled hexdump of one range (an offset, a finding, or a structure by its path).
#include <cstdint>
#include <string>

#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/inspect/show_view.hpp"

namespace gafcheck {

struct ShowRun {
  std::string input;  // a file or an archive member
  // The range dumped: at most one of an offset (at_text as given), a finding, a structure path;
  // none: the tree.
  bool by_offset = false;
  std::uint64_t offset = 0;
  std::string at_text;
  std::int64_t finding = -1;
  std::string structure;
  std::uint64_t context = 32;  // bytes shown before and after the range
  ShowStyle style;
  bool json = false;  // --format json: one JSON document instead of the text
  CheckOptions check;
  bool sandbox = true;

  // Throws UsageError when the range is not in the file.
  ExitCode run() const;

 private:
  bool dumps_a_range() const { return by_offset || finding != -1 || !structure.empty(); }
  std::string text_output(const ShowInput& shown, const LoadedInput& loaded) const;
  std::string json_output(const ShowInput& shown, const LoadedInput& loaded) const;
};

}  // namespace gafcheck
