#include "validator/platform/archive_extraction.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <unordered_map>

#include "validator/base/errors.hpp"
#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/platform/safe_directory.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck {
namespace {

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

// What became of the members: written, kept as .damaged, refused; and the bytes the members
// extracted decode to, by their directory sizes, against the archive's size.
struct ExtractTally {
  std::uint64_t written = 0, damaged = 0, refused = 0;
  std::uint64_t decoded = 0;
  std::uint64_t archive_size = 0;
};

// Why one more member of size bytes would take extract past the archive's output budgets, as
// check charges the members it decodes: --max-archive-output in all, --max-archive-ratio per byte
// of the archive (one under 1 MiB counts as 1 MiB). Every member is charged, also one whose data
// another member's entry names too, so a directory that names one member many times cannot make
// the written bytes grow past them.
std::optional<std::string> output_budget_refusal(std::uint64_t decoded, std::uint64_t size,
                                                 std::uint64_t archive_size,
                                                 const BudgetLimits& limits) {
  const std::uint64_t total = saturating_add(decoded, size);
  const std::uint64_t output_limit = limits[BudgetKind::archive_output];
  if (total > output_limit)
    return "budget.exceeded: archive_output (the members extracted would decompress to " +
           std::to_string(total) + " bytes, past --max-archive-output " +
           std::to_string(output_limit) + ")";
  const std::uint64_t basis = std::max<std::uint64_t>(archive_size, 1 << 20);
  const std::uint64_t ratio = total / basis + (total % basis != 0);
  const std::uint64_t ratio_limit = limits[BudgetKind::archive_ratio];
  if (ratio > ratio_limit)
    return "budget.exceeded: archive_ratio (the members extracted would decompress to " +
           std::to_string(ratio) + " bytes per byte of the archive, past --max-archive-ratio " +
           std::to_string(ratio_limit) + ")";
  return std::nullopt;
}

// For each member, the first member whose path folds like its own: the one the game loads.
std::vector<std::size_t> first_on_each_path(const std::vector<hpi::MemberRecord>& members) {
  std::unordered_map<std::string, std::size_t> first_with_key;
  std::vector<std::size_t> first(members.size());
  for (std::size_t i = 0; i < members.size(); ++i)
    first[i] = first_with_key.emplace(hpi::folded_path(members[i].path), i).first->second;
  return first;
}

// Writes member i (when its path is safe and its own, and it decodes, or --keep-damaged) and says
// so. first: the member on its path that the game loads.
void extract_member(const hpi::MemberReader& reader, std::size_t i, std::size_t first,
                    const SafeDirectory& target, const ArchiveExtraction& run,
                    ExtractTally& tally) {
  const hpi::MemberRecord& member = reader.members()[i];
  const std::string shown = escape_bytes(member.path);
  if (first != i) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": same path as the earlier member "
              << escape_bytes(reader.members()[first].path)
              << " under case folding, which the game loads; not written over it "
                 "(hpi.duplicate-path)\n";
    return;
  }
  if (member.unreadable_name) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": " << hpi::unreadable_name_reason << '\n';
    return;
  }
  if (const auto unsafe = hpi::unsafe_path_reason(member.path)) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": unsafe path: " << *unsafe << " (hpi.path-traversal)\n";
    return;
  }
  if (const auto over =
          output_budget_refusal(tally.decoded, member.size, tally.archive_size, run.check.limits)) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": " << *over << '\n';
    return;
  }
  tally.decoded = saturating_add(tally.decoded, member.size);
  const hpi::DecodedMember decoded = reader.read_checked(i);
  if (decoded.exact()) {
    if (const auto written = target.write(member.path, *decoded.bytes, run.force); !written) {
      ++tally.refused;
      std::cerr << "refused  " << shown << ": " << written.problem().message << '\n';
    } else {
      ++tally.written;
      std::cout << "written  " << shown << '\n';
    }
    return;
  }
  if (!decoded.bytes || !run.keep_damaged) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": "
              << (decoded.bytes
                      ? "damaged, not written (--keep-damaged writes it as " + shown + ".damaged): "
                      : std::string())
              << damage_text(decoded) << '\n';
    return;
  }
  const std::string kept_as = member.path + ".damaged";
  if (const auto written = target.write(kept_as, *decoded.bytes, run.force); !written) {
    ++tally.refused;
    std::cerr << "refused  " << shown << ": damaged, and " << escape_bytes(kept_as)
              << " not written: " << written.problem().message << '\n';
    return;
  }
  ++tally.damaged;
  std::cerr << "damaged  " << shown << " written as " << escape_bytes(kept_as) << ": "
            << damage_text(decoded) << '\n';
}

}  // namespace

