// --shard auto: each batch engine's variables map to the K/N an explicit --shard would
// name, and everything that cannot be mapped is a usage error naming the variables.
#include "validator/census/shard_environment.hpp"

#include <gtest/gtest.h>

#include <map>

#include "validator/base/errors.hpp"

namespace gafcheck::cli {
namespace {

using Variables = std::map<std::string, std::string>;

ShardFromEnvironment from(const Variables& variables, std::optional<std::uint32_t> shards = {}) {
  return shard_from_environment(
      [&variables](const char* name) -> const char* {
        const auto found = variables.find(name);
        return found == variables.end() ? nullptr : found->second.c_str();
      },
      shards);
}

std::string usage_error(const Variables& variables, std::optional<std::uint32_t> shards = {}) {
  try {
    from(variables, shards);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "(no error)";
}

struct Mapped {
  const char* engine;
  Variables variables;
  std::optional<std::uint32_t> shards;
  const char* shard;  // K/N
};

TEST(ShardEnvironment, EachEngineMapsToTheExplicitShard) {
  const Mapped cases[] = {
      {"gitlab first", {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "4"}}, {}, "1/4"},
      {"gitlab last", {{"CI_NODE_INDEX", "4"}, {"CI_NODE_TOTAL", "4"}}, {}, "4/4"},
      {"slurm 1-based",
       {{"SLURM_ARRAY_TASK_ID", "3"},
        {"SLURM_ARRAY_TASK_COUNT", "3"},
        {"SLURM_ARRAY_TASK_MIN", "1"},
        {"SLURM_ARRAY_TASK_MAX", "3"}},
       {},
       "3/3"},
      {"slurm 0-based",
       {{"SLURM_ARRAY_TASK_ID", "0"},
        {"SLURM_ARRAY_TASK_COUNT", "8"},
        {"SLURM_ARRAY_TASK_MIN", "0"},
        {"SLURM_ARRAY_TASK_MAX", "7"},
        {"SLURM_ARRAY_TASK_STEP", "1"}},
       {},
       "1/8"},
      {"slurm offset range 10-13",
       {{"SLURM_ARRAY_TASK_ID", "12"},
        {"SLURM_ARRAY_TASK_COUNT", "4"},
        {"SLURM_ARRAY_TASK_MIN", "10"},
        {"SLURM_ARRAY_TASK_MAX", "13"}},
       {},
       "3/4"},
      {"slurm stepped 1-7:2",
       {{"SLURM_ARRAY_TASK_ID", "5"},
        {"SLURM_ARRAY_TASK_COUNT", "4"},
        {"SLURM_ARRAY_TASK_MIN", "1"},
        {"SLURM_ARRAY_TASK_MAX", "7"},
        {"SLURM_ARRAY_TASK_STEP", "2"}},
       {},
       "3/4"},
      {"aws first",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "0"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "10"}},
       {},
       "1/10"},
      {"aws last",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "9"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "10"}},
       {},
       "10/10"},
      {"kubernetes", {{"JOB_COMPLETION_INDEX", "2"}}, 5, "3/5"},
      {"gitlab and slurm agreeing",
       {{"CI_NODE_INDEX", "2"},
        {"CI_NODE_TOTAL", "2"},
        {"SLURM_ARRAY_TASK_ID", "1"},
        {"SLURM_ARRAY_TASK_COUNT", "2"},
        {"SLURM_ARRAY_TASK_MIN", "0"}},
       {},
       "2/2"},
      {"gitlab with --shards equal", {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "2"}}, 2, "1/2"},
      // GitLab sets CI_NODE_TOTAL=1 in every job: alone it is no shard, and no disagreement.
      {"gitlab total alone beside aws",
       {{"CI_NODE_TOTAL", "1"},
        {"AWS_BATCH_JOB_ARRAY_INDEX", "1"},
        {"AWS_BATCH_JOB_ARRAY_SIZE", "3"}},
       {},
       "2/3"},
  };
  for (const Mapped& mapped : cases) {
    const ShardFromEnvironment got = from(mapped.variables, mapped.shards);
    EXPECT_EQ(got.shard.text(), mapped.shard) << mapped.engine;
    EXPECT_EQ(got.shard.text(), parse_shard(mapped.shard).text()) << mapped.engine;
  }
}

TEST(ShardEnvironment, RecordsTheVariablesItUsedWithTheirValues) {
  const auto got = from({{"SLURM_ARRAY_TASK_ID", "07"},
                         {"SLURM_ARRAY_TASK_COUNT", "4"},
                         {"SLURM_ARRAY_TASK_MIN", "4"},
                         {"SLURM_ARRAY_JOB_ID", "991"},
                         {"CI_NODE_TOTAL", "1"}});
  const ShardVariables expected = {{"SLURM_ARRAY_TASK_ID", "07"},
                                   {"SLURM_ARRAY_TASK_COUNT", "4"},
                                   {"SLURM_ARRAY_TASK_MIN", "4"}};
  EXPECT_EQ(got.variables, expected);
  EXPECT_EQ(got.shard.text(), "4/4");
  const auto kubernetes = from({{"JOB_COMPLETION_INDEX", "0"}}, 3);
  EXPECT_EQ(kubernetes.variables, (ShardVariables{{"JOB_COMPLETION_INDEX", "0"}}));
}

struct Refused {
  const char* why;
  Variables variables;
  std::optional<std::uint32_t> shards;
  const char* message;  // a part of the usage error
};

