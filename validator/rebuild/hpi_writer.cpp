#include "validator/rebuild/hpi_writer.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>
#include <map>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::rebuild {
namespace {

void append_u32(std::vector<std::uint8_t>& bytes, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8)
    bytes.push_back(static_cast<std::uint8_t>(value >> shift));
}

void put_u32(std::vector<std::uint8_t>& bytes, std::uint64_t at, std::uint64_t value) {
  for (int i = 0; i < 4; ++i) bytes.at(at + i) = static_cast<std::uint8_t>(value >> (8 * i));
}

void append(std::vector<std::uint8_t>& bytes, std::span<const std::uint8_t> more) {
  bytes.insert(bytes.end(), more.begin(), more.end());
}

// Byte order of two names with A-Z folded: <0, 0 or >0.
int compare_folded(std::string_view a, std::string_view b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    const auto x = static_cast<unsigned char>(ascii_lower(a[i]));
    const auto y = static_cast<unsigned char>(ascii_lower(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

class LayoutWriter {
 public:
  LayoutWriter(const std::vector<HpiLayoutFile>& files, const ChunkEncoder& encode_chunk,
               const LayoutLabels& labels)
      : files_(files),
        encode_chunk_(encode_chunk),
        labels_(labels),
        records_(files.size()),
        data_offsets_(files.size()) {}

  std::vector<std::uint8_t> write(const HpiLayoutOptions& options) {
    label("header", 0);
    append_u32(bytes_, hpi_marker);
    append_u32(bytes_, options.version);
    append_u32(bytes_, 0);  // the directory block's end offset, below
    append_u32(bytes_, options.header_key);
    append_u32(bytes_, 0x14);  // the directory starts right after the header
    std::vector<std::string_view> paths;
    paths.reserve(files_.size());
    for (const HpiLayoutFile& file : files_) paths.push_back(file.path);
    const HpiTree tree(paths);
    write_directory(tree, 0);
    label("directory_end", bytes_.size());
    put_u32(bytes_, 8, bytes_.size());
    for (std::size_t f = 0; f < files_.size(); ++f) write_data(f);
    if (options.footer) {
      label("footer", bytes_.size());
      bytes_.insert(bytes_.end(), hpi_footer_text.begin(), hpi_footer_text.end());
    }
    return std::move(bytes_);
  }

 private:
  void label(const std::string& name, std::uint64_t offset) const {
    if (labels_) labels_(name, offset);
  }

  std::uint64_t write_directory(const HpiTree& tree, std::size_t node) {
    const std::uint64_t header = bytes_.size();
    const auto& children = tree.nodes[node].children;
    label(node == 0 ? "root" : "dir:" + tree.nodes[node].path, header);
    append_u32(bytes_, static_cast<std::uint32_t>(children.size()));
    append_u32(bytes_, static_cast<std::uint32_t>(header + 8));
    const std::uint64_t list = bytes_.size();
    bytes_.resize(list + 9 * children.size());
    for (std::size_t k = 0; k < children.size(); ++k) {
      const HpiTree::Child& child = children[k];
      const std::uint64_t entry = list + 9 * k;
      label("entry:" + child.path, entry);
      label("name:" + child.path, bytes_.size());
      put_u32(bytes_, entry, bytes_.size());
      bytes_.insert(bytes_.end(), child.name.begin(), child.name.end());
      bytes_.push_back(0);
      if (child.directory) {
        const std::uint64_t sub = write_directory(tree, child.index);
        put_u32(bytes_, entry + 4, sub);
        bytes_[entry + 8] = 1;
      } else {
        const std::uint64_t record = bytes_.size();
        label("record:" + child.path, record);
        bytes_.resize(record + 9);
        put_u32(bytes_, entry + 4, record);
        records_[child.index] = record;
      }
    }
    return header;
  }

  void write_data(std::size_t f) {
    const HpiLayoutFile& file = files_[f];
    const std::string path(file.path);
    const std::uint64_t data = bytes_.size();
    const std::uint64_t record = records_[f];
    if (file.same_data_as < f) {
      const HpiLayoutFile& owner = files_[file.same_data_as];
      put_u32(bytes_, record, data_offsets_[file.same_data_as]);
      put_u32(bytes_, record + 4, owner.decoded_size.value_or(owner.data.size()));
      bytes_[record + 8] = owner.compression;
      return;
    }
    label("data:" + path, data);
    data_offsets_[f] = data;
    put_u32(bytes_, record, data);
    put_u32(bytes_, record + 4, file.decoded_size.value_or(file.data.size()));
    bytes_[record + 8] = file.compression;
    if (file.decoded_size || file.compression == 0) {
      append(bytes_, file.data);
      return;
    }
    const std::uint64_t chunks = (file.data.size() + hpi_chunk_capacity - 1) / hpi_chunk_capacity;
    bytes_.resize(data + 4 * chunks);
    for (std::uint64_t i = 0; i < chunks; ++i) {
      const std::uint64_t begin = i * hpi_chunk_capacity;
      const std::uint64_t length = std::min(hpi_chunk_capacity, file.data.size() - begin);
      const auto chunk = encode_chunk_(f, i, file.data.subspan(begin, length));
      label("chunk:" + path + "[" + std::to_string(i) + "]", bytes_.size());
      put_u32(bytes_, data + 4 * i, chunk.size());
      append(bytes_, chunk);
    }
  }

  const std::vector<HpiLayoutFile>& files_;
  const ChunkEncoder& encode_chunk_;
  const LayoutLabels& labels_;
  std::vector<std::uint64_t> records_;
  std::vector<std::uint64_t> data_offsets_;
  std::vector<std::uint8_t> bytes_;
};

// The components of a path, joined back by '/'.
std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t slash; (slash = path.find('/', start)) != std::string_view::npos;
       start = slash + 1)
    parts.push_back(path.substr(start, slash - start));
  parts.push_back(path.substr(start));
  return parts;
}

// Rewrites every member's directory components to the spelling of the first member (in
// canonical order) that names that directory, so directories equal under folding become one.
void unify_directory_spelling(std::vector<CanonicalMember>& members) {
  std::map<std::string, std::string> spelled;  // folded directory path -> its spelling
  for (CanonicalMember& member : members) {
    const auto parts = split(member.path);
    std::string key, spelling;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
      key += (i == 0 ? "" : "/") + ascii_lowercase(parts[i]);
      const std::string own =
          spelling.empty() ? std::string(parts[i]) : spelling + "/" + std::string(parts[i]);
      spelling = spelled.emplace(key, own).first->second;
    }
    if (parts.size() > 1) member.path = spelling + "/" + std::string(parts.back());
  }
}

}  // namespace

