#include "validator/render/render_record_bounds.hpp"

#include "validator/core/checked_math.hpp"

namespace gafcheck {

RecordBounds::RecordBounds(std::size_t inputs, std::uint64_t max_records)
    : max_records_(max_records), bounds_(inputs), before_(inputs) {}

void RecordBounds::set(std::size_t input, std::uint64_t records_at_most) {
  if (bounds_[input]) return;
  bounds_[input] = records_at_most;
  while (known_ < bounds_.size() && bounds_[known_]) {
    before_[known_] = sum_;
    sum_ = saturating_add(sum_, *bounds_[known_]);
    ++known_;
  }
  bound_set_.notify_all();
}

bool RecordBounds::fits(std::size_t input, std::uint64_t records_at_most) {
  std::unique_lock lock(mutex_);
  set(input, records_at_most);
  bound_set_.wait(lock, [&] { return known_ > input; });
  return saturating_add(before_[input], records_at_most) < max_records_;
}

void RecordBounds::settle(std::size_t input) {
  std::lock_guard lock(mutex_);
  set(input, 0);
}

}  // namespace gafcheck
