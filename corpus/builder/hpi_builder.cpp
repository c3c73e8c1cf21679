#include "corpus/builder/hpi_builder.hpp"

#include <zlib.h>

#include <memory>
#include <stdexcept>

#include "validator/provenance/hpipack_lz77.hpp"
#include "validator/provenance/kbot_io_lz77.hpp"
#include "validator/rebuild/hpi_writer.hpp"

namespace gafcheck::builder {
namespace {

void put_u32(std::vector<std::uint8_t>& bytes, std::uint64_t at, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes.at(at + i) = static_cast<std::uint8_t>(value >> (8 * i));
}

void append(std::vector<std::uint8_t>& bytes, std::span<const std::uint8_t> more) {
  bytes.insert(bytes.end(), more.begin(), more.end());
}

void append_name(std::vector<std::uint8_t>& bytes, const std::string& name) {
  bytes.insert(bytes.end(), name.begin(), name.end());
  bytes.push_back(0);
}

BuiltFile build_v1(const HpiSpec& spec) {
  std::vector<rebuild::HpiLayoutFile> files;
  files.reserve(spec.files.size());
  for (const HpiFileSpec& file : spec.files)
    files.push_back({file.path, file.data, static_cast<std::uint8_t>(file.method)});
  rebuild::HpiLayoutOptions options;
  options.version = spec.version;
  options.header_key = spec.key;
  options.footer = spec.footer;
  BuiltFile out;
  out.bytes = rebuild::write_hpi_v1_layout(
      files, options,
      [&](std::size_t f, std::uint64_t, std::span<const std::uint8_t> piece) {
        return sqsh_chunk(piece, spec.files[f].method, spec.files[f].obfuscate_chunks,
                          spec.hpipack_lz77, spec.kbot_io_lz77);
      },
      [&](const std::string& label, std::uint64_t offset) { out.labels[label] = offset; });
  return out;
}

// v2 (§5): a directory entry's subdirectory array and file array, then each subdirectory's.
void place_v2_directory(const rebuild::HpiTree& tree, std::size_t node, std::uint64_t entry,
                        std::vector<std::uint8_t>& directory, std::vector<std::uint8_t>& names,
                        BuiltFile& out, std::vector<std::uint64_t>& file_entries) {
  std::vector<const rebuild::HpiTree::Child*> subdirs, files;
  for (const auto& child : tree.nodes[node].children)
    (child.directory ? subdirs : files).push_back(&child);
  const std::uint64_t first_subdir = directory.size();
  directory.resize(first_subdir + 20 * subdirs.size());
  const std::uint64_t first_file = directory.size();
  directory.resize(first_file + 24 * files.size());
  put_u32(directory, entry + 4, static_cast<std::uint32_t>(first_subdir));
  put_u32(directory, entry + 8, static_cast<std::uint32_t>(subdirs.size()));
  put_u32(directory, entry + 12, static_cast<std::uint32_t>(first_file));
  put_u32(directory, entry + 16, static_cast<std::uint32_t>(files.size()));
  for (std::size_t k = 0; k < files.size(); ++k) {
    const std::uint64_t at = first_file + 24 * k;
    out.labels["entry:" + files[k]->path] = at;
    out.labels["name:" + files[k]->path] = names.size();
    put_u32(directory, at, static_cast<std::uint32_t>(names.size()));
    append_name(names, files[k]->name);
    file_entries[files[k]->index] = at;
  }
  for (std::size_t k = 0; k < subdirs.size(); ++k) {
    const std::uint64_t at = first_subdir + 20 * k;
    out.labels["entry:" + subdirs[k]->path] = at;
    out.labels["dir:" + subdirs[k]->path] = at;
    out.labels["name:" + subdirs[k]->path] = names.size();
    put_u32(directory, at, static_cast<std::uint32_t>(names.size()));
    append_name(names, subdirs[k]->name);
    place_v2_directory(tree, subdirs[k]->index, at, directory, names, out, file_entries);
  }
}

BuiltFile build_v2(const HpiSpec& spec) {
  BuiltFile out;
  out.labels["header"] = 0;
  out.labels["root"] = 0;
  std::vector<std::string_view> paths;
  for (const HpiFileSpec& file : spec.files) paths.push_back(file.path);
  const rebuild::HpiTree tree(paths);
  std::vector<std::uint8_t> directory(20), names(1);  // the root entry; its empty name
  std::vector<std::uint64_t> file_entries(spec.files.size());
  place_v2_directory(tree, 0, 0, directory, names, out, file_entries);
  // Data follows the header; the blocks follow the data, so file entries can be completed first.
  out.bytes.resize(32);
  for (std::size_t f = 0; f < spec.files.size(); ++f) {
    const HpiFileSpec& file = spec.files[f];
    const std::uint64_t entry = file_entries[f];
    out.labels["data:" + file.path] = out.bytes.size();
    put_u32(directory, entry + 4, static_cast<std::uint32_t>(out.bytes.size()));
    put_u32(directory, entry + 8, static_cast<std::uint32_t>(file.data.size()));
    if (file.method == HpiMethod::stored) {
      append(out.bytes, file.data);
      continue;
    }
    const std::size_t piece =
        spec.v2_chunk_size == 0 ? std::max<std::size_t>(file.data.size(), 1) : spec.v2_chunk_size;
    const std::uint64_t first = out.bytes.size();
    for (std::size_t begin = 0, i = 0; begin < file.data.size() || i == 0; begin += piece, ++i) {
      const std::size_t length = std::min(piece, file.data.size() - begin);
      out.labels["chunk:" + file.path + "[" + std::to_string(i) + "]"] = out.bytes.size();
      append(out.bytes, sqsh_chunk(std::span(file.data).subspan(begin, length), file.method,
                                   file.obfuscate_chunks));
    }
    put_u32(directory, entry + 12, static_cast<std::uint32_t>(out.bytes.size() - first));
  }
  const auto write_block = [&](const std::vector<std::uint8_t>& block, const char* label,
                               std::uint64_t offset_field) {
    const auto stored = spec.compress_directory ? sqsh_chunk(block, HpiMethod::zlib, false) : block;
    out.labels[label] = out.bytes.size();
    put_u32(out.bytes, offset_field, static_cast<std::uint32_t>(out.bytes.size()));
    put_u32(out.bytes, offset_field + 4, static_cast<std::uint32_t>(stored.size()));
    append(out.bytes, stored);
  };
  put_u32(out.bytes, 0, 0x49504148);
  put_u32(out.bytes, 4, spec.version);
  put_u32(out.bytes, 24, 32);  // data start
  write_block(directory, "directory", 8);
  write_block(names, "names", 16);
  return out;
}

}  // namespace

BuiltFile build_hpi_plain(const HpiSpec& spec) {
  if (spec.version == 0x00020000) return build_v2(spec);
  return build_v1(spec);
}

void encrypt_hpi(BuiltFile& archive, std::uint32_t key) {
  const std::uint32_t k = key & 0xFF;
  const auto transformed = static_cast<std::uint8_t>(((k << 2) | (k >> 6)) & 0xFF);
  const auto footer = archive.labels.find("footer");
  const std::uint64_t end = footer == archive.labels.end() ? archive.bytes.size() : footer->second;
  for (std::uint64_t pos = 0x14; pos < end && pos < archive.bytes.size(); ++pos)
    archive.bytes[pos] ^= static_cast<std::uint8_t>((pos & 0xFF) ^ transformed);
}

BuiltFile build_hpi(const HpiSpec& spec) {
  BuiltFile archive = build_hpi_plain(spec);
  if (spec.key != 0) encrypt_hpi(archive, spec.key);
  return archive;
}

std::vector<std::uint8_t> sqsh_chunk(std::span<const std::uint8_t> data, HpiMethod method,
                                     bool obfuscate, bool hpipack_lz77, bool kbot_io_lz77) {
  std::vector<std::uint8_t> body;
  switch (method) {
    case HpiMethod::stored: body.assign(data.begin(), data.end()); break;
    case HpiMethod::lz77:
      body = hpipack_lz77   ? provenance::encode_chunk_as_hpipack(data)
             : kbot_io_lz77 ? provenance::encode_chunk_as_kbot_io(data)
                            : lz77_compress(data);
      break;
    case HpiMethod::zlib: body = zlib_compress(data); break;
  }
  if (obfuscate)
    for (std::size_t i = 0; i < body.size(); ++i)
      body[i] = static_cast<std::uint8_t>((body[i] ^ (i & 0xFF)) + (i & 0xFF));
  return rebuild::sqsh_chunk_from_body(body, static_cast<std::uint8_t>(method), obfuscate,
                                       data.size());
}

std::vector<std::uint8_t> lz77_compress(std::span<const std::uint8_t> data) {
  constexpr std::size_t max_distance = 4095, min_match = 3, max_match = 17, chain_limit = 32;
  std::vector<std::uint8_t> out;
  std::size_t tag = 0;
  unsigned flags_in_tag = 8;
  const auto flag = [&](bool reference) {
    if (flags_in_tag == 8) {
      tag = out.size();
      out.push_back(0);
      flags_in_tag = 0;
    }
    if (reference) out[tag] = static_cast<std::uint8_t>(out[tag] | (1u << flags_in_tag));
    ++flags_in_tag;
  };
  const std::size_t n = data.size();
  std::vector<std::int64_t> head(1 << 14, -1), previous(n, -1);
  const auto hash = [&](std::size_t at) {
    return ((data[at] << 6) ^ (data[at + 1] << 3) ^ data[at + 2]) & ((1 << 14) - 1);
  };
  const auto insert = [&](std::size_t at) {
    if (at + 2 >= n) return;
    previous[at] = head[hash(at)];
    head[hash(at)] = static_cast<std::int64_t>(at);
  };
  std::size_t k = 0;
  while (k < n) {
    std::size_t best_length = 0, best_from = 0;
    if (k + 2 < n) {
      std::size_t chain = 0;
      for (std::int64_t p = head[hash(k)]; p >= 0 && chain < chain_limit;
           p = previous[p], ++chain) {
        const auto from = static_cast<std::size_t>(p);
        if (k - from > max_distance) break;
        if (((from + 1) & 0xFFF) == 0) continue;  // window offset 0 would end the stream
        std::size_t length = 0;
        while (length < max_match && k + length < n && data[from + length] == data[k + length])
          ++length;
        if (length > best_length) {
          best_length = length;
          best_from = from;
        }
      }
    }
    if (best_length >= min_match) {
      flag(true);
      const auto word =
          static_cast<std::uint16_t>((((best_from + 1) & 0xFFF) << 4) | (best_length - 2));
      out.push_back(static_cast<std::uint8_t>(word));
      out.push_back(static_cast<std::uint8_t>(word >> 8));
      for (std::size_t i = 0; i < best_length; ++i) insert(k + i);
      k += best_length;
    } else {
      flag(false);
      out.push_back(data[k]);
      insert(k);
      ++k;
    }
  }
  flag(true);
  out.push_back(0);
  out.push_back(0);
  return out;
}

std::vector<std::uint8_t> zlib_compress(std::span<const std::uint8_t> data) {
  uLongf size = compressBound(static_cast<uLong>(data.size()));
  std::vector<std::uint8_t> out(size);
  if (compress2(out.data(), &size, data.data(), static_cast<uLong>(data.size()), 9) != Z_OK)
    throw std::runtime_error("zlib compress2 failed");
  out.resize(size);
  return out;
}

std::vector<std::uint8_t> sample_content(std::size_t size, std::uint32_t seed) {
  static const char* const words[] = {"armcom",  "corcom",  "anims",    "frame",
                                      "explode", "weapon",  "sequence", "unit",
                                      "texture", "palette", "the",      "of"};
  std::vector<std::uint8_t> out;
  out.reserve(size);
  std::uint32_t state = seed * 2654435761u + 1;
  while (out.size() < size) {
    state = state * 1664525u + 1013904223u;
    const char* word = words[(state >> 16) % 12];
    for (const char* c = word; *c && out.size() < size; ++c)
      out.push_back(static_cast<std::uint8_t>(*c));
    if (out.size() < size) out.push_back((state >> 8) % 7 == 0 ? '\n' : ' ');
    if ((state >> 24) % 5 == 0 && out.size() < size)
      out.push_back(static_cast<std::uint8_t>(state));
  }
  return out;
}

}  // namespace gafcheck::builder
