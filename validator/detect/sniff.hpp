#pragma once
// Decides an input's format from its bytes (never from its name).
#include <cstdint>
#include <optional>
#include <string_view>

#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"

namespace gafcheck {

Format sniff_format(ByteView bytes);

// An archive or compressed stream gafcheck does not open, told by its magic bytes: ZIP (a local
// header, an empty archive's end record, a spanned archive's marker), 7z, RAR 4 and 5, gzip,
// bzip2, xz, zstd, and tar (the ustar magic at 257). Its contents are never checked, so it is a
// finding of its own (format.container) rather than an unknown file, and a directory walk takes
// it whatever its name.
struct ContainerMagic {
  std::string_view kind;  // "ZIP archive", "gzip stream", ...
  std::uint64_t offset = 0;
  std::uint64_t length = 0;  // of the magic
};
std::optional<ContainerMagic> sniff_container(ByteView bytes);

// True when the bytes hold a plausible GAF layout whatever the version word says: an entry
// table that fits and a first entry header inside the file.
bool looks_like_gaf_structure(ByteView bytes);

}  // namespace gafcheck
