#include "validator/hpi/archive_index.hpp"

namespace gafcheck::hpi {

std::string_view method_name(const MemberRecord& member, ArchiveKind kind) {
  if (kind == ArchiveKind::v2) return member.v2_stored_size == 0 ? "stored" : "zlib";
  switch (member.compression) {
    case 0: return "stored";
    case 1: return "lz77";
    case 2: return "zlib";
    default: return "unknown";
  }
}

}  // namespace gafcheck::hpi
