#pragma once
// Writes HPI-family archives for the tests, the corpus and the benchmark: v1 (TA) with or without
// the XOR layer, stored / LZ77 / zlib members with optionally obfuscated chunks, and v2
// (TA: Kingdoms, docs/format/hpi.md §5). The plain layout is labelled so that defects can be
// patched in before encryption. Never used by the validator. v1 archives are laid out by the
// validator's own writer (validator/rebuild/hpi_writer.hpp, what `gafcheck rebuild` writes); the
// hostile options (LZ77, obfuscated chunks, the XOR layer, no footer, v2) stay here.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

enum class HpiMethod : std::uint8_t { stored = 0, lz77 = 1, zlib = 2 };

struct HpiFileSpec {
  std::string path;  // '/'-separated; the directories on it are created
  std::vector<std::uint8_t> data;
  HpiMethod method = HpiMethod::zlib;
  bool obfuscate_chunks = false;  // the SQSH "encrypted" flag
};

struct HpiSpec {
  std::uint32_t version = 0x00010000;  // 0x00010000 (v1) or 0x00020000 (v2)
  std::uint32_t key = 0;               // v1 header key word; 0 = not encrypted
  std::vector<HpiFileSpec> files;
  bool footer = true;               // v1: the Cavedog copyright footer
  bool compress_directory = false;  // v2: directory and names blocks as one SQSH chunk each
  // v2: a compressed file's data as back-to-back SQSH chunks of this many bytes (0: one chunk)
  std::uint32_t v2_chunk_size = 0;
  bool hpipack_lz77 = false;  // LZ77 chunks as HPIPack's encoder writes them (else greedy)
  bool kbot_io_lz77 = false;  // or as kbot-io's does
};

// Labels (offsets in the archive): "header", "root" (v1 root directory header / v2 root entry),
// "dir:PATH" (a directory's header / v2 entry), "entry:PATH" (the entry that names a file or
// directory), "name:PATH", "record:PATH" (v1 file record), "data:PATH" (stored bytes, chunk
// table, or v2 chunk), "chunk:PATH[i]" (chunk header), "directory_end", "footer". v2 labels
// for structures inside the directory and names blocks are offsets in those blocks.
BuiltFile build_hpi_plain(const HpiSpec& spec);
// Applies the v1 XOR layer to a plain archive (everything from 0x14 up to the footer).
void encrypt_hpi(BuiltFile& archive, std::uint32_t key);
// build_hpi_plain, then encrypt_hpi when spec.key is set.
BuiltFile build_hpi(const HpiSpec& spec);

// One SQSH chunk (header + body) holding data.
std::vector<std::uint8_t> sqsh_chunk(std::span<const std::uint8_t> data, HpiMethod method,
                                     bool obfuscate, bool hpipack_lz77 = false,
                                     bool kbot_io_lz77 = false);
// The HPI LZ77 variant: a greedy encoder that decodes with the 4,096-byte window.
std::vector<std::uint8_t> lz77_compress(std::span<const std::uint8_t> data);
std::vector<std::uint8_t> zlib_compress(std::span<const std::uint8_t> data);

// Deterministic compressible test content: text-like bytes from a small alphabet with repeats.
std::vector<std::uint8_t> sample_content(std::size_t size, std::uint32_t seed);

}  // namespace gafcheck::builder
