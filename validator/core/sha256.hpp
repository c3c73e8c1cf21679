#pragma once
#include <string>

#include "validator/core/byte_view.hpp"

namespace gafcheck {

// Lowercase hex SHA-256 of the bytes (OpenSSL libcrypto).
std::string sha256_hex(ByteView bytes);

}  // namespace gafcheck
