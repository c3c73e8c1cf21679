// The census machinery: results written in submission order whatever order workers finish in,
// shards that split every path exactly once, and input selection by extension and content.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <stdexcept>
#include <thread>

#include "corpus/builder/gaf_builder.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/shard.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/platform/ordered_pipeline.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

using IntPipeline = OrderedPipeline<int>;

// A source of n tasks: task i returns i (task `ready_at`, if any, as a ready result).
IntPipeline::Source counting_source(int n, std::function<IntPipeline::Task(int)> make) {
  return [n, make, next = 0]() mutable -> std::optional<IntPipeline::Task> {
    if (next == n) return std::nullopt;
    return make(next++);
  };
}

TEST(OrderedPipeline, WritesInTakeOrderWhenLaterTasksFinishFirst) {
  std::vector<int> written;
  std::promise<void> second_done;
  auto second_finished = second_done.get_future().share();
  const auto make = [&](int i) -> IntPipeline::Task {
    // Task 0 cannot finish before task 1 has: the writer must hold 1 back until 0 is written.
    if (i == 0)
      return {[second_finished] {
                second_finished.wait();
                return 0;
              },
              std::nullopt};
    if (i == 1)
      return {[&second_done] {
                second_done.set_value();
                return 1;
              },
              std::nullopt};
    if (i == 2) return {{}, 2};
    return {[i] { return i; }, std::nullopt};
  };
  IntPipeline(2, counting_source(100, make), [&written](int&& value) {
    written.push_back(value);
  }).run();
  std::vector<int> expected(100);
  for (int i = 0; i < 100; ++i) expected[i] = i;
  EXPECT_EQ(written, expected);
}

TEST(OrderedPipeline, ManyWorkersStayInOrderWithinTheWindow) {
  std::vector<int> written;
  const auto make = [](int i) -> IntPipeline::Task {
    return {[i] {
              volatile int spin = 0;
              for (int k = 0; k < (i % 7) * 1000; ++k) spin = spin + k;
              return i;
            },
            std::nullopt};
  };
  IntPipeline(4, counting_source(500, make), [&written](int&& value) {
    written.push_back(value);
  }).run();
  ASSERT_EQ(written.size(), 500u);
  for (int i = 0; i < 500; ++i) EXPECT_EQ(written[i], i);
}

TEST(OrderedPipeline, SingleJobRunsOnTheCallingThreadInOrder) {
  std::vector<int> written;
  const auto caller = std::this_thread::get_id();
  const auto make = [caller](int i) -> IntPipeline::Task {
    return {[i, caller] {
              EXPECT_EQ(std::this_thread::get_id(), caller);
              return i * i;
            },
            std::nullopt};
  };
  IntPipeline(1, counting_source(5, make), [&written](int&& value) {
    written.push_back(value);
  }).run();
  EXPECT_EQ(written, (std::vector<int>{0, 1, 4, 9, 16}));
}

TEST(OrderedPipeline, AnExceptionStopsTheRunAndReachesTheCaller) {
  std::vector<int> written;
  const auto make = [](int i) -> IntPipeline::Task {
    if (i == 3) return {[]() -> int { throw std::runtime_error("boom"); }, std::nullopt};
    return {[i] { return i; }, std::nullopt};
  };
  IntPipeline pipeline(2, counting_source(1000, make),
                       [&written](int&& value) { written.push_back(value); });
  EXPECT_THROW(pipeline.run(), std::runtime_error);
  EXPECT_LT(written.size(), 1000u);
  for (std::size_t i = 0; i < written.size(); ++i) EXPECT_EQ(written[i], static_cast<int>(i));
}

TEST(Shard, ParsesKOverN) {
  const Shard shard = parse_shard("3/8");
  EXPECT_EQ(shard.index, 3u);
  EXPECT_EQ(shard.count, 8u);
  EXPECT_EQ(shard.text(), "3/8");
  for (const char* bad : {"0/4", "5/4", "1/0", "x/2", "2", "1/2/3", "/2", "1/"})
    EXPECT_THROW(parse_shard(bad), UsageError) << bad;
}

TEST(Shard, EveryPathFallsInExactlyOneShard) {
  std::vector<std::size_t> sizes(4, 0);
  for (int i = 0; i < 400; ++i) {
    const std::string path = "anims/set" + std::to_string(i % 7) + "/unit" + std::to_string(i);
    int owners = 0;
    for (std::uint32_t k = 1; k <= 4; ++k) {
      if (Shard{k, 4}.contains(path)) {
        ++owners;
        ++sizes[k - 1];
      }
    }
    EXPECT_EQ(owners, 1) << path;
  }
  for (const std::size_t size : sizes) EXPECT_GT(size, 50u);
  EXPECT_EQ(path_hash(""), 0xcbf29ce484222325ull);  // the split must never change
  EXPECT_EQ(path_hash("a"), 0xaf63dc4c8601ec8cull);
}

TEST(InputSelection, ExtensionsParseCaseInsensitively) {
  EXPECT_EQ(parse_extensions(" .GAF,taf ,gaf"), (std::vector<std::string>{"gaf", "taf"}));
  EXPECT_THROW(parse_extensions("gaf,,taf"), UsageError);
  EXPECT_EQ(lower_extension("dir.x/NAME.Gaf"), "gaf");
  EXPECT_EQ(lower_extension("dir.x/NAME"), "");
  EXPECT_EQ(lower_extension(".hidden"), "");
}

TEST(InputSelection, PicksByExtensionOrContent) {
  const fs::path directory = fs::temp_directory_path() / "gafcheck-selection-test";
  fs::create_directories(directory);
  const auto write = [&directory](const std::string& name, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(directory / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return (directory / name).string();
  };
  builder::GafSpec spec;
  spec.entries.push_back({"E", std::nullopt, 1, 0, std::nullopt, {{"a", 1, std::nullopt}}});
  spec.frames.push_back({});
  spec.frames.back().id = "a";
  const auto gaf = builder::build_gaf(spec).bytes;
  const std::string renamed = write("sprite.bak", gaf);
  const std::string text = write("notes.txt", {'h', 'i', '\n'});
  const std::string broken = write("broken.GAF", {'h', 'i'});
  const InputSelection any({});
  EXPECT_TRUE(any.is_input(renamed));
  EXPECT_FALSE(any.is_input(text));
  EXPECT_TRUE(any.is_input(broken)) << "a .gaf is checked whatever it holds";
  const InputSelection only_gaf({"gaf"});
  EXPECT_TRUE(only_gaf.candidate(broken));
  EXPECT_FALSE(only_gaf.candidate(renamed));
  fs::remove_all(directory);
}

}  // namespace
}  // namespace gafcheck::testing
