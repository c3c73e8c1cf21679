// gafcheck render benchmarks: retail drawing of shaded sprites (the RLE walker writing a canvas,
// the renderer around it), composites, and PNG encoding measured separately.
// Run: build/bench/gafcheck_render_bench
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/shaded_sprite.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::render {
namespace {

// `frames` RLE frames of size x size, each a shaded ellipse (corpus/builder/shaded_sprite.hpp;
// `shading` in 1/100 is the chance that a pixel differs from its neighbour), one entry each; with
// `composite`, each entry's frame is a composite of two such frames.
struct Sprites {
  std::vector<std::uint8_t> bytes;
  RenderIndex index;
  std::vector<std::uint32_t> frames;  // the entries' frames
  std::uint64_t pixels = 0;           // drawn per pass (canvas pixels)
};

Sprites sprites(std::uint16_t size, std::uint32_t frames, std::uint32_t shading, bool composite) {
  builder::GafSpec spec;
  std::mt19937 random(42);
  for (std::uint32_t f = 0; f < frames; ++f) {
    builder::FrameSpec frame{.id = "f" + std::to_string(f),
                             .width = size,
                             .height = size,
                             .x_offset = static_cast<std::int16_t>(size / 2),
                             .y_offset = static_cast<std::int16_t>(size / 2),
                             .compressed = 1};
    std::vector<std::vector<std::uint8_t>> rows;
    for (std::uint32_t y = 0; y < size; ++y) {
      rows.push_back(
          builder::encode_rle_row(builder::shaded_ellipse_row(y, size, size, shading, random)));
    }
    frame.rle_rows = rows;
    spec.frames.push_back(frame);
  }
  for (std::uint32_t f = 0; f < frames; ++f) {
    std::string id = "f" + std::to_string(f);
    if (composite) {
      spec.frames.push_back({.id = "c" + std::to_string(f),
                             .width = size,
                             .height = size,
                             .children = {id, "f" + std::to_string((f + 1) % frames)}});
      id = "c" + std::to_string(f);
    }
    spec.entries.push_back({.name = "E" + std::to_string(f), .frames = {{.frame = id}}});
  }
  Sprites out;
  out.bytes = builder::build_gaf(spec).bytes;
  out.index = read_render_index(ByteView(out.bytes.data(), out.bytes.size()), Format::gaf, {});
  for (const gaf::EntryRecord& entry : out.index.index.entries)
    out.frames.push_back(out.index.index.refs[entry.first_ref].frame);
  return out;
}

void run(benchmark::State& state, const Sprites& sprites, RenderPolicy policy) {
  const ByteView file(sprites.bytes.data(), sprites.bytes.size());
  BudgetLimits limits;
  limits[BudgetKind::pixels] = UINT64_MAX;
  limits[BudgetKind::expansion] = UINT64_MAX;
  limits[BudgetKind::rle_commands] = UINT64_MAX;
  std::uint64_t pixels = 0;
  for (auto _ : state) {
    FrameRenderer renderer(file, sprites.index.index, limits);
    for (const std::uint32_t frame : sprites.frames) {
      const Rendered rendered = renderer.render(frame, policy);
      if (!rendered.canvas) state.SkipWithError(rendered.reason.c_str());
      benchmark::DoNotOptimize(rendered.canvas->index.data());
    }
    pixels = renderer.pixels_used();
  }
  state.counters["pixels"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(pixels),
                         benchmark::Counter::kIsRate);
  state.counters["frames"] = static_cast<double>(sprites.frames.size());
}

// Arguments: frame size, shading percent. About 4 M pixels per pass.
void BM_RenderRetail(benchmark::State& state) {
  const auto size = static_cast<std::uint16_t>(state.range(0));
  run(state,
      sprites(size, (4u << 20) / (size * size), static_cast<std::uint32_t>(state.range(1)), false),
      RenderPolicy::retail);
}
BENCHMARK(BM_RenderRetail)
    ->ArgNames({"size", "shading"})
    ->Args({64, 25})
    ->Args({64, 70})
    ->Args({256, 25});

void BM_RenderStrict(benchmark::State& state) {
  run(state, sprites(64, 1024, 25, false), RenderPolicy::strict);
}
BENCHMARK(BM_RenderStrict);

// Composites of two 64x64 sprites: every layer drawn, then blitted.
void BM_RenderRetailComposite(benchmark::State& state) {
  run(state, sprites(64, 1024, 25, true), RenderPolicy::retail);
}
BENCHMARK(BM_RenderRetailComposite);

// PNG encoding of the drawn canvases with the forensic palette (colours and libpng).
void BM_PngEncode(benchmark::State& state) {
  const Sprites frames = sprites(64, 256, 25, false);
  const ByteView file(frames.bytes.data(), frames.bytes.size());
  FrameRenderer renderer(file, frames.index.index, BudgetLimits{});
  std::vector<Canvas> canvases;
  for (const std::uint32_t frame : frames.frames)
    canvases.push_back(*renderer.render(frame, RenderPolicy::retail).canvas);
  const Palette palette = forensic_palette();
  std::uint64_t bytes = 0;
  for (auto _ : state) {
    bytes = 0;
    for (const Canvas& canvas : canvases) {
      const Result<std::vector<std::uint8_t>> png = encode_png(
          canvas.width, canvas.height,
          [&](std::uint32_t y, std::uint8_t* rgba) { policy_row(canvas, palette, y, rgba); });
      bytes += (png ? png->size() : 0);
    }
  }
  state.counters["pixels"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * 64.0 * 64.0 * static_cast<double>(canvases.size()),
      benchmark::Counter::kIsRate);
  state.counters["png_bytes/frame"] =
      static_cast<double>(bytes) / static_cast<double>(canvases.size());
}
BENCHMARK(BM_PngEncode);

}  // namespace
}  // namespace gafcheck::render

BENCHMARK_MAIN();
