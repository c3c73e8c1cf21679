#include "validator/detect/sniff.hpp"

#include "validator/gaf/gaf_layout.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck {

bool looks_like_gaf_structure(ByteView bytes) {
  const auto count_word = bytes.u32le(gaf::header_entry_count);
  if (!count_word) return false;
  const std::uint64_t slots = *count_word & 0xFFFF;
  if (slots == 0) return bytes.size() == gaf::header_size || (*count_word >> 16) == 0;
  if (!bytes.contains(gaf::header_size, slots * gaf::entry_slot_size)) return false;
  const auto first_entry = bytes.u32le(gaf::header_size);
  return first_entry && *first_entry >= gaf::header_size &&
         bytes.contains(*first_entry, gaf::entry_header_size);
}

Format sniff_format(ByteView bytes) {
  if (bytes.u32le(hpi::header_marker) == hpi::marker_hapi) return Format::hpi;
  const auto version = bytes.u32le(gaf::header_version);
  if (!version) {
    // Too short for any header: a GAF only if what is there is a prefix of a GAF version word.
    static constexpr std::uint8_t standard[] = {0x00, 0x01, 0x01, 0x00};
    static constexpr std::uint8_t zero[] = {0x00, 0x00, 0x00, 0x00};
    if (bytes.empty()) return Format::unknown;
    bool standard_prefix = true, zero_prefix = true;
    for (std::uint64_t i = 0; i < bytes.size(); ++i) {
      standard_prefix = standard_prefix && *bytes.u8(i) == standard[i];
      zero_prefix = zero_prefix && *bytes.u8(i) == zero[i];
    }
    return standard_prefix || zero_prefix ? Format::gaf : Format::unknown;
  }
  if (*version == gaf::version_standard) return Format::gaf;
  if (*version == 0 && bytes.size() >= 8) return Format::gaf;
  if (looks_like_gaf_structure(bytes)) return Format::gaf;
  return Format::unknown;
}

}  // namespace gafcheck