HpiTree::HpiTree(const std::vector<std::string_view>& file_paths) {
  for (std::size_t f = 0; f < file_paths.size(); ++f) {
    const std::string_view path = file_paths[f];
    std::size_t node = 0, start = 0;
    for (std::size_t slash; (slash = path.find('/', start)) != std::string_view::npos;
         start = slash + 1)
      node = subdirectory(node, path.substr(start, slash - start), path.substr(0, slash));
    nodes[node].children.push_back({std::string(path.substr(start)), std::string(path), false, f});
  }
}

std::size_t HpiTree::subdirectory(std::size_t parent, std::string_view name,
                                  std::string_view path) {
  for (const Child& child : nodes[parent].children)
    if (child.directory && child.name == name) return child.index;
  nodes.push_back({std::string(name), std::string(path), {}});
  nodes[parent].children.push_back({std::string(name), std::string(path), true, nodes.size() - 1});
  return nodes.size() - 1;
}

std::vector<std::uint8_t> write_hpi_v1_layout(const std::vector<HpiLayoutFile>& files,
                                              const HpiLayoutOptions& options,
                                              const ChunkEncoder& encode_chunk,
                                              const LayoutLabels& labels) {
  return LayoutWriter(files, encode_chunk, labels).write(options);
}

std::vector<std::uint8_t> sqsh_chunk_from_body(std::span<const std::uint8_t> body,
                                               std::uint8_t method, bool encrypted,
                                               std::uint64_t decompressed_size) {
  std::uint32_t checksum = 0;
  for (const std::uint8_t byte : body) checksum += byte;
  std::vector<std::uint8_t> chunk;
  chunk.reserve(19 + body.size());
  append_u32(chunk, sqsh_marker);
  chunk.push_back(2);  // version, 2 in every sample
  chunk.push_back(method);
  chunk.push_back(encrypted ? 1 : 0);
  append_u32(chunk, static_cast<std::uint32_t>(body.size()));
  append_u32(chunk, static_cast<std::uint32_t>(decompressed_size));
  append_u32(chunk, checksum);
  append(chunk, body);
  return chunk;
}

