#include "validator/census/resume_cursor.hpp"
#include "validator/core/catalog_digest.hpp"

#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_file.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

namespace {

bool same_contents(const std::string& path, const std::string& sha256, std::uint64_t max_size) {
  if (sha256.empty()) return false;
  auto opened = InputFile::open(path, max_size);
  return opened && sha256_hex(opened->view()) == sha256;
}

}  // namespace

ResumeCursor::ResumeCursor(const std::string& report_path, bool verify_hash,
                           std::uint64_t max_file_size)
    : reader_(report_path), verify_hash_(verify_hash), max_file_size_(max_file_size) {
  next_ = reader_.next_group();
}

std::optional<RecordGroup> ResumeCursor::take(const InputItem& item) {
  while (next_ && path_less(next_->path, item.path)) next_ = reader_.next_group();
  if (!next_ || next_->path != item.path) return std::nullopt;
  std::optional<RecordGroup> group = std::move(next_);
  next_ = reader_.next_group();
  // A group an older gafcheck wrote with raw YAML breaks in a name is checked again, not copied.
  if (group->unreadable || item.kind != InputKind::file || group->size != item.size ||
      group->mtime_ns != item.mtime_ns ||
      group->identity != FileIdentity{item.ctime_ns, item.device, item.inode} || !group->printable)
    return std::nullopt;
  if (verify_hash_ && !same_contents(item.path, group->sha256, max_file_size_)) return std::nullopt;
  ++taken_;
  return group;
}

std::optional<std::string> incompatibility(const ReadHeader& old, const ReportHeader& current,
                                           bool ignore_shard) {
  if (old.catalog_sha256 != embedded_catalog_sha256())
    return "it was written with a different rule catalogue";
  if (old.header.game != current.game) return "it was written for --game " + old.header.game;
  for (const BudgetSpec& spec : budget_specs)
    if (old.header.limits[spec.kind] != current.limits[spec.kind])
      return "its --" + budget_option(spec) + " was " +
             std::to_string(old.header.limits[spec.kind]);
  if (!old.header.census || !current.census) return "it is not a census report";
  CensusSettings a = *old.header.census, b = *current.census;
  if (ignore_shard) a.shard = b.shard = "";
  if (a.files_from.has_value() != b.files_from.has_value())
    return a.files_from ? "it is a census of a --files-from list" : "it is a census of directories";
  // The list's name may differ between machines (a copy, standard input); its bytes may not.
  if (a.files_from && (a.files_from->sha256 != b.files_from->sha256 ||
                       a.files_from->separator != b.files_from->separator))
    return "it is a census of another --files-from list (sha256 " + a.files_from->sha256 + ", " +
           a.files_from->separator + "-separated)";
  if (a.roots != b.roots) return "it is a census of other directories";
  if (a.extensions != b.extensions) return "its --ext differs";
  if (a.shard != b.shard) return "its --shard was '" + a.shard + "'";
  if (a.per_file != b.per_file) return "its --per-file was " + a.per_file;
  if (a.min_severity != b.min_severity) return "its --min-severity was " + a.min_severity;
  if (a.baseline != b.baseline) return "its --baseline differs";
  if (a.config_sha256 != b.config_sha256)
    return a.config_sha256.empty() ? "it was written without a configuration file"
                                   : "it was written with another configuration (.gafcheck.yaml "
                                     "sha256 " +
                                         a.config_sha256.front() + ")";
  if (a.rules != b.rules) return "its --rule overrides differ";
  return std::nullopt;
}

}  // namespace gafcheck
