#include "validator/core/sha256.hpp"

#include <openssl/evp.h>

#include <array>
#include <stdexcept>

namespace gafcheck {

std::string sha256_hex(ByteView bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  const auto span = bytes.bytes();
  if (EVP_Digest(span.data(), span.size(), digest.data(), &digest_size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed in libcrypto");
  static constexpr char hex[] = "0123456789abcdef";
  std::string text;
  text.reserve(digest_size * 2);
  for (unsigned int i = 0; i < digest_size; ++i) {
    text.push_back(hex[digest[i] >> 4]);
    text.push_back(hex[digest[i] & 0xF]);
  }
  return text;
}

}  // namespace gafcheck
