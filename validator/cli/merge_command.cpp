// gafcheck merge SHARD... -o OUT: joins the reports of `census --shard K/N` runs into the report
// a single census would have written (its summary is rebuilt from the shards' records).
#include <iostream>
#include <memory>
#include <set>

#include "reports/census_report.hpp"
#include "reports/report_reader.hpp"
#include "validator/census/census_journal.hpp"
#include "validator/census/resume_cursor.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/census/shard.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
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
  return present + "/" + std::to_string(count);
}

}  // namespace

int run_merge(const Arguments& arguments, const std::string& command_line) {
  std::vector<std::string> inputs;
  std::string fail_on = "error";
  RunOptions options;
  po::options_description general(
      "Usage: gafcheck merge [options] SHARD_REPORT... -o OUT\n\n"
      "Merges the reports of `gafcheck census --shard K/N` runs (same directories and options)\n"
      "into one report, in path order, whose summary equals that of a single census run\n"
      "(timings aside). A missing, interrupted or cut short (no summary) shard marks the result\n"
      "interrupted. A shard that is not whole otherwise (a field its schema requires missing\n"
      "before fields written after it, say a summary without its 'bytes') is refused, exit 3:\n"
      "  gafcheck: report s1.yaml: document 9 (summary, line 80): field 'bytes' is missing\n"
      "--format writes other formats from the same merge.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "fail-on",
      po::value(&fail_on)->value_name("error|warning|info|never")->default_value("error"),
      "exit 1 when any finding is at or above this severity: error, warning, info or never");
  general.add(output_options_description("the merged YAML report"))
      .add(report_reading_description(options))
      .add(sandbox_options_description(options));
  OrderedOptions ordered;
  if (!parse_command_line(
          arguments, general, inputs,
          "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it,\n"
          "2 usage error (also: -o cannot be written, or is one of the shard reports),\n"
          "3 a shard report could not be read (or recorded an unreadable input).\n"
          "Examples: gafcheck merge -o all.yaml shard-1.yaml shard-2.yaml\n"
          "          gafcheck merge -o all.yaml --format junit -o all.xml shard-*.yaml\n",
          &ordered))
    return 0;
  if (inputs.empty()) throw UsageError{"merge needs at least one shard report"};
  options.fail_on = fail_on;
  finish_common_options(options);
  options.outputs = resolve_outputs(ordered);
  for (const std::string& output : output_paths(options.outputs))
    refuse_output_among_inputs(output, inputs, "shard report");
  auto writers = open_writers(options.outputs, FormatContext{{}, fail_threshold(options)},
                              OutputMode::journal);
  SandboxPlan plan;
  plan.read_paths = inputs;
  plan.output_paths = output_paths(options.outputs);
  for (const auto& writer : writers)
    if (writer->output().is_temp())
      plan.remove_on_violation.push_back(writer->output().current_path().string());
  const SandboxState sandbox = confine(plan, !options.no_sandbox);

  std::vector<std::unique_ptr<CensusReportReader>> readers;
  for (const std::string& path : inputs) {
    try {
      readers.push_back(std::make_unique<CensusReportReader>(path));
    } catch (const DamagedReport&) {
      throw;  // a shard gafcheck wrote, damaged: exit 3, from main
    } catch (const std::runtime_error& error) {
      throw UsageError{error.what()};
    }
  }
  ReportHeader header = readers.front()->header().header;
  for (const auto& reader : readers)
    if (auto reason = incompatibility(reader->header(), header, true))
      throw UsageError{reader->path() + " cannot be merged with " + readers.front()->path() + ": " +
                       *reason};
  bool incomplete = false;
  std::vector<Shard> shards;
  const std::vector<std::string> roots = header.census->roots;
  const bool listed = header.census->files_from.has_value();
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
  context.writers = journal.renderers();
  try {
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
        throw ReportError("report " + readers[*first]->path() + " holds " +
                          escape_bytes(group.path) + ", which belongs to another shard than " +
                          shards[*first].text());
      if (last_path && !path_less(*last_path, group.path))
        throw ReportError("report " + readers[*first]->path() + " holds " +
                          escape_bytes(group.path) +
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
  } catch (const OutputError&) {
    throw;  // the merged report cannot be written: exit 2, from main
  } catch (const std::runtime_error& error) {  // a shard report corrupt in its middle
    std::cerr << "gafcheck merge: " << error.what() << '\n';
    return 3;
  }
  double wall_seconds = 0;
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
  const int exit_code = journal.finish(incomplete, wall_seconds);
  std::cerr << "merge: " << readers.size() << " shard reports, " << journal.totals().files
            << " files" << (incomplete ? ", INCOMPLETE" : "") << "; exit " << exit_code << '\n';
  return exit_code;
}

}  // namespace gafcheck::cli
