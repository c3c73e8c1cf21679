// HPIPack's LZ77 encoder as identify re-runs it: what it writes decodes back (through gafcheck's
// own decoder) to the chunk, a hand-worked chunk comes out byte for byte, and an archive whose
// LZ77 chunks are HPIPack's is named by them alone.
#include "validator/provenance/hpipack_lz77.hpp"

#include <gtest/gtest.h>

#include <random>

#include "tests/support/hpi_helpers.hpp"
#include "validator/core/sha256.hpp"
#include "validator/hpi/lz77.hpp"
#include "validator/provenance/identify.hpp"
#include "validator/provenance/kbot_io_lz77.hpp"

namespace gafcheck::provenance {
namespace {

std::vector<std::uint8_t> round_trip(const std::vector<std::uint8_t>& chunk, bool kbot_io = false) {
  const std::vector<std::uint8_t> body =
      kbot_io ? encode_chunk_as_kbot_io(chunk) : encode_chunk_as_hpipack(chunk);
  std::vector<std::uint8_t> decoded(chunk.size());
  const hpi::StreamResult result = hpi::lz77_decode(body, decoded);
  EXPECT_EQ(result.status, hpi::StreamStatus::complete);
  EXPECT_EQ(result.consumed, body.size());
  return decoded;
}

bool has_basis(const WriterIdentity& identity, const std::string& fact) {
  return std::find(identity.basis.begin(), identity.basis.end(), fact) != identity.basis.end();
}

TEST(HpiPackLz77, HandWorkedChunk) {
  // 'a' as a literal, then a reference to window offset 1 for the three that follow (each copy
  // reading what it wrote), then the end marker in the same group.
  EXPECT_EQ(encode_chunk_as_hpipack(std::vector<std::uint8_t>{'a', 'a', 'a', 'a'}),
            (std::vector<std::uint8_t>{0x06, 'a', 0x11, 0x00, 0x00, 0x00}));
}

TEST(HpiPackLz77, EveryChunkDecodesBack) {
  std::mt19937 random(7);
  std::vector<std::vector<std::uint8_t>> chunks = {std::vector<std::uint8_t>(65536, 0),
                                                   std::vector<std::uint8_t>(1, 0x80),
                                                   builder::sample_content(65536, 11)};
  std::vector<std::uint8_t> noise(20000);
  for (std::uint8_t& byte : noise) byte = static_cast<std::uint8_t>(random() % 4);
  chunks.push_back(noise);  // many equal keys: the tree's order by position is exercised
  for (const auto& chunk : chunks) {
    EXPECT_EQ(round_trip(chunk), chunk);
    EXPECT_EQ(round_trip(chunk, true), chunk);
  }
}

// kbot-io's encoder on the hand-worked chunk, and where the two encoders part: a long chunk.
TEST(KbotIoLz77, HandWorkedChunkAndAnotherEncoderThanHpiPack) {
  EXPECT_EQ(encode_chunk_as_kbot_io(std::vector<std::uint8_t>{'a', 'a', 'a', 'a'}),
            (std::vector<std::uint8_t>{0x06, 'a', 0x11, 0x00, 0x00, 0x00}));
  const auto chunk = builder::sample_content(65536, 5);
  EXPECT_NE(encode_chunk_as_kbot_io(chunk), encode_chunk_as_hpipack(chunk));
  const auto start = encode_chunk_as_kbot_io(chunk, 4096);
  const auto full = encode_chunk_as_kbot_io(chunk);
  ASSERT_LT(start.size(), full.size());
  EXPECT_TRUE(std::equal(start.begin(), start.end(), full.begin()));
}

// An archive whose LZ77 chunks are kbot-io's, with its retail defaults (key 0xBF, the footer).
TEST(KbotIoLz77, ItsChunksNameIt) {
  builder::HpiSpec spec;
  spec.key = 0xBF;
  spec.kbot_io_lz77 = true;
  spec.files.push_back(
      {"units/armcom.fbi", builder::sample_content(9000, 5), builder::HpiMethod::lz77, true});
  const auto bytes = builder::build_hpi(spec).bytes;
  const WriterIdentity identity = identify_writer(ByteView(bytes.data(), bytes.size()));
  EXPECT_EQ(identity.tool, "kbot-io") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_TRUE(has_basis(identity, "hpi.lz77-as-kbot-io = yes"));
}

// The exact bytes depend on the search tree's shape, which round trips cannot see: a digest of the
// encoding of chunks that fill the window many times over (so the tree deletes and rebalances on
// every step) pins it.
TEST(HpiPackLz77, EncodingOfLongChunksIsPinned) {
  std::mt19937 random(11);
  std::vector<std::uint8_t> noise(65536);
  for (std::uint8_t& byte : noise) byte = static_cast<std::uint8_t>(random() % 3 + 'a');
  Sha256Stream digest;
  for (const auto& chunk : {noise, builder::sample_content(65536, 3)}) {
    const auto body = encode_chunk_as_hpipack(chunk);
    digest.add(std::string_view(reinterpret_cast<const char*>(body.data()), body.size()));
  }
  EXPECT_EQ(digest.hex(), "4438bb42326f13df2fb8e9fe4d41d013d427f84c97685ce951fc913e9dfc6055");
}

// Encoding only up to an input position gives whole groups that start the full body: what
// identify compares when it samples a chunk's start.
TEST(HpiPackLz77, AnInputLimitGivesAPrefixOfWholeGroups) {
  const auto chunk = builder::sample_content(65536, 9);
  const auto full = encode_chunk_as_hpipack(chunk);
  const auto start = encode_chunk_as_hpipack(chunk, 4096);
  ASSERT_GT(start.size(), 100u);
  ASSERT_LT(start.size(), full.size());
  EXPECT_TRUE(std::equal(start.begin(), start.end(), full.begin()));
  EXPECT_EQ(encode_chunk_as_hpipack(chunk, chunk.size()), full);
}

std::vector<std::uint8_t> lz77_archive(bool hpipack_encoder, bool trailer) {
  builder::HpiSpec spec;
  spec.key = 0x7D;
  spec.footer = !trailer;
  spec.hpipack_lz77 = hpipack_encoder;
  spec.files.push_back(
      {"units/armcom.fbi", builder::sample_content(9000, 5), builder::HpiMethod::lz77, true});
  auto bytes = builder::build_hpi(spec).bytes;
  constexpr std::string_view hpipack_trailer =
      "HPIPack by Joe D (joed@cws.org) FNORD Total Annihilation Copyright 1997 Cavedog "
      "Entertainment";
  if (trailer) bytes.insert(bytes.end(), hpipack_trailer.begin(), hpipack_trailer.end());
  return bytes;
}

TEST(HpiPackLz77, ItsChunksNameItWithoutTheTrailer) {
  const auto bytes = lz77_archive(true, false);
  const WriterIdentity identity = identify_writer(ByteView(bytes.data(), bytes.size()));
  EXPECT_EQ(identity.tool, "HPIPack (HPIUtil.dll)") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_TRUE(has_basis(identity, "hpi.lz77-as-hpipack = yes"));
}

// The re-encoding is a basis of its own, not a test of the trailer: the encoder was rebuilt from
// HPIPack's source, not checked against HPIPack's own output, so chunks it would not write leave
// the trailer's answer as it is. Without the trailer, HPIPack's header habits alone are only
// possible evidence.
TEST(HpiPackLz77, OtherChunksLeaveTheTrailerDecisive) {
  const auto with_trailer = lz77_archive(false, true);
  const WriterIdentity named = identify_writer(ByteView(with_trailer.data(), with_trailer.size()));
  EXPECT_EQ(named.tool, "HPIPack (HPIUtil.dll)");
  EXPECT_EQ(named.confidence, "certain");
  const auto without = lz77_archive(false, false);
  const WriterIdentity habits = identify_writer(ByteView(without.data(), without.size()));
  EXPECT_EQ(habits.confidence, "possible") << ::testing::PrintToString(habits.basis);
  EXPECT_TRUE(has_basis(habits, "hpi.lz77-as-hpipack = no (does not support)"));
}

}  // namespace
}  // namespace gafcheck::provenance
