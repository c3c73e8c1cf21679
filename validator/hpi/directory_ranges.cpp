#include "validator/hpi/directory_ranges.hpp"

#include <algorithm>

#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {
namespace {

// [offset, offset + length) clipped to the file; nothing when it starts past the end.
void add_clipped(std::vector<ByteRange>& ranges, std::uint64_t offset, std::uint64_t length,
                 std::uint64_t file_size) {
  if (offset >= file_size) return;
  ranges.push_back({offset, std::min(length, file_size - offset)});
}

}  // namespace

std::vector<ByteRange> directory_ranges(ByteView head, std::uint64_t file_size) {
  std::vector<ByteRange> ranges;
  add_clipped(ranges, 0, v2_header_size, file_size);  // the longer of the two headers
  const auto version = head.u32le(header_version);
  if (version == version_v1) {
    const auto end = head.u32le(v1_directory_end);
    const auto start = head.u32le(v1_directory_start);
    if (end && start && *end > *start) add_clipped(ranges, *start, *end - *start, file_size);
    const std::uint64_t window = std::min<std::uint64_t>(file_size, footer_window);
    add_clipped(ranges, file_size - window, window, file_size);
  } else if (version == version_v2) {
    for (const auto& [offset_field, size_field] :
         {std::pair{v2_directory_offset, v2_directory_size},
          std::pair{v2_names_offset, v2_names_size}}) {
      const auto offset = head.u32le(offset_field);
      const auto size = head.u32le(size_field);
      // A compressed block is one SQSH chunk: its header is read even when the size is smaller.
      if (offset && size)
        add_clipped(ranges, *offset, std::uint64_t{*size} + chunk_header_size, file_size);
    }
  }
  return ranges;
}

}  // namespace gafcheck::hpi
