#pragma once
#include <cstdint>
#include <string_view>

namespace gafcheck::pixels {

// Why the engine reads a file's frames as plain arrays (docs/format/gaf.md §3.1): it is under a
// `textures` directory, or it is the visibility mask file vismasks.gaf (case-insensitive; '/'
// and '\\' separate components, '!' is part of a name). Everything storage.raw-required reads
// from a name, so it is part of a name's context (detect/name_context.hpp).
enum class RawArrayReader : std::uint8_t { none, textures_directory, visibility_masks };
RawArrayReader raw_array_reader(std::string_view engine_path);
inline bool engine_reads_raw_arrays(std::string_view engine_path) {
  return raw_array_reader(engine_path) != RawArrayReader::none;
}

}  // namespace gafcheck::pixels
