#pragma once
// Which files of a census tree are inputs. Without --ext: files whose extension names a format
// gafcheck reads (gaf, taf, tsf, hpi, ufo, ccx, gp3; any case) and any other file whose content
// sniffs as one of them, so a GAF renamed to .bak is still checked and a .wav is not. With --ext:
// only files with one of those extensions are candidates (still picked by extension or content).
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck::cli {

class InputSelection {
 public:
  // extensions: lower case, without the dot; empty means every file is a candidate.
  explicit InputSelection(std::vector<std::string> extensions);

  // By name only: may this file be an input at all?
  bool candidate(std::string_view path) const;
  // Decides for a candidate: by extension, else by reading its first bytes.
  bool is_input(const std::string& path) const;

 private:
  std::vector<std::string> extensions_;
};

// "gaf, .TAF,ufo" -> {"gaf", "taf", "ufo"}; throws UsageError on an empty item.
std::vector<std::string> parse_extensions(const std::string& text);

// The lower-case extension of the last path component, without the dot ("" when none).
std::string lower_extension(std::string_view path);

}  // namespace gafcheck::cli
