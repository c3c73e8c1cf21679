#pragma once
// The streamed YAML report: a header document, one document per file, a summary document.
// Each function returns one complete document ("---" line included), ready to write in one go.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/platform/sandbox_state.hpp"
#include "validator/result/file_report.hpp"
#include "validator/result/run_totals.hpp"

namespace YAML {
class Emitter;
}  // namespace YAML

namespace gafcheck {

// --files-from: the list a census took its inputs from. Its bytes' SHA-256 and separator are what
// --resume and merge compare (the list's name may differ between machines).
struct FileListIdentity {
  std::string list;                   // the path given ("-": standard input), raw bytes
  std::string sha256;                 // of the list's bytes as read
  std::string separator = "newline";  // newline | nul (-0)
  bool operator==(const FileListIdentity&) const = default;
};

// How a census chose and reported its inputs. A resumed census and the shards of a merge must
// agree on all of it (and on budgets, game and catalogue), or their summaries would not add up.
struct CensusSettings {
  std::vector<std::string> roots;       // as given (raw bytes)
  std::vector<std::string> extensions;  // --ext, lower case without dot; empty: any file
  std::string shard;                    // "K/N"; empty: every file; "merged" after a merge
  std::string per_file = "findings";    // all | findings | none
  std::string min_severity = "warning";
  std::string baseline;                        // --baseline report path; empty: none
  std::optional<FileListIdentity> files_from;  // --files-from; then roots is empty
  // --shard auto: the batch engine's variables that gave K/N (name, value). A record of where the
  // shard came from, not a setting: --resume and merge compare the shard itself.
  std::vector<std::pair<std::string, std::string>> shard_from;
  // What configuration rated the findings (.gafcheck.yaml, --rule): the sha256 of each
  // configuration file used (root order, each once) and the --rule overrides as given.
  std::vector<std::string> config_sha256;
  std::vector<std::string> rules;

  bool operator==(const CensusSettings&) const = default;
};

// A configuration file a run used (.gafcheck.yaml, validator/config/).
struct ConfigSource {
  std::string path;
  std::string sha256;
  bool operator==(const ConfigSource&) const = default;
};

struct ReportHeader {
  std::string command;  // check | census
  std::string command_line;
  std::string started_at;            // ISO 8601 UTC
  std::string profile = "retail";    // the configuration profile(s), comma-separated
  std::vector<ConfigSource> config;  // none: no configuration file (retail, or --no-config)
  std::string game = "ta";
  BudgetLimits limits;
  std::optional<CensusSettings> census;
  std::vector<std::string> merged_from;  // shard reports a merged census was made from
  std::optional<SandboxState> sandbox;   // unset: not recorded (reports read back from before)
};

// A section a command adds to its summary document under `key` (census --conflicts:
// "conflicts"), written whole by `yaml` (one YAML value: a mapping), shown on the HTML page as
// `html` (a fragment with its own style) and in the text view as the lines `text` gives (with
// ANSI colour when asked; none: the section is not shown there). Readers carry it unchecked (its
// own schema describes it).
struct SummarySection {
  std::string key;
  std::function<void(YAML::Emitter&)> yaml;
  std::string html;
  std::function<std::string(bool colour)> text;
};

struct ReportClosing {
  double wall_seconds = 0;
  bool interrupted = false;
  int exit_code = 0;
  std::vector<SummarySection> sections;
};

std::string yaml_header_document(const ReportHeader& header);
// baseline_matched: findings left out because the --baseline report already had them.
std::string yaml_file_document(const FileReport& report, std::uint64_t baseline_matched = 0);
std::string yaml_summary_document(const RunTotals& totals, const ReportClosing& closing);

// The tool's version string.
std::string tool_version();

}  // namespace gafcheck
