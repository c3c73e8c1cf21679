#include "validator/census/shard_merge.hpp"

#include <iostream>
#include <memory>
#include <optional>
#include <set>

#include "reports/census_report.hpp"
#include "reports/report_reader.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/census_journal.hpp"
#include "validator/census/resume_cursor.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/census/shard.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {
namespace {

Shard parse_shard_of(const CensusReportReader& reader) {
  const std::string& text = reader.header().header.census->shard;
  if (text.empty())
    throw UsageError{reader.path() + " is not a shard report (census without --shard)"};
  return parse_shard(text);
}

std::uint64_t summary_count(const YAML::Node& summary, const char* key) {
  const YAML::Node value = summary["files"][key];
  return value ? value.as<std::uint64_t>() : 0;
}

// "shards 2, 5/8 are missing": the first few by number, the rest counted, so the line stays short
// whatever N is.
std::string missing_shards(const std::set<std::uint32_t>& seen, std::uint32_t count) {
  constexpr std::uint32_t named_at_most = 10;
  const std::uint32_t missing = count - static_cast<std::uint32_t>(seen.size());
  std::string named;
  std::uint32_t listed = 0;
  for (std::uint32_t index = 1; index <= count && listed < named_at_most; ++index)
    if (!seen.contains(index)) {
      named += (listed++ == 0 ? "" : ", ") + std::to_string(index);
    }
  if (missing > listed) named += " and " + std::to_string(missing - listed) + " more";
  return (missing == 1 ? "shard " : "shards ") + named + "/" + std::to_string(count) +
         (missing == 1 ? " is missing: its" : " are missing: their") +
         " files are not in the merged report";
}

// Checks the shards belong to one census; returns the merged report's shard setting: "" when
// every shard is there, else the shards present (e.g. "1,3/4") and the report is incomplete.
// Only the shards given are remembered, so the cost depends on the reports, never on N.
std::string check_shards(const std::vector<std::unique_ptr<CensusReportReader>>& readers,
                         std::vector<Shard>& shards, bool& incomplete) {
  std::set<std::uint32_t> seen;
  const std::uint32_t count = parse_shard_of(*readers.front()).count;
  for (const auto& reader : readers) {
    const Shard shard = parse_shard_of(*reader);
    if (shard.count != count)
      throw UsageError{reader->path() + " is shard " + shard.text() + ", of another split than " +
                       readers.front()->header().header.census->shard};
    if (!seen.insert(shard.index).second)
      throw UsageError{"shard " + shard.text() + " is given twice"};
    shards.push_back(shard);
  }
  if (seen.size() == count) return "";
  incomplete = true;
  std::string present;
  for (const std::uint32_t index : seen)
    present += (present.empty() ? "" : ",") + std::to_string(index);
  std::cerr << "merge: " << missing_shards(seen, count) << '\n';
  return present + "/" + std::to_string(count);
}

using ShardReaders = std::vector<std::unique_ptr<CensusReportReader>>;

ShardReaders open_shard_readers(const std::vector<std::string>& inputs) {
  ShardReaders readers;
  for (const std::string& path : inputs) {
    try {
      readers.push_back(std::make_unique<CensusReportReader>(path));
    } catch (const DamagedReport&) {
      throw;  // a shard gafcheck wrote, damaged: exit 3, from main
    } catch (const std::runtime_error& error) {
      throw UsageError{error.what()};
    }
  }
  return readers;
}

// The groups of every shard, in path order, each checked to be where it belongs: in its shard,
// once, printable, its members its own. Throws std::runtime_error for a shard corrupt in its
// middle.
void copy_groups(const ShardReaders& readers, const std::vector<Shard>& shards,
                 const ReportHeader& header, CensusJournal& journal, const CensusContext& context) {
  const std::vector<std::string>& roots = header.census->roots;
  const bool listed = header.census->files_from.has_value();
  std::vector<std::optional<RecordGroup>> heads;
  std::optional<std::string> last_path;
  for (const auto& reader : readers) heads.push_back(reader->next_group());
  while (true) {
    std::optional<std::size_t> first;
    for (std::size_t i = 0; i < heads.size(); ++i)
      if (heads[i] && (!first || path_less(heads[i]->path, heads[*first]->path))) first = i;
    if (!first) break;
    RecordGroup& group = *heads[*first];
    // A path in a shard it does not hash to: a shard relabelled as another, or edited.
    if (!(listed ? shards[*first].contains(group.path) : shards[*first].holds(group.path, roots)))
      throw ReportError("report " + readers[*first]->path() + " holds " + escape_bytes(group.path) +
                        ", which belongs to another shard than " + shards[*first].text());
    if (last_path && !path_less(*last_path, group.path))
      throw ReportError("report " + readers[*first]->path() + " holds " + escape_bytes(group.path) +
                        (*last_path == group.path ? " a second time" : " out of path order"));
    last_path = group.path;
    // Carried over as written, so only what gafcheck writes: UTF-8, escaped control bytes.
    if (!group.printable)
      throw ReportError("report " + readers[*first]->path() + ": the group of " +
                        escape_bytes(group.path) +
                        " holds bytes gafcheck never writes (not UTF-8, or a control "
                        "character)");
    // The records before the input's own are its archive's members: a record of another file
    // slipped into a group would be carried over under the wrong input.
    for (std::size_t i = 0; i + 1 < group.records.size(); ++i) {
      const FileReport& member = group.records[i].report;
      if (!member.member_of || member.path.rfind(group.path + "!", 0) != 0)
        throw ReportError("report " + readers[*first]->path() + " holds a record for " +
                          escape_bytes(member.path) + " in the group of " +
                          escape_bytes(group.path) + ", of which it is not a member");
    }
    journal.write(reuse_group(std::move(group), context));
    heads[*first] = readers[*first]->next_group();
  }
}

// Adds the shards' walk counts and wall times to the merged summary; true when one of them is
// incomplete.
bool sum_walks(const ShardReaders& readers, CensusJournal& journal, double& wall_seconds) {
  bool incomplete = false;
  for (const auto& reader : readers) {
    const auto& summary = reader->summary();
    if (!summary || (*summary)["interrupted"].as<bool>()) {
      std::cerr << "merge: " << reader->path() << " is incomplete (interrupted or cut short)\n";
      incomplete = true;
      if (!summary) continue;
    }
    journal.count_walk(summary_count(*summary, "symlinks_not_followed"),
                       summary_count(*summary, "not_inputs"), summary_count(*summary, "ignored"));
    wall_seconds += (*summary)["wall_seconds"].as<double>();
  }
  return incomplete;
}

}  // namespace

