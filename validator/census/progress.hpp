#pragma once
// The progress line of a census on standard error (files done / total, MB/s, ETA), redrawn at
// most four times a second, and only when standard error is a terminal.
#include <chrono>
#include <cstdint>

namespace gafcheck {

class Progress {
 public:
  // enabled: draw at all; total_files/total_bytes: from a counting walk (0 when unknown).
  Progress(bool enabled, std::uint64_t total_files, std::uint64_t total_bytes);

  void advance(std::uint64_t files, std::uint64_t bytes);
  void done();  // clears the line

 private:
  void draw(bool force);

  bool enabled_;
  std::uint64_t total_files_, total_bytes_;
  std::uint64_t files_ = 0, bytes_ = 0;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_draw_{};  // the first advance draws at once
};

}  // namespace gafcheck
