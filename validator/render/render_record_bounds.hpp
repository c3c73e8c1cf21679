#pragma once
// render -j draws several inputs at once, yet --max-images must cut the run where a serial run
// cuts it, image for image. As soon as an input's entry and frame tables are read it states the
// most index.json records it can list; it is drawn at once only when, with the bounds of every
// input before it, it cannot reach --max-images. Otherwise it is drawn in its turn, against the
// records actually listed before it (so close to the bound the inputs are drawn one by one).
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace gafcheck {

class RecordBounds {
 public:
  RecordBounds(std::size_t inputs, std::uint64_t max_records);

  // Sets the input's bound and waits until every earlier input's is set; true when the bounds up
  // to and including this one add up to less than max_records.
  bool fits(std::size_t input, std::uint64_t records_at_most);
  // An input that lists nothing before its turn (it cannot be read, or it failed) has bound 0;
  // does nothing once the bound is set. Every input must be fitted or settled: later ones wait.
  void settle(std::size_t input);

 private:
  void set(std::size_t input, std::uint64_t records_at_most);  // with the lock held

  std::uint64_t max_records_;
  std::mutex mutex_;
  std::condition_variable bound_set_;
  std::vector<std::optional<std::uint64_t>> bounds_;
  std::vector<std::uint64_t> before_;  // [i]: the sum of the bounds of inputs 0..i-1, once known
  std::size_t known_ = 0;              // inputs 0..known_-1 have their bounds set
  std::uint64_t sum_ = 0;              // their sum
};

}  // namespace gafcheck
