// gafcheck extract ARCHIVE [MEMBER...] -o DIR: writes members under DIR, refusing anything that
// could land outside it. -C DIR (tar's spelling) is an alias of -o.
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/platform/archive_extraction.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

// extract's command line; validate() turns it into the run.
struct ExtractOptions : CommandArguments {
  RunOptions common;
  std::string output, directory_alias;
  bool force = false, keep_damaged = false;
};

constexpr const char* extract_usage =
    "Usage: gafcheck extract [options] ARCHIVE [MEMBER...] -o DIR\n\n"
    "Extracts members of an HPI-family archive into DIR so that a reviewer can look at a\n"
    "member a report flagged. MEMBER is a path as 'gafcheck ls' prints it (matched without\n"
    "regard to case, '/' or '\\'); a directory extracts everything below it; no MEMBER\n"
    "extracts every member.\n\n"
    "It is built for hostile archives:\n"
    "  - a member whose path could leave DIR ('..' or '.' components, an absolute path, a\n"
    "    drive letter, an empty component, a control character: hpi.path-traversal) is\n"
    "    refused;\n"
    "  - directories and files are created relative to DIR's descriptor, one component at a\n"
    "    time, so nothing is written outside DIR;\n"
    "  - symbolic links are never followed or created: a symlink in the way (or DIR itself\n"
    "    being one) makes that member fail;\n"
    "  - of members whose paths are equal under case folding, only the first (the one the\n"
    "    game loads) is written; a later one is refused (hpi.duplicate-path), even with\n"
    "    --force, so one member never silently replaces another;\n"
    "  - an existing file is not overwritten unless --force (and even then only a regular\n"
    "    file); --force writes a new file and renames it over the old one, so a hard\n"
    "    link to a file outside DIR never has that file rewritten, and the archive itself\n"
    "    (or a hard link to it) is never replaced;\n"
    "  - only a member that decodes exactly is written. A member that cannot be decoded (out\n"
    "    of bounds, bad chunk header, over a budget) or that decodes damaged (a chunk whose\n"
    "    checksum or stream is bad, a length other than the directory's: the errors check\n"
    "    reports as hpi.chunk-checksum, hpi.chunk-stream, hpi.chunk-size...) is refused and\n"
    "    listed on standard error with its rule ids, as unzip and tar refuse a bad member.\n"
    "    --keep-damaged writes a damaged member as a reader would decode it, under a name\n"
    "    that says so, NAME.damaged; it is counted apart and the exit status stays 1;\n"
    "  - what the members extracted decode to is charged to --max-archive-output and\n"
    "    --max-archive-ratio, every member (one whose data another's entry names too\n"
    "    included), so a directory naming one member many times cannot multiply what is\n"
    "    written: past them a member is refused (budget.exceeded) and the exit status is 1.\n\n"
    "Examples:\n"
    "  gafcheck extract mod.ufo -o /tmp/review                  # everything\n"
    "  gafcheck extract mod.ufo anims/ARMCOM.GAF -o /tmp/review # one member\n"
    "  gafcheck extract mod.ufo anims -o /tmp/review            # one directory\n"
    "  gafcheck extract --keep-damaged bad.ufo -o /tmp/review   # damaged ones as NAME.damaged\n"
    "  gafcheck extract mod.ufo -C /tmp/review                  # -C, as tar spells it, is -o\n\n"
    "Exit codes: 0 every selected member written, and exactly as packed; 1 some refused,\n"
    "damaged (written as NAME.damaged or not), skipped or not found; 2 usage error (also: DIR\n"
    "cannot be created or written); 3 the archive could not be read.\n"
    "\nOptions";

CommandHelp extract_options_description(ExtractOptions& o) {
  po::options_description general(extract_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value(&o.output)->value_name("DIR"),
      "the directory to extract into (required; created when missing), as every command that "
      "writes files names it")("directory,C", po::value(&o.directory_alias)->value_name("DIR"),
                               "an alias of -o, as tar spells it (both given must name one DIR)")(
      "force", po::bool_switch(&o.force), "overwrite existing regular files")(
      "keep-damaged", po::bool_switch(&o.keep_damaged),
      "write a member that decodes damaged as NAME.damaged (counted apart; exit 1 all the same)");
  return {with_budgets_and_sandbox(general, o.common)};
}

ArchiveExtraction validate(ExtractOptions& o) {
  if (o.positional.empty())
    throw UsageError{"extract needs an ARCHIVE (see gafcheck extract --help)"};
  if (!o.output.empty() && !o.directory_alias.empty() && o.output != o.directory_alias)
    throw UsageError{"-o and -C name the directory to extract into: give one, or the same DIR"};
  const std::string directory = o.output.empty() ? o.directory_alias : o.output;
  if (directory.empty()) throw UsageError{"extract needs -o DIR, the directory to extract into"};
  ArchiveExtraction run;
  run.archive_path = o.positional[0];
  run.members.assign(o.positional.begin() + 1, o.positional.end());
  run.directory = directory;
  run.force = o.force;
  run.keep_damaged = o.keep_damaged;
  return checked_and_confined(std::move(run), o.common);
}

}  // namespace

int run_extract(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, extract_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
