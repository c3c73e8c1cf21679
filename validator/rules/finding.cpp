#include "validator/rules/finding.hpp"

#include <array>

namespace gafcheck {
namespace {

constexpr std::array<std::string_view, 3> severity_names = {"info", "warning", "error"};
constexpr std::array<std::string_view, 6> retail_names = {"none",    "ignored", "unknown",
                                                          "dropped", "garbage", "crash"};
static_assert(severity_names.size() == static_cast<std::size_t>(Severity::error) + 1,
              "one name per Severity, in the enum's order");
static_assert(retail_names.size() == static_cast<std::size_t>(Retail::crash) + 1,
              "one name per Retail impact, in the enum's order");

template <typename Enum, std::size_t N>
std::optional<Enum> parse_name(const std::array<std::string_view, N>& names,
                               std::string_view name) {
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<Enum>(i);
  return std::nullopt;
}

}  // namespace

std::string_view severity_name(Severity severity) {
  return severity_names[static_cast<std::size_t>(severity)];
}
std::optional<Severity> severity_from_name(std::string_view name) {
  return parse_name<Severity>(severity_names, name);
}
std::string_view retail_name(Retail retail) {
  return retail_names[static_cast<std::size_t>(retail)];
}
std::optional<Retail> retail_from_name(std::string_view name) {
  return parse_name<Retail>(retail_names, name);
}

}  // namespace gafcheck
