#include "validator/census/shard_environment.hpp"

#include <charconv>

#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"

namespace gafcheck {
namespace {

// One engine's reading: the shard it names and the variables it read.
struct EngineShard {
  std::string engine;
  Shard shard;
  ShardVariables variables;
};

class EngineReader {
 public:
  EngineReader(const EnvironmentLookup& lookup, std::string engine)
      : lookup_(lookup), engine_(std::move(engine)) {}

  bool is_set(const char* name) const { return lookup_(name) != nullptr; }

  // The variable as a whole decimal number; a usage error when it is unset or not one.
  std::uint64_t number(const char* name) {
    const char* value = lookup_(name);
    if (value == nullptr) fail(std::string(name) + " is not set");
    const std::string_view text(value);
    std::uint64_t parsed = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), parsed);
    // At most 10 digits: every engine's numbers fit in 32 bits, and a shard's K and N must.
    if (text.empty() || text.size() > 10 || error != std::errc() ||
        end != text.data() + text.size())
      fail(std::string(name) + "='" + shown(text) + "' is not a whole number");
    variables_.emplace_back(name, std::string(text));
    return parsed;
  }
  std::optional<std::uint64_t> optional_number(const char* name) {
    if (!is_set(name)) return std::nullopt;
    return number(name);
  }

  [[noreturn]] void fail(const std::string& problem) const {
    throw UsageError{"--shard auto: " + engine_ + ": " + problem};
  }

  // A 1-based index K of total N as the shard, after the checks every engine shares.
  EngineShard shard(std::uint64_t index, std::uint64_t total) const {
    if (total == 0) fail("the total is 0 (" + listed() + ")");
    if (total > UINT32_MAX) fail("the total is larger than 4294967295 (" + listed() + ")");
    if (index == 0 || index > total)
      fail("the index is outside the total (" + listed() + "): no shard of " +
           std::to_string(total));
    return {engine_, Shard{static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(total)},
            variables_};
  }

  std::string listed() const {
    std::string text;
    for (const auto& [name, value] : variables_)
      text += (text.empty() ? "" : ", ") + name + "=" + value;
    return text;
  }

 private:
  static std::string shown(std::string_view text) {
    std::string shown;
    for (const char c : text.substr(0, 32)) shown += (c >= 0x20 && c < 0x7f) ? c : '?';
    return text.size() > 32 ? shown + "..." : shown;
  }

  const EnvironmentLookup& lookup_;
  std::string engine_;
  ShardVariables variables_;
};

std::optional<EngineShard> gitlab(const EnvironmentLookup& lookup) {
  EngineReader read(lookup, "GitLab CI parallel");
  if (!read.is_set("CI_NODE_INDEX")) return std::nullopt;  // CI_NODE_TOTAL=1: not parallel
  const auto index = read.number("CI_NODE_INDEX");
  const auto total = read.number("CI_NODE_TOTAL");
  return read.shard(index, total);
}

std::optional<EngineShard> slurm(const EnvironmentLookup& lookup) {
  EngineReader read(lookup, "Slurm job array");
  if (!read.is_set("SLURM_ARRAY_TASK_ID")) return std::nullopt;
  const auto id = read.number("SLURM_ARRAY_TASK_ID");
  const auto count = read.number("SLURM_ARRAY_TASK_COUNT");
  const auto min = read.number("SLURM_ARRAY_TASK_MIN");
  const auto max = read.optional_number("SLURM_ARRAY_TASK_MAX");
  const auto step = read.optional_number("SLURM_ARRAY_TASK_STEP").value_or(1);
  if (step == 0) read.fail("the step is 0 (" + read.listed() + ")");
  if (count == 0) read.fail("the total is 0 (" + read.listed() + ")");
  if (id < min) read.fail("the task id is below the array's minimum (" + read.listed() + ")");
  // The ids must be MIN, MIN+STEP, ..., MIN+STEP*(COUNT-1): a list like --array=1,4,9 has COUNT 3
  // but ids no formula turns into 1..3 the same way in every task.
  const bool regular =
      (id - min) % step == 0 &&
      (!max || (*max >= min && (*max - min) % step == 0 && (*max - min) / step + 1 == count));
  if (!regular)
    read.fail("the array's task ids are not MIN, MIN+STEP, ..., MAX (" + read.listed() +
              "): a sparse array (--array=1,4,9) cannot be mapped to K/N; submit --array=A-B[:S] "
              "or give --shard K/N");
  return read.shard((id - min) / step + 1, count);
}

std::optional<EngineShard> aws_batch(const EnvironmentLookup& lookup) {
  EngineReader read(lookup, "AWS Batch array job");
  if (!read.is_set("AWS_BATCH_JOB_ARRAY_INDEX")) return std::nullopt;
  const auto index = read.number("AWS_BATCH_JOB_ARRAY_INDEX");
  const auto size = read.number("AWS_BATCH_JOB_ARRAY_SIZE");
  return read.shard(index + 1, size);
}

std::optional<EngineShard> kubernetes(const EnvironmentLookup& lookup,
                                      std::optional<std::uint32_t> shards_option) {
  EngineReader read(lookup, "Kubernetes Indexed Job");
  if (!read.is_set("JOB_COMPLETION_INDEX")) return std::nullopt;
  const auto index = read.number("JOB_COMPLETION_INDEX");
  if (!shards_option)
    read.fail(
        "JOB_COMPLETION_INDEX is set but the pod is not told the Job's completions: give "
        "--shards N (N = spec.completions)");
  return read.shard(index + 1, *shards_option);
}

}  // namespace

ShardFromEnvironment shard_from_environment(const EnvironmentLookup& lookup,
                                            std::optional<std::uint32_t> shards_option) {
  if (shards_option && *shards_option == 0) throw UsageError{"--shards takes N >= 1, not 0"};
  std::vector<EngineShard> found;
  for (auto engine :
       {gitlab(lookup), slurm(lookup), aws_batch(lookup), kubernetes(lookup, shards_option)})
    if (engine) found.push_back(std::move(*engine));
  if (found.empty())
    throw UsageError{
        "--shard auto: no batch engine's shard variables are set (CI_NODE_INDEX, "
        "SLURM_ARRAY_TASK_ID, AWS_BATCH_JOB_ARRAY_INDEX or JOB_COMPLETION_INDEX); give --shard "
        "K/N"};
  ShardFromEnvironment result{found.front().shard, {}};
  for (const EngineShard& engine : found) {
    if (engine.shard.index != result.shard.index || engine.shard.count != result.shard.count)
      throw UsageError{"--shard auto: the engines disagree: " + found.front().engine + " says " +
                       found.front().shard.text() + ", " + engine.engine + " says " +
                       engine.shard.text()};
    if (shards_option && engine.shard.count != *shards_option)
      throw UsageError{"--shard auto: " + engine.engine + " says " + engine.shard.text() +
                       ", but --shards is " + std::to_string(*shards_option)};
    result.variables.insert(result.variables.end(), engine.variables.begin(),
                            engine.variables.end());
  }
  return result;
}

}  // namespace gafcheck
