#pragma once
// Which files a directory walk takes as inputs, the same for every command that walks (check and
// census). Without --ext: files whose extension names a format gafcheck reads (gaf, taf, tsf,
// hpi, ufo, ccx, gp3; any case) and any other file whose content sniffs as one of them, so a GAF
// renamed to .bak is still checked and a readme.txt or a .wav is not. With --ext (census): only
// files with one of those extensions are candidates (still picked by extension or content).
// A file named on the command line is always an input, whatever its name or content.
#include <string>
#include <string_view>
#include <vector>

#include "validator/input/input_walk.hpp"

namespace gafcheck {

class InputSelection {
 public:
  // extensions: lower case, without the dot; empty means every file is a candidate.
  explicit InputSelection(std::vector<std::string> extensions);

  // By name only: may this file be an input at all?
  bool candidate(std::string_view path) const;
  // Decides for a candidate: by extension, else by reading its first bytes.
  bool is_input(const std::string& path) const;

  // The same for a walk item; a named item (a file given on the command line) always is one.
  bool candidate(const InputItem& item) const { return item.named || candidate(item.path); }
  bool is_input(const InputItem& item) const { return item.named || is_input(item.path); }
  // Both steps at once: the selection every command that walks directories makes.
  bool selects(const InputItem& item) const { return candidate(item) && is_input(item); }
  // Whether a report about to be written at path would be taken as an input by a walk that
  // reaches it: by name, as its content is YAML (or, when it exists now, by its content too).
  bool would_take_output(const std::string& path, bool exists) const;

 private:
  std::vector<std::string> extensions_;
};

// "gaf, .TAF,ufo" -> {"gaf", "taf", "ufo"}; throws UsageError on an empty item.
std::vector<std::string> parse_extensions(const std::string& text);

// Whether a walk takes the file by its name alone (.gaf .taf .tsf .hpi .ufo .ccx .gp3).
bool has_format_extension(std::string_view path);

// The lower-case extension of the last path component, without the dot ("" when none).
std::string lower_extension(std::string_view path);

}  // namespace gafcheck
