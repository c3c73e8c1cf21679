#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "validator/core/byte_view.hpp"

namespace gafcheck {

// Lowercase hex SHA-256 of the bytes (OpenSSL libcrypto).
std::string sha256_hex(ByteView bytes);

// Sets libcrypto up once, without its configuration file: gafcheck only hashes with SHA-256, and
// neither /usr/lib/ssl/openssl.cnf nor a file OPENSSL_CONF names may steer it. Every function
// here calls it first; calling it early (before the sandbox) also hashes once, so that what
// libcrypto sets up on first use (the default provider, its method store) exists before any
// file may no longer be opened.
void initialise_sha256();

// The same over bytes that arrive in pieces (a list read from standard input).
class Sha256Stream {
 public:
  Sha256Stream();
  ~Sha256Stream();  // not copied: context_ is a unique_ptr
  void add(std::string_view bytes);
  std::string hex();  // once, after the last add

 private:
  struct Context;
  std::unique_ptr<Context> context_;
};

}  // namespace gafcheck
