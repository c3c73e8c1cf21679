// gafcheck extract ARCHIVE [MEMBER...] -C DIR: writes members under DIR, refusing anything that
// could land outside it.
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/platform/archive_extraction.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

constexpr const char* extract_usage =
    "Usage: gafcheck extract [options] ARCHIVE [MEMBER...] -C DIR\n\n"
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
    "  - an existing file is not overwritten unless --force (and even then only a regular\n"
    "    file), so two members on one path under case folding do not silently replace\n"
    "    each other; --force writes a new file and renames it over the old one, so a hard\n"
    "    link to a file outside DIR never has that file rewritten, and the archive itself\n"
    "    (or a hard link to it) is never replaced;\n"
    "  - only a member that decodes exactly is written. A member that cannot be decoded (out\n"
    "    of bounds, bad chunk header, over a budget) or that decodes damaged (a chunk whose\n"
    "    checksum or stream is bad, a length other than the directory's: the errors check\n"
    "    reports as hpi.chunk-checksum, hpi.chunk-stream, hpi.chunk-size...) is refused and\n"
    "    listed on standard error with its rule ids, as unzip and tar refuse a bad member.\n"
    "    --keep-damaged writes a damaged member as a reader would decode it, under a name\n"
    "    that says so, NAME.damaged; it is counted apart and the exit status stays 1.\n\n"
    "Examples:\n"
    "  gafcheck extract mod.ufo -C /tmp/review                  # everything\n"
    "  gafcheck extract mod.ufo anims/ARMCOM.GAF -C /tmp/review # one member\n"
    "  gafcheck extract mod.ufo anims -C /tmp/review            # one directory\n"
    "  gafcheck extract --keep-damaged bad.ufo -C /tmp/review   # damaged ones as NAME.damaged\n\n"
    "Exit codes: 0 every selected member written, and exactly as packed; 1 some refused,\n"
    "damaged (written as NAME.damaged or not), skipped or not found; 2 usage error (also: DIR\n"
    "cannot be created or written); 3 the archive could not be read.\n"
    "\nOptions";

// extract's command line; validate() turns it into the run.
struct ExtractOptions {
  RunOptions common;
  std::vector<std::string> positional_values;
  std::string directory;
  bool force = false, keep_damaged = false;
};

po::options_description extract_options_description(ExtractOptions& o) {
  po::options_description general(extract_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "directory,C", po::value(&o.directory)->value_name("DIR"),
      "the directory to extract into (required)")("force", po::bool_switch(&o.force),
                                                  "overwrite existing regular files")(
      "keep-damaged", po::bool_switch(&o.keep_damaged),
      "write a member that decodes damaged as NAME.damaged (counted apart; exit 1 all the same)");
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(o.common))
      .add(sandbox_options_description(o.common));
  return visible;
}

ArchiveExtraction validate(ExtractOptions& o) {
  if (o.positional_values.empty())
    throw UsageError{"extract needs an ARCHIVE (see gafcheck extract --help)"};
  if (o.directory.empty()) throw UsageError{"extract needs -C DIR, the directory to extract into"};
  ArchiveExtraction run;
  run.archive_path = o.positional_values[0];
  run.members.assign(o.positional_values.begin() + 1, o.positional_values.end());
  run.directory = o.directory;
  run.force = o.force;
  run.keep_damaged = o.keep_damaged;
  run.check = o.common.check;
  run.sandbox = !o.common.no_sandbox;
  return run;
}

}  // namespace

int run_extract(const Arguments& arguments) {
  ExtractOptions options;
  if (!parse_command_line(arguments, extract_options_description(options),
                          options.positional_values))
    return exit_status(ExitCode::clean);
  return exit_status(validate(options).run());
}

}  // namespace gafcheck::cli
