#include "validator/detect/sniff.hpp"

#include "validator/gaf/gaf_layout.hpp"
#include "validator/taf/taf_sniff.hpp"
#include "validator/tsf/tsf_sniff.hpp"

namespace gafcheck {
namespace {

// "HAPI" at offset 0, read as a little-endian word: the HPI-family archive marker.
constexpr std::uint32_t hpi_marker = 0x49504148;

// A GAF-layout file is a truecolor TAF when its first sequence's frames say 4/5 (docs/format/gaf.md
// §7).
Format gaf_layout_kind(ByteView bytes) {
  return taf::first_sequence_evidence(bytes) == taf::FrameEvidence::truecolor
             ? Format::taf_truecolor
             : Format::gaf;
}

struct KnownMagic {
  std::string_view kind;
  std::uint64_t offset;
  std::string_view bytes;
};

using namespace std::string_view_literals;
constexpr KnownMagic container_magics[] = {
    {"ZIP archive", 0, "PK\x03\x04"sv},
    {"ZIP archive", 0, "PK\x05\x06"sv},  // an empty archive: only the end record
    {"ZIP archive", 0, "PK\x07\x08"sv},  // the first part of a spanned archive
    {"7z archive", 0, "7z\xBC\xAF\x27\x1C"sv},
    {"RAR archive", 0, "Rar!\x1A\x07\x00"sv},      // RAR 4
    {"RAR archive", 0, "Rar!\x1A\x07\x01\x00"sv},  // RAR 5
    {"gzip stream", 0, "\x1F\x8B\x08"sv},          // deflate, the only method gzip defines
    {"xz stream", 0,
     "\xFD"
     "7zXZ\x00"sv},
    {"zstd stream", 0, "\x28\xB5\x2F\xFD"sv},
    {"tar archive", 257, "ustar"sv},  // POSIX "ustar\0" and GNU "ustar  \0" alike
};

bool magic_at(ByteView bytes, std::uint64_t offset, std::string_view magic) {
  if (!bytes.contains(offset, magic.size())) return false;
  for (std::size_t i = 0; i < magic.size(); ++i)
    if (*bytes.u8(offset + i) != static_cast<std::uint8_t>(magic[i])) return false;
  return true;
}

}  // namespace

std::optional<ContainerMagic> sniff_container(ByteView bytes) {
  for (const KnownMagic& magic : container_magics)
    if (magic_at(bytes, magic.offset, magic.bytes))
      return ContainerMagic{magic.kind, magic.offset, magic.bytes.size()};
  // bzip2: "BZh" and the block size, '1' to '9'.
  const auto level = bytes.u8(3);
  if (magic_at(bytes, 0, "BZh") && level && *level >= '1' && *level <= '9')
    return ContainerMagic{"bzip2 stream", 0, 4};
  return std::nullopt;
}

bool looks_like_gaf_structure(ByteView bytes) {
  const auto count_word = bytes.u32le(gaf::header_entry_count);
  if (!count_word) return false;
  const std::uint64_t slots = *count_word & 0xFFFF;
  // Without entries only a bare header is evidence: zero words at +4 are common in other binaries.
  if (slots == 0) return bytes.size() == gaf::header_size;
  if (!bytes.contains(gaf::header_size, slots * gaf::entry_slot_size)) return false;
  const auto first_entry = bytes.u32le(gaf::header_size);
  return first_entry && *first_entry >= gaf::header_size &&
         bytes.contains(*first_entry, gaf::entry_header_size);
}

Format sniff_format(ByteView bytes) {
  const auto version = bytes.u32le(gaf::header_version);
  if (!version) {
    // Too short for any header: a GAF only if what is there is a prefix of a GAF version word.
    static constexpr std::uint8_t standard[] = {0x00, 0x01, 0x01, 0x00};
    static constexpr std::uint8_t zero[] = {0x00, 0x00, 0x00, 0x00};
    if (bytes.empty()) return Format::unknown;
    if (tsf::looks_like_tsf(bytes)) return Format::tsf;
    bool standard_prefix = true, zero_prefix = true;
    for (std::uint64_t i = 0; i < bytes.size(); ++i) {
      standard_prefix = standard_prefix && *bytes.u8(i) == standard[i];
      zero_prefix = zero_prefix && *bytes.u8(i) == zero[i];
    }
    return standard_prefix || zero_prefix ? Format::gaf : Format::unknown;
  }
  if (*version == gaf::version_ta3d) return Format::ta3d_gaf;
  if (*version == hpi_marker) return Format::hpi;
  if (*version == gaf::version_standard) return gaf_layout_kind(bytes);
  // Version 0 is the TA mask files' (docs/format/gaf.md §1), but four zero bytes open many other
  // binaries: by content alone, the structure must agree (a .gaf or .taf name admits any; see
  // refine_format_by_name).
  if (*version == 0 && looks_like_gaf_structure(bytes)) return gaf_layout_kind(bytes);
  if (tsf::looks_like_tsf(bytes)) return Format::tsf;
  if (looks_like_gaf_structure(bytes)) return gaf_layout_kind(bytes);
  return Format::unknown;
}

}  // namespace gafcheck
