// Pixel forensics benchmarks: the RLE walker (strict validation and retail rendering) on
// sprite-like rows, raw-frame key scans against plain memchr, and the byte-extent map.
// Run: build/bench/gafcheck_pixel_bench   (docs/dev/performance.md, "Performance")
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/shaded_sprite.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/pixels/raw_scan.hpp"
#include "validator/pixels/rebase_conflicts.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels {
namespace {

// Sprite-like RLE frames stored back to back, each a shaded ellipse
// (corpus/builder/shaded_sprite.hpp). `shading` is the chance in 1/100 that a pixel differs from
// its neighbour.
struct Sprites {
  std::vector<std::uint8_t> bytes;
  std::vector<std::uint64_t> frame_offsets;
  std::uint16_t width = 0;
  std::uint16_t height = 0;
  std::uint64_t payload = 0;  // row payload bytes of all frames (count words not included)
};

Sprites sprites(std::uint16_t width, std::uint16_t height, std::uint32_t frames,
                std::uint32_t shading) {
  Sprites out;
  out.width = width;
  out.height = height;
  std::mt19937 random(42);
  for (std::uint32_t f = 0; f < frames; ++f) {
    out.frame_offsets.push_back(out.bytes.size());
    for (std::uint32_t y = 0; y < height; ++y) {
      const auto payload =
          builder::encode_rle_row(builder::shaded_ellipse_row(y, width, height, shading, random));
      out.bytes.push_back(static_cast<std::uint8_t>(payload.size()));
      out.bytes.push_back(static_cast<std::uint8_t>(payload.size() >> 8));
      out.bytes.insert(out.bytes.end(), payload.begin(), payload.end());
      out.payload += payload.size();
    }
  }
  return out;
}

// What the validator does for each clean frame: a strict walk with no pixels and no sink.
// Arguments: frame width (= height), shading percent.
void BM_RleStrictValidate(benchmark::State& state) {
  const auto size = static_cast<std::uint16_t>(state.range(0));
  const Sprites frames =
      sprites(size, size, (4u << 20) / (size * size), static_cast<std::uint32_t>(state.range(1)));
  const ByteView file(frames.bytes.data(), frames.bytes.size());
  const RleWalkOptions options;
  std::uint64_t commands = 0;
  for (auto _ : state) {
    commands = 0;
    for (const std::uint64_t offset : frames.frame_offsets) {
      const RleWalkResult result = walk_rle(file, {offset, frames.width, frames.height}, options);
      commands += result.commands;
      if (result.issue_rows != 0) state.SkipWithError("sprite rows are not exact");
    }
    benchmark::DoNotOptimize(commands);
  }
  const double pixels = static_cast<double>(frames.frame_offsets.size()) * size * size;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * frames.payload));
  state.counters["pixels"] = benchmark::Counter(static_cast<double>(state.iterations()) * pixels,
                                                benchmark::Counter::kIsRate);
  state.counters["bytes/command"] =
      static_cast<double>(frames.bytes.size()) / static_cast<double>(commands);
  state.counters["frames"] = static_cast<double>(frames.frame_offsets.size());
}
BENCHMARK(BM_RleStrictValidate)
    ->ArgNames({"size", "shading"})
    ->Args({64, 10})
    ->Args({64, 40})
    ->Args({64, 70})
    ->Args({64, 90})
    ->Args({128, 70})
    ->Args({256, 70});

// The renderer's path: the retail policy writing pixels and coverage for every frame.
void BM_RleRetailRender(benchmark::State& state) {
  const Sprites frames = sprites(64, 64, 1024, 25);
  const ByteView file(frames.bytes.data(), frames.bytes.size());
  std::vector<std::uint8_t> pixels(64 * 64), coverage(64 * 64);
  RleWalkOptions options;
  options.policy = RlePolicy::retail;
  options.pixels = pixels;
  options.coverage = coverage;
  for (auto _ : state) {
    for (const std::uint64_t offset : frames.frame_offsets) {
      const RleWalkResult result = walk_rle(file, {offset, 64, 64}, options);
      benchmark::DoNotOptimize(result.commands);
    }
    benchmark::DoNotOptimize(pixels.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * frames.payload));
}
BENCHMARK(BM_RleRetailRender);

