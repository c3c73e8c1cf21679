// v1 (TA) header fields and directory tree (docs/format/hpi.md §1-§3): the directory block,
// decrypted when the archive is, walked iteratively with an explicit stack.
#include <vector>

#include "validator/core/text.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/cipher.hpp"
#include "validator/hpi/directory_tree.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {
namespace {

// The directory block [start, end) as readers see it, or nullopt after a finding.
std::optional<Block> load_block(WalkContext& context, ArchiveIndex& index) {
  const ByteView& file = context.file;
  Findings& findings = context.findings;
  const std::uint64_t end_word = *file.u32le(v1_directory_end);
  const std::uint64_t start = *file.u32le(v1_directory_start);
  index.directory_begin = start;
  index.directory_end = end_word;
  if (start < v1_header_size) {
    findings.add(
        RuleId::hpi_directory_bounds, v1_directory_start, 4, "header/directory_start",
        [&] { return "directory starts at " + hex(start) + ", inside the 20-byte header"; });
    return std::nullopt;
  }
  if (end_word < start + directory_header_size) {
    findings.add(RuleId::hpi_directory_bounds, v1_directory_end, 4, "header/directory_size", [&] {
      return "directory block ends at " + hex(end_word) + ", before the end of the root " +
             "directory header at " + hex(start) + "+8 (a reader that takes the word " +
             "as a length reads " + std::to_string(end_word) + " bytes from " + hex(start) + ")";
    });
    return std::nullopt;
  }
  std::uint64_t end = end_word;
  if (end > file.size()) {
    findings.add(RuleId::hpi_directory_bounds, v1_directory_end, 4, "header/directory_size", [&] {
      return "directory block [" + hex(start) + ", " + hex(end_word) +
             ") runs past the end of the " + std::to_string(file.size()) +
             "-byte file; readers allocate and read " + std::to_string(end_word) + " bytes";
    });
    if (start + directory_header_size > file.size()) return std::nullopt;
    end = file.size();
  }
  const std::uint64_t length = end - start;
  if (!index.source.encrypted()) return Block(start, *file.sub(start, length));
  if (!context.charge_heap(length, 1, v1_directory_end, "directory")) return std::nullopt;
  std::vector<std::uint8_t> bytes(length);
  index.source.read(start, bytes);
  return Block(start, std::move(bytes));
}

void report_key(WalkContext& context, std::uint32_t key) {
  if (key <= 0xFF) return;
  const std::uint8_t low = xor_key(key);
  const std::uint8_t full = xor_key_full_word(key);
  context.findings.add(RuleId::hpi_key_high_bits, v1_key, 4, "header/key", [&] {
    return "key word " + hex(key, 8) + " is above 0xFF: readers using its low byte " +
           ((key & 0xFF) == 0 ? std::string("see an unencrypted archive")
                              : "XOR with " + hex(low, 2)) +
           ", readers using the whole word XOR with " + hex(full, 2) +
           "; gafcheck decrypts with the low byte";
  });
}

class V1Walk {
 public:
  V1Walk(WalkContext& context, ArchiveIndex& index, const Block& block)
      : context_(context), index_(index), block_(block), tree_(context, index) {}

  void run(std::uint64_t root) {
    if (!open(tree_.add_root(root), root, v1_directory_start)) return;
    tree_.walk(entry_size,
               [this](std::size_t directory, std::uint64_t entry, std::uint64_t entry_index) {
                 return visit_entry(directory, entry, entry_index);
               });
  }

