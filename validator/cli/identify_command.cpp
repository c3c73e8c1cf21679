// gafcheck identify FILE|DIR...: which tool wrote each GAF or HPI-family file, on evidence.
#include <yaml-cpp/yaml.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "reports/yaml_emit.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/archive_extraction.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/provenance/identify.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

struct IdentifyOptions : CommandArguments {
  RunOptions common;
  std::string format = "yaml";
};

CommandHelp identify_options_description(IdentifyOptions& o) {
  po::options_description general(
      "Usage: gafcheck identify [options] FILE|DIR...\n\n"
      "Says which tool wrote each GAF or HPI-family file (directories are walked recursively), on\n"
      "evidence: the file's facts (header key, chunk flags, zlib header bytes, trailer, directory\n"
      "order; GAF version, header fields, pixel placement) matched against the writer signatures\n"
      "in rules/writers.yaml. Per file: path, tool, versions, confidence (certain, likely,\n"
      "possible; none when the tool is unknown) and basis (the facts that matched). Mixed or\n"
      "conflicting habits give 'unknown', never a guess (docs/guide/identify.md).\n\n"
      "Examples:\n"
      "  gafcheck identify mod.ufo\n"
      "  gafcheck identify --format json anims/\n\n"
      "Exit codes: 0 identified (or unknown), 2 usage error, 3 a file could not be read.\n\n"
      "Options");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "format", po::value(&o.format)->default_value("yaml"), "output: yaml (default) or json");
  return {with_budgets_and_sandbox(general, o.common)};
}

struct IdentifiedFile {
  std::string path;
  provenance::WriterIdentity identity;
};

struct Identification {
  std::vector<std::string> inputs;
  std::string format;
  CheckOptions check;
  bool sandbox = true;

  ExitCode run() const;
};

Identification validate(IdentifyOptions& o) {
  if (o.positional.empty())
    throw UsageError{"identify takes at least one FILE or DIR (see gafcheck identify --help)"};
  if (o.format != "yaml" && o.format != "json")
    throw UsageError{"--format takes yaml or json, not '" + o.format + "'"};
  return checked_and_confined(Identification{.inputs = o.positional, .format = o.format}, o.common);
}

void print_yaml(const std::vector<IdentifiedFile>& files) {
  YAML::Emitter out;
  out << YAML::BeginSeq;
  for (const IdentifiedFile& file : files) {
    out << YAML::BeginMap;
    emit_path_field(out, "path", file.path);
    out << YAML::Key << "tool" << YAML::Value << file.identity.tool;
    out << YAML::Key << "versions" << YAML::Value << file.identity.versions;
    out << YAML::Key << "confidence" << YAML::Value << file.identity.confidence;
    out << YAML::Key << "basis" << YAML::Value << YAML::BeginSeq;
    for (const std::string& fact : file.identity.basis) out << fact;
    out << YAML::EndSeq << YAML::EndMap;
  }
  out << YAML::EndSeq;
  std::cout << out.c_str() << '\n';
}

void print_json(const std::vector<IdentifiedFile>& files) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const IdentifiedFile& file : files)
    out.push_back({{"path", escape_bytes(file.path)},
                   {"tool", file.identity.tool},
                   {"versions", file.identity.versions},
                   {"confidence", file.identity.confidence},
                   {"basis", file.identity.basis}});
  std::cout << out.dump(2) << '\n';
}

ExitCode Identification::run() const {
  SandboxPlan plan;
  plan.read_paths = inputs;
  confine(plan, sandbox);
  ExitCode code = ExitCode::clean;
  std::vector<IdentifiedFile> identified;
  // The walk of check: links inside a directory are not followed, and what cannot be read (a
  // FIFO, a device, a link loop, a dangling link, an unreadable directory) is named, never skipped.
  for (const InputItem& item : collect_inputs(inputs)) {
    if (item.error) {
      std::cerr << "gafcheck: cannot read " << escape_bytes(item.path) << ": " << *item.error
                << '\n';
      code = ExitCode::unreadable;
      continue;
    }
    const auto bytes = read_archive(item.path, check);
    if (!bytes) {
      std::cerr << "gafcheck: " << bytes.problem().message << '\n';
      code = bytes.problem().code;
      continue;
    }
    identified.push_back({item.path, provenance::identify_writer(bytes->view(), check.limits)});
  }
  if (format == "json")
    print_json(identified);
  else
    print_yaml(identified);
  return code;
}

}  // namespace

int run_identify(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, identify_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
