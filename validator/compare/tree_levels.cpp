#include "validator/compare/tree_levels.hpp"

#include "validator/hpi/member_paths.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck::compare {

DirectoryLevel::DirectoryLevel(const std::string& root, const CheckOptions& options)
    : root_(root), options_(options) {
  InputWalk walk({root});
  while (const std::optional<InputItem> next = walk.next()) {
    const InputItem& item = *next;
    if (item.kind == InputKind::symlink_not_followed) {
      not_followed_.push_back(item.relative);
      continue;
    }
    LevelItem listed;
    listed.path = item.relative;
    listed.folded = hpi::folded_path(item.relative);
    listed.size = item.size;
    listed.error = item.error.value_or("");
    items_.push_back(std::move(listed));
    disk_paths_.push_back(item.path);
  }
}

LoadedInput DirectoryLevel::load(std::size_t item) const {
  return load_input(disk_paths_[item], options_);
}

ArchiveLevel::ArchiveLevel(ByteView archive, const std::string& label, const CheckOptions& options)
    : label_(label), reader_(archive, options.limits) {
  if (!reader_.is_archive()) return;
  for (const hpi::MemberRecord& member : reader_.members()) {
    LevelItem listed;
    listed.path = member.path;
    listed.folded = hpi::folded_path(member.path);
    listed.size = member.size;
    items_.push_back(std::move(listed));
  }
}

LoadedInput ArchiveLevel::load(std::size_t item) const {
  LoadedInput loaded;
  loaded.name = InputName::file(label_).member_named(items_[item].path);
  hpi::DecodedMember decoded = reader_.read_checked(item);
  if (!decoded.bytes) {
    loaded.error = "it could not be decoded";
    for (const Finding& finding : decoded.damage) loaded.error += "; " + finding.message;
    return loaded;
  }
  loaded.member = std::move(*decoded.bytes);
  for (const Finding& finding : decoded.damage) {
    loaded.damage_rules.emplace_back(rule_name(finding.rule));
    loaded.damage += (loaded.damage.empty() ? "" : "; ") + finding.message;
  }
  return loaded;
}

}  // namespace gafcheck::compare
