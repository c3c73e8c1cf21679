#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/cipher.hpp"
#include "validator/hpi/hpi_layout.hpp"
#include "validator/hpi/lz77.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/provenance/hpipack_lz77.hpp"
#include "validator/provenance/kbot_io_lz77.hpp"
#include "validator/provenance/writer_facts.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/rules/writer_catalog.hpp"

namespace gafcheck::provenance {
namespace {

std::string hex_word(std::uint32_t value) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text;
  do {
    text.insert(text.begin(), digits[value & 0xF]);
    value >>= 4;
  } while (value != 0);
  return "0x" + text;
}

// The packer trailer (rules/writers.yaml) the archive ends with, longest first.
std::optional<std::string> ending_trailer(ByteView file) {
  for (const std::string& trailer : embedded_writer_catalog().packer_trailers()) {
    if (trailer.size() > file.size()) continue;
    const auto tail = file.sub(file.size() - trailer.size(), trailer.size());
    if (tail &&
        std::equal(trailer.begin(), trailer.end(), tail->bytes().begin(),
                   [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; }))
      return trailer;
  }
  return std::nullopt;
}

std::string_view method_word(std::uint8_t compression) {
  switch (compression) {
    case 0: return "stored";
    case 1: return "lz77";
    case 2: return "zlib";
  }
  return "other";
}

// Where a v1 member's first chunk header lies: after its chunk table.
std::uint64_t first_chunk_offset(const hpi::ArchiveIndex& index, const hpi::MemberRecord& member) {
  std::uint64_t at = member.data_offset;
  if (index.kind == hpi::ArchiveKind::v1) {
    const std::uint64_t chunks = (member.size + hpi::chunk_capacity - 1) / hpi::chunk_capacity;
    at += chunks * hpi::chunk_table_slot;
  }
  return at;
}

// The first SQSH chunk header of a compressed member, read through the archive's XOR layer:
// after the v1 chunk table, or (v2) at the member's data.
struct FirstChunk {
  std::uint8_t method = 0, encrypted = 0;
  std::array<std::uint8_t, 2> body{};  // the first two body bytes, chunk obfuscation undone
};

std::optional<FirstChunk> first_chunk(const hpi::ArchiveIndex& index,
                                      const hpi::MemberRecord& member) {
  const std::uint64_t at = first_chunk_offset(index, member);
  std::array<std::uint8_t, hpi::chunk_header_size + 2> bytes{};
  if (!index.source.read(at, bytes)) return std::nullopt;
  const ByteView header(bytes.data(), bytes.size());
  if (header.u32le(hpi::chunk_marker) != hpi::marker_sqsh) return std::nullopt;
  FirstChunk chunk{bytes[hpi::chunk_method],
                   bytes[hpi::chunk_encrypted],
                   {bytes[hpi::chunk_header_size], bytes[hpi::chunk_header_size + 1]}};
  if (chunk.encrypted) hpi::deobfuscate_chunk(chunk.body);
  return chunk;
}

// LZ77 first chunks (of at most two members) re-encoded with HPIPack's and kbot-io's encoders,
// each from its start over its first 4,096 input bytes: per encoder "yes" when every chunk
// checked comes out as stored, "no" when one does not or cannot be decoded exactly; nothing when
// none was checked.
constexpr std::size_t lz77_chunks_checked = 2;
constexpr std::size_t lz77_input_sampled = 4096;  // input bytes re-encoded from a chunk's start
constexpr std::uint32_t longest_lz77_body = 2 * hpi::chunk_capacity;

// An LZ77 first chunk as stored (its obfuscation undone) and decoded.
struct Lz77Chunk {
  std::vector<std::uint8_t> body, decoded;
};
enum class ChunkRead : std::uint8_t { lz77, not_lz77, unreadable };

ChunkRead read_lz77_chunk(const hpi::ArchiveIndex& index, const hpi::MemberRecord& member,
                          Lz77Chunk& chunk) {
  const std::uint64_t at = first_chunk_offset(index, member);
  std::array<std::uint8_t, hpi::chunk_header_size> header_bytes{};
  if (!index.source.read(at, header_bytes)) return ChunkRead::unreadable;
  const ByteView header(header_bytes.data(), header_bytes.size());
  if (header.u32le(hpi::chunk_marker) != hpi::marker_sqsh) return ChunkRead::unreadable;
  if (header_bytes[hpi::chunk_method] != static_cast<std::uint8_t>(hpi::Compression::lz77))
    return ChunkRead::not_lz77;
  const std::uint32_t body_size = header.u32le(hpi::chunk_compressed_size).value_or(0);
  const std::uint64_t expected = std::min<std::uint64_t>(member.size, hpi::chunk_capacity);
  if (body_size == 0 || body_size > longest_lz77_body ||
      header.u32le(hpi::chunk_decompressed_size) != expected)
    return ChunkRead::unreadable;
  chunk.body.assign(body_size, 0);
  if (!index.source.read(at + hpi::chunk_header_size, chunk.body)) return ChunkRead::unreadable;
  if (header_bytes[hpi::chunk_encrypted] != 0) hpi::deobfuscate_chunk(chunk.body);
  chunk.decoded.assign(expected, 0);
  const hpi::StreamResult result = hpi::lz77_decode(chunk.body, chunk.decoded);
  if (result.status != hpi::StreamStatus::complete || result.produced != expected)
    return ChunkRead::unreadable;
  return ChunkRead::lz77;
}

// Whether an encoder's groups for the chunk's sampled start are the start of the stored body (the
// whole body when the chunk is no longer than the sample).
bool starts_as_stored(const std::vector<std::uint8_t>& encoded, const Lz77Chunk& chunk) {
  if (chunk.decoded.size() <= lz77_input_sampled) return encoded == chunk.body;
  return encoded.size() <= chunk.body.size() &&
         std::equal(encoded.begin(), encoded.end(), chunk.body.begin());
}

void lz77_facts(const hpi::ArchiveIndex& index, ObservedFacts& facts) {
  if (index.kind != hpi::ArchiveKind::v1) return;
  std::size_t checked = 0;
  bool hpipack = true, kbot_io = true;
  Lz77Chunk chunk;
  for (const hpi::MemberRecord& member : index.members) {
    if (checked == lz77_chunks_checked) break;
    if (member.compression != static_cast<std::uint8_t>(hpi::Compression::lz77) || member.size == 0)
      continue;
    const ChunkRead read = read_lz77_chunk(index, member, chunk);
    if (read == ChunkRead::not_lz77) continue;
    ++checked;
    const bool decoded = read == ChunkRead::lz77;
    hpipack = hpipack && decoded &&
              starts_as_stored(encode_chunk_as_hpipack(chunk.decoded, lz77_input_sampled), chunk);
    kbot_io = kbot_io && decoded &&
              starts_as_stored(encode_chunk_as_kbot_io(chunk.decoded, lz77_input_sampled), chunk);
  }
  if (checked == 0) return;
  facts.push_back({"hpi.lz77-as-hpipack", hpipack ? "yes" : "no"});
  facts.push_back({"hpi.lz77-as-kbot-io", kbot_io ? "yes" : "no"});
}

std::string one_or_mixed(const std::set<std::string>& values) {
  return values.size() == 1 ? *values.begin() : "mixed";
}

void chunk_facts(const hpi::ArchiveIndex& index, ObservedFacts& facts) {
  std::set<std::string> flags, zlib_headers;
  for (const hpi::MemberRecord& member : index.members) {
    const bool compressed =
        index.kind == hpi::ArchiveKind::v1 ? member.compression != 0 : member.v2_stored_size != 0;
    if (!compressed || member.size == 0) continue;
    const auto chunk = first_chunk(index, member);
    if (!chunk) continue;
    flags.insert(std::to_string(chunk->encrypted));
    if (chunk->method == static_cast<std::uint8_t>(hpi::Compression::zlib)) {
      static constexpr char digits[] = "0123456789abcdef";
      std::string text;
      for (const std::uint8_t byte : chunk->body) {
        if (!text.empty()) text += ' ';
        text += digits[byte >> 4];
        text += digits[byte & 0xF];
      }
      zlib_headers.insert(text);
    }
  }
  if (!flags.empty()) facts.push_back({"hpi.chunk-encrypted", one_or_mixed(flags)});
  if (!zlib_headers.empty()) facts.push_back({"hpi.zlib-header", one_or_mixed(zlib_headers)});
}

void directory_facts(const hpi::ArchiveIndex& index, ObservedFacts& facts) {
  std::map<std::string, std::string> last_in_directory;  // parent path -> last name (folded)
  bool compared = false, sorted = true;
  std::map<std::pair<std::uint64_t, std::uint64_t>, int> data_places;
  bool shared = false;
  for (const hpi::MemberRecord& member : index.members) {
    const auto slash = member.path.rfind('/');
    const std::string parent = slash == std::string::npos ? "" : member.path.substr(0, slash);
    const std::string name = hpi::folded_path(
        slash == std::string::npos ? std::string_view(member.path)
                                   : std::string_view(member.path).substr(slash + 1));
    const auto [place, first] = last_in_directory.try_emplace(parent, name);
    if (!first) {
      compared = true;
      sorted = sorted && place->second <= name;
      place->second = name;
    }
    if (member.size != 0 && ++data_places[{member.data_offset, member.size}] > 1) shared = true;
  }
  if (compared) facts.push_back({"hpi.directory-order", sorted ? "case-insensitive" : "unsorted"});
  if (shared) facts.push_back({"hpi.shared-data", "yes"});
}

}  // namespace

