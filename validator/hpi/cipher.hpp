#pragma once
// The two obfuscations of v1 archives (docs/format/hpi.md §2, §4) and the chunk checksum.
#include <cstdint>
#include <span>

namespace gafcheck::hpi {

// The XOR key derived from the header key word: K = ((k << 2) | (k >> 6)) & 0xFF of its low byte.
// 0 means the archive is not encrypted.
std::uint8_t xor_key(std::uint32_t header_key);

// The same transform applied to the whole word, as readers that keep all 32 bits compute it; its
// low byte is what they XOR with (for reporting hpi.key-high-bits).
std::uint8_t xor_key_full_word(std::uint32_t header_key);

// Decrypts bytes read from file offset position in place: b ^= (pos & 0xFF) ^ key.
void xor_decrypt(std::span<std::uint8_t> bytes, std::uint64_t position, std::uint8_t key);

// Undoes a chunk's inner obfuscation in place: b[i] = (b[i] - i) ^ i, mod 256.
void deobfuscate_chunk(std::span<std::uint8_t> bytes);

// Byte sum of a chunk body as stored (mod 2^32).
std::uint32_t chunk_checksum(std::span<const std::uint8_t> bytes);

}  // namespace gafcheck::hpi
