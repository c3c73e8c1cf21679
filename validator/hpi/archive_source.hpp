#pragma once
// Reads an archive's bytes as its readers see them: through the v1 XOR layer when the archive is
// encrypted, straight from the file otherwise. All access goes through the file's ByteView.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "validator/core/byte_view.hpp"

namespace gafcheck::hpi {

class ArchiveSource {
 public:
  ArchiveSource() = default;
  ArchiveSource(ByteView file, std::uint8_t key) : file_(file), key_(key) {}

  const ByteView& file() const { return file_; }
  std::uint8_t key() const { return key_; }
  bool encrypted() const { return key_ != 0; }

  // Copies [offset, offset + out.size()) and decrypts it; false when it is not inside the file.
  bool read(std::uint64_t offset, std::span<std::uint8_t> out) const;
  std::optional<std::uint32_t> u32(std::uint64_t offset) const;

  // The plain bytes of [offset, offset + length): a view of the file when nothing needs
  // decrypting, else a decrypted copy in scratch. nullopt when the range is not in the file.
  std::optional<std::span<const std::uint8_t>> plain(std::uint64_t offset, std::uint64_t length,
                                                     std::vector<std::uint8_t>& scratch) const;

 private:
  ByteView file_;
  std::uint8_t key_ = 0;
};

}  // namespace gafcheck::hpi
