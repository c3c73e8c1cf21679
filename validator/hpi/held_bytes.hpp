#pragma once
// Decoded member bytes held in memory while one input's archive tree is checked, against
// --max-heap in all: the buffer a member is decoded into, members kept for their own check, and
// the members under check at every nesting level (a nested archive's bytes while its members are
// checked). Kept members are the only bytes that can be given back: they are decoded again when
// their turn comes.
#include <cstdint>
#include <vector>

#include "validator/core/byte_view.hpp"

namespace gafcheck::hpi {

class HeldBytes {
 public:
  // Something that keeps members it can give back (a MemberHarvest).
  class Holder {
   public:
    virtual ~Holder() = default;
    // Gives back one kept member; false when it keeps none.
    virtual bool release_one() = 0;
  };

  explicit HeldBytes(std::uint64_t limit) : limit_(limit) {}

  // Charges bytes, first giving back kept members (innermost archive first) when they would not
  // fit. False, with nothing charged, when they cannot fit at all.
  bool reserve(std::uint64_t bytes);
  void release(std::uint64_t bytes) { held_ -= bytes; }
  // Whether bytes more could be kept without crowding out the checks that follow: members are
  // kept up to half the limit, the other half is for decoding and checking.
  bool may_keep(std::uint64_t bytes) const { return held_ + bytes <= limit_ / 2; }

  std::uint64_t held() const { return held_; }
  // The most ever held at once.
  std::uint64_t peak() const { return peak_; }
  std::uint64_t limit() const { return limit_; }

  void add_holder(Holder* holder) { holders_.push_back(holder); }
  void remove_holder(Holder* holder);

 private:
  std::uint64_t limit_;
  std::uint64_t held_ = 0;
  std::uint64_t peak_ = 0;
  std::vector<Holder*> holders_;
};

// Decoded member bytes charged to an account until destroyed (or released by moving).
class HeldBuffer {
 public:
  HeldBuffer() = default;
  HeldBuffer(HeldBytes* account, std::uint64_t charged, std::vector<std::uint8_t>&& bytes)
      : account_(account), charged_(charged), bytes_(std::move(bytes)) {}
  HeldBuffer(HeldBuffer&& other) noexcept { *this = std::move(other); }
  HeldBuffer& operator=(HeldBuffer&& other) noexcept;
  HeldBuffer(const HeldBuffer&) = delete;
  HeldBuffer& operator=(const HeldBuffer&) = delete;
  ~HeldBuffer() { reset(); }

  // Frees the bytes and gives their charge back.
  void reset();
  ByteView view() const { return ByteView(bytes_.data(), bytes_.size()); }
  std::uint64_t charged() const { return charged_; }

 private:
  HeldBytes* account_ = nullptr;
  std::uint64_t charged_ = 0;
  std::vector<std::uint8_t> bytes_;
};

}  // namespace gafcheck::hpi