TEST(ShardEnvironment, RefusesWhatCannotBeMapped) {
  const Refused cases[] = {
      {"nothing set", {}, {}, "no batch engine's shard variables are set"},
      {"gitlab total alone", {{"CI_NODE_TOTAL", "1"}}, {}, "no batch engine's shard variables"},
      {"gitlab index 0",
       {{"CI_NODE_INDEX", "0"}, {"CI_NODE_TOTAL", "4"}},
       {},
       "GitLab CI parallel: the index is outside the total (CI_NODE_INDEX=0, CI_NODE_TOTAL=4)"},
      {"gitlab index over total",
       {{"CI_NODE_INDEX", "5"}, {"CI_NODE_TOTAL", "4"}},
       {},
       "the index is outside the total (CI_NODE_INDEX=5, CI_NODE_TOTAL=4)"},
      {"gitlab without total", {{"CI_NODE_INDEX", "1"}}, {}, "CI_NODE_TOTAL is not set"},
      {"gitlab total 0",
       {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "0"}},
       {},
       "the total is 0 (CI_NODE_INDEX=1, CI_NODE_TOTAL=0)"},
      {"non-numeric",
       {{"CI_NODE_INDEX", "two"}, {"CI_NODE_TOTAL", "4"}},
       {},
       "CI_NODE_INDEX='two' is not a whole number"},
      {"negative",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "-1"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "4"}},
       {},
       "AWS_BATCH_JOB_ARRAY_INDEX='-1' is not a whole number"},
      {"trailing space",
       {{"CI_NODE_INDEX", "1 "}, {"CI_NODE_TOTAL", "4"}},
       {},
       "CI_NODE_INDEX='1 ' is not a whole number"},
      {"empty",
       {{"CI_NODE_INDEX", ""}, {"CI_NODE_TOTAL", "4"}},
       {},
       "CI_NODE_INDEX='' is not a whole number"},
      {"too large",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "0"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "4294967296"}},
       {},
       "the total is larger than 4294967295"},
      {"control bytes shown safely",
       {{"CI_NODE_INDEX", "1\x1b[2J"}, {"CI_NODE_TOTAL", "4"}},
       {},
       "CI_NODE_INDEX='1?[2J' is not a whole number"},
      {"aws index equals size",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "4"}, {"AWS_BATCH_JOB_ARRAY_SIZE", "4"}},
       {},
       "AWS Batch array job: the index is outside the total"},
      {"aws without size",
       {{"AWS_BATCH_JOB_ARRAY_INDEX", "0"}},
       {},
       "AWS_BATCH_JOB_ARRAY_SIZE is not set"},
      {"slurm without min",
       {{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_COUNT", "4"}},
       {},
       "SLURM_ARRAY_TASK_MIN is not set"},
      {"slurm sparse list 1,4,9",
       {{"SLURM_ARRAY_TASK_ID", "4"},
        {"SLURM_ARRAY_TASK_COUNT", "3"},
        {"SLURM_ARRAY_TASK_MIN", "1"},
        {"SLURM_ARRAY_TASK_MAX", "9"},
        {"SLURM_ARRAY_TASK_STEP", "1"}},
       {},
       "a sparse array (--array=1,4,9) cannot be mapped to K/N"},
      {"slurm id off the step",
       {{"SLURM_ARRAY_TASK_ID", "2"},
        {"SLURM_ARRAY_TASK_COUNT", "4"},
        {"SLURM_ARRAY_TASK_MIN", "1"},
        {"SLURM_ARRAY_TASK_MAX", "7"},
        {"SLURM_ARRAY_TASK_STEP", "2"}},
       {},
       "are not MIN, MIN+STEP, ..., MAX"},
      {"slurm step 0",
       {{"SLURM_ARRAY_TASK_ID", "1"},
        {"SLURM_ARRAY_TASK_COUNT", "4"},
        {"SLURM_ARRAY_TASK_MIN", "1"},
        {"SLURM_ARRAY_TASK_STEP", "0"}},
       {},
       "the step is 0"},
      {"slurm id below min",
       {{"SLURM_ARRAY_TASK_ID", "0"},
        {"SLURM_ARRAY_TASK_COUNT", "4"},
        {"SLURM_ARRAY_TASK_MIN", "1"}},
       {},
       "below the array's minimum"},
      {"slurm without max, id past count",
       {{"SLURM_ARRAY_TASK_ID", "9"},
        {"SLURM_ARRAY_TASK_COUNT", "3"},
        {"SLURM_ARRAY_TASK_MIN", "1"}},
       {},
       "the index is outside the total"},
      {"kubernetes without --shards", {{"JOB_COMPLETION_INDEX", "0"}}, {}, "give --shards N"},
      {"kubernetes index at --shards",
       {{"JOB_COMPLETION_INDEX", "3"}},
       3,
       "Kubernetes Indexed Job: the index is outside the total (JOB_COMPLETION_INDEX=3)"},
      {"--shards 0", {{"JOB_COMPLETION_INDEX", "0"}}, 0, "--shards takes N >= 1"},
      {"engines disagree",
       {{"CI_NODE_INDEX", "1"},
        {"CI_NODE_TOTAL", "2"},
        {"AWS_BATCH_JOB_ARRAY_INDEX", "1"},
        {"AWS_BATCH_JOB_ARRAY_SIZE", "2"}},
       {},
       "the engines disagree: GitLab CI parallel says 1/2, AWS Batch array job says 2/2"},
      {"--shards differs from an engine's total",
       {{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "2"}},
       4,
       "GitLab CI parallel says 1/2, but --shards is 4"},
  };
  for (const Refused& refused : cases) {
    const std::string message = usage_error(refused.variables, refused.shards);
    EXPECT_NE(message.find(refused.message), std::string::npos) << refused.why << ": " << message;
  }
}

}  // namespace
}  // namespace gafcheck::cli
