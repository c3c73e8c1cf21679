#include "validator/core/format.hpp"

#include <array>

namespace gafcheck {
namespace {
constexpr std::array<std::string_view, 8> format_names = {
    "gaf", "taf-truecolor", "taf-paletted", "ta3d-gaf", "hpi", "tsf", "unknown", "unreadable"};
static_assert(format_names.size() == static_cast<std::size_t>(Format::unreadable) + 1,
              "one name per Format, in the enum's order");
}

std::string_view format_name(Format format) {
  return format_names[static_cast<std::size_t>(format)];
}

std::optional<Format> format_from_name(std::string_view name) {
  for (std::size_t i = 0; i < format_names.size(); ++i)
    if (format_names[i] == name) return static_cast<Format>(i);
  return std::nullopt;
}

}  // namespace gafcheck
