#include "validator/hpi/block.hpp"

#include <algorithm>

namespace gafcheck::hpi {

Block::Name Block::name(std::uint64_t offset, std::uint64_t max_length) const {
  Name result;
  if (offset < base_ || offset - base_ >= view_.size()) return result;
  const std::uint64_t start = offset - base_;
  const std::uint64_t available = view_.size() - start;
  const std::uint64_t scan = std::min(available, saturating_add(max_length, 1));
  const auto nul = view_.find_byte(start, scan, 0);
  if (!nul) {
    result.length = scan;
    result.status = scan < available ? Name::Status::too_long : Name::Status::unterminated;
    return result;
  }
  const auto bytes = view_.sub(start, *nul - start)->bytes();
  result.bytes.assign(bytes.begin(), bytes.end());
  result.length = bytes.size();
  result.status = Name::Status::ok;
  return result;
}

}  // namespace gafcheck::hpi
