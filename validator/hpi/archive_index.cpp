#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

std::string_view method_name(const MemberRecord& member, ArchiveKind kind) {
  // A compressed v2 file's method is its first chunk's (zlib in every archive described).
  if (kind == ArchiveKind::v2 && member.v2_stored_size == 0) return "stored";
  switch (member.compression) {
    case 0: return "stored";
    case 1: return "lz77";
    case 2: return "zlib";
    default: return "unknown";
  }
}

}  // namespace gafcheck::hpi
