#include "validator/pixels/rle_encoder.hpp"

#include <algorithm>

namespace gafcheck::pixels {
namespace {

constexpr std::uint32_t max_skip = 127;
constexpr std::uint32_t max_run = 64;
constexpr std::uint32_t min_repeat = 3;

class RowWriter {
 public:
  RowWriter(const std::uint8_t* index, std::vector<std::uint8_t>& out) : index_(index), out_(out) {}

  void skip(std::uint32_t n) {
    while (n > 0) {
      const std::uint32_t take = std::min(n, max_skip);
      out_.push_back(static_cast<std::uint8_t>(take << 1 | 1));
      n -= take;
    }
  }
  void repeat(std::uint8_t value, std::uint32_t n) {
    out_.push_back(static_cast<std::uint8_t>((n - 1) << 2 | 2));
    out_.push_back(value);
  }
  // Writes the gathered pixels [from, to) as literals.
  void literals(std::uint32_t from, std::uint32_t to) {
    while (to - from > max_run) {
      literal(from, max_run);
      from += max_run;
    }
    const std::uint32_t n = to - from;
    if (n == 2 && index_[from] == index_[from + 1])
      repeat(index_[from], 2);
    else if (n > 0)
      literal(from, n);
  }

 private:
  void literal(std::uint32_t from, std::uint32_t n) {
    out_.push_back(static_cast<std::uint8_t>((n - 1) << 2));
    out_.insert(out_.end(), index_ + from, index_ + from + n);
  }

  const std::uint8_t* index_;
  std::vector<std::uint8_t>& out_;
};

// Encodes the opaque span [from, to).
void opaque_span(RowWriter& writer, const std::uint8_t* index, std::uint32_t from,
                 std::uint32_t to) {
  std::uint32_t gathered = from;  // start of the pixels gathered for a literal
  std::uint32_t x = from;
  while (x < to) {
    const std::uint8_t value = index[x];
    std::uint32_t end = x + 1;
    while (end < to && index[end] == value) ++end;
    std::uint32_t run = end - x;
    if (run < min_repeat) {
      x = end;
      continue;
    }
    writer.literals(gathered, x);
    while (run >= max_run) {
      writer.repeat(value, max_run);
      run -= max_run;
    }
    if (run >= min_repeat) {
      writer.repeat(value, run);
      run = 0;
    }
    gathered = end - run;
    x = end;
  }
  writer.literals(gathered, to);
}

}  // namespace

bool encode_rle_row(const std::uint8_t* index, const std::uint8_t* opaque, std::uint32_t width,
                    std::vector<std::uint8_t>& out) {
  const std::size_t start = out.size();
  out.push_back(0);
  out.push_back(0);
  const std::uint8_t* first_opaque =
      std::find_if(opaque, opaque + width, [](std::uint8_t o) { return o != 0; });
  if (first_opaque == opaque + width) return true;
  RowWriter writer(index, out);
  std::uint32_t x = 0;
  while (x < width) {
    const bool drawn = opaque[x] != 0;
    std::uint32_t end = x + 1;
    while (end < width && (opaque[end] != 0) == drawn) ++end;
    if (drawn)
      opaque_span(writer, index, x, end);
    else
      writer.skip(end - x);
    x = end;
  }
  const std::size_t payload = out.size() - start - 2;
  if (payload > max_row_payload) {
    out.resize(start);
    return false;
  }
  out[start] = static_cast<std::uint8_t>(payload);
  out[start + 1] = static_cast<std::uint8_t>(payload >> 8);
  return true;
}

}  // namespace gafcheck::pixels
