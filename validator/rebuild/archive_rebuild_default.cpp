// The member rebuilder `gafcheck rebuild` uses for archives: the sprite rebuild for GAF and TAF
// members, the TSF normaliser for scripts.
#include "validator/rebuild/archive_rebuild.hpp"
#include "validator/rebuild/tsf_normaliser.hpp"

namespace gafcheck::rebuild {

ArchiveRebuildResult rebuild_archive_file(ByteView input, std::string_view path_in_tree,
                                          const RebuildOptions& options) {
  return rebuild_archive_file(input, path_in_tree, options,
                              [](ByteView bytes, std::string_view member_path, Format format,
                                 const RebuildOptions& member_options) {
                                if (format == Format::tsf)
                                  return normalise_tsf(bytes, member_path, member_options);
                                return rebuild_sprite_file(bytes, member_path, member_options);
                              });
}

}  // namespace gafcheck::rebuild