std::vector<std::uint8_t> zlib_sqsh_chunk(std::span<const std::uint8_t> piece) {
  uLongf size = compressBound(static_cast<uLong>(piece.size()));
  std::vector<std::uint8_t> body(size);
  if (compress2(body.data(), &size, piece.data(), static_cast<uLong>(piece.size()), 9) != Z_OK)
    throw InternalError("zlib compress2 failed");
  body.resize(size);
  return sqsh_chunk_from_body(body, 2, false, piece.size());
}

bool canonical_member_order(std::string_view a, std::string_view b) {
  const auto left = split(a), right = split(b);
  const std::size_t common = std::min(left.size(), right.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (const int order = compare_folded(left[i], right[i]); order != 0) return order < 0;
  }
  if (left.size() != right.size()) return left.size() < right.size();
  return a < b;
}

StoredMember store_canonical_member(std::span<const std::uint8_t> bytes) {
  StoredMember member;
  member.size = bytes.size();
  const std::uint64_t chunks = (bytes.size() + hpi_chunk_capacity - 1) / hpi_chunk_capacity;
  member.stored.resize(4 * chunks);
  for (std::uint64_t i = 0; i < chunks; ++i) {
    const std::uint64_t begin = i * hpi_chunk_capacity;
    const std::uint64_t length = std::min(hpi_chunk_capacity, bytes.size() - begin);
    const auto chunk = zlib_sqsh_chunk(bytes.subspan(begin, length));
    put_u32(member.stored, 4 * i, chunk.size());
    append(member.stored, chunk);
  }
  member.stored.shrink_to_fit();
  return member;
}

Result<std::vector<std::uint8_t>> write_canonical_hpi(std::vector<CanonicalMember> members) {
  constexpr std::uint64_t offset_limit = std::numeric_limits<std::uint32_t>::max();
  const Problem too_large{ExitCode::findings,
                          "the archive would be larger than HPI's 32-bit offsets can address"};
  for (const CanonicalMember& member : members)
    if (member.data->size > offset_limit)
      return Problem{ExitCode::findings,
                     "member '" + member.path + "' is larger than an HPI size field can hold"};
  std::sort(members.begin(), members.end(),
            [](const auto& a, const auto& b) { return canonical_member_order(a.path, b.path); });
  unify_directory_spelling(members);
  std::vector<HpiLayoutFile> files;
  files.reserve(members.size());
  std::map<const StoredMember*, std::size_t> first_holder;
  std::uint64_t stored_total = 0;
  for (const CanonicalMember& member : members) {
    HpiLayoutFile file{member.path, member.data->stored, 2, member.data->size};
    const auto [first, fresh] = first_holder.emplace(member.data.get(), files.size());
    if (fresh)
      stored_total += member.data->stored.size();
    else
      file.same_data_as = first->second;
    files.push_back(file);
  }
  if (stored_total > offset_limit) return too_large;
  auto bytes = write_hpi_v1_layout(files, HpiLayoutOptions{}, {});
  if (bytes.size() > offset_limit) return too_large;
  return bytes;
}

}  // namespace gafcheck::rebuild
