#pragma once
#include <string>

namespace gafcheck {

// SHA-256 (hex) of the embedded catalogue text, for report headers.
const std::string& embedded_catalog_sha256();

}  // namespace gafcheck
