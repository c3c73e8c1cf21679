// fuzz_rle: the RLE row walker alone. The first 5 input bytes choose the frame: width (u16,
// 0..511), height (u8, 0..63) and the data offset (u16 modulo the input size); the whole input is
// the "file" the rows are read from, so rows may point into the header bytes or run off the end.
//
// Invariants (abort on violation): both policies stay inside the file and report issues inside
// it; a row the strict walker accepts draws the same pixels under the retail walker (the game
// and the checked reader agree wherever the file is well formed); the command budget is honoured;
// the retail walk into zeroed planes (the renderer's fast path) gives exactly the planes and
// result of the careful retail walk.
#include <set>
#include <vector>

#include "fuzz/fuzz_support.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::fuzz {
namespace {

constexpr std::uint64_t max_commands = 1u << 16;

class IssueRows : public pixels::RleIssueSink {
 public:
  explicit IssueRows(std::uint64_t file_size) : file_size_(file_size) {}
  void on_issue(const pixels::RowIssue& issue) override {
    rows.insert(issue.row);
    // A row whose count word lies past the end, and a read past the end, name where that read
    // starts, which is outside by design (the finding layer anchors them inside the file).
    if (issue.kind == pixels::RleIssueKind::row_out_of_bounds ||
        issue.kind == pixels::RleIssueKind::reads_past_eof)
      return;
    require(issue.offset <= file_size_ && issue.length <= file_size_ - issue.offset, [&] {
      return "an RLE issue (kind " + std::to_string(static_cast<int>(issue.kind)) + " at " +
             std::to_string(issue.offset) + "+" + std::to_string(issue.length) +
             ") lies outside the " + std::to_string(file_size_) + "-byte file";
    });
  }
  std::set<std::uint32_t> rows;

 private:
  std::uint64_t file_size_;
};

struct Plane {
  std::vector<std::uint8_t> pixels, coverage;
  pixels::RleWalkResult result;
  IssueRows issues;
};

Plane walk(ByteView file, const pixels::RleFrame& frame, pixels::RlePolicy policy,
           bool planes_zeroed = false) {
  const std::size_t size = std::size_t{frame.width} * frame.height;
  Plane plane{std::vector<std::uint8_t>(size, 0),
              std::vector<std::uint8_t>(size, 0),
              {},
              IssueRows(file.size())};
  pixels::RleWalkOptions options;
  options.policy = policy;
  options.max_commands = max_commands;
  options.pixels = plane.pixels;
  options.coverage = plane.coverage;
  options.planes_zeroed = planes_zeroed;
  options.sink = &plane.issues;
  plane.result = pixels::walk_rle(file, frame, options);
  require(plane.result.end <= file.size(), "the walk ends past the end of the file");
  require(plane.result.commands <= max_commands + 1, "the walk decoded past its command budget");
  return plane;
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView file(data, size);
  if (size < 5) return 0;
  pixels::RleFrame frame;
  frame.width = static_cast<std::uint16_t>(*file.u16le(0) % 512);
  frame.height = static_cast<std::uint16_t>(*file.u8(2) % 64);
  frame.data_offset = *file.u16le(3) % size;

  const fuzz::Plane strict = fuzz::walk(file, frame, pixels::RlePolicy::strict);
  const fuzz::Plane retail = fuzz::walk(file, frame, pixels::RlePolicy::retail);
  const fuzz::Plane drawn = fuzz::walk(file, frame, pixels::RlePolicy::retail, true);
  fuzz::require(drawn.pixels == retail.pixels && drawn.coverage == retail.coverage,
                "the retail walk into zeroed planes draws other pixels than the careful walk");
  fuzz::require(drawn.result.stop == retail.result.stop &&
                    drawn.result.rows_walked == retail.result.rows_walked &&
                    drawn.result.end == retail.result.end &&
                    drawn.result.commands == retail.result.commands &&
                    drawn.result.payload_bytes == retail.result.payload_bytes &&
                    drawn.issues.rows == retail.issues.rows,
                "the retail walk into zeroed planes ends otherwise than the careful walk");
  if (strict.result.stop != pixels::RleWalkStop::complete ||
      retail.result.stop != pixels::RleWalkStop::complete)
    return 0;
  for (std::uint32_t row = 0; row < frame.height; ++row) {
    if (strict.issues.rows.count(row)) continue;
    const std::size_t begin = std::size_t{row} * frame.width;
    for (std::size_t i = begin; i < begin + frame.width; ++i) {
      fuzz::require(strict.coverage[i] == retail.coverage[i], [&] {
        return "row " + std::to_string(row) + ": strict and retail cover different pixels";
      });
      if (strict.coverage[i])
        fuzz::require(strict.pixels[i] == retail.pixels[i], [&] {
          return "row " + std::to_string(row) + ": strict and retail draw different pixels";
        });
    }
  }
  return 0;
}
