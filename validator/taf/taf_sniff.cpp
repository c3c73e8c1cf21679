#include "validator/taf/taf_sniff.hpp"

#include "validator/taf/taf_layout.hpp"

namespace gafcheck::taf {

FrameEvidence first_sequence_evidence(ByteView bytes) {
  const auto count = bytes.u32le(gaf::header_entry_count);
  const auto entry = bytes.u32le(gaf::header_size);
  if (!count || *count == 0 || !entry || !bytes.contains(*entry, gaf::entry_header_size))
    return FrameEvidence::none;
  const std::uint16_t frames = *bytes.u16le(*entry + gaf::entry_frame_count);
  const std::uint64_t table = std::uint64_t{*entry} + gaf::entry_header_size;
  bool truecolor = false;
  for (std::uint64_t j = 0; j < frames; ++j) {
    const auto header = bytes.u32le(table + j * gaf::frame_ref_size);
    if (!header) break;  // the table runs off the end of the file
    if (!bytes.contains(*header, gaf::frame_header_size)) continue;
    const std::uint8_t format = *bytes.u8(*header + frame_format);
    if (is_paletted_format(format)) return FrameEvidence::paletted;
    truecolor = truecolor || is_truecolor_format(format);
  }
  return truecolor ? FrameEvidence::truecolor : FrameEvidence::none;
}

}  // namespace gafcheck::taf
