// The retail drawing fast path (validator/pixels/rle_draw_fast.hpp): a row drawn with 16-byte
// stores holds exactly its pixels and nothing past its end; a row its payload cannot complete is
// handed back with no scratch byte left; and whole walks into zeroed planes give the planes and
// results of the careful walk, on well-formed and damaged rows alike.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/recipe.hpp"
#include "validator/pixels/rle_draw_fast.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels {
namespace {

std::vector<std::uint8_t> hex(const std::string& text) {
  return builder::parse_hex_bytes(text);
}

// Planes for one row of width pixels followed by a guard of 0xEE the row must not touch.
struct RowPlanes {
  explicit RowPlanes(std::uint32_t width) : pixels(width, 0), coverage(width, 0) {
    pixels.resize(width + 32, 0xEE);
    coverage.resize(width + 32, 0xEE);
  }
  std::vector<std::uint8_t> pixels, coverage;
};

std::vector<std::uint8_t> repeated(std::size_t n, std::uint8_t value) {
  return std::vector<std::uint8_t>(n, value);
}

std::vector<std::uint8_t> join(std::initializer_list<std::vector<std::uint8_t>> parts) {
  std::vector<std::uint8_t> out;
  for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

TEST(RleDrawFast, DrawsAWellFormedRowWithWideStoresAndNothingPastIt) {
  // 20 px: a 3-px skip, a 5-px repeat of 7, a 4-px literal 1 2 3 4, an 8-px repeat of 9; then 20
  // bytes that are not the row's, so every run is one 16-byte store.
  const auto bytes = join({hex("07  12 07  0C 01 02 03 04  1E 09"), repeated(20, 0xAB)});
  RowPlanes planes(20);
  std::uint64_t commands = 0;
  ASSERT_TRUE(detail::draw_row_fast(bytes, 0, 10, 20, planes.pixels.data(), planes.coverage.data(),
                                    commands));
  EXPECT_EQ(commands, 4u);
  const auto guard = repeated(32, 0xEE);
  EXPECT_EQ(planes.pixels,
            join({hex("00 00 00 07 07 07 07 07 01 02 03 04"), repeated(8, 9), guard}));
  EXPECT_EQ(planes.coverage, join({repeated(3, 0), repeated(17, 1), guard}));
}

TEST(RleDrawFast, LongRunsAndAClampedOverrunAreExact) {
  // 40 px: an 18-px literal (0x30..0x41), a 2-px skip, a 30-px repeat of 5 clamped to 20.
  std::vector<std::uint8_t> literal;
  for (std::uint8_t i = 0; i < 18; ++i) literal.push_back(static_cast<std::uint8_t>(0x30 + i));
  const auto bytes = join({hex("44"), literal, hex("05  76 05")});
  RowPlanes planes(40);
  std::uint64_t commands = 0;
  ASSERT_TRUE(detail::draw_row_fast(bytes, 0, bytes.size(), 40, planes.pixels.data(),
                                    planes.coverage.data(), commands));
  EXPECT_EQ(commands, 3u);
  const auto guard = repeated(32, 0xEE);
  EXPECT_EQ(planes.pixels, join({literal, repeated(2, 0), repeated(20, 5), guard}));
  EXPECT_EQ(planes.coverage, join({repeated(18, 1), repeated(2, 0), repeated(20, 1), guard}));
}

TEST(RleDrawFast, ShortRowIsHandedBackWithItsScratchCleared) {
  // 20 px from a 4-byte payload: a 1-px skip and a 2-px literal AA BB, then the payload ends.
  // The literal is stored as 16 bytes (AA BB and 14 bytes after the payload); the row goes back
  // to the careful path with only the pixels it really drew.
  const auto bytes = join({hex("03  04 AA BB"), repeated(20, 0xCD)});
  RowPlanes planes(20);
  std::uint64_t commands = 0;
  EXPECT_FALSE(detail::draw_row_fast(bytes, 0, 4, 20, planes.pixels.data(), planes.coverage.data(),
                                     commands));
  const auto guard = repeated(32, 0xEE);
  EXPECT_EQ(planes.pixels, join({hex("00 AA BB"), repeated(17, 0), guard}));
  EXPECT_EQ(planes.coverage, join({hex("00 01 01"), repeated(17, 0), guard}));
}

TEST(RleDrawFast, CutCommandIsHandedBack) {
  // A 20-px row whose 3-px literal has only 2 bytes left in the payload.
  const auto bytes = join({hex("08 01 02"), repeated(20, 0xCD)});
  RowPlanes planes(20);
  std::uint64_t commands = 0;
  EXPECT_FALSE(detail::draw_row_fast(bytes, 0, 3, 20, planes.pixels.data(), planes.coverage.data(),
                                     commands));
  EXPECT_EQ(planes.pixels, join({repeated(20, 0), repeated(32, 0xEE)}));
}

struct Walked {
  RleWalkResult result;
  std::vector<std::uint8_t> pixels, coverage;
};

Walked walk(const std::vector<std::uint8_t>& bytes, const RleFrame& frame, bool zeroed,
            std::uint64_t max_commands) {
  Walked out;
  out.pixels.assign(std::size_t{frame.width} * frame.height, 0);
  out.coverage.assign(out.pixels.size(), 0);
  RleWalkOptions options;
  options.policy = RlePolicy::retail;
  options.max_commands = max_commands;
  options.pixels = out.pixels;
  options.coverage = out.coverage;
  options.planes_zeroed = zeroed;
  out.result = walk_rle(ByteView(bytes.data(), bytes.size()), frame, options);
  return out;
}

// A frame of sprite-like rows (runs of a colour, literals, margins) with damage: rows cut short,
// bytes appended, a byte changed, a count word of 0, the file cut inside the last row.
std::vector<std::uint8_t> damaged_frame(std::mt19937& random, std::uint16_t width,
                                        std::uint16_t height) {
  std::vector<std::uint8_t> bytes;
  for (std::uint16_t y = 0; y < height; ++y) {
    std::vector<int> row(width, -1);
    int colour = static_cast<int>(random() % 256);
    for (std::uint16_t x = 0; x < width; ++x) {
      if (random() % 4 == 0) colour = random() % 8 == 0 ? -1 : static_cast<int>(random() % 256);
      row[x] = colour;
    }
    std::vector<std::uint8_t> payload = builder::encode_rle_row(row);
    switch (random() % 8) {
      case 0:
        payload.resize(payload.size() - std::min<std::size_t>(payload.size(), 1 + random() % 4));
        break;
      case 1: payload.push_back(static_cast<std::uint8_t>(random())); break;
      case 2:
        if (!payload.empty())
          payload[random() % payload.size()] = static_cast<std::uint8_t>(random());
        break;
      case 3: payload.clear(); break;
      default: break;
    }
    bytes.push_back(static_cast<std::uint8_t>(payload.size()));
    bytes.push_back(static_cast<std::uint8_t>(payload.size() >> 8));
    bytes.insert(bytes.end(), payload.begin(), payload.end());
  }
  if (random() % 4 == 0)
    bytes.resize(bytes.size() - std::min<std::size_t>(bytes.size(), random() % 24));
  return bytes;
}

TEST(RleDrawFast, WalksIntoZeroedPlanesMatchTheCarefulWalk) {
  std::mt19937 random(16);
  std::uint64_t drawn_pixels = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto width = static_cast<std::uint16_t>(1 + random() % 150);
    const auto height = static_cast<std::uint16_t>(1 + random() % 6);
    const auto bytes = damaged_frame(random, width, height);
    const RleFrame frame{0, width, height};
    // Some walks stop on the command budget, at any command.
    const std::uint64_t budget = random() % 5 == 0 ? random() % 200 : UINT64_MAX;
    const Walked fast = walk(bytes, frame, true, budget);
    const Walked careful = walk(bytes, frame, false, budget);
    ASSERT_EQ(fast.pixels, careful.pixels)
        << "frame " << i << " (" << width << "x" << height << ")";
    ASSERT_EQ(fast.coverage, careful.coverage) << "frame " << i;
    ASSERT_EQ(fast.result.stop, careful.result.stop) << "frame " << i;
    ASSERT_EQ(fast.result.rows_walked, careful.result.rows_walked) << "frame " << i;
    ASSERT_EQ(fast.result.end, careful.result.end) << "frame " << i;
    ASSERT_EQ(fast.result.commands, careful.result.commands) << "frame " << i;
    ASSERT_EQ(fast.result.payload_bytes, careful.result.payload_bytes) << "frame " << i;
    for (const std::uint8_t c : fast.coverage) drawn_pixels += c != 0;
  }
  EXPECT_GT(drawn_pixels, 0u);
}

}  // namespace
}  // namespace gafcheck::pixels
