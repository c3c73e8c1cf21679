// What the archive's zlib inflation reports for each way a stream can end, pinned exactly
// (status, bytes produced, input consumed, zlib's message): the hpi.chunk-size and
// hpi.chunk-stream findings are built from nothing else, so these pins keep the findings (rule,
// offset, message) zlib's while libdeflate decodes the streams it can. The malformed streams
// are written bit by bit below from RFC 1950/1951 fields.
#include <gtest/gtest.h>
#include <zlib.h>

#include <random>
#include <string>

#include "corpus/builder/hpi_builder.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/zlib_stream.hpp"

namespace gafcheck::testing {
namespace {

using hpi::StreamStatus;

// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
class DeflateBits {
 public:
  DeflateBits& field(std::uint32_t value, int bits) {
    for (int i = 0; i < bits; ++i) bit((value >> i) & 1);
    return *this;
  }
  DeflateBits& code(std::uint32_t value, int bits) {
    for (int i = bits - 1; i >= 0; --i) bit((value >> i) & 1);
    return *this;
  }
  // A zlib stream: the usual header (deflate, 32 KiB window), these bits, the Adler-32 of
  // content (what the stream is meant to produce).
  std::vector<std::uint8_t> zlib(const std::string& content) const {
    std::vector<std::uint8_t> stream = {0x78, 0x9C};
    stream.insert(stream.end(), bytes_.begin(), bytes_.end());
    const auto sum = adler32(adler32(0, nullptr, 0), reinterpret_cast<const Bytef*>(content.data()),
                             static_cast<uInt>(content.size()));
    for (int shift = 24; shift >= 0; shift -= 8) stream.push_back((sum >> shift) & 0xFF);
    return stream;
  }

