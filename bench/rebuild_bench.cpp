// gafcheck rebuild benchmarks: the canonical RLE encoder on shaded sprite canvases (an ellipse of
// runs and dithered stretches in a transparent margin, as retail unit art is), reported as
// bytes_per_second = pixels per second. Run: build/bench/gafcheck_rebuild_bench
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "validator/rebuild/frame_encoding.hpp"
#include "validator/pixels/rle_encoder.hpp"

namespace gafcheck::rebuild {
namespace {

// A size x size canvas; `shading` in 1/100 is the chance a pixel differs from its neighbour.
render::Canvas shaded_canvas(std::uint32_t size, std::uint32_t shading) {
  render::Canvas canvas;
  canvas.width = canvas.height = size;
  canvas.index.assign(std::size_t{size} * size, 0);
  canvas.flags.assign(std::size_t{size} * size, 0);
  std::mt19937 random(42);
  const double centre = size / 2.0, radius = size / 2.2;
  for (std::uint32_t y = 0; y < size; ++y) {
    const double t = (y + 0.5 - centre) / centre;
    const double half = radius * std::sqrt(std::max(0.0, 1.0 - t * t));
    std::uint8_t colour = 40;
    for (std::uint32_t x = 0; x < size; ++x) {
      if (std::abs(x + 0.5 - centre) > half) continue;
      if (random() % 100 < shading) colour = static_cast<std::uint8_t>(32 + random() % 16);
      canvas.index[std::size_t{y} * size + x] = colour;
      canvas.flags[std::size_t{y} * size + x] = render::pixel_flag::drawn;
    }
  }
  return canvas;
}

void BM_EncodeCanvas(benchmark::State& state) {
  const auto canvas = shaded_canvas(static_cast<std::uint32_t>(state.range(0)),
                                    static_cast<std::uint32_t>(state.range(1)));
  std::string why;
  std::size_t encoded = 0;
  for (auto _ : state) {
    auto frame = encode_canvas(canvas, false, why);
    encoded = frame->data.size();
    benchmark::DoNotOptimize(frame);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * canvas.pixels()));
  state.counters["encoded_bytes_per_pixel"] =
      static_cast<double>(encoded) / static_cast<double>(canvas.pixels());
}
BENCHMARK(BM_EncodeCanvas)->Args({64, 10})->Args({64, 50})->Args({256, 10})->Args({256, 90});

void BM_EncodeRow(benchmark::State& state) {
  const auto canvas = shaded_canvas(512, static_cast<std::uint32_t>(state.range(0)));
  std::vector<std::uint8_t> opaque(canvas.flags.begin(), canvas.flags.end());
  std::vector<std::uint8_t> out;
  out.reserve(canvas.index.size() * 2);
  for (auto _ : state) {
    out.clear();
    for (std::uint32_t y = 0; y < canvas.height; ++y)
      pixels::encode_rle_row(canvas.index.data() + y * 512, opaque.data() + y * 512, 512, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * canvas.pixels()));
}
BENCHMARK(BM_EncodeRow)->Arg(10)->Arg(50);

}  // namespace
}  // namespace gafcheck::rebuild

BENCHMARK_MAIN();
