#pragma once
// The bytes an archive's directory walk reads (read_archive_index): its header, its directory
// block(s) and, for v1, the footer window. Listing an archive reads only these, so a collection
// of large archives is listed for the cost of their directories.
#include <cstdint>
#include <vector>

#include "validator/core/byte_view.hpp"

namespace gafcheck::hpi {

struct ByteRange {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

// The head read first: the v1 and v2 headers need 32 bytes; a whole page costs no more to read
// and holds all of a small archive's v1 directory, which follows the header.
inline constexpr std::uint64_t index_head_size = 4096;

// From the first min(file_size, index_head_size) bytes: the ranges the walk reads, clipped to the
// file (the head included). Whatever the header claims, nothing outside the file is named.
std::vector<ByteRange> directory_ranges(ByteView head, std::uint64_t file_size);

}  // namespace gafcheck::hpi
