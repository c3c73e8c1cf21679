#pragma once
// --shard auto: K and N from the variables a batch engine sets in each task it starts, so one
// command line serves every task of an array job. The engines and what they set:
//   GitLab CI `parallel:`     CI_NODE_INDEX (1-based) and CI_NODE_TOTAL. GitLab sets
//                             CI_NODE_TOTAL=1 in every job, CI_NODE_INDEX only in parallel ones,
//                             so CI_NODE_TOTAL alone is no shard.
//   Slurm job array           SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN
//                             (and _MAX, _STEP when set): K = (ID - MIN) / STEP + 1. An array
//                             whose ids are not MIN, MIN+STEP, ..., MAX (--array=1,4,9) cannot be
//                             mapped and is refused.
//   AWS Batch array job       AWS_BATCH_JOB_ARRAY_INDEX (0-based), AWS_BATCH_JOB_ARRAY_SIZE.
//   Kubernetes Indexed Job    JOB_COMPLETION_INDEX (0-based); N is the Job's spec.completions,
//                             which the pod is not told: it comes from --shards N.
// Several engines' variables may be set at once (a GitLab runner inside a Slurm allocation): they
// must name the same K/N. None set, a partial or malformed set, an index outside its total, or a
// total of 0 are usage errors.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "validator/census/shard.hpp"

namespace gafcheck {

// The variables read, in the order the engines are listed above (for the report header).
using ShardVariables = std::vector<std::pair<std::string, std::string>>;

struct ShardFromEnvironment {
  Shard shard;
  ShardVariables variables;  // every variable that decided K/N, with its value as set
};

// Looks a variable up: nullptr when it is not set (std::getenv in the command).
using EnvironmentLookup = std::function<const char*(const char* name)>;

// Throws UsageError (exit 2) naming the variables. shards_option: --shards N, required for
// Kubernetes and checked against every other engine's total when given.
ShardFromEnvironment shard_from_environment(const EnvironmentLookup& lookup,
                                            std::optional<std::uint32_t> shards_option);

}  // namespace gafcheck
