// FrameRenderer::render_sampled (what HTML thumbnails draw) against render(): on every frame of
// the seed and fuzz corpora, under both policies, a sampled canvas holds exactly the full
// canvas's pixels and flags at the grid's points, with the same defects and the same refusals;
// and it never needs the heap a full canvas would.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::render {
namespace sampled_render_test {

namespace fs = std::filesystem;

// Frames whose full canvas is larger are only checked for a canvas (render() is the slow side).
constexpr std::uint64_t compared_pixels = std::uint64_t{1} << 22;

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Compared {
  std::uint64_t frames = 0;  // compared with render()
  std::uint64_t scaled = 0;  // of them, on a grid smaller than the canvas
};

void compare_file(const std::vector<std::uint8_t>& bytes, const std::string& name,
                  Compared& compared) {
  const ByteView file(bytes.data(), bytes.size());
  const RenderIndex index = read_render_index(file, Format::gaf, {});
  for (std::uint32_t frame = 0; frame < index.index.frames.size(); ++frame) {
    for (const RenderPolicy policy : {RenderPolicy::retail, RenderPolicy::strict}) {
      const std::string where = name + " frame " + std::to_string(frame) +
                                (policy == RenderPolicy::retail ? " retail" : " strict");
      // Fresh renderers: each charges its budgets from zero.
      FrameRenderer full_renderer(file, index.index, {});
      FrameRenderer sampled_renderer(file, index.index, {});
      const std::optional<CanvasExtent> extent = sampled_renderer.extent(frame, policy);
      if (extent && std::uint64_t{extent->width} * extent->height > compared_pixels) continue;
      const Rendered full = full_renderer.render(frame, policy);
      if (!extent) {
        EXPECT_FALSE(full.canvas) << where;
        continue;
      }
      const SampleGrid grid = fitting_grid(*extent, 64);
      const Rendered sampled = sampled_renderer.render_sampled(frame, policy, grid);
      ASSERT_EQ(full.canvas.has_value(), sampled.canvas.has_value())
          << where << ": " << full.reason << " / " << sampled.reason;
      EXPECT_EQ(full.defect_rows, sampled.defect_rows) << where;
      ASSERT_EQ(full.defects.size(), sampled.defects.size()) << where;
      for (std::size_t i = 0; i < full.defects.size(); ++i) {
        EXPECT_EQ(full.defects[i].row, sampled.defects[i].row) << where;
        EXPECT_EQ(full.defects[i].kind, sampled.defects[i].kind) << where;
        EXPECT_EQ(full.defects[i].frame_path, sampled.defects[i].frame_path) << where;
      }
      if (!full.canvas) {
        EXPECT_EQ(full.reason, sampled.reason) << where;
        continue;
      }
      const Canvas& big = *full.canvas;
      const Canvas& small = *sampled.canvas;
      EXPECT_EQ(extent->left, -big.x_offset) << where;
      EXPECT_EQ(extent->top, -big.y_offset) << where;
      ASSERT_EQ(extent->width, big.width) << where;
      ASSERT_EQ(extent->height, big.height) << where;
      ASSERT_EQ(small.width, grid.columns.size()) << where;
      ASSERT_EQ(small.height, grid.rows.size()) << where;
      for (std::uint32_t j = 0; j < small.height; ++j)
        for (std::uint32_t i = 0; i < small.width; ++i) {
          const std::size_t at = std::size_t{j} * small.width + i;
          const std::size_t from =
              static_cast<std::size_t>(grid.rows[j] + big.y_offset) * big.width +
              static_cast<std::size_t>(grid.columns[i] + big.x_offset);
          ASSERT_EQ(small.flags[at], big.flags[from]) << where << " at " << i << "," << j;
          if (small.flags[at] != 0) {
            ASSERT_EQ(small.index[at], big.index[from]) << where;
          }
        }
      ++compared.frames;
      if (small.pixels() < big.pixels()) ++compared.scaled;
    }
  }
}

void compare_directory(const fs::path& directory, Compared& compared) {
  for (const auto& item : fs::directory_iterator(directory)) {
    if (!item.is_regular_file() || item.path().filename() == "README.md") continue;
    compare_file(read_bytes(item.path()), item.path().filename().string(), compared);
  }
}

TEST(SampledRender, SeedsAndFuzzCorpusSampleExactlyWhatRenderDraws) {
  Compared compared;
  const fs::path root(GAFCHECK_SOURCE_ROOT);
  for (const auto& item : fs::directory_iterator(root / "corpus/seed"))
    if (item.path().extension() == ".gaf")
      compare_file(read_bytes(item.path()), item.path().filename().string(), compared);
  compare_directory(root / "corpus/fuzz/fuzz_render", compared);
  compare_directory(root / "corpus/fuzz/fuzz_rle", compared);
  compare_directory(root / "corpus/fuzz/fuzz_gaf", compared);
  EXPECT_GT(compared.frames, 500u);
  EXPECT_GT(compared.scaled, 20u);  // frames over 64 a side, drawn in strips and sampled
}

// Rows far past one strip (256 KiB of canvas): a 3000-wide frame of 300 rows is walked in
// strips of 43 rows; row 100 is short (read through) and row 200's payload overshoots.
TEST(SampledRender, StripsJoinExactlyWhereTheyMeet) {
  std::vector<std::uint8_t> rows;
  const auto row = [&rows](std::vector<std::uint8_t> commands) {
    rows.push_back(static_cast<std::uint8_t>(commands.size()));
    rows.push_back(static_cast<std::uint8_t>(commands.size() >> 8));
    rows.insert(rows.end(), commands.begin(), commands.end());
  };
  for (int y = 0; y < 300; ++y) {
    std::vector<std::uint8_t> commands;
    const int runs = y == 100 ? 20 : 47;  // 47 x 64 = 3008: the last run overshoots
    for (int k = 0; k < runs; ++k) {
      commands.push_back(0xFE);  // repeat 64
      commands.push_back(static_cast<std::uint8_t>(y + k));
    }
    if (y == 200) commands.push_back(0x03);  // a byte left over
    row(commands);
  }
  builder::GafSpec spec;
  spec.frames = {{.id = "f", .width = 3000, .height = 300, .compressed = 1, .data = rows}};
  spec.entries = {{.name = "STRIPS", .frames = {{.frame = "f"}}}};
  Compared compared;
  compare_file(builder::build_gaf(spec).bytes, "strips", compared);
  EXPECT_EQ(compared.frames, 2u);
  EXPECT_EQ(compared.scaled, 2u);
}

// A composite whose layers lie 60,000 pixels apart: its canvas would be 60,008 x 8, and a sampled
// drawing fits 512 a side within a heap budget far below the full canvas.
TEST(SampledRender, FarApartLayersAreDrawnWithinAHeapBudgetBelowTheFullCanvas) {
  builder::GafSpec spec;
  spec.frames = {
      {.id = "parent", .children = {"a", "b"}},
      {.id = "a",
       .width = 8,
       .height = 8,
       .x_offset = 30000,
       .raw = std::vector<std::uint8_t>(64, 1)},
      {.id = "b",
       .width = 8,
       .height = 8,
       .x_offset = -30000,
       .raw = std::vector<std::uint8_t>(64, 2)},
  };
  spec.entries = {{.name = "APART", .frames = {{.frame = "parent"}}}};
  const std::vector<std::uint8_t> bytes = builder::build_gaf(spec).bytes;
  const ByteView file(bytes.data(), bytes.size());
  const RenderIndex index = read_render_index(file, Format::gaf, {});
  const std::uint32_t parent = index.index.refs.at(index.index.entries.at(0).first_ref).frame;
  BudgetLimits limits;
  limits[BudgetKind::heap] = 64 * 1024;  // a full canvas needs 960,128 bytes
  FrameRenderer full_renderer(file, index.index, limits);
  const Rendered full = full_renderer.render(parent, RenderPolicy::retail);
  EXPECT_FALSE(full.canvas);
  EXPECT_NE(full.reason.find("budget.exceeded: heap"), std::string::npos) << full.reason;
  FrameRenderer renderer(file, index.index, limits);
  const std::optional<CanvasExtent> extent = renderer.extent(parent, RenderPolicy::retail);
  ASSERT_TRUE(extent);
  EXPECT_EQ(extent->width, 60008u);
  EXPECT_EQ(extent->height, 8u);
  const SampleGrid grid = fitting_grid(*extent, 512);
  EXPECT_EQ(grid.columns.size(), 512u);
  EXPECT_EQ(grid.rows.size(), 1u);
  const Rendered sampled = renderer.render_sampled(parent, RenderPolicy::retail, grid);
  ASSERT_TRUE(sampled.canvas) << sampled.reason;
  EXPECT_EQ(sampled.canvas->width, 512u);
  // The layers are narrower than a grid cell: each shows where a sample falls on it, or not at
  // all; every pixel drawn is one of theirs.
  for (std::size_t i = 0; i < sampled.canvas->flags.size(); ++i) {
    if (sampled.canvas->flags[i] == 0) continue;
    EXPECT_TRUE(sampled.canvas->index[i] == 1 || sampled.canvas->index[i] == 2);
  }
  // The control: with the default budget the full canvas is drawn, and agrees at the samples.
  Compared compared;
  compare_file(bytes, "apart", compared);
  EXPECT_GE(compared.frames, 2u);
}

}  // namespace sampled_render_test
}  // namespace gafcheck::render
