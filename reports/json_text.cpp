#include "reports/json_text.hpp"

#include "validator/core/text.hpp"

namespace gafcheck {

std::string json_name(std::string_view raw) {
  return escape_bytes(raw);
}

std::string json_path(std::string_view raw) {
  try {
    // The strict dump is the JSON library's own UTF-8 check.
    (void)nlohmann::json(std::string(raw))
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::strict);
    return std::string(raw);
  } catch (const nlohmann::json::type_error&) {
    return escape_bytes(raw);
  }
}

std::string json_text(std::string_view text) {
  return sanitize_text(text);
}

std::string uri_reference(std::string_view raw) {
  static constexpr char hex_digits[] = "0123456789ABCDEF";
  std::string uri;
  uri.reserve(raw.size());
  for (const char c : raw) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') ||
                            (byte >= '0' && byte <= '9') || byte == '-' || byte == '.' ||
                            byte == '_' || byte == '~' || byte == '/';
    if (unreserved) {
      uri.push_back(c);
    } else {
      uri.push_back('%');
      uri.push_back(hex_digits[byte >> 4]);
      uri.push_back(hex_digits[byte & 0xF]);
    }
  }
  return uri;
}

std::string dump_json(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gafcheck
