#pragma once
// One input file's bytes, exposed only as a ByteView: read into memory when it is small, mapped
// when it is large.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "validator/core/byte_view.hpp"

namespace gafcheck {

class InputFile {
 public:
  struct OpenResult;
  // Files up to this size are read into a buffer each thread reuses; larger ones are mapped.
  // Reading copies the bytes through the CPU cache the checks then read them from, and costs
  // no page-table work (mapping and unmapping a census's thousands of small files cost more
  // than copying them). The buffer is the largest such file a thread has read, so it adds at
  // most this much per thread.
  static constexpr std::uint64_t read_limit = std::uint64_t{4} << 20;

  // Opens a regular file and holds its bytes when its size is at most max_size. Never blocks on
  // a FIFO. read_all: every byte will be read (a caller that only peeks at a few bytes passes
  // false, and the file is mapped without reading it). A file that shrinks while it is read is
  // held as it was read.
  static OpenResult open(const std::filesystem::path& path, std::uint64_t max_size,
                         bool read_all = true);

  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  ~InputFile();

  ByteView view() const { return ByteView(data_, size_); }

 private:
  struct Buffer {
    std::unique_ptr<std::uint8_t[]> bytes;
    std::size_t capacity = 0;
  };
  InputFile() = default;
  void release();
  // The buffer of the largest file this thread read and released, kept for the next one.
  static Buffer& spare();

  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  void* mapping_ = nullptr;  // set when mapped
  Buffer buffer_;            // set when read
};

struct InputFile::OpenResult {
  std::optional<InputFile> file;
  std::optional<std::string> error;  // why the file could not be read
  std::uint64_t size = 0;            // as stat() reports it, when known
  bool too_large = false;            // size above max_size: not read
};

}  // namespace gafcheck
