#include "validator/hpi/chunk_reader.hpp"

#include <algorithm>
#include <cstring>

#include "validator/core/text.hpp"
#include "validator/hpi/cipher.hpp"
#include "validator/hpi/hpi_layout.hpp"
#include "validator/hpi/lz77.hpp"

namespace gafcheck::hpi {
namespace {

std::uint32_t u32_at(std::span<const std::uint8_t> bytes, std::size_t at) {
  return static_cast<std::uint32_t>(bytes[at]) | (static_cast<std::uint32_t>(bytes[at + 1]) << 8) |
         (static_cast<std::uint32_t>(bytes[at + 2]) << 16) |
         (static_cast<std::uint32_t>(bytes[at + 3]) << 24);
}

const char* method_label(std::uint8_t method) {
  switch (method) {
    case 0: return "stored";
    case 1: return "LZ77";
    case 2: return "zlib";
    default: return "unknown";
  }
}

}  // namespace

std::optional<ChunkHeader> ChunkReader::locate(const ChunkPlace& place) {
  Findings& findings = context_.findings;
  const auto bytes = source_.plain(place.offset, chunk_header_size, header_scratch_);
  if (!bytes || place.offset + chunk_header_size > place.end) {
    // The header may start past the end of the file: anchor the finding at the end then.
    findings.add(RuleId::hpi_directory_bounds, std::min(place.offset, context_.file.size()), 0,
                 place.where, [&] {
                   return "chunk header [" + hex(place.offset) +
                          ", +19) runs past the end of its data at " + hex(place.end);
                 });
    return std::nullopt;
  }
  ChunkHeader header;
  header.offset = place.offset;
  const std::uint32_t marker = u32_at(*bytes, chunk_marker);
  header.version = (*bytes)[chunk_version];
  header.method = (*bytes)[chunk_method];
  header.encrypted = (*bytes)[chunk_encrypted];
  header.compressed_size = u32_at(*bytes, chunk_compressed_size);
  header.decompressed_size = u32_at(*bytes, chunk_decompressed_size);
  header.checksum = u32_at(*bytes, chunk_checksum_field);
  if (marker != marker_sqsh) {
    findings.add(RuleId::hpi_chunk_header, place.offset, 4, place.where, [&] {
      return "chunk starts with " + hexdump(ByteView(*bytes), 0, 4) +
             ", not \"SQSH\"; the chunk is not decoded";
    });
    return std::nullopt;
  }
  if (header.version != chunk_version_known) {
    findings.add(RuleId::hpi_chunk_header, place.offset + chunk_version, 1, place.where, [&] {
      return "chunk version byte is " + std::to_string(header.version) +
             ", 2 in every known archive";
    });
  }
  if (header.method > static_cast<std::uint8_t>(Compression::zlib)) {
    Finding* finding =
        findings.add(RuleId::hpi_chunk_header, place.offset + chunk_method, 1, place.where, [&] {
          return "chunk method is " + std::to_string(header.method) +
                 " (0 none, 1 LZ77, 2 zlib); the chunk is not decoded" +
                 (header.method > 3 ? "; the game errors on it" : "");
        });
    if (finding && header.method > 3) finding->retail = Retail::dropped;
  }
  const std::uint64_t stored = std::uint64_t{header.compressed_size} + chunk_header_size;
  if (place.table_entry && *place.table_entry != stored) {
    findings.add(RuleId::hpi_chunk_table_mismatch, place.table_entry_offset, 4, place.where, [&] {
      return "chunk table entry is " + std::to_string(*place.table_entry) + "; the chunk at " +
             hex(place.offset) + " is " + std::to_string(header.compressed_size) +
             " + 19 = " + std::to_string(stored) + " bytes" +
             (*place.table_entry < chunk_header_size
                  ? " (a reader that sizes its buffer from the table reads the 19-byte "
                    "header past it)"
                  : "");
    });
  }
  if (header.end() > place.end || !context_.file.contains(header.body(), header.compressed_size)) {
    findings.add(
        RuleId::hpi_directory_bounds, place.offset + chunk_compressed_size, 4, place.where, [&] {
          return "chunk body of " + std::to_string(header.compressed_size) + " bytes at " +
                 hex(header.body()) + " runs past the end of its data at " + hex(place.end);
        });
    return std::nullopt;
  }
  const std::uint64_t ratio =
      header.decompressed_size / std::max<std::uint64_t>(header.compressed_size, 1);
  if (ratio > context_.budget.limit(BudgetKind::chunk_ratio) && !context_.stopped()) {
    findings.add(RuleId::hpi_ratio, place.offset + chunk_decompressed_size, 4, place.where, [&] {
      return "chunk declares " + std::to_string(header.decompressed_size) + " bytes from " +
             std::to_string(header.compressed_size) + " compressed (" + std::to_string(ratio) +
             ":1, budget " + std::to_string(context_.budget.limit(BudgetKind::chunk_ratio)) +
             ":1): a decompression bomb";
    });
    context_.check(BudgetKind::chunk_ratio, ratio, place.offset + chunk_decompressed_size,
                   place.where);
    return std::nullopt;
  }
  return header;
}

bool ChunkReader::decode(const ChunkHeader& header, const ChunkPlace& place,
                         std::span<std::uint8_t> out) {
  Findings& findings = context_.findings;
  if (header.method > static_cast<std::uint8_t>(Compression::zlib)) return false;
  if (header.decompressed_size != out.size()) {
    const bool overrun = place.retail_buffer && header.decompressed_size > chunk_capacity;
    Finding* finding = findings.add(
        RuleId::hpi_chunk_size, place.offset + chunk_decompressed_size, 4, place.where, [&] {
          return "chunk declares " + std::to_string(header.decompressed_size) +
                 " decompressed bytes; " + std::to_string(out.size()) + " expected" +
                 (overrun ? ": the game's 65,536-byte chunk buffer overflows" : "");
        });
    if (finding && overrun) finding->retail = Retail::crash;
  }
  auto body = source_.plain(header.body(), header.compressed_size, body_scratch_);
  const std::uint32_t sum = chunk_checksum(*body);
  if (sum != header.checksum) {
    findings.add(
        RuleId::hpi_chunk_checksum, place.offset + chunk_checksum_field, 4, place.where, [&] {
          return "checksum field is " + hex(header.checksum, 8) + "; the " +
                 std::to_string(header.compressed_size) + " stored bytes sum to " + hex(sum, 8);
        });
  }
  if (header.encrypted != 0) {
    if (body->data() != body_scratch_.data()) body_scratch_.assign(body->begin(), body->end());
    deobfuscate_chunk(body_scratch_);
    body = std::span<const std::uint8_t>(body_scratch_);
  }
  StreamResult result;
  switch (static_cast<Compression>(header.method)) {
    case Compression::stored: {
      const std::size_t copied = std::min<std::size_t>(body->size(), out.size());
      if (copied > 0) std::memcpy(out.data(), body->data(), copied);
      result.produced = copied;
      result.consumed = copied;
      result.status = body->size() > out.size() ? StreamStatus::overflow : StreamStatus::complete;
      break;
    }
    case Compression::lz77: result = lz77_decode(*body, out); break;
    case Compression::zlib: result = inflater_.inflate(*body, out); break;
  }
  const char* method = method_label(header.method);
  const std::uint64_t at =
      header.body() + std::min<std::uint64_t>(result.consumed, header.compressed_size);
  switch (result.status) {
    case StreamStatus::complete:
      if (result.produced != out.size()) {
        findings.add(
            RuleId::hpi_chunk_size, header.body(), header.compressed_size, place.where, [&] {
              return std::string(method) + " stream produces " + std::to_string(result.produced) +
                     " bytes; " + std::to_string(out.size()) +
                     " expected (the rest of the file is left unwritten)";
            });
      }
      break;
    case StreamStatus::overflow: {
      Finding* finding = findings.add(RuleId::hpi_chunk_size, at, 0, place.where, [&] {
        return std::string(method) + " stream produces more than the " +
               std::to_string(out.size()) + " bytes expected; decoding stopped there" +
               (place.retail_buffer && out.size() == chunk_capacity
                    ? " (the game writes past its 65,536-byte buffer)"
                    : "");
      });
      if (finding && place.retail_buffer && out.size() == chunk_capacity)
        finding->retail = Retail::crash;
      break;
    }
    case StreamStatus::truncated:
      findings.add(RuleId::hpi_chunk_stream, at, 0, place.where, [&] {
        return std::string(method) + " stream ends after " + std::to_string(result.consumed) +
               " of " + std::to_string(header.compressed_size) + " bytes without its end (" +
               std::to_string(result.produced) + " of " + std::to_string(out.size()) +
               " bytes produced); readers read past the chunk";
      });
      break;
    case StreamStatus::bad_reference:
      findings.add(RuleId::hpi_chunk_stream, at, 2, place.where, [&] {
        return "LZ77 " + result.detail + ": the game copies uninitialised memory";
      });
      break;
    case StreamStatus::data_error:
      findings.add(RuleId::hpi_chunk_stream, at, 0, place.where, [&] {
        return "zlib data error after " + std::to_string(result.produced) +
               " bytes: " + escape_bytes(result.detail);
      });
      break;
  }
  return true;
}

}  // namespace gafcheck::hpi