ExitCode ShardMerge::run() const {
  auto writers = open_writers(options.outputs, FormatContext{{}, fail_threshold(options)},
                              OutputMode::journal);
  SandboxPlan plan;
  plan.read_paths = inputs;
  plan.output_paths = output_paths(options.outputs);
  for (const auto& writer : writers)
    if (writer->output().is_temp())
      plan.remove_on_violation.push_back(writer->output().current_path().string());
  const SandboxState sandbox = confine(plan, !options.no_sandbox);

  const ShardReaders readers = open_shard_readers(inputs);
  ReportHeader header = readers.front()->header().header;
  for (const auto& reader : readers)
    if (auto reason = incompatibility(reader->header(), header, true))
      throw UsageError{reader->path() + " cannot be merged with " + readers.front()->path() + ": " +
                       *reason};
  bool incomplete = false;
  std::vector<Shard> shards;
  header.census->shard = check_shards(readers, shards, incomplete);
  header.census->shard_from.clear();  // each shard's own engine variables; the merge has none
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.merged_from = inputs;
  header.sandbox = sandbox;

  CensusContext context;
  context.fail_threshold = fail_threshold(options);
  Progress progress(false, 0, 0);
  CensusJournal journal(std::move(writers), header, progress);
  // The shards' records hold what their display threshold hid; the summary says below what.
  if (const auto below = severity_from_name(header.census->min_severity))
    journal.count_hidden(*below);
  context.writers = journal.renderers();
  try {
    copy_groups(readers, shards, header, journal, context);
  } catch (const OutputError&) {
    throw;  // the merged report cannot be written: exit 2, from main
  } catch (const std::runtime_error& error) {  // a shard report corrupt in its middle
    std::cerr << "gafcheck merge: " << error.what() << '\n';
    return ExitCode::unreadable;
  }
  double wall_seconds = 0;
  incomplete = sum_walks(readers, journal, wall_seconds) || incomplete;
  // Files left out of a merge that reads as whole would pass a gate unchecked: an incomplete
  // merge is an input not read whole (exit 3), unless asked for.
  if (incomplete && !allow_incomplete) journal.add_sections({}, ExitCode::unreadable);
  const int exit_code = journal.finish(incomplete, wall_seconds);
  std::cerr << "merge: " << counted(readers.size(), "shard report") << ", "
            << counted(journal.totals().files, "file")
            << (!incomplete        ? ""
                : allow_incomplete ? ", INCOMPLETE (--allow-incomplete)"
                                   : ", INCOMPLETE (--allow-incomplete accepts that)")
            << "; exit " << exit_code << '\n';
  return ExitCode{exit_code};
}

}  // namespace gafcheck
