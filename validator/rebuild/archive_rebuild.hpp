#pragma once
// The hook through which `gafcheck rebuild` rebuilds an archive (.hpi .ufo .ccx .gp3): written by
// the archive side of issue 17. Until it exists, the CLI refuses archive inputs (exit 2);
// archive_rebuild_available() says which. The archive side replaces archive_rebuild_pending.cpp
// (validator/rebuild/meson.build) with its implementation.
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::rebuild {

struct ArchiveRebuildResult {
  bool refused = false;
  std::vector<std::uint8_t> bytes;        // the rebuilt archive
  std::vector<Disposition> dispositions;  // paths as "member/path!entry[0]/..." where useful
  std::vector<std::string> refusal_reasons;
  std::vector<std::string> dropped;  // members and entries left out
};

bool archive_rebuild_available();
ArchiveRebuildResult rebuild_archive_file(ByteView input, std::string_view path_in_tree,
                                          const RebuildOptions& options);

}  // namespace gafcheck::rebuild
