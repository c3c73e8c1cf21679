// gafcheck extract ARCHIVE [MEMBER...] -C DIR: writes members under DIR, refusing anything that
// could land outside it.
#include <sys/stat.h>

#include <iostream>

#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/platform/safe_extract.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/rules/rule_id.hpp"

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

bool selected(const std::string& folded_member, const std::vector<std::string>& requests,
              std::vector<bool>& matched) {
  if (requests.empty()) return true;
  bool any = false;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const std::string& request = requests[i];
    const bool match =
        folded_member == request || (folded_member.size() > request.size() &&
                                     folded_member.compare(0, request.size(), request) == 0 &&
                                     folded_member[request.size()] == '/');
    if (match) matched[i] = any = true;
  }
  return any;
}

// What went wrong decoding a member: its first error findings, as check names them.
std::string damage_text(const hpi::DecodedMember& decoded) {
  if (decoded.damage.empty())
    return "cannot be decoded or is over a budget (gafcheck check shows why)";
  std::string text;
  for (const Finding& finding : decoded.damage) {
    if (!text.empty()) text += "; ";
    text += std::string(rule_name(finding.rule)) + ": " + escape_bytes(finding.message);
  }
  if (decoded.damage_count > decoded.damage.size())
    text += "; and " + std::to_string(decoded.damage_count - decoded.damage.size()) +
            " more (gafcheck check lists them)";
  return text;
}

}  // namespace

int run_extract(const Arguments& arguments) {
  RunOptions options;
  std::vector<std::string> positional_values;
  std::string directory;
  bool force = false, keep_damaged = false;
  po::options_description general(extract_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "directory,C", po::value(&directory)->value_name("DIR"),
      "the directory to extract into (required)")("force", po::bool_switch(&force),
                                                  "overwrite existing regular files")(
      "keep-damaged", po::bool_switch(&keep_damaged),
      "write a member that decodes damaged as NAME.damaged (counted apart; exit 1 all the same)");
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(options))
      .add(sandbox_options_description(options));
  if (!parse_command_line(arguments, visible, positional_values)) return 0;
  if (positional_values.empty())
    throw UsageError{"extract needs an ARCHIVE (see gafcheck extract --help)"};
  if (directory.empty()) throw UsageError{"extract needs -C DIR, the directory to extract into"};
  const std::string archive_path = positional_values[0];
  std::vector<std::string> requests;
  for (std::size_t i = 1; i < positional_values.size(); ++i) {
    std::string request = hpi::folded_path(positional_values[i]);
    while (!request.empty() && request.back() == '/') request.pop_back();
    requests.push_back(request);
  }

  // Read whole (not parsed yet) before DIR is made, so an unreadable archive leaves no DIR.
  const auto archive = read_archive(archive_path, options.check);
  if (!archive) return 3;
  std::string error;
  auto target = ExtractDirectory::open(directory, error);
  if (!target) throw UsageError{"cannot extract into " + escape_bytes(directory) + ": " + error};
  struct stat archive_status {};
  if (::stat(archive_path.c_str(), &archive_status) == 0)
    target->protect(archive_status.st_dev, archive_status.st_ino);
  // Extract writes, so its sandbox lets it create files and directories, and Landlock keeps them
  // beneath DIR. It confines itself before it parses the archive.
  SandboxPlan plan;
  plan.read_paths = {archive_path};
  plan.write_trees = {directory};
  confine(plan, !options.no_sandbox);

  const hpi::MemberReader reader(archive->view(), options.check.limits);
  if (!reader.is_archive()) {
    std::cerr << "gafcheck: " << escape_bytes(archive_path) << " is not an HPI archive\n";
    return 1;
  }

  std::vector<bool> matched(requests.size(), false);
  std::uint64_t written = 0, damaged = 0, refused = 0;
  for (std::size_t i = 0; i < reader.members().size(); ++i) {
    const hpi::MemberRecord& member = reader.members()[i];
    if (!selected(hpi::folded_path(member.path), requests, matched)) continue;
    const std::string shown = escape_bytes(member.path);
    if (const auto unsafe = hpi::unsafe_path_reason(member.path)) {
      ++refused;
      std::cerr << "refused  " << shown << ": unsafe path: " << *unsafe
                << " (hpi.path-traversal)\n";
      continue;
    }
    const hpi::DecodedMember decoded = reader.read_checked(i);
    if (decoded.exact()) {
      if (const auto problem = target->write(member.path, *decoded.bytes, force)) {
        ++refused;
        std::cerr << "refused  " << shown << ": " << *problem << '\n';
      } else {
        ++written;
        std::cout << "written  " << shown << '\n';
      }
      continue;
    }
    if (!decoded.bytes || !keep_damaged) {
      ++refused;
      std::cerr << "refused  " << shown << ": "
                << (decoded.bytes ? "damaged, not written (--keep-damaged writes it as " + shown +
                                        ".damaged): "
                                  : std::string())
                << damage_text(decoded) << '\n';
      continue;
    }
    const std::string kept_as = member.path + ".damaged";
    if (const auto problem = target->write(kept_as, *decoded.bytes, force)) {
      ++refused;
      std::cerr << "refused  " << shown << ": damaged, and " << escape_bytes(kept_as)
                << " not written: " << *problem << '\n';
      continue;
    }
    ++damaged;
    std::cerr << "damaged  " << shown << " written as " << escape_bytes(kept_as) << ": "
              << damage_text(decoded) << '\n';
  }
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (matched[i]) continue;
    ++refused;
    std::cerr << "gafcheck: no member '" << escape_bytes(positional_values[i + 1]) << "' in "
              << escape_bytes(archive_path) << '\n';
  }
  std::cerr << "extract: " << written << " written, " << damaged << " damaged (kept as .damaged), "
            << refused << " refused into " << escape_bytes(directory) << '\n';
  return refused == 0 && damaged == 0 ? 0 : 1;
}

}  // namespace gafcheck::cli
