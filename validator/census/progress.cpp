#include "validator/census/progress.hpp"

#include <cstdio>

namespace gafcheck {

Progress::Progress(bool enabled, std::uint64_t total_files, std::uint64_t total_bytes)
    : enabled_(enabled),
      total_files_(total_files),
      total_bytes_(total_bytes),
      started_(std::chrono::steady_clock::now()) {}

void Progress::advance(std::uint64_t files, std::uint64_t bytes) {
  files_ += files;
  bytes_ += bytes;
  draw(false);
}

void Progress::draw(bool force) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_draw_ < std::chrono::milliseconds(250)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - started_).count();
  const double rate = seconds > 0 ? static_cast<double>(bytes_) / seconds : 0;
  char eta[32] = "?";
  if (rate > 0 && total_bytes_ >= bytes_) {
    const auto left = static_cast<unsigned long>(static_cast<double>(total_bytes_ - bytes_) / rate);
    std::snprintf(eta, sizeof eta, "%lu:%02lu", left / 60, left % 60);
  }
  std::fprintf(stderr, "\rcensus: %llu/%llu files, %.1f MB/s, ETA %s   ",
               static_cast<unsigned long long>(files_),
               static_cast<unsigned long long>(total_files_), rate / 1e6, eta);
  std::fflush(stderr);
}

void Progress::done() {
  if (!enabled_) return;
  std::fprintf(stderr, "\r%60s\r", "");
  std::fflush(stderr);
}

}  // namespace gafcheck
