// TA: Kingdoms v2 archives (docs/format/hpi.md §5): a directory block and a names block, each
// stored or one SQSH chunk; 20-byte directory entries with contiguous subdirectory and file arrays,
// 24-byte file entries. No XOR layer. The layout is unconfirmed on real archives.
#include <vector>

#include "validator/core/text.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/chunk_reader.hpp"
#include "validator/hpi/directory_tree.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {
namespace {

struct BlockPlace {
  const char* name;  // "directory" or "names"
  std::uint64_t offset_field, size_field;
};

std::optional<Block> load_block(WalkContext& context, ArchiveIndex& index, ChunkReader& reader,
                                const BlockPlace& place) {
  const ByteView& file = context.file;
  const std::uint64_t offset = *file.u32le(place.offset_field);
  const std::uint64_t size = *file.u32le(place.size_field);
  const std::string where = std::string("header/") + place.name;
  if (offset < v2_header_size || !file.contains(offset, size)) {
    context.findings.add(RuleId::hpi_directory_bounds, place.offset_field, 8, where, [&] {
      return std::string(place.name) + " block [" + hex(offset) + ", +" + std::to_string(size) +
             ") is not inside the file after the " + "32-byte header (file size " +
             std::to_string(file.size()) + ")";
    });
    return std::nullopt;
  }
  // Claimed as a whole (v2 entries are not claimed one by one), and as a block member data must
  // not overlap.
  index.extents.push_back({offset, offset + size});
  index.extents.push_back({offset, offset + size, Extent::Role::directory_block});
  if (file.u32le(offset) != marker_sqsh) return Block::from_file(*file.sub(offset, size), offset);
  ChunkPlace chunk;
  chunk.offset = offset;
  chunk.end = offset + size;
  chunk.where = place.name;
  chunk.retail_buffer = false;
  const auto header = reader.locate(chunk);
  if (!header) return std::nullopt;
  if (!context.charge_heap(header->decompressed_size, 1, offset, chunk.where)) return std::nullopt;
  std::vector<std::uint8_t> bytes(header->decompressed_size);
  if (!reader.decode(*header, chunk, bytes)) return std::nullopt;
  return Block::decompressed(std::move(bytes), offset);
}

class V2Walk {
 public:
  V2Walk(WalkContext& context, ArchiveIndex& index, const Block& directory, const Block& names)
      : context_(context), dir_(directory), names_(names), tree_(context, index) {}

  void run() {
    if (!open(tree_.add_root(0), 0, v2_directory_offset)) return;
    // Files are added when their directory is opened; the walk visits subdirectory entries.
    tree_.walk(v2_directory_entry_size,
               [this](std::size_t parent, std::uint64_t entry, std::uint64_t entry_index) {
                 return visit_subdirectory(parent, entry, entry_index);
               });
  }

 private:
  // False when the walk must stop.
  bool visit_subdirectory(std::size_t parent, std::uint64_t entry, std::uint64_t entry_index) {
    const auto name = tree_.read_name(names_, *dir_.u32(entry + v2_dir_name),
                                      dir_.file_offset(entry), parent, entry_index);
    if (!name) return true;
    const auto child = tree_.add_subdirectory(parent, entry, dir_.file_offset(entry), *name);
    if (context_.stopped()) return false;
    return !child || open(*child, entry, dir_.file_offset(entry));
  }

  // How many of count records of record_size at first fit in the directory block (a finding
  // when not all do).
  std::uint64_t fitting(std::uint64_t first, std::uint64_t count, std::uint64_t record_size,
                        std::uint64_t field, const std::string& where, const char* what) {
    std::uint64_t fit = 0;
    if (first < dir_.end()) fit = std::min(count, (dir_.end() - first) / record_size);
    if (fit < count) {
      context_.findings.add(RuleId::hpi_directory_bounds, dir_.file_offset(field), 8, where, [&] {
        return std::to_string(count) + " " + what + " at directory offset " + hex(first) +
               " need " + std::to_string(count * record_size) + " bytes; the " +
               std::to_string(dir_.end()) + "-byte directory holds " + std::to_string(fit);
      });
    }
    return fit;
  }

  bool open(std::size_t node, std::uint64_t entry, std::uint64_t field_offset) {
    const std::string& where = tree_.where(node);
    if (!dir_.contains(entry, v2_directory_entry_size)) {
      context_.findings.add(RuleId::hpi_directory_bounds, field_offset, 4, where, [&] {
        return "directory entry at directory offset " + hex(entry) + " lies outside the " +
               std::to_string(dir_.end()) + "-byte directory";
      });
      return true;
    }
    const std::uint64_t first_subdir = *dir_.u32(entry + v2_dir_first_subdir);
    const std::uint64_t first_file = *dir_.u32(entry + v2_dir_first_file);
    const std::uint64_t subdirs =
        fitting(first_subdir, *dir_.u32(entry + v2_dir_subdir_count), v2_directory_entry_size,
                entry + v2_dir_first_subdir, where, "subdirectory entries");
    const std::uint64_t files =
        fitting(first_file, *dir_.u32(entry + v2_dir_file_count), v2_file_entry_size,
                entry + v2_dir_first_file, where, "file entries");
    if (!context_.charge(BudgetKind::archive_entries, subdirs + files, dir_.file_offset(entry),
                         where))
      return false;
    for (std::uint64_t k = 0; k < files; ++k)
      if (!add_file(node, first_file + k * v2_file_entry_size, subdirs + k)) return false;
    tree_.open(node, first_subdir, subdirs);
    return true;
  }

  bool add_file(std::size_t directory, std::uint64_t entry, std::uint64_t entry_index) {
    const auto name = tree_.read_name(names_, *dir_.u32(entry + v2_file_name),
                                      dir_.file_offset(entry), directory, entry_index);
    if (!name) return !context_.stopped();
    MemberRecord member;
    member.entry_offset = dir_.file_offset(entry);
    member.data_offset = *dir_.u32(entry + v2_file_data);
    member.size = *dir_.u32(entry + v2_file_size);
    member.v2_stored_size = *dir_.u32(entry + v2_file_compressed_size);
    member.compression = member.v2_stored_size == 0 ? 0 : 2;
    return tree_.add_member(directory, *name, std::move(member));
  }

  WalkContext& context_;
  const Block& dir_;
  const Block& names_;
  DirectoryTree tree_;
};

}  // namespace

void read_v2_directory(WalkContext& context, ArchiveIndex& index) {
  const ByteView& file = context.file;
  // +28 is 0 or points at a block of trailing bytes that readers describe as Cavedog's
  // verification data (docs/format/hpi.md §5 leaves it undescribed): claimed, so it is not reported
  // as slack.
  const std::uint64_t verification = *file.u32le(v2_verification);
  if (verification >= v2_header_size && verification < file.size())
    index.extents.push_back({verification, file.size()});
  index.source = ArchiveSource(file, 0);
  ChunkReader reader(context, index.source);
  auto directory =
      load_block(context, index, reader, {"directory", v2_directory_offset, v2_directory_size});
  if (!directory || context.stopped()) return;
  auto names = load_block(context, index, reader, {"names", v2_names_offset, v2_names_size});
  if (!names || context.stopped()) return;
  index.directory_begin = *file.u32le(v2_directory_offset);
  index.directory_end = index.directory_begin + *file.u32le(v2_directory_size);
  V2Walk(context, index, *directory, *names).run();
}

}  // namespace gafcheck::hpi
