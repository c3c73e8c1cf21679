#pragma once
// A read-only memory map of one input file, exposed only as a ByteView.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "validator/core/byte_view.hpp"

namespace gafcheck {

class MappedFile {
 public:
  struct OpenResult;
  // Opens a regular file and maps it when its size is at most max_size. Never blocks on a FIFO.
  // read_all: every page will be read, so map them all up front (a caller that only peeks at a
  // few bytes passes false).
  static OpenResult open(const std::filesystem::path& path, std::uint64_t max_size,
                         bool read_all = true);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  ~MappedFile();

  ByteView view() const { return ByteView(static_cast<const std::uint8_t*>(data_), size_); }

 private:
  MappedFile(void* data, std::size_t size) : data_(data), size_(size) {}
  void* data_ = nullptr;
  std::size_t size_ = 0;
};

struct MappedFile::OpenResult {
  std::optional<MappedFile> file;
  std::optional<std::string> error;  // why the file could not be read
  std::uint64_t size = 0;            // as stat() reports it, when known
  bool too_large = false;            // size above max_size: not mapped
};

}  // namespace gafcheck
