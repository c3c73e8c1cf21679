#pragma once
// Writes v1 HPI archives (docs/format/hpi.md §1, §3, §4). Two layers:
// - write_hpi_v1_layout: the layout every v1 archive gafcheck writes shares (header, directory
//   tree, file records, chunk tables and SQSH chunks, footer), with the chunk encoding and the
//   header fields left to the caller. The corpus builder drives it with its hostile options
//   (LZ77, obfuscated chunks, an encrypting key, no footer) and records its labels.
// - write_canonical_hpi: what `gafcheck rebuild` writes: no encryption, zlib chunks of at most
//   64 KiB, the Cavedog footer, and one deterministic order (canonical_member_order).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "validator/base/result.hpp"

namespace gafcheck::rebuild {

// The game's chunk limit: every chunk but the last decompresses to exactly this many bytes.
inline constexpr std::uint64_t hpi_chunk_capacity = 65536;
inline constexpr std::uint32_t hpi_marker = 0x49504148;      // "HAPI"
inline constexpr std::uint32_t hpi_version_v1 = 0x00010000;  // TA / Core Contingency
inline constexpr std::uint32_t sqsh_marker = 0x48535153;     // "SQSH"
// The retail loader looks for "Copyright" and "Cavedog Entertainment" in the last bytes.
inline constexpr std::string_view hpi_footer_text = "Copyright 1997 Cavedog Entertainment";

// The directories and files that '/'-separated paths describe. Children keep the order in which
// paths first mention them; a directory is matched by its exact name.
struct HpiTree {
  struct Child {
    std::string name, path;
    bool directory = false;
    std::size_t index = 0;  // the node (directory) or the file's index in the path list
  };
  struct Node {
    std::string name, path;
    std::vector<Child> children;
  };
  std::vector<Node> nodes{Node{}};  // nodes[0] is the root

  explicit HpiTree(const std::vector<std::string_view>& file_paths);

 private:
  std::size_t subdirectory(std::size_t parent, std::string_view name, std::string_view path);
};

inline constexpr std::size_t no_earlier_file = SIZE_MAX;

struct HpiLayoutFile {
  std::string_view path;  // '/'-separated
  std::span<const std::uint8_t> data;
  std::uint8_t compression = 2;  // file record byte: 0 stored, 1 LZ77 chunks, 2 zlib chunks
  // When set, data is the file's stored bytes as they are (a chunk table and its chunks, which
  // hold sizes, not offsets) and decoded_size the size its record gives; the encoder is not used.
  std::optional<std::uint64_t> decoded_size;
  // An earlier file (by index) whose data this one's record points at: it writes none of its own,
  // so several directory entries share one stored copy (docs/format/hpi.md: readers only read).
  std::size_t same_data_as = no_earlier_file;
};

struct HpiLayoutOptions {
  std::uint32_t version = hpi_version_v1;
  std::uint32_t header_key = 0;  // written to the header only (the XOR layer is the caller's)
  bool footer = true;
};

// One whole SQSH chunk (header + body) for bytes [begin, begin + piece.size()) of file `file`.
using ChunkEncoder = std::function<std::vector<std::uint8_t>(
    std::size_t file, std::uint64_t chunk_index, std::span<const std::uint8_t> piece)>;
// Receives the offset of each structure written, by label: "header", "root", "dir:PATH",
// "entry:PATH", "name:PATH", "record:PATH", "data:PATH" (stored bytes or chunk table),
// "chunk:PATH[i]", "directory_end", "footer".
using LayoutLabels = std::function<void(const std::string& label, std::uint64_t offset)>;

// Header, then the directory tree depth first (a directory's header, its 9-byte entry list, then
// per entry its name and its subdirectory or file record), then every file's data in file order
// (stored bytes, or a chunk table and one chunk per 64 KiB), then the footer. Offsets must fit in
// 32 bits: the caller keeps the total under 4 GiB (write_canonical_hpi checks it).
std::vector<std::uint8_t> write_hpi_v1_layout(const std::vector<HpiLayoutFile>& files,
                                              const HpiLayoutOptions& options,
                                              const ChunkEncoder& encode_chunk,
                                              const LayoutLabels& labels = {});

// A SQSH chunk around a body already encoded as stored (method 0, 1 LZ77, 2 zlib; encrypted: the
// body is obfuscated): the header's checksum is the byte sum of the body as given.
std::vector<std::uint8_t> sqsh_chunk_from_body(std::span<const std::uint8_t> body,
                                               std::uint8_t method, bool encrypted,
                                               std::uint64_t decompressed_size);
// A zlib SQSH chunk of piece (zlib level 9: the same bytes every run with one zlib).
std::vector<std::uint8_t> zlib_sqsh_chunk(std::span<const std::uint8_t> piece);

// A member's content as a canonical archive stores it: zlib SQSH chunks of at most
// hpi_chunk_capacity bytes after their chunk table, ready to be placed at any offset. Held this
// way, a rebuild keeps its members compressed until the archive is written.
struct StoredMember {
  std::uint64_t size = 0;            // decoded
  std::vector<std::uint8_t> stored;  // the chunk table, then the chunks
};
StoredMember store_canonical_member(std::span<const std::uint8_t> bytes);

struct CanonicalMember {
  std::string path;  // '/'-separated, safe, unique under case folding
  // Members holding one object are written as one stored copy that all their records point at.
  std::shared_ptr<const StoredMember> data;
};

// The one order a rebuilt archive has: paths compared component by component, each component by
// its bytes with A-Z folded to a-z (the game's name comparison), shorter first when one is a
// prefix of the other; ties (only paths equal under folding, which callers never pass) by raw
// bytes. Because the comparison is per component, every directory's children come out sorted
// the same way, so a reader that scans and one that searches a directory both find every name.
bool canonical_member_order(std::string_view a, std::string_view b);

// The rebuilt archive: members sorted by canonical_member_order, directories spelled as the
// first member (in that order) spells them, every member zlib-compressed in chunks of at most
// hpi_chunk_capacity bytes, header key 0, the footer. Members sharing one StoredMember are
// stored once, at the first of them in that order: rebuilding such an archive again finds the
// same sharing, so the result is the same archive. A problem when the archive would not fit the
// format's 32-bit offsets.
Result<std::vector<std::uint8_t>> write_canonical_hpi(std::vector<CanonicalMember> members);

}  // namespace gafcheck::rebuild