 private:
  void bit(std::uint32_t value) {
    if (used_ % 8 == 0) bytes_.push_back(0);
    bytes_.back() |= static_cast<std::uint8_t>(value << (used_ % 8));
    ++used_;
  }
  std::vector<std::uint8_t> bytes_;
  int used_ = 0;
};

// A final dynamic block that codes literal 'A' and end-of-block with one bit each ('A' = 0,
// end = 1) and writes "AA". Its code-length code has two 1-bit codes: length 1 (code 0) and
// symbol 18, a run of 11-138 zero lengths (code 1, 7 extra bits). lengths_after_end writes the
// code lengths after end-of-block's: the rest of the literal/length code and the distance code.
template <typename Tail>
std::vector<std::uint8_t> two_literal_block(int literal_lengths, int distance_lengths,
                                            Tail lengths_after_end) {
  DeflateBits bits;
  bits.field(1, 1).field(2, 2);  // final, dynamic Huffman
  bits.field(literal_lengths - 257, 5).field(distance_lengths - 1, 5).field(18 - 4, 4);
  // Code-length code lengths in RFC 1951 order 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1.
  for (int i = 0; i < 18; ++i) bits.field(i == 2 || i == 17 ? 1 : 0, 3);
  const auto zeros = [&](int count) { bits.code(1, 1).field(count - 11, 7); };
  zeros(65);
  bits.code(0, 1);  // 'A' (symbol 65): length 1
  zeros(138);
  zeros(52);
  bits.code(0, 1);  // end-of-block (symbol 256): length 1
  lengths_after_end(bits, zeros);
  bits.code(0, 1).code(0, 1).code(1, 1);  // 'A', 'A', end of block
  return bits.zlib("AA");
}

// A final block with the fixed Huffman codes (RFC 1951 §3.2.6) that writes 'A', then whatever
// symbols follow writes.
template <typename Symbols>
std::vector<std::uint8_t> fixed_block(Symbols follows) {
  DeflateBits bits;
  bits.field(1, 1).field(1, 2);
  bits.code(0x30 + 'A', 8);
  follows(bits);
  bits.code(0, 7);  // end of block
  return bits.zlib("AA");
}

struct Pinned {
  StreamStatus status;
  std::uint64_t produced, consumed;
  std::string detail;
};

void expect_result(std::span<const std::uint8_t> stream, std::size_t expected,
                   const Pinned& pinned) {
  hpi::Inflater inflater;
  std::vector<std::uint8_t> out(expected + 16, 0xA5);
  const auto result = inflater.inflate(stream, std::span(out).first(expected));
  EXPECT_EQ(result.status, pinned.status);
  EXPECT_EQ(result.produced, pinned.produced);
  EXPECT_EQ(result.consumed, pinned.consumed);
  EXPECT_EQ(result.detail, pinned.detail);
  for (std::size_t i = expected; i < out.size(); ++i) ASSERT_EQ(out[i], 0xA5) << i;
}

std::vector<std::uint8_t> compressed(const std::string& text) {
  return builder::zlib_compress(
      std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

TEST(InflatePins, HandWrittenBlocksDecode) {
  // Controls for the malformed variants below: both exactly "AA".
  const auto dynamic = two_literal_block(257, 1, [](DeflateBits& bits, auto) {
    bits.code(0, 1);  // one distance code of length 1
  });
  expect_result(dynamic, 2, {StreamStatus::complete, 2, dynamic.size(), ""});
  const auto fixed = fixed_block([](DeflateBits& bits) { bits.code(0x30 + 'A', 8); });
  expect_result(fixed, 2, {StreamStatus::complete, 2, fixed.size(), ""});
}

TEST(InflatePins, BytesAfterTheStreamEndAreIgnored) {
  auto stream = compressed("hello");
  const std::size_t length = stream.size();
  for (const char c : std::string("junk")) stream.push_back(c);
  expect_result(stream, 5, {StreamStatus::complete, 5, length, ""});
}

TEST(InflatePins, FewerBytesThanExpectedComplete) {
  const auto stream = compressed("hello");
  expect_result(stream, 9, {StreamStatus::complete, 5, stream.size(), ""});
}

TEST(InflatePins, EmptyStreamIntoEmptyOutputCompletes) {
  const auto stream = compressed("");
  expect_result(stream, 0, {StreamStatus::complete, 0, stream.size(), ""});
}

TEST(InflatePins, MoreBytesThanExpectedOverflowAtTheBound) {
  const auto data = builder::sample_content(1000, 6);
  const auto stream = builder::zlib_compress(data);
  expect_result(stream, 999, {StreamStatus::overflow, 999, stream.size(), ""});
}

TEST(InflatePins, AdlerMismatchIsADataErrorAfterTheWholeOutput) {
  auto stream = compressed("hello");
  stream.back() ^= 1;
  expect_result(stream, 5, {StreamStatus::data_error, 5, stream.size(), "incorrect data check"});
}

TEST(InflatePins, StreamCutInItsChecksumIsTruncated) {
  auto stream = compressed("hello");
  stream.resize(stream.size() - 2);
  expect_result(stream, 5, {StreamStatus::truncated, 5, stream.size(), ""});
}

TEST(InflatePins, StreamCutInItsDataIsTruncated) {
  const auto data = builder::sample_content(1000, 6);
  auto stream = builder::zlib_compress(data);
  stream.resize(stream.size() / 2);
  hpi::Inflater inflater;
  std::vector<std::uint8_t> out(1000);
  const auto result = inflater.inflate(stream, out);
  EXPECT_EQ(result.status, StreamStatus::truncated);
  EXPECT_EQ(result.consumed, stream.size());
  EXPECT_GT(result.produced, 0u);
  EXPECT_LT(result.produced, 1000u);
}

TEST(InflatePins, EmptyInputIsTruncated) {
  expect_result({}, 4, {StreamStatus::truncated, 0, 0, ""});
}

TEST(InflatePins, HeaderDefectsAreDataErrors) {
  auto window = compressed("hello");
  window[0] = 0x88;  // a 64 KiB window (CINFO 8); FCHECK kept valid
  window[1] = 0x1C;
  expect_result(window, 5, {StreamStatus::data_error, 0, 2, "invalid window size"});
  auto check = compressed("hello");
  check[1] ^= 1;
  expect_result(check, 5, {StreamStatus::data_error, 0, 2, "incorrect header check"});
  auto method = compressed("hello");
  method[0] = 0x77;  // compression method 7
  method[1] = 0x01 + (31 - (0x7701 % 31)) % 31;
  expect_result(method, 5, {StreamStatus::data_error, 0, 2, "unknown compression method"});
  // A preset dictionary: zlib stops and asks for it, without a message.
  std::vector<std::uint8_t> dictionary = {0x78, 0x20 + (31 - (0x7820 % 31)) % 31, 0, 0, 0, 1};
  const auto rest = compressed("hello");
  dictionary.insert(dictionary.end(), rest.begin() + 2, rest.end());
  expect_result(dictionary, 5, {StreamStatus::data_error, 0, 6, "zlib error 2"});
}

TEST(InflatePins, BlockDefectsAreDataErrors) {
  DeflateBits type3;
  type3.field(1, 1).field(3, 2);
  expect_result(type3.zlib(""), 5, {StreamStatus::data_error, 0, 3, "invalid block type"});
  DeflateBits stored;
  stored.field(1, 1).field(0, 2).field(0, 5).field(2, 16).field(0, 16);  // LEN 2, NLEN not ~LEN
  const auto lengths = stored.zlib("");
  expect_result(lengths, 5, {StreamStatus::data_error, 0, 7, "invalid stored block lengths"});
}

TEST(InflatePins, CodesTheFixedTableDoesNotAllowAreDataErrors) {
  // Literal/length symbol 286 (fixed code 0xC6, 8 bits) and distance symbol 30 (5 bits).
  const auto literal = fixed_block([](DeflateBits& bits) { bits.code(0xC6, 8); });
  expect_result(literal, 4, {StreamStatus::data_error, 1, 5, "invalid literal/length code"});
  const auto distance = fixed_block([](DeflateBits& bits) {
    bits.code(1, 7).code(30, 5);  // length 3 (symbol 257), distance symbol 30
  });
  expect_result(distance, 4, {StreamStatus::data_error, 1, 5, "invalid distance code"});
  // Distance 2 when one byte has been written.
  const auto far = fixed_block([](DeflateBits& bits) { bits.code(1, 7).code(1, 5); });
  expect_result(far, 4, {StreamStatus::data_error, 1, 5, "invalid distance too far back"});
}

TEST(InflatePins, RepeatOfAPreviousLengthFirstIsADataError) {
  // Code-length code: symbol 16 ("repeat the previous length") with code 0, 1 and 18 with
  // codes 10 and 11; the first length is a repeat of nothing.
  DeflateBits bits;
  bits.field(1, 1).field(2, 2).field(0, 5).field(0, 5).field(18 - 4, 4);
  for (int i = 0; i < 18; ++i) bits.field(i == 0 ? 1 : i == 2 || i == 17 ? 2 : 0, 3);
  bits.code(0, 1).field(0, 2).field(0, 16);
  const auto stream = bits.zlib("");
  expect_result(stream, 4, {StreamStatus::data_error, 0, 12, "invalid bit length repeat"});
}

// Three dynamic-block headers that zlib refuses (its inflate has had both checks since the 1.0
// releases) and libdeflate 1.14 decodes: a run of code lengths past the
// lengths the header announced, and more than 286 literal/length or 30 distance codes. The
// whole-buffer path reports them clean: the one place where the findings are not zlib's.
std::vector<std::vector<std::uint8_t>> headers_only_zlib_refuses() {
  std::vector<std::vector<std::uint8_t>> streams;
  streams.push_back(two_literal_block(257, 1, [](DeflateBits&, auto zeros) { zeros(138); }));
  for (const int count : {287, 288}) {
    streams.push_back(two_literal_block(count, 1, [&](DeflateBits& bits, auto zeros) {
      zeros(count - 257);
      bits.code(0, 1);
    }));
  }
  for (const int count : {31, 32}) {
    streams.push_back(two_literal_block(257, count, [&](DeflateBits& bits, auto zeros) {
      bits.code(0, 1);
      zeros(count - 1);
    }));
  }
  return streams;
}

TEST(InflatePins, ZlibRefusesLengthRunsAndCodeCountsPastTheLimits) {
  const auto streams = headers_only_zlib_refuses();
  const std::vector<std::string> messages = {
      "invalid bit length repeat", "too many length or distance symbols",
      "too many length or distance symbols", "too many length or distance symbols",
      "too many length or distance symbols"};
  const std::vector<std::uint64_t> stops = {16, 5, 5, 5, 5};
  hpi::Inflater inflater;
  for (std::size_t i = 0; i < streams.size(); ++i) {
    std::vector<std::uint8_t> out(2);
    const auto result = inflater.inflate_streaming(streams[i], out);
    EXPECT_EQ(result.status, StreamStatus::data_error) << i;
    EXPECT_EQ(result.produced, 0u) << i;
    EXPECT_EQ(result.consumed, stops[i]) << i;
    EXPECT_EQ(result.detail, messages[i]) << i;
  }
}

TEST(InflatePins, WholeBufferPathDecodesTheHeadersOnlyZlibRefuses) {
  hpi::Inflater inflater;
  for (const auto& stream : headers_only_zlib_refuses()) {
    std::vector<std::uint8_t> out(2);
    const auto result = inflater.inflate(stream, out);
    EXPECT_EQ(result.status, StreamStatus::complete);
    EXPECT_EQ(out, (std::vector<std::uint8_t>{'A', 'A'}));
  }
}

// The finding built from a pin: a chunk whose Adler-32 is wrong (the stored checksum fixed up)
// is hpi.chunk-stream at the end of its body, with zlib's message.
TEST(InflatePins, ChunkWithAWrongAdlerGivesZlibsFinding) {
  builder::HpiSpec spec;
  const std::string text = "hello, archive";
  spec.files.push_back(
      {"x.bin", std::vector<std::uint8_t>(text.begin(), text.end()), builder::HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  const std::uint32_t size = archive.bytes[chunk + 7] | (archive.bytes[chunk + 8] << 8);
  const std::uint64_t last = chunk + 19 + size - 1;
  archive.put_u8(last, archive.bytes[last] ^ 1);
  std::uint32_t sum = 0;
  for (std::uint64_t i = chunk + 19; i <= last; ++i) sum += archive.bytes[i];
  archive.put_u32(chunk + 15, sum);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.chunk-stream", chunk + 19 + size, "x.bin/chunk[0]");
  EXPECT_EQ(find_finding(report, "hpi.chunk-stream")->message,
            "zlib data error after 14 bytes: incorrect data check");
  EXPECT_NO_FINDING(report, "hpi.chunk-checksum");
}

// Every other pin above holds for the streaming path too: it is the reference.
TEST(InflatePins, StreamingPathAgreesOnTheDecodableStreams) {
  const auto data = builder::sample_content(70000, 5);
  const auto stream = builder::zlib_compress(data);
  hpi::Inflater inflater;
  std::vector<std::uint8_t> fast(data.size()), reference(data.size());
  const auto a = inflater.inflate(stream, fast);
  const auto b = inflater.inflate_streaming(stream, reference);
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.produced, b.produced);
  EXPECT_EQ(a.consumed, b.consumed);
  EXPECT_EQ(fast, reference);
  EXPECT_EQ(fast, data);
}

// Damaged streams of every kind the builder writes (compressible and not; bits flipped, most
// near the start where the block headers are; cut; into a smaller output): both paths give the
// same result and the same bytes. (Random damage does not make the three headers above.)
TEST(InflatePins, BothPathsAgreeOnDamagedStreams) {
  std::mt19937 random(14);
  hpi::Inflater inflater;
  int disagreements = 0, errors = 0;
  for (int round = 0; round < 24; ++round) {
    auto data = builder::sample_content(1 + random() % 70000, static_cast<std::uint32_t>(round));
    if (round % 3 == 0)
      for (auto& byte : data) byte = static_cast<std::uint8_t>(random());
    const auto clean = builder::zlib_compress(data);
    for (int damage = 0; damage < 60; ++damage) {
      auto stream = clean;
      for (auto flips = 1 + random() % 3; flips > 0; --flips) {
        const std::size_t range =
            random() % 2 ? std::min<std::size_t>(stream.size(), 48) : stream.size();
        stream[random() % range] ^= static_cast<std::uint8_t>(1u << (random() % 8));
      }
      if (random() % 10 == 0) stream.resize(random() % stream.size());
      const std::size_t expected = random() % 4 == 0 ? random() % data.size() : data.size();
      std::vector<std::uint8_t> fast(expected), reference(expected);
      const auto a = inflater.inflate(stream, fast);
      const auto b = inflater.inflate_streaming(stream, reference);
      errors += b.status != StreamStatus::complete;
      const bool same = a.status == b.status && a.produced == b.produced &&
                        a.consumed == b.consumed && a.detail == b.detail &&
                        (a.status != StreamStatus::complete || fast == reference);
      disagreements += !same;
      EXPECT_TRUE(same) << "round " << round << " damage " << damage << ": " << b.detail;
    }
  }
  EXPECT_EQ(disagreements, 0);
  EXPECT_GT(errors, 24 * 60 / 2);  // most damaged streams are refused, through zlib
}

}  // namespace
}  // namespace gafcheck::testing
