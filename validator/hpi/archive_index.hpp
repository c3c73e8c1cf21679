#pragma once
// What reading an archive's header and directory tree yields: its members and the extents its
// structures claim. Decoding (member_decoder) fills in what only the data tells.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/core/format.hpp"
#include "validator/hpi/archive_source.hpp"

namespace gafcheck::hpi {

enum class ArchiveKind { none, v1, v2, saved_game };

// Bytes of the archive one structure occupies, for the slack and overlap checks.
struct Extent {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;  // exclusive
  enum class Role { structure, member_data, directory_block } role = Role::structure;
  std::size_t member = 0;  // for member_data
};

struct MemberRecord {
  std::string path;  // raw name bytes, components joined by '/'
  // A component of path is a placeholder ("<entry[N]>") for a name that cannot be read
  // (hpi.name-bounds): the path is not the archive's, so nothing is written under it.
  bool unreadable_name = false;
  std::string where;                 // escaped structure path for findings
  std::uint64_t entry_offset = 0;    // the entry naming it (v1 directory entry, v2 file entry)
  std::uint64_t data_offset = 0;     // stored bytes, chunk table, or (v2) the chunk
  std::uint64_t size = 0;            // declared decompressed size
  std::uint8_t compression = 0;      // v1 record byte; v2: 0 stored, 2 compressed
  std::uint64_t v2_stored_size = 0;  // v2 compressed_size field (0 = stored)

  // Filled in by decoding.
  std::uint64_t stored_size = 0;       // bytes it occupies in the archive
  bool encrypted = false;              // archive XOR or chunk obfuscation
  bool decoded = false;                // every chunk located and decompressed (content is what a
                                       // reader would produce)
  Format format = Format::unknown;     // sniffed from the decoded content
  bool checkable = false;              // handed to the check pipeline
  std::optional<std::size_t> same_as;  // the earlier member whose data this one is
};

struct ArchiveIndex {
  ArchiveKind kind = ArchiveKind::none;
  std::uint32_t version = 0;
  std::uint32_t header_key = 0;
  ArchiveSource source;  // how data bytes are read (decrypting when needed)
  std::uint64_t directory_begin = 0, directory_end = 0;  // the directory block as claimed
  std::uint64_t directories = 0;
  std::vector<MemberRecord> members;
  std::vector<Extent> extents;
  bool walk_complete = false;   // the directory walk reached every entry it was shown
  bool footer_missing = false;  // v1: no copyright footer in the last bytes, so retail TA
                                // refuses the archive (docs/format/hpi.md §1)
};

std::string_view method_name(const MemberRecord& member, ArchiveKind kind);

}  // namespace gafcheck::hpi