std::optional<ObservedFacts> hpi_writer_facts(ByteView file, const BudgetLimits& limits) {
  ObservedFacts facts;
  Findings findings(embedded_catalog(), 0);
  BudgetMeter budget(limits);
  WalkContext context{file, findings, budget};
  const hpi::ArchiveIndex index = hpi::read_archive_index(context);
  if (budget.first_hit()) return std::nullopt;
  if (index.kind != hpi::ArchiveKind::v1 && index.kind != hpi::ArchiveKind::v2) return facts;
  if (const auto trailer = ending_trailer(file)) facts.push_back({"hpi.trailer", *trailer});
  std::set<std::string> methods;
  for (const hpi::MemberRecord& member : index.members)
    if (member.size != 0)
      methods.insert(std::string(index.kind == hpi::ArchiveKind::v1
                                     ? method_word(member.compression)
                                     : (member.v2_stored_size != 0 ? "zlib" : "stored")));
  if (index.kind == hpi::ArchiveKind::v1 && !methods.empty()) {
    if (methods.size() > 1) methods.erase("stored");  // small files are often stored as they are
    facts.push_back({"hpi.key-method", hex_word(index.header_key) + " " + one_or_mixed(methods)});
  }
  chunk_facts(index, facts);
  lz77_facts(index, facts);
  directory_facts(index, facts);
  return facts;
}

}  // namespace gafcheck::provenance
