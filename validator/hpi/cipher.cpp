#include "validator/hpi/cipher.hpp"

namespace gafcheck::hpi {

std::uint8_t xor_key(std::uint32_t header_key) {
  const std::uint32_t k = header_key & 0xFF;
  return static_cast<std::uint8_t>(((k << 2) | (k >> 6)) & 0xFF);
}

std::uint8_t xor_key_full_word(std::uint32_t header_key) {
  return static_cast<std::uint8_t>(((header_key << 2) | (header_key >> 6)) & 0xFF);
}

void xor_decrypt(std::span<std::uint8_t> bytes, std::uint64_t position, std::uint8_t key) {
  if (bytes.empty()) return;
  // The position's low byte cycles every 256 bytes; one precomputed period lets the compiler
  // vectorise the XOR.
  std::uint8_t pad[256];
  for (unsigned i = 0; i < 256; ++i)
    pad[i] = static_cast<std::uint8_t>(((position + i) & 0xFF) ^ key);
  std::size_t i = 0;
  for (; i + 256 <= bytes.size(); i += 256)
    for (std::size_t j = 0; j < 256; ++j) bytes[i + j] ^= pad[j];
  for (std::size_t j = 0; i + j < bytes.size(); ++j) bytes[i + j] ^= pad[j];
}

void deobfuscate_chunk(std::span<std::uint8_t> bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto low = static_cast<std::uint8_t>(i);
    bytes[i] = static_cast<std::uint8_t>(static_cast<std::uint8_t>(bytes[i] - low) ^ low);
  }
}

std::uint32_t chunk_checksum(std::span<const std::uint8_t> bytes) {
  std::uint32_t sum = 0;
  for (const std::uint8_t byte : bytes) sum += byte;
  return sum;
}

}  // namespace gafcheck::hpi
