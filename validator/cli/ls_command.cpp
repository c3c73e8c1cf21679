// gafcheck ls ARCHIVE: the members of an archive, one line each.
#include <array>
#include <cstdio>
#include <iostream>

#include "reports/json_text.hpp"
#include "validator/check/check_input.hpp"
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/archive_extraction.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

// The archive's findings by severity: info, warnings, errors.
std::array<std::uint64_t, 3> findings_by_severity(const FileReport& report) {
  std::array<std::uint64_t, 3> counts{};
  for (std::size_t i = 0; i < rule_count; ++i)
    counts[static_cast<std::size_t>(embedded_catalog().info(static_cast<RuleId>(i)).severity)] +=
        report.rule_counts[i];
  return counts;
}

std::string findings_line(const FileReport& report) {
  const auto counts = findings_by_severity(report);
  return severity_counts(counts[2], counts[1], counts[0]) + " (verdict " +
         std::string(verdict_name(report.verdict)) + ")";
}

std::uint64_t member_bytes(const FileReport& report) {
  std::uint64_t total = 0;
  for (const ArchiveMember& member : *report.members) total += member.size;
  return total;
}

void print_listing(const FileReport& report) {
  std::printf("%12s %12s  %-7s %-4s %-14s %s\n", "size", "stored", "method", "enc", "format",
              "path");
  for (const ArchiveMember& member : *report.members)
    std::printf("%12llu %12llu  %-7s %-4s %-14s %s\n", static_cast<unsigned long long>(member.size),
                static_cast<unsigned long long>(member.compressed_size), member.method.c_str(),
                member.encrypted ? "yes" : "no", std::string(format_name(member.format)).c_str(),
                escape_bytes(member.path).c_str());
}

// --format json: the listing as one document (reports/schema/ls.schema.json).
std::string listing_document(const std::string& archive, const FileReport& report) {
  nlohmann::json members = nlohmann::json::array();
  for (const ArchiveMember& member : *report.members) {
    members.push_back({{"size", member.size},
                       {"stored", member.compressed_size},
                       {"method", member.method},
                       {"encrypted", member.encrypted},
                       {"format", std::string(format_name(member.format))},
                       {"path", json_name(member.path)}});
  }
  const auto counts = findings_by_severity(report);
  return dump_json(
             {{"kind", "ls"},
              {"archive", json_name(archive)},
              {"members", members},
              {"totals", {{"members", report.members->size()}, {"bytes", member_bytes(report)}}},
              {"findings",
               {{"errors", counts[2]},
                {"warnings", counts[1]},
                {"info", counts[0]},
                {"verdict", std::string(verdict_name(report.verdict))}}}}) +
         "\n";
}

// ls's command line; validate() turns it into the listing.
struct LsOptions : CommandArguments {
  RunOptions common;
  std::string format = "text";
};

CommandHelp ls_options_description(LsOptions& o) {
  po::options_description general(
      "Usage: gafcheck ls [options] ARCHIVE\n\n"
      "Lists the members of an HPI-family archive (.hpi .ufo .ccx .gp3 ...), one per line:\n"
      "  size        decompressed bytes, as the directory declares them\n"
      "  stored      bytes the member occupies in the archive (chunk table and headers too)\n"
      "  method      stored, lz77 or zlib\n"
      "  enc         yes when the archive's XOR layer or obfuscated chunks hide it\n"
      "  format      what its content sniffs as (gaf, hpi, ...; unknown for anything else)\n"
      "  path        as the archive names it, '/'-separated, unusual bytes escaped\n"
      "Every member is decoded on the way, so damage is noticed: standard error ends with the\n"
      "archive's finding counts (run 'gafcheck check ARCHIVE' to see them, with offsets).\n"
      "--format json prints one JSON document instead: kind \"ls\", archive, members (size,\n"
      "stored, method, encrypted, format, path each), totals (members, bytes) and findings\n"
      "(errors, warnings, info, verdict).\n\n"
      "Examples:\n"
      "  gafcheck ls mod.ufo\n"
      "  gafcheck ls mod.ufo | grep ' gaf '      # the members check validates\n"
      "  gafcheck ls --format json mod.ufo | jq -r '.members[].path'\n\n"
      "Exit codes: 0 listed, 1 not an archive or rejected by a budget, 2 usage error,\n"
      "3 the archive could not be read.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  add_listing_format_option(general, o.format,
                            "as reports/schema/ls.schema.json describes it (the finding counts "
                            "stay on standard error too)");
  return {with_budgets_and_sandbox(general, o.common)};
}

// The members of one archive on standard output, and its finding counts on standard error.
struct ArchiveListing {
  std::string archive;
  CheckOptions check;
  bool sandbox = true;
  bool json = false;

  ExitCode run() const;
};

ArchiveListing validate(LsOptions& o) {
  if (o.positional.size() != 1)
    throw UsageError{"ls takes exactly one ARCHIVE (see gafcheck ls --help)"};
  return checked_and_confined(
      ArchiveListing{.archive = o.positional[0], .json = listing_is_json(o.format)}, o.common);
}

ExitCode ArchiveListing::run() const {
  SandboxPlan plan;
  plan.read_paths = {archive};
  confine(plan, sandbox);

  const auto bytes = read_archive(archive, check);
  if (!bytes) {
    std::cerr << "gafcheck: " << bytes.problem().message << '\n';
    return bytes.problem().code;
  }
  const FileReport report = check_bytes(bytes->view(), archive, check);
  if (report.format != Format::hpi) {
    std::cerr << "gafcheck: " << escape_bytes(archive) << " is not an HPI archive (it reads as "
              << format_name(report.format) << ")\n";
    return ExitCode::findings;
  }
  if (json) {
    const std::string document = listing_document(archive, report);
    std::fwrite(document.data(), 1, document.size(), stdout);
  } else {
    print_listing(report);
  }
  std::fflush(stdout);
  std::cerr << counted(report.members->size(), "member") << ", " << member_bytes(report)
            << " bytes decompressed; findings: " << findings_line(report) << '\n';
  return report.verdict == Verdict::rejected ? ExitCode::findings : ExitCode::clean;
}

}  // namespace

int run_ls(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, ls_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
