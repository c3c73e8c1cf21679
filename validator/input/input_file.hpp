#pragma once
// One input file's bytes, exposed only as a ByteView. Every file is read into memory (never
// mapped: a mapped file that shrinks under the reader kills it with SIGBUS), and a file that
// changes while it is read is an error ("changed while it was read"), never a mix of two states.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/hpi/directory_ranges.hpp"

namespace gafcheck {

class InputFile;

// Why an input file was not read, with what was learned of it first.
struct ReadFailure {
  std::string reason;
  std::uint64_t size = 0;  // as fstat() reports it when opened, when known
  bool too_large = false;  // size above the budget the caller gave: nothing was read
};

using OpenedInput = Result<InputFile, ReadFailure>;

// The ranges of a file to read, from its first bytes and its size.
using RangePlan =
    std::function<std::vector<hpi::ByteRange>(ByteView head, std::uint64_t file_size)>;

class InputFile {
 public:
  // Files below this size are read into a buffer each thread reuses: a census's thousands of
  // small files cost no allocation and no page-table work each. The buffer is the largest such
  // file a thread has read, so it adds at most this much per thread. Larger files get a buffer
  // of their own (an anonymous mapping), returned to the system when the file is released.
  static constexpr std::uint64_t read_limit = std::uint64_t{4} << 20;

  // Opens a regular file and reads all of it when its size is at most max_size (above it,
  // nothing is read and the failure is too_large). Never blocks on a FIFO. The bytes held are one
  // state of the file: a file that comes up short, has a byte past the size fstat gave when it was
  // opened, or whose size or modification time differ after the read is an error. A file
  // renamed over or unlinked meanwhile is read whole: the open descriptor keeps the old one.
  static OpenedInput open(const std::filesystem::path& path, std::uint64_t max_size);

  // The same for the first min(size, head_size) bytes only, whatever the file's size: enough to
  // sniff a format without reading a large file that turns out not to be an input.
  static OpenedInput open_head(const std::filesystem::path& path, std::uint64_t head_size);

  // The same for some ranges only: the first head_size bytes, then the ranges plan names from
  // them. The view has the file's size; every byte outside those ranges reads as zero and costs
  // no memory (an anonymous mapping whose untouched pages are never allocated). What listing an
  // archive by its directory alone reads. A file that changes meanwhile is an error, as above.
  static OpenedInput open_ranges(const std::filesystem::path& path, std::uint64_t max_size,
                                 std::uint64_t head_size, const RangePlan& plan);

  // open() of `name` in the directory `directory` (a descriptor), never following a symlink
  // there (ELOOP: the caller resolves links itself, e.g. to stay beneath a root).
  static OpenedInput open_at(int directory, const std::filesystem::path& name,
                             std::uint64_t max_size);

  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  ~InputFile();

  ByteView view() const { return ByteView(buffer_.bytes(), size_); }
  // Device and inode of the file read, as fstat gave them on the descriptor that read it: which
  // file it is, however its path was spelled.
  std::pair<std::uint64_t, std::uint64_t> identity() const { return identity_; }

 private:
  // Owns the memory a file is read into: heap memory below read_limit, an anonymous mapping
  // above it.
  class Buffer {
   public:
    Buffer() = default;
    // Empty (bytes() null) when the memory cannot be had.
    static Buffer allocate(std::size_t capacity);
    // Zeroed memory of which only the pages written are ever allocated.
    static Buffer allocate_sparse(std::size_t capacity);
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    ~Buffer();
    std::uint8_t* bytes() const { return bytes_; }
    std::size_t capacity() const { return capacity_; }
    bool mapped() const { return mapped_; }

   private:
    // An anonymous mapping of capacity bytes (mmap flags added to the private anonymous ones).
    static Buffer mapped(std::size_t capacity, int extra_flags);

    std::uint8_t* bytes_ = nullptr;
    std::size_t capacity_ = 0;
    bool mapped_ = false;
  };
  InputFile() = default;
  static OpenedInput read(int directory, const std::filesystem::path& path, int extra_flags,
                          std::uint64_t max_size, std::uint64_t read_at_most);
  void release();
  // The buffer of the largest small file this thread read and released, kept for the next one.
  static Buffer& spare();

  std::size_t size_ = 0;
  Buffer buffer_;
  std::pair<std::uint64_t, std::uint64_t> identity_{};
};

namespace input_hooks {
// Called (when set) right after an input is opened and its size taken, before a byte is read.
// Only tests set it, to change the file at that exact point; the gafcheck binary never does.
using AfterOpen = void (*)(const std::filesystem::path& path);
extern AfterOpen after_open;
}  // namespace input_hooks

}  // namespace gafcheck
