// The decompressors and ciphers alone: LZ77 (hand-written) and bounded zlib inflation never
// write past their output, and say how a stream ended; the XOR layer and chunk obfuscation
// invert what the test-side writer does.
#include <gtest/gtest.h>

#include "corpus/builder/hpi_builder.hpp"
#include "validator/hpi/cipher.hpp"
#include "validator/hpi/lz77.hpp"
#include "validator/hpi/zlib_stream.hpp"

namespace gafcheck::testing {
namespace {

using hpi::StreamStatus;

// An output buffer with guard bytes after the part the decoder may write.
struct GuardedOutput {
  explicit GuardedOutput(std::size_t length) : bytes(length + 64, 0xA5), size(length) {}
  std::span<std::uint8_t> span() { return std::span(bytes).first(size); }
  bool guard_intact() const {
    for (std::size_t i = size; i < bytes.size(); ++i)
      if (bytes[i] != 0xA5) return false;
    return true;
  }
  std::vector<std::uint8_t> written() const { return {bytes.begin(), bytes.begin() + size}; }
  std::vector<std::uint8_t> bytes;
  std::size_t size;
};

TEST(Lz77, RoundTripsTheWritersStreamsAcrossWindowWraps) {
  for (const std::size_t size : {0u, 1u, 17u, 4095u, 4096u, 4097u, 65536u}) {
    const auto data = builder::sample_content(size, 11);
    const auto stream = builder::lz77_compress(data);
    GuardedOutput out(size);
    const auto result = hpi::lz77_decode(stream, out.span());
    EXPECT_EQ(result.status, StreamStatus::complete) << size;
    EXPECT_EQ(result.produced, size);
    EXPECT_EQ(result.consumed, stream.size());
    EXPECT_EQ(out.written(), data) << size;
    EXPECT_TRUE(out.guard_intact());
  }
}

TEST(Lz77, OverlappingCopyRepeatsTheLastByte) {
  // literal 'x', then copy 17 bytes from window offset 1 (the 'x'), then the end marker.
  const std::vector<std::uint8_t> stream = {0x06, 'x', 0x1F, 0x00, 0x00, 0x00};
  GuardedOutput out(18);
  const auto result = hpi::lz77_decode(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::complete);
  EXPECT_EQ(out.written(), std::vector<std::uint8_t>(18, 'x'));
}

TEST(Lz77, BackReferenceBeforeTheStartOfOutputIsRefused) {
  // First flag is a copy from window offset 5, before anything was written.
  const std::vector<std::uint8_t> stream = {0x01, 0x53, 0x00, 0x00, 0x00};
  GuardedOutput out(16);
  const auto result = hpi::lz77_decode(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::bad_reference);
  EXPECT_EQ(result.produced, 0u);
  EXPECT_EQ(result.consumed, 1u);
  EXPECT_NE(result.detail.find("window offset 0x5"), std::string::npos) << result.detail;
  EXPECT_TRUE(out.guard_intact());
}

TEST(Lz77, ReferenceJustInsideWhatWasWrittenIsAccepted) {
  // Two literals fill window offsets 1 and 2; a copy from offset 2 is fine, from 3 is not.
  const std::vector<std::uint8_t> good = {0x0C, 'a', 'b', 0x20, 0x00, 0x00, 0x00};
  const std::vector<std::uint8_t> bad = {0x0C, 'a', 'b', 0x30, 0x00, 0x00, 0x00};
  GuardedOutput out(4);
  EXPECT_EQ(hpi::lz77_decode(good, out.span()).status, StreamStatus::complete);
  EXPECT_EQ(out.written(), (std::vector<std::uint8_t>{'a', 'b', 'b', 'b'}));
  EXPECT_EQ(hpi::lz77_decode(bad, out.span()).status, StreamStatus::bad_reference);
}

TEST(Lz77, MissingEndMarkerIsTruncated) {
  auto stream = builder::lz77_compress(builder::sample_content(300, 2));
  stream.resize(stream.size() - 2);
  GuardedOutput out(300);
  const auto result = hpi::lz77_decode(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::truncated);
  EXPECT_TRUE(out.guard_intact());
}

TEST(Lz77, MoreOutputThanExpectedStopsAtTheBound) {
  const auto data = builder::sample_content(5000, 4);
  const auto stream = builder::lz77_compress(data);
  GuardedOutput out(4000);
  const auto result = hpi::lz77_decode(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::overflow);
  EXPECT_EQ(result.produced, 4000u);
  EXPECT_EQ(out.written(), std::vector<std::uint8_t>(data.begin(), data.begin() + 4000));
  EXPECT_TRUE(out.guard_intact());
}

TEST(Lz77, EmptyInputIsTruncated) {
  GuardedOutput out(1);
  EXPECT_EQ(hpi::lz77_decode({}, out.span()).status, StreamStatus::truncated);
}

TEST(Inflate, ExactOutputCompletes) {
  const auto data = builder::sample_content(70000, 5);
  const auto stream = builder::zlib_compress(data);
  hpi::Inflater inflater;
  GuardedOutput out(data.size());
  const auto result = inflater.inflate(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::complete);
  EXPECT_EQ(result.produced, data.size());
  EXPECT_EQ(out.written(), data);
  // The same inflater serves the next stream.
  GuardedOutput again(data.size());
  EXPECT_EQ(inflater.inflate(stream, again.span()).status, StreamStatus::complete);
}

TEST(Inflate, BombStopsAtTheOutputBound) {
  const std::vector<std::uint8_t> zeros(8 << 20, 0);
  const auto stream = builder::zlib_compress(zeros);
  ASSERT_LT(stream.size(), 16u << 10);
  hpi::Inflater inflater;
  GuardedOutput out(65536);
  const auto result = inflater.inflate(stream, out.span());
  EXPECT_EQ(result.status, StreamStatus::overflow);
  EXPECT_EQ(result.produced, 65536u);
  EXPECT_TRUE(out.guard_intact());
}

TEST(Inflate, ShortStreamAndCutStreamAndGarbage) {
  const auto data = builder::sample_content(1000, 6);
  auto stream = builder::zlib_compress(data);
  hpi::Inflater inflater;
  GuardedOutput bigger(2000);
  const auto shorter = inflater.inflate(stream, bigger.span());
  EXPECT_EQ(shorter.status, StreamStatus::complete);
  EXPECT_EQ(shorter.produced, 1000u);

  stream.resize(stream.size() / 2);
  GuardedOutput out(1000);
  EXPECT_EQ(inflater.inflate(stream, out.span()).status, StreamStatus::truncated);

  const std::vector<std::uint8_t> garbage = {0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF};
  const auto bad = inflater.inflate(garbage, out.span());
  EXPECT_EQ(bad.status, StreamStatus::data_error);
  EXPECT_FALSE(bad.detail.empty());
  EXPECT_TRUE(out.guard_intact());
}

TEST(Cipher, KeyTransformFollowsTheSpec) {
  EXPECT_EQ(hpi::xor_key(0), 0);
  EXPECT_EQ(hpi::xor_key(1), 0x04);
  EXPECT_EQ(hpi::xor_key(0x80), 0x02);
  EXPECT_EQ(hpi::xor_key(0x7D), 0xF5);
  EXPECT_EQ(hpi::xor_key(0x27D), 0xF5);  // low byte only
  EXPECT_EQ(hpi::xor_key_full_word(0x27D), 0xFD);
}

TEST(Cipher, DecryptInvertsTheWritersEncryption) {
  builder::BuiltFile file;
  file.bytes = builder::sample_content(1000, 8);
  const auto plain = file.bytes;
  builder::encrypt_hpi(file, 0x3C);
  auto tail = std::vector<std::uint8_t>(file.bytes.begin() + 0x14, file.bytes.end());
  hpi::xor_decrypt(tail, 0x14, hpi::xor_key(0x3C));
  EXPECT_EQ(tail, std::vector<std::uint8_t>(plain.begin() + 0x14, plain.end()));
}

TEST(Cipher, ChunkObfuscationInverts) {
  const auto data = builder::sample_content(600, 9);
  const auto chunk = builder::sqsh_chunk(data, builder::HpiMethod::stored, true);
  std::vector<std::uint8_t> body(chunk.begin() + 19, chunk.end());
  EXPECT_NE(body, data);
  std::uint32_t sum = 0;
  for (auto b : body) sum += b;
  EXPECT_EQ(hpi::chunk_checksum(body), sum);
  hpi::deobfuscate_chunk(body);
  EXPECT_EQ(body, data);
}

}  // namespace
}  // namespace gafcheck::testing