 private:
  // Reads a directory header and pushes its entries; false when the walk must stop.
  bool open(std::size_t node, std::uint64_t offset, std::uint64_t field_offset) {
    const std::string& where = tree_.where(node);
    if (!block_.contains(offset, directory_header_size)) {
      context_.findings.add(RuleId::hpi_directory_bounds, field_offset, 4, where, [&] {
        return "directory header at " + hex(offset) + " lies outside the directory block [" +
               hex(block_.begin()) + ", " + hex(block_.end()) + ")";
      });
      return true;
    }
    index_.extents.push_back({offset, offset + directory_header_size});
    const std::uint64_t count = *block_.u32(offset);
    const std::uint64_t list = *block_.u32(offset + 4);
    std::uint64_t fitting = 0;
    if (list >= block_.begin() && list < block_.end())
      fitting = std::min(count, (block_.end() - list) / entry_size);
    if (fitting < count) {
      context_.findings.add(RuleId::hpi_directory_bounds, offset + 4, 4, where, [&] {
        return "entry list of " + std::to_string(count) + " entries at " + hex(list) + " needs " +
               std::to_string(count * entry_size) + " bytes; the directory block [" +
               hex(block_.begin()) + ", " + hex(block_.end()) + ") holds " +
               std::to_string(fitting) + " of them";
      });
    }
    if (!context_.charge(BudgetKind::archive_entries, fitting, offset, where)) return false;
    if (fitting > 0) index_.extents.push_back({list, list + fitting * entry_size});
    tree_.open(node, list, fitting);
    return true;
  }

  bool visit_entry(std::size_t directory, std::uint64_t entry, std::uint64_t entry_index) {
    const std::uint64_t name_offset = *block_.u32(entry + entry_name_offset);
    const std::uint64_t data_offset = *block_.u32(entry + entry_data_offset);
    const std::uint8_t flag = *block_.u8(entry + entry_flag);
    const auto name = tree_.read_name(block_, name_offset, entry, directory, entry_index);
    if (!name) return !context_.stopped();
    const std::string& component = name->component;
    if (block_.contains(name_offset, component.size() + 1))
      index_.extents.push_back({name_offset, name_offset + component.size() + 1});
    if (flag == flag_directory) {
      const auto child =
          tree_.add_subdirectory(directory, data_offset, entry + entry_data_offset, *name);
      if (context_.stopped()) return false;
      if (child) return open(*child, data_offset, entry + entry_data_offset);
      return true;
    }
    if (flag != flag_file) {
      context_.findings.add(RuleId::hpi_entry_flag, entry + entry_flag, 1,
                            tree_.child_where(directory, component), [&] {
                              return "directory entry flag is " + std::to_string(flag) +
                                     " (0 file, 1 directory): readers disagree; not followed";
                            });
      return true;
    }
    return add_file(directory, *name, entry, data_offset);
  }

  bool add_file(std::size_t directory, const DirectoryTree::EntryName& name, std::uint64_t entry,
                std::uint64_t record) {
    if (!block_.contains(record, file_record_size)) {
      context_.findings.add(RuleId::hpi_directory_bounds, entry + entry_data_offset, 4,
                            tree_.child_where(directory, name.component), [&] {
                              return "file record at " + hex(record) +
                                     " lies outside the directory " + "block [" +
                                     hex(block_.begin()) + ", " + hex(block_.end()) + ")";
                            });
      return true;
    }
    index_.extents.push_back({record, record + file_record_size});
    MemberRecord member;
    member.entry_offset = entry;
    member.data_offset = *block_.u32(record + record_data_offset);
    member.size = *block_.u32(record + record_size);
    member.compression = *block_.u8(record + record_compression);
    if (member.compression > static_cast<std::uint8_t>(Compression::zlib)) {
      context_.findings.add(RuleId::hpi_compression, record + record_compression, 1,
                            tree_.child_where(directory, name.component), [&] {
                              return "compression byte is " + std::to_string(member.compression) +
                                     " (0 stored, 1 LZ77, 2 zlib); the file is not decoded";
                            });
    }
    return tree_.add_member(directory, name, std::move(member));
  }

  WalkContext& context_;
  ArchiveIndex& index_;
  const Block& block_;
  DirectoryTree tree_;
};

}  // namespace

void read_v1_directory(WalkContext& context, ArchiveIndex& index) {
  const ByteView& file = context.file;
  index.header_key = *file.u32le(v1_key);
  report_key(context, index.header_key);
  index.source = ArchiveSource(file, xor_key(index.header_key));
  const auto block = load_block(context, index);
  if (!block) return;
  index.extents.push_back({block->begin(), block->end(), Extent::Role::directory_block});
  V1Walk(context, index, *block).run(block->begin());
}

}  // namespace gafcheck::hpi