Result<InputFile> read_archive(const std::string& path, const CheckOptions& options) {
  OpenedInput mapped = InputFile::open(path, options.limits[BudgetKind::file_size]);
  if (mapped) return std::move(mapped).value();
  const ReadFailure& failure = mapped.problem();
  if (failure.too_large)
    return Problem{ExitCode::unreadable, escape_bytes(path) + " is " +
                                             std::to_string(failure.size) +
                                             " bytes, above --max-file-size " +
                                             std::to_string(options.limits[BudgetKind::file_size])};
  return Problem{ExitCode::unreadable, "cannot read " + escape_bytes(path) + ": " + failure.reason};
}

ExitCode ArchiveExtraction::run() const {
  std::vector<std::string> requests;
  for (const std::string& named : members) {
    std::string request = hpi::folded_path(named);
    while (!request.empty() && request.back() == '/') request.pop_back();
    requests.push_back(request);
  }
  // Read whole (not parsed yet) before DIR is made, so an unreadable archive leaves no DIR.
  const auto archive = read_archive(archive_path, check);
  if (!archive) {
    std::cerr << "gafcheck: " << archive.problem().message << '\n';
    return archive.problem().code;
  }
  SafeDirectory target = open_output_directory(directory, "extract into");
  struct stat archive_status {};
  if (::stat(archive_path.c_str(), &archive_status) == 0)
    target.protect(archive_status.st_dev, archive_status.st_ino);
  // Extract writes, so its sandbox lets it create files and directories, and Landlock keeps them
  // beneath DIR. It confines itself before it parses the archive.
  SandboxPlan plan;
  plan.read_paths = {archive_path};
  plan.write_trees = {directory};
  confine(plan, sandbox);

  const hpi::MemberReader reader(archive->view(), check.limits);
  if (!reader.is_archive()) {
    std::cerr << "gafcheck: " << escape_bytes(archive_path) << " is not an HPI archive\n";
    return ExitCode::findings;
  }
  std::vector<bool> matched(requests.size(), false);
  ExtractTally tally;
  tally.archive_size = archive->view().size();
  const std::vector<std::size_t> first = first_on_each_path(reader.members());
  for (std::size_t i = 0; i < reader.members().size(); ++i)
    if (selected(hpi::folded_path(reader.members()[i].path), requests, matched))
      extract_member(reader, i, first[i], target, *this, tally);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (matched[i]) continue;
    ++tally.refused;
    std::cerr << "gafcheck: no member '" << escape_bytes(members[i]) << "' in "
              << escape_bytes(archive_path) << '\n';
  }
  // A directory not walked whole names members this run never saw, and so never wrote.
  const bool whole = reader.index().walk_complete;
  if (!whole)
    std::cerr
        << "incomplete  the directory of " << escape_bytes(archive_path)
        << " was not read whole (an entry over a budget, or the walk stopped: gafcheck "
           "check names why): the members of the entries it could not read are not extracted\n";
  std::cerr << "extract: " << tally.written << " written, " << tally.damaged
            << " damaged (kept as .damaged), " << tally.refused << " refused"
            << (whole ? "" : ", the directory not read whole") << " into "
            << escape_bytes(directory) << '\n';
  return whole && tally.refused == 0 && tally.damaged == 0 ? ExitCode::clean : ExitCode::findings;
}

}  // namespace gafcheck
