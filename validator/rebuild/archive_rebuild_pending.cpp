// Until the archive rebuilder is merged (issue 17, archive side), archives are refused.
#include "validator/rebuild/archive_rebuild.hpp"

namespace gafcheck::rebuild {

bool archive_rebuild_available() {
  return false;
}

ArchiveRebuildResult rebuild_archive_file(ByteView, std::string_view, const RebuildOptions&) {
  ArchiveRebuildResult result;
  result.refused = true;
  result.refusal_reasons.push_back("archives are not rebuilt by this build");
  return result;
}

}  // namespace gafcheck::rebuild
