#include "validator/core/sha256.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <array>
#include <mutex>

#include "validator/base/errors.hpp"

namespace gafcheck {

namespace {

std::string hex_text(const unsigned char* digest, unsigned int digest_size) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string text;
  text.reserve(digest_size * 2);
  for (unsigned int i = 0; i < digest_size; ++i) {
    text.push_back(hex[digest[i] >> 4]);
    text.push_back(hex[digest[i] & 0xF]);
  }
  return text;
}

// libcrypto loads its configuration once, on its first initialisation: asking first for none
// means it never reads one, whatever the environment names.
void initialise_libcrypto() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, nullptr) != 1)
      throw InternalError("libcrypto cannot be initialised");
  });
}

}  // namespace

void initialise_sha256() {
  sha256_hex(ByteView());
}

std::string sha256_hex(ByteView bytes) {
  initialise_libcrypto();
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  const auto span = bytes.bytes();
  if (EVP_Digest(span.data(), span.size(), digest.data(), &digest_size, EVP_sha256(), nullptr) != 1)
    throw InternalError("SHA-256 failed in libcrypto");
  return hex_text(digest.data(), digest_size);
}

struct Sha256Stream::Context {
  EVP_MD_CTX* context = EVP_MD_CTX_new();
  ~Context() { EVP_MD_CTX_free(context); }
};

Sha256Stream::Sha256Stream() : context_((initialise_libcrypto(), std::make_unique<Context>())) {
  if (!context_->context || EVP_DigestInit_ex(context_->context, EVP_sha256(), nullptr) != 1)
    throw InternalError("SHA-256 failed in libcrypto");
}

Sha256Stream::~Sha256Stream() = default;

void Sha256Stream::add(std::string_view bytes) {
  if (EVP_DigestUpdate(context_->context, bytes.data(), bytes.size()) != 1)
    throw InternalError("SHA-256 failed in libcrypto");
}

std::string Sha256Stream::hex() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int digest_size = 0;
  if (EVP_DigestFinal_ex(context_->context, digest.data(), &digest_size) != 1)
    throw InternalError("SHA-256 failed in libcrypto");
  return hex_text(digest.data(), digest_size);
}

}  // namespace gafcheck
