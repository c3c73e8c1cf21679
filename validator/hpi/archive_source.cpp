#include "validator/hpi/archive_source.hpp"

#include <array>

#include "validator/hpi/cipher.hpp"

namespace gafcheck::hpi {

bool ArchiveSource::read(std::uint64_t offset, std::span<std::uint8_t> out) const {
  if (!file_.copy_to(offset, out)) return false;
  if (encrypted()) xor_decrypt(out, offset, key_);
  return true;
}

std::optional<std::uint32_t> ArchiveSource::u32(std::uint64_t offset) const {
  std::array<std::uint8_t, 4> bytes{};
  if (!read(offset, bytes)) return std::nullopt;
  return static_cast<std::uint32_t>(bytes[0]) | (static_cast<std::uint32_t>(bytes[1]) << 8) |
         (static_cast<std::uint32_t>(bytes[2]) << 16) |
         (static_cast<std::uint32_t>(bytes[3]) << 24);
}

std::optional<std::span<const std::uint8_t>> ArchiveSource::plain(
    std::uint64_t offset, std::uint64_t length, std::vector<std::uint8_t>& scratch) const {
  const auto range = file_.sub(offset, length);
  if (!range) return std::nullopt;
  if (!encrypted()) return range->bytes();
  scratch.assign(range->bytes().begin(), range->bytes().end());
  xor_decrypt(scratch, offset, key_);
  return std::span<const std::uint8_t>(scratch);
}

}  // namespace gafcheck::hpi
