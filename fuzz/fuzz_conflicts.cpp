// fuzz_conflicts: the reader of gafcheck conflicts. The input is written twice into one game
// folder, as a.hpi and b.ufo, beside a loose file at its first member's path when that path is a
// plain relative one; the folder is listed (each archive by its header and directory only) and
// its overlaps read and classified under the fuzz budgets. Aborts when listing by the directory
// alone lists other members than a whole-file read does, or when the two archives' copies of one
// member, both read, are not the same bytes.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "fuzz/fuzz_support.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_file.hpp"
#include "validator/modsets/overlaps.hpp"

namespace {
namespace fs = std::filesystem;
using namespace gafcheck;

const fs::path& game_folder() {
  static const fs::path folder =
      fs::temp_directory_path() / ("gafcheck-fuzz-conflicts-" + std::to_string(::getpid()));
  return folder;
}

void write_file(const fs::path& path, const std::uint8_t* data, std::size_t size) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

void require_same_listing(const fs::path& archive, ByteView bytes, const CheckOptions& options) {
  const OpenedInput listed = InputFile::open_ranges(archive, options.limits[BudgetKind::file_size],
                                                    hpi::index_head_size, hpi::directory_ranges);
  if (!listed) return;
  const hpi::MemberReader sparse(listed->view(), options.limits);
  const hpi::MemberReader whole(bytes, options.limits);
  fuzz::require(sparse.index().kind == whole.index().kind &&
                    sparse.index().walk_complete == whole.index().walk_complete &&
                    sparse.members().size() == whole.members().size(),
                "listing by the directory alone differs from a whole-file read");
  for (std::size_t m = 0; m < whole.members().size(); ++m) {
    const hpi::MemberRecord& a = sparse.members()[m];
    const hpi::MemberRecord& b = whole.members()[m];
    fuzz::require(a.path == b.path && a.data_offset == b.data_offset && a.size == b.size &&
                      a.compression == b.compression && a.v2_stored_size == b.v2_stored_size,
                  "a member listed by the directory alone differs from a whole-file read");
  }
}

// The first member's path, when it is plain enough to create beside the archives.
std::optional<std::string> loose_path(ByteView bytes, const CheckOptions& options) {
  const hpi::MemberReader reader(bytes, options.limits);
  if (reader.members().empty()) return std::nullopt;
  static const std::regex plain("[A-Za-z0-9_]{1,16}(/[A-Za-z0-9_]{1,16}){0,3}\\.[A-Za-z0-9]{1,4}");
  const std::string& path = reader.members().front().path;
  if (!std::regex_match(path, plain)) return std::nullopt;
  return path;
}

// Linear in the copies: an archive may name one path thousands of times.
void require_copies_of_one_member_agree(const modsets::ModSet& set,
                                        const modsets::ConflictReport& report) {
  for (const modsets::Overlap& overlap : report.overlaps) {
    std::map<std::size_t, const modsets::OverlapCopy*> first_read;  // by member index
    for (const modsets::OverlapCopy& copy : overlap.copies) {
      const modsets::Supplier& supplier = set.suppliers[copy.supplier];
      if (!supplier.archive || !copy.print().read) continue;
      const auto [found, added] = first_read.emplace(supplier.member, &copy);
      if (added) continue;
      fuzz::require(found->second->print().sha256 == copy.print().sha256 &&
                        found->second->damage() == copy.damage(),
                    "one member of two identical archives read as different bytes");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const CheckOptions options = fuzz::fuzz_check_options();
  const fs::path& folder = game_folder();
  std::error_code ignored;
  fs::remove_all(folder, ignored);
  write_file(folder / "a.hpi", data, size);
  write_file(folder / "b.ufo", data, size);
  const ByteView bytes(data, size);
  require_same_listing(folder / "a.hpi", bytes, options);
  if (const auto path = loose_path(bytes, options))
    if (!modsets::is_archive_extension(fs::path(*path).extension().string().substr(1)))
      write_file(folder / *path, data, std::min<std::size_t>(size, 64));
  const modsets::ModSet set = modsets::list_mod_set({folder.string()}, options);
  const auto& profiles = modsets::embedded_engine_profiles();
  std::vector<const modsets::EngineProfile*> engines;
  for (const modsets::EngineProfile& engine : profiles.engines) engines.push_back(&engine);
  const modsets::ConflictReport report = modsets::find_conflicts(set, engines, options);
  require_copies_of_one_member_agree(set, report);
  return 0;
}
