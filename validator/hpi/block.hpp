#pragma once
// A block of plain archive bytes addressed by the offsets the directory uses: the v1 directory
// block (absolute file offsets, decrypted) or a v2 directory or names block (offsets from the
// block start, possibly decompressed). Reads outside the block fail.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/core/byte_view.hpp"

namespace gafcheck::hpi {

class Block {
 public:
  Block() = default;
  // Bytes of the file itself, or a decrypted copy that keeps their positions; base is the offset
  // of the first byte.
  Block(std::uint64_t base, ByteView view) : base_(base), file_base_(base), view_(view) {}
  Block(std::uint64_t base, std::vector<std::uint8_t> bytes)
      : base_(base),
        file_base_(base),
        owned_(std::move(bytes)),
        view_(owned_.data(), owned_.size()) {}
  // Bytes of the file at file_offset, addressed from 0.
  static Block from_file(ByteView view, std::uint64_t file_offset) {
    Block block(0, view);
    block.file_base_ = file_offset;
    return block;
  }
  // Bytes decompressed from the chunk at chunk_offset, addressed from 0.
  static Block decompressed(std::vector<std::uint8_t> bytes, std::uint64_t chunk_offset) {
    Block block(0, std::move(bytes));
    block.file_base_ = chunk_offset;
    block.positions_kept_ = false;
    return block;
  }
  Block(Block&&) = default;  // moving a vector keeps its buffer, so view_ stays valid
  Block& operator=(Block&&) = default;
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  // The file offset findings about the block's offset should name (the chunk, for a
  // decompressed block).
  std::uint64_t file_offset(std::uint64_t offset) const {
    return positions_kept_ ? file_base_ + (offset - base_) : file_base_;
  }
  // The length such a finding names for length bytes of the block: none for a decompressed
  // block, whose bytes are not in the file (its offset names the whole chunk).
  std::uint64_t file_length(std::uint64_t length) const { return positions_kept_ ? length : 0; }
  std::uint64_t begin() const { return base_; }
  std::uint64_t end() const { return base_ + view_.size(); }
  bool contains(std::uint64_t offset, std::uint64_t length) const {
    return offset >= base_ && view_.contains(offset - base_, length);
  }
  std::optional<std::uint8_t> u8(std::uint64_t offset) const {
    if (offset < base_) return std::nullopt;
    return view_.u8(offset - base_);
  }
  std::optional<std::uint32_t> u32(std::uint64_t offset) const {
    if (offset < base_) return std::nullopt;
    return view_.u32le(offset - base_);
  }

  struct Name {
    enum class Status { ok, outside, unterminated, too_long } status = Status::outside;
    std::string bytes;         // the name without its NUL (when ok)
    std::uint64_t length = 0;  // bytes scanned before giving up (when not ok)
  };
  // The NUL-terminated name at offset, at most max_length bytes before its NUL.
  Name name(std::uint64_t offset, std::uint64_t max_length) const;

 private:
  std::uint64_t base_ = 0;
  std::uint64_t file_base_ = 0;
  bool positions_kept_ = true;
  std::vector<std::uint8_t> owned_;
  ByteView view_;
};

}  // namespace gafcheck::hpi
