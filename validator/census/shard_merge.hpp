#pragma once
// gafcheck merge's run: the reports of `census --shard K/N` runs joined, group by group in path
// order, into the report one census would have written; its summary rebuilt from their records.
#include <string>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/census/run_options.hpp"

namespace gafcheck {

struct ShardMerge {
  std::vector<std::string> inputs;  // the shard reports, at least one
  RunOptions options;               // outputs resolved and kept apart from the inputs
  std::string command_line;
  // --allow-incomplete: a merge missing a shard, or holding one interrupted or cut short, exits
  // by its findings; without it such a merge is still written (marked interrupted) but exits 3.
  bool allow_incomplete = false;

  // Throws UsageError when the shards are not of one census; ReportError (exit 3) when one is
  // damaged; OutputError when the merged report cannot be written.
  ExitCode run() const;
};

}  // namespace gafcheck