std::vector<std::uint8_t> raw_pixels(std::size_t size, bool with_keys) {
  std::vector<std::uint8_t> bytes(size);
  std::mt19937 random(1);
  for (auto& b : bytes) {
    b = static_cast<std::uint8_t>(random() % 256);
    if (b == 9 && !with_keys) b = 10;
  }
  return bytes;
}

constexpr std::size_t raw_size = 16 << 20;

void BM_MemchrBaseline(benchmark::State& state) {
  const auto bytes = raw_pixels(raw_size, false);
  for (auto _ : state) benchmark::DoNotOptimize(std::memchr(bytes.data(), 9, bytes.size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_MemchrBaseline);

void BM_RawKeyScanKeyless(benchmark::State& state) {
  const auto bytes = raw_pixels(raw_size, false);
  const ByteView file(bytes.data(), bytes.size());
  for (auto _ : state) benchmark::DoNotOptimize(scan_key(file, 0, bytes.size(), 9));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_RawKeyScanKeyless);

void BM_RawKeyCount(benchmark::State& state) {
  const auto bytes = raw_pixels(raw_size, true);  // about 1 in 256 pixels is the key
  const ByteView file(bytes.data(), bytes.size());
  for (auto _ : state) benchmark::DoNotOptimize(scan_key(file, 0, bytes.size(), 9));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_RawKeyCount);

// A GAF-like layout: per frame a header and a pixel block, with every 16th pixel block shared.
std::vector<Extent> layout(std::size_t frames) {
  std::vector<Extent> extents;
  std::uint64_t at = 12 + 4 * frames;
  extents.push_back({0, 12, ExtentKind::file_header, 0});
  extents.push_back({12, 4 * frames, ExtentKind::entry_table, 0});
  std::uint64_t last_pixels = 0;
  for (std::uint32_t i = 0; i < frames; ++i) {
    extents.push_back({at, 24, ExtentKind::frame_header, i});
    at += 24;
    if (i % 16 == 15) {
      extents.push_back({last_pixels, 1024, ExtentKind::raw_pixels, i});
    } else {
      extents.push_back({at, 1024, ExtentKind::raw_pixels, i});
      last_pixels = at;
      at += 1024;
    }
  }
  std::shuffle(extents.begin(), extents.end(), std::mt19937(3));
  return extents;
}

void BM_ExtentMap(benchmark::State& state) {
  const auto extents = layout(static_cast<std::size_t>(state.range(0)));
  const std::uint64_t size = 1ull << 40;
  for (auto _ : state) benchmark::DoNotOptimize(map_extents(extents, size).claimed);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * extents.size()));
}
BENCHMARK(BM_ExtentMap)->Arg(1000)->Arg(100000);

// The structure-overlap worst case: a frame header at every byte, each sharing bytes with 23
// others and its data_offset with 4 others' read fields. Map, rebase conflicts and pairs.
void BM_OverlappingFrameHeaders(benchmark::State& state) {
  const auto frames = static_cast<std::uint32_t>(state.range(0));
  std::vector<Extent> extents{{0, 12, ExtentKind::file_header, 0}};
  for (std::uint32_t i = 0; i < frames; ++i)
    extents.push_back({100 + std::uint64_t{i}, 24, ExtentKind::frame_header, i});
  std::shuffle(extents.begin(), extents.end(), std::mt19937(5));
  const gaf::GafIndex index;  // frame headers need nothing from it
  for (auto _ : state) {
    const ExtentMap map = map_extents(extents, 100 + frames + 24);
    benchmark::DoNotOptimize(find_rebase_conflicts(index, map).size());
    benchmark::DoNotOptimize(structure_pairs(map).size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * extents.size()));
}
BENCHMARK(BM_OverlappingFrameHeaders)->Arg(1000)->Arg(100000);

}  // namespace
}  // namespace gafcheck::pixels

BENCHMARK_MAIN();
