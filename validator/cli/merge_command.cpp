// gafcheck merge SHARD... -o OUT: joins the reports of `census --shard K/N` runs into the report
// a single census would have written (its summary is rebuilt from the shards' records).
#include "validator/census/shard_merge.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

// merge's command line; validate() turns it into the run.
struct MergeOptions : CommandArguments {
  RunOptions common;
  bool allow_incomplete = false;
};

constexpr const char* merge_help_epilogue =
    "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it,\n"
    "2 usage error (also: -o cannot be written, or is one of the shard reports),\n"
    "3 a shard report could not be read (or recorded an unreadable input), or a shard is\n"
    "missing, interrupted or cut short (without --allow-incomplete; the merge is written).\n"
    "Examples: gafcheck merge -o all.yaml shard-1.yaml shard-2.yaml\n"
    "          gafcheck merge -o all.yaml --format junit -o all.xml shard-*.yaml\n";

CommandHelp merge_options_description(MergeOptions& o) {
  po::options_description general(
      "Usage: gafcheck merge [options] SHARD_REPORT... -o OUT\n\n"
      "Merges the reports of `gafcheck census --shard K/N` runs (same directories and options)\n"
      "into one report, in path order, whose summary equals that of a single census run\n"
      "(timings aside). A missing, interrupted or cut short (no summary) shard marks the result\n"
      "interrupted, names what is missing on standard error and makes the exit status 3: the\n"
      "report is written, but its files are not all the census's (--allow-incomplete exits by\n"
      "the findings instead). A shard that is not whole otherwise (a field its schema requires "
      "missing\n"
      "before fields written after it, say a summary without its 'bytes') is refused, exit 3:\n"
      "  gafcheck: report s1.yaml: document 9 (summary, line 80): field 'bytes' is missing\n"
      "--format writes other formats from the same merge.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  add_fail_on_option(general, o.common);
  general.add_options()(
      "allow-incomplete", po::bool_switch(&o.allow_incomplete),
      "accept a merge missing a shard, or holding one interrupted or cut short: written marked "
      "interrupted either way, it then exits by its findings instead of 3 (default: off)");
  general.add(output_options_description("the merged YAML report"));
  add_report_reader_groups(general, o.common);
  return {general, merge_help_epilogue};
}

ShardMerge validate(MergeOptions& o) {
  if (o.positional.empty()) throw UsageError{"merge needs at least one shard report"};
  ShardMerge merge;
  merge.options = std::move(o.common);
  finish_common_options(merge.options);
  merge.options.outputs = resolve_outputs(o.ordered);
  for (const std::string& output : output_paths(merge.options.outputs))
    throw_if_failed(check_output_among_inputs(output, o.positional, "shard report"));
  merge.allow_incomplete = o.allow_incomplete;
  merge.inputs = std::move(o.positional);
  merge.command_line = o.command_line;
  return merge;
}

}  // namespace

int run_merge(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, merge_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
