#pragma once
// ByteView: the only way gafcheck touches input bytes.
//
// Every read names an absolute offset inside the view and either succeeds or returns an empty
// optional; offsets and lengths are 64-bit and every sum is overflow-checked, so no input value
// can move a read outside the view.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

#include "validator/core/checked_math.hpp"

namespace gafcheck {

class ByteView {
 public:
  ByteView() = default;
  ByteView(const std::uint8_t* data, std::size_t size)
      : data_(size ? data : nullptr), size_(size) {}
  explicit ByteView(std::span<const std::uint8_t> bytes) : ByteView(bytes.data(), bytes.size()) {}
  explicit ByteView(std::string_view text)
      : ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()) {}

  std::uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // True when [offset, offset + length) lies inside the view (overflow counts as outside).
  bool contains(std::uint64_t offset, std::uint64_t length) const {
    const auto end = checked_add(offset, length);
    return end && *end <= size_;
  }

  std::optional<std::uint8_t> u8(std::uint64_t offset) const {
    if (!contains(offset, 1)) return std::nullopt;
    return data_[offset];
  }
  std::optional<std::uint16_t> u16le(std::uint64_t offset) const {
    if (!contains(offset, 2)) return std::nullopt;
    return static_cast<std::uint16_t>(data_[offset] | (data_[offset + 1] << 8));
  }
  std::optional<std::int16_t> i16le(std::uint64_t offset) const {
    const auto value = u16le(offset);
    if (!value) return std::nullopt;
    return static_cast<std::int16_t>(*value);
  }
  std::optional<std::uint32_t> u32le(std::uint64_t offset) const {
    if (!contains(offset, 4)) return std::nullopt;
    return static_cast<std::uint32_t>(data_[offset]) |
           (static_cast<std::uint32_t>(data_[offset + 1]) << 8) |
           (static_cast<std::uint32_t>(data_[offset + 2]) << 16) |
           (static_cast<std::uint32_t>(data_[offset + 3]) << 24);
  }

  // A sub-range of this view; offsets inside the result are relative to its start.
  std::optional<ByteView> sub(std::uint64_t offset, std::uint64_t length) const {
    if (!contains(offset, length)) return std::nullopt;
    return ByteView(data_ + offset, static_cast<std::size_t>(length));
  }
  // The bytes from offset to the end (empty at offset == size).
  std::optional<ByteView> tail(std::uint64_t offset) const {
    if (offset > size_) return std::nullopt;
    return ByteView(data_ + offset, static_cast<std::size_t>(size_ - offset));
  }

  // Copies [offset, offset + out.size()) into out.
  bool copy_to(std::uint64_t offset, std::span<std::uint8_t> out) const {
    if (!contains(offset, out.size())) return false;
    if (!out.empty()) std::memcpy(out.data(), data_ + offset, out.size());
    return true;
  }

  // Offset of the first byte equal to value in [offset, offset + length), or nullopt.
  std::optional<std::uint64_t> find_byte(std::uint64_t offset, std::uint64_t length,
                                         std::uint8_t value) const {
    if (!contains(offset, length) || length == 0) return std::nullopt;
    const void* hit = std::memchr(data_ + offset, value, static_cast<std::size_t>(length));
    if (!hit) return std::nullopt;
    return static_cast<std::uint64_t>(static_cast<const std::uint8_t*>(hit) - data_);
  }

  // The whole view as a span, for hashing and bulk scans that need no offsets.
  std::span<const std::uint8_t> bytes() const { return {data_, static_cast<std::size_t>(size_)}; }

 private:
  const std::uint8_t* data_ = nullptr;
  std::uint64_t size_ = 0;
};

}  // namespace gafcheck
