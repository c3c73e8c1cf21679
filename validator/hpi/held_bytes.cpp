#include "validator/hpi/held_bytes.hpp"

#include <algorithm>
#include <utility>

namespace gafcheck::hpi {

bool HeldBytes::reserve(std::uint64_t bytes) {
  for (auto holder = holders_.rbegin(); holder != holders_.rend();) {
    if (bytes <= limit_ && held_ <= limit_ - bytes) break;
    if (!(*holder)->release_one()) ++holder;
  }
  if (bytes > limit_ || held_ > limit_ - bytes) return false;
  held_ += bytes;
  peak_ = std::max(peak_, held_);
  return true;
}

void HeldBytes::remove_holder(Holder* holder) {
  std::erase(holders_, holder);
}

HeldBuffer& HeldBuffer::operator=(HeldBuffer&& other) noexcept {
  if (this == &other) return *this;
  reset();
  account_ = std::exchange(other.account_, nullptr);
  charged_ = std::exchange(other.charged_, 0);
  bytes_ = std::move(other.bytes_);
  other.bytes_.clear();
  return *this;
}

void HeldBuffer::reset() {
  if (account_) account_->release(charged_);
  account_ = nullptr;
  charged_ = 0;
  std::vector<std::uint8_t>().swap(bytes_);
}

}  // namespace gafcheck::hpi
