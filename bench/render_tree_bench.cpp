// gafcheck render over the retail-scale tree, from memory (as kbot-io's full decode of that tree
// was timed): every frame of every entry of the 960 GAFs drawn under the retail policy, then the
// same with each canvas PNG-encoded (in memory: no files), so the encoding's cost is the
// difference: as RGBA (the writer render used for every frame before), and as render writes it
// now (policy_rows: indexed where the palette holds every colour shown). GAFCHECK_PALETTE names a
// palette file to draw with instead of the forensic one. Each runs on 1 and 2 threads (files dealt
// out in turn, as render -j does), timed on the wall clock as kbot-io's decode was. The tree is
// corpus/tree's (gafcheck-make-tree DIR 960 1): GAFCHECK_TREE names it, else it is generated into a
// temporary directory first. Run: build/bench/gafcheck_render_tree_bench --benchmark_repetitions=5
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <variant>
#include <vector>

#include "corpus/tree/tree_generator.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/palette_reader.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::render {
namespace {

struct Tree {
  std::vector<std::vector<std::uint8_t>> files;  // the GAFs (found by content)
  std::uint64_t bytes = 0;
};

Tree load_tree() {
  std::filesystem::path root;
  if (const char* named = std::getenv("GAFCHECK_TREE")) {
    root = named;
  } else {
    root = std::filesystem::temp_directory_path() /
           ("gafcheck-render-tree-" + std::to_string(::getpid()));
    tree::generate_tree(root, {});
  }
  Tree tree;
  for (const auto& item : std::filesystem::recursive_directory_iterator(root)) {
    if (!item.is_regular_file()) continue;
    std::ifstream in(item.path(), std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
    if (sniff_format(ByteView(bytes.data(), bytes.size())) != Format::gaf) continue;
    tree.bytes += bytes.size();
    tree.files.push_back(std::move(bytes));
  }
  if (!std::getenv("GAFCHECK_TREE")) std::filesystem::remove_all(root);
  return tree;
}

const Tree& the_tree() {
  static const Tree tree = load_tree();
  return tree;
}

struct Tally {
  std::uint64_t frames = 0, pixels = 0, png_bytes = 0, indexed = 0;
};

enum class Encoding { none, rgba, written };

Palette bench_palette() {
  const char* named = std::getenv("GAFCHECK_PALETTE");
  if (!named || !*named) return forensic_palette();
  std::ifstream in(named, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  Result<PaletteFile> read = read_palette(ByteView(bytes.data(), bytes.size()));
  return read ? read->palette : forensic_palette();
}

// What gafcheck render does per file with the default options, minus writing the files.
// Thread `lane` of `lanes` takes every lanes-th file.
void render_files(const Tree& tree, Encoding encoding, std::size_t lane, std::size_t lanes,
                  Tally& tally) {
  const Palette palette = bench_palette();
  for (std::size_t i = lane; i < tree.files.size(); i += lanes) {
    const auto& bytes = tree.files[i];
    const ByteView file(bytes.data(), bytes.size());
    const RenderIndex index = read_render_index(file, Format::gaf, BudgetLimits{});
    FrameRenderer renderer(file, index.index, BudgetLimits{});
    for (const gaf::EntryRecord& entry : index.index.entries) {
      const gaf::EntryRecord& source =
          entry.alias_of != gaf::no_index ? index.index.entries[entry.alias_of] : entry;
      for (std::uint32_t k = 0; k < source.ref_count; ++k) {
        const Rendered rendered =
            renderer.render(index.index.refs[source.first_ref + k].frame, RenderPolicy::retail);
        if (!rendered.canvas) continue;
        const Canvas& canvas = *rendered.canvas;
        ++tally.frames;
        tally.pixels += canvas.pixels();
        if (encoding == Encoding::none) continue;
        // rgba: libpng streaming every frame as RGBA, as render wrote them before.
        const ImageRows rows = encoding == Encoding::written ? policy_rows(canvas, palette)
                                                             : ImageRows(RgbaRowSource());
        tally.indexed += std::holds_alternative<IndexedRows>(rows);
        const Result<std::vector<std::uint8_t>> png =
            encoding == Encoding::written
                ? encode_image(canvas.width, canvas.height, rows)
                : encode_png(canvas.width, canvas.height, [&](std::uint32_t y, std::uint8_t* rgba) {
                    policy_row(canvas, palette, y, rgba);
                  });
        tally.png_bytes += (png ? png->size() : 0);
      }
    }
  }
}

void render_tree(const Tree& tree, Encoding encode, std::size_t lanes, Tally& tally) {
  std::vector<Tally> tallies(lanes);
  std::vector<std::thread> threads;
  for (std::size_t lane = 1; lane < lanes; ++lane)
    threads.emplace_back([&, lane] { render_files(tree, encode, lane, lanes, tallies[lane]); });
  render_files(tree, encode, 0, lanes, tallies[0]);
  for (std::thread& thread : threads) thread.join();
  for (const Tally& each : tallies) {
    tally.frames += each.frames;
    tally.pixels += each.pixels;
    tally.png_bytes += each.png_bytes;
    tally.indexed += each.indexed;
  }
}

void run(benchmark::State& state, Encoding encode) {
  const Tree& tree = the_tree();
  Tally tally;
  for (auto _ : state) {
    tally = {};
    render_tree(tree, encode, static_cast<std::size_t>(state.range(0)), tally);
    benchmark::DoNotOptimize(tally.pixels);
  }
  state.counters["files"] = static_cast<double>(tree.files.size());
  state.counters["frames"] = static_cast<double>(tally.frames);
  state.counters["pixels"] = benchmark::Counter(
      static_cast<double>(tally.pixels) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  if (encode != Encoding::none) {
    state.counters["png_MB"] = static_cast<double>(tally.png_bytes) / 1e6;
    state.counters["indexed"] = static_cast<double>(tally.indexed);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(tree.bytes * state.iterations()));
}

void BM_TreeRenderRetail(benchmark::State& state) {
  run(state, Encoding::none);
}
BENCHMARK(BM_TreeRenderRetail)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_TreeRenderRetailRgbaPng(benchmark::State& state) {
  run(state, Encoding::rgba);
}
BENCHMARK(BM_TreeRenderRetailRgbaPng)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_TreeRenderRetailPng(benchmark::State& state) {
  run(state, Encoding::written);
}
BENCHMARK(BM_TreeRenderRetailPng)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gafcheck::render

BENCHMARK_MAIN();
