#pragma once
// Structure paths as findings name them ("entry[3]/frame[0]/layer[2]/row[17]"): which entry
// slot and frame a finding concerns, so the rebuild can drop exactly that.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gafcheck::rebuild {

struct StructureRef {
  std::optional<std::uint32_t> slot;   // entry[N] at the start of the path
  std::optional<std::uint32_t> frame;  // frame[K] right after it
};

StructureRef parse_structure_path(std::string_view path);
std::string entry_path(std::uint32_t slot);
std::string entry_frame_path(std::uint32_t slot, std::uint32_t frame);

}  // namespace gafcheck::rebuild
