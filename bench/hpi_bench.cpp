// Archive validation is bounded by decompression: how does checking a zlib member compare with
// zlib inflating the same chunks on its own (the bar: BM_ArchiveCheck >= 1.5x BM_ZlibInflate),
// and with libdeflate, which decodes the chunks in gafcheck?
//
//   build/bench/hpi_bench --benchmark_min_time=1
//
// BM_ZlibInflate        zlib alone: inflateReset + inflate of every chunk body into 64 KiB
// BM_LibdeflateInflate  libdeflate alone: whole-buffer zlib decompression of the same bodies
// BM_MemberDecode       gafcheck decoding the member (chunk table, SQSH headers, checksum,
//                       bounded inflate into the member buffer)
// BM_ArchiveCheck       the whole check of the archive (SHA-256, directory, every member,
//                       slack and overlap), as gafcheck check does it
// ...Encrypted          the same archive under the XOR layer with obfuscated chunks
// Bytes per second are decompressed member bytes in every case (over CPU time: compare the
// benchmarks of one run, side by side, on a loaded machine).
#include <benchmark/benchmark.h>
#include <libdeflate.h>
#include <zlib.h>

#include <stdexcept>

#include "corpus/builder/hpi_builder.hpp"
#include "validator/check/check_input.hpp"
#include "validator/hpi/member_reader.hpp"

namespace {

using namespace gafcheck;

constexpr std::size_t member_size = 32u << 20;

// A 32 MiB member of text-like content in 512 zlib chunks.
const builder::BuiltFile& archive(bool encrypted) {
  static const auto make = [](std::uint32_t key, bool obfuscate) {
    builder::HpiSpec spec;
    spec.key = key;
    spec.files.push_back({"data/big.txt", builder::sample_content(member_size, 42),
                          builder::HpiMethod::zlib, obfuscate});
    return builder::build_hpi(spec);
  };
  static const builder::BuiltFile plain = make(0, false);
  static const builder::BuiltFile hidden = make(0x7D, true);
  return encrypted ? hidden : plain;
}

// The zlib streams of the plain archive's chunks, found by their labels: {offset, size}.
std::vector<std::pair<std::size_t, std::size_t>> chunk_bodies(const builder::BuiltFile& file) {
  std::vector<std::pair<std::size_t, std::size_t>> bodies;
  for (std::size_t i = 0;; ++i) {
    const auto label = file.labels.find("chunk:data/big.txt[" + std::to_string(i) + "]");
    if (label == file.labels.end()) break;
    const std::size_t at = label->second;
    const std::size_t size = file.bytes[at + 7] | (file.bytes[at + 8] << 8) |
                             (file.bytes[at + 9] << 16) |
                             (static_cast<std::size_t>(file.bytes[at + 10]) << 24);
    bodies.emplace_back(at + 19, size);
  }
  return bodies;
}

void BM_ZlibInflate(benchmark::State& state) {
  const builder::BuiltFile& file = archive(false);
  const auto bodies = chunk_bodies(file);
  std::vector<std::uint8_t> out(65536);
  z_stream stream{};
  if (inflateInit(&stream) != Z_OK) throw std::runtime_error("inflateInit");
  for (auto _ : state) {
    for (const auto& [at, size] : bodies) {
      inflateReset(&stream);
      stream.next_in = const_cast<Bytef*>(file.bytes.data() + at);
      stream.avail_in = static_cast<uInt>(size);
      stream.next_out = out.data();
      stream.avail_out = static_cast<uInt>(out.size());
      if (inflate(&stream, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("inflate");
    }
    benchmark::DoNotOptimize(out.data());
  }
  inflateEnd(&stream);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * member_size));
}

void BM_LibdeflateInflate(benchmark::State& state) {
  const builder::BuiltFile& file = archive(false);
  const auto bodies = chunk_bodies(file);
  std::vector<std::uint8_t> out(65536);
  libdeflate_decompressor* decompressor = libdeflate_alloc_decompressor();
  if (!decompressor) throw std::runtime_error("libdeflate_alloc_decompressor");
  for (auto _ : state) {
    for (const auto& [at, size] : bodies) {
      std::size_t produced = 0;
      if (libdeflate_zlib_decompress(decompressor, file.bytes.data() + at, size, out.data(),
                                     out.size(), &produced) != LIBDEFLATE_SUCCESS)
        throw std::runtime_error("libdeflate");
    }
    benchmark::DoNotOptimize(out.data());
  }
  libdeflate_free_decompressor(decompressor);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * member_size));
}

void member_decode(benchmark::State& state, bool encrypted) {
  const auto& bytes = archive(encrypted).bytes;
  const hpi::MemberReader reader(ByteView(bytes.data(), bytes.size()), BudgetLimits());
  for (auto _ : state) {
    auto member = reader.read(0);
    if (!member || member->size() != member_size) throw std::runtime_error("decode");
    benchmark::DoNotOptimize(member->data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * member_size));
}

void archive_check(benchmark::State& state, bool encrypted) {
  const auto& bytes = archive(encrypted).bytes;
  for (auto _ : state) {
    const FileReport report = check_bytes(ByteView(bytes.data(), bytes.size()), "bench.hpi", {});
    if (report.verdict != Verdict::clean) throw std::runtime_error("not clean");
    benchmark::DoNotOptimize(report.findings.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * member_size));
}

void BM_MemberDecode(benchmark::State& state) {
  member_decode(state, false);
}
void BM_MemberDecodeEncrypted(benchmark::State& state) {
  member_decode(state, true);
}
void BM_ArchiveCheck(benchmark::State& state) {
  archive_check(state, false);
}
void BM_ArchiveCheckEncrypted(benchmark::State& state) {
  archive_check(state, true);
}

BENCHMARK(BM_ZlibInflate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LibdeflateInflate)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemberDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ArchiveCheck)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemberDecodeEncrypted)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ArchiveCheckEncrypted)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
