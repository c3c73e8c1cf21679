#include "validator/core/catalog_digest.hpp"

#include "validator/core/byte_view.hpp"
#include "validator/core/sha256.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

const std::string& embedded_catalog_sha256() {
  static const std::string digest = sha256_hex(ByteView(embedded_catalog_text()));
  return digest;
}

}  // namespace gafcheck
