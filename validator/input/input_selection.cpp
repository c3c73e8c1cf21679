#include "validator/input/input_selection.hpp"

#include <algorithm>
#include <array>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck {
namespace {

constexpr std::array<std::string_view, 7> format_extensions = {"gaf", "taf", "tsf", "hpi",
                                                               "ufo", "ccx", "gp3"};

// Sniffing reads at most this much of a file, so a large file that is not an input (a movie, a
// sound bank) costs one read, not all of its bytes. sniff_format reads the first 64 KiB + 2 bytes
// (the TSF scan) and GAF words at +4 and +12; only a file larger than this whose first entry
// header lies past it sniffs differently from its whole.
constexpr std::uint64_t sniff_head_size = std::uint64_t{1} << 20;

}  // namespace

bool has_format_extension(std::string_view path) {
  const std::string extension = lower_extension(path);
  return std::find(format_extensions.begin(), format_extensions.end(), extension) !=
         format_extensions.end();
}

std::string lower_extension(std::string_view path) {
  const auto slash = path.find_last_of('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const auto dot = name.find_last_of('.');
  if (dot == std::string_view::npos || dot == 0) return {};
  return ascii_lowercase(name.substr(dot + 1));
}

std::vector<std::string> parse_extensions(const std::string& text) {
  std::vector<std::string> extensions;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = std::min(text.find(',', start), text.size());
    std::string item = text.substr(start, comma - start);
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty() && item[0] == '.') item.erase(0, 1);
    if (item.empty()) throw UsageError{"--ext takes a comma-separated list such as gaf,taf"};
    item = ascii_lowercase(item);
    if (std::find(extensions.begin(), extensions.end(), item) == extensions.end())
      extensions.push_back(item);
    start = comma + 1;
  }
  std::sort(extensions.begin(), extensions.end());
  return extensions;
}

InputSelection::InputSelection(std::vector<std::string> extensions)
    : extensions_(std::move(extensions)) {}

bool InputSelection::candidate(std::string_view path) const {
  if (extensions_.empty()) return true;
  const std::string extension = lower_extension(path);
  return std::find(extensions_.begin(), extensions_.end(), extension) != extensions_.end();
}

bool InputSelection::is_input(const std::string& path) const {
  if (has_format_extension(path)) return true;
  auto head = InputFile::open_head(path, sniff_head_size);
  // A file that cannot be read now (or changed while it was) is left to the check to report.
  if (!head) return true;
  // A ZIP or tar among the files is reported (format.container), never passed over in silence.
  return sniff_format(head->view()) != Format::unknown || sniff_container(head->view());
}

bool InputSelection::would_take_output(const std::string& path, bool exists) const {
  if (!candidate(path)) return false;
  return exists ? is_input(path) : has_format_extension(path);
}

}  // namespace gafcheck
