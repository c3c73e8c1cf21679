#include "validator/core/format.hpp"

#include "validator/base/enum_table.hpp"

namespace gafcheck {
namespace {
constexpr EnumTexts<Format, 8> format_names = {
    {"gaf", "taf-truecolor", "taf-paletted", "ta3d-gaf", "hpi", "tsf", "unknown", "unreadable"}};
static_assert(format_names.texts.size() == static_cast<std::size_t>(Format::unreadable) + 1,
              "one name per Format, in the enum's order");
}  // namespace

std::string_view format_name(Format format) {
  return format_names[format];
}

std::optional<Format> format_from_name(std::string_view name) {
  return format_names.find(name);
}

}  // namespace gafcheck
