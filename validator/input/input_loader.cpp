#include "validator/input/input_loader.hpp"

#include <sys/stat.h>

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/hpi/member_paths.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck {
namespace {

// Adds a member's damage (the error findings made decoding it) to out's, rule ids once each.
void note_damage(const std::string& member, const hpi::DecodedMember& decoded, LoadedInput& out) {
  std::string text;
  for (const Finding& finding : decoded.damage) {
    const std::string rule(rule_name(finding.rule));
    if (std::find(out.damage_rules.begin(), out.damage_rules.end(), rule) == out.damage_rules.end())
      out.damage_rules.push_back(rule);
    if (!text.empty()) text += "; ";
    text += rule + ": " + escape_bytes(finding.message);
  }
  if (decoded.damage_count > decoded.damage.size())
    text += "; and " + std::to_string(decoded.damage_count - decoded.damage.size()) +
            " more (gafcheck check lists them)";
  if (text.empty()) text = "errors gafcheck check lists";
  if (!out.damage.empty()) out.damage += "; ";
  out.damage += "member '" + escape_bytes(member) + "' does not decode exactly (" + text + ")";
}

bool regular_file(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
}

bool special_file(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode) && !S_ISDIR(status.st_mode);
}

// The member on the folded path: the only one, or of several the one spelled as wanted (all
// are named in out.folded_twins); nullopt, with the error naming every spelling, when several lie
// there and none is spelled so: readers take different ones (the first, the last), so taking
// either could draw or colour with bytes the game never uses.
std::optional<std::size_t> member_on(const hpi::MemberReader& reader, const std::string& spelled,
                                     LoadedInput& out) {
  const std::string folded = hpi::folded_path(spelled);
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < reader.members().size(); ++i)
    if (hpi::folded_path(reader.members()[i].path) == folded) found.push_back(i);
  if (found.size() < 2) return found.empty() ? std::nullopt : std::optional(found.front());
  std::optional<std::size_t> exact;
  out.folded_twins.clear();
  for (const std::size_t i : found) {
    out.folded_twins.push_back(reader.members()[i].path);
    if (!exact && reader.members()[i].path == spelled) exact = i;
  }
  if (!exact)
    out.error = folded_twins_text(out.folded_twins) +
                ", none spelled as asked: readers differ on which one they take "
                "(hpi.duplicate-path), so none is used";
  return exact;
}

// Finds `wanted` (a member path, possibly naming a member of a nested archive after a '!') in
// the archive bytes; depth counts the archives opened so far.
bool find_member(ByteView archive, const std::string& wanted, const CheckOptions& options,
                 std::uint64_t depth, LoadedInput& out) {
  if (depth > options.limits[BudgetKind::archive_depth]) {
    out.error = "archives nested deeper than --max-archive-depth " +
                std::to_string(options.limits[BudgetKind::archive_depth]);
    return false;
  }
  const hpi::MemberReader reader(archive, options.limits);
  if (!reader.is_archive()) {
    out.error = "not an HPI archive, so it has no member '" + escape_bytes(wanted) + "'";
    return false;
  }
  // The whole rest as one member path first, then the longest member path before a '!'.
  for (std::size_t cut = wanted.size(); cut != std::string::npos && cut > 0;
       cut = wanted.rfind('!', cut - 1)) {
    const std::optional<std::size_t> found = member_on(reader, wanted.substr(0, cut), out);
    if (!found && !out.error.empty()) return false;  // several members, none spelled so
    if (found) {
      const std::size_t i = *found;
      hpi::DecodedMember decoded = reader.read_checked(i);
      if (!decoded.bytes) {
        out.error = "member '" + escape_bytes(reader.members()[i].path) +
                    "' cannot be decoded or is over a budget (gafcheck check shows why)";
        if (!decoded.damage.empty())
          out.error += ": " + std::string(rule_name(decoded.damage.front().rule)) + ": " +
                       escape_bytes(decoded.damage.front().message);
        return false;
      }
      if (!decoded.exact()) note_damage(reader.members()[i].path, decoded, out);
      auto& bytes = decoded.bytes;
      if (cut == wanted.size()) {
        out.member = std::move(*bytes);
        out.name = out.name.member_named(reader.members()[i].path);
        return true;
      }
      const std::vector<std::uint8_t> nested = std::move(*bytes);
      out.name = out.name.member_named(reader.members()[i].path);
      return find_member(ByteView(nested.data(), nested.size()), wanted.substr(cut + 1), options,
                         depth + 1, out);
    }
    if (cut == 0) break;
  }
  out.error = "no member '" + escape_bytes(wanted) + "'";
  return false;
}

}  // namespace

std::string folded_twins_text(const std::vector<std::string>& twins) {
  std::string spellings;
  for (const std::string& path : twins)
    spellings += std::string(spellings.empty() ? "" : ", ") + "'" + escape_bytes(path) + "'";
  return std::to_string(twins.size()) + " members on '" +
         escape_bytes(hpi::folded_path(twins.front())) + "' under case folding (" + spellings + ")";
}

std::string disk_path_of(const std::string& argument) {
  if (regular_file(argument)) return argument;
  for (std::size_t bang = argument.rfind('!'); bang != std::string::npos && bang > 0;
       bang = argument.rfind('!', bang - 1)) {
    const std::string prefix = argument.substr(0, bang);
    // A FIFO or a device where the archive should be is named as what it is, not as missing.
    if (regular_file(prefix) || special_file(prefix)) return prefix;
  }
  return argument;
}

LoadedInput load_input(const std::string& argument, const CheckOptions& options) {
  LoadedInput out;
  const std::string disk = disk_path_of(argument);
  out.name = InputName::file(disk);
  auto opened = InputFile::open(disk, options.limits[BudgetKind::file_size]);
  if (!opened) {
    const ReadFailure& failure = opened.problem();
    out.unreadable = true;
    out.error = failure.too_large
                    ? std::to_string(failure.size) + " bytes, above --max-file-size " +
                          std::to_string(options.limits[BudgetKind::file_size])
                    : failure.reason;
    return out;
  }
  return load_opened_input(
      std::move(opened).value(), disk,
      disk.size() == argument.size() ? std::string() : argument.substr(disk.size() + 1), options);
}

LoadedInput load_opened_input(InputFile file, const std::string& disk, const std::string& member,
                              const CheckOptions& options) {
  LoadedInput out;
  out.name = InputName::file(disk);
  if (member.empty()) {
    out.file = std::move(file);
    return out;
  }
  // A member: the archive's bytes are needed only until the member is decoded.
  const InputFile archive = std::move(file);
  if (!find_member(archive.view(), member, options, 1, out))
    out.error = escape_bytes(disk) + ": " + out.error;
  return out;
}

}  // namespace gafcheck
