#include "corpus/builder/hostile_archives.hpp"

#include <algorithm>

namespace gafcheck::builder {
namespace {

std::string member_name(std::uint32_t index, const std::string& extension) {
  return "m" + std::to_string(index) + extension;
}

}  // namespace

std::vector<std::uint8_t> aliased_slots_gaf(std::uint32_t slots) {
  GafSpec spec;
  EntrySpec entry;
  entry.name = "ALIASED";
  entry.frames.push_back({"f", 1, std::nullopt});
  spec.entries.push_back(entry);
  FrameSpec frame;
  frame.id = "f";
  spec.frames.push_back(frame);
  spec.slots = std::vector<std::uint32_t>(slots, 0);
  return build_gaf(spec).bytes;
}

std::vector<std::uint8_t> gaf_header_then_zeros(std::size_t size) {
  std::vector<std::uint8_t> bytes(std::max<std::size_t>(size, 12), 0);
  const std::uint32_t words[] = {0x00010100, 1, 0};
  for (std::size_t i = 0; i < 12; ++i)
    bytes[i] = static_cast<std::uint8_t>(words[i / 4] >> (8 * (i % 4)));
  return bytes;
}

BuiltFile aliased_entries_archive(const std::vector<std::uint8_t>& data, std::uint32_t entries,
                                  HpiMethod method, const std::string& extension) {
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < entries; ++i) names.push_back(member_name(i, extension));
  return aliased_entries_archive(data, names, method);
}

BuiltFile aliased_entries_archive(const std::vector<std::uint8_t>& data,
                                  const std::vector<std::string>& names, HpiMethod method) {
  HpiSpec spec;
  spec.files.push_back({names.at(0), data, method});
  for (std::size_t i = 1; i < names.size(); ++i)
    spec.files.push_back({names[i], {}, HpiMethod::stored});
  BuiltFile archive = build_hpi_plain(spec);
  // Every later file record {data_offset, size, compression} becomes a copy of the first's.
  const std::uint64_t first = archive.at("record:" + names[0]);
  for (std::size_t i = 1; i < names.size(); ++i) {
    const std::uint64_t record = archive.at("record:" + names[i]);
    std::copy_n(archive.bytes.begin() + static_cast<std::ptrdiff_t>(first), 9,
                archive.bytes.begin() + static_cast<std::ptrdiff_t>(record));
  }
  return archive;
}

BuiltFile same_content_archive(const std::vector<std::uint8_t>& data, std::uint32_t entries,
                               HpiMethod method, const std::string& extension) {
  HpiSpec spec;
  for (std::uint32_t i = 0; i < entries; ++i)
    spec.files.push_back({member_name(i, extension), data, method});
  return build_hpi_plain(spec);
}

BuiltFile nested_aliased_archives(const std::vector<std::uint8_t>& gaf, std::uint32_t entries,
                                  std::uint32_t levels) {
  BuiltFile archive = aliased_entries_archive(gaf, entries, HpiMethod::zlib, ".gaf");
  for (std::uint32_t level = 1; level < levels; ++level)
    archive = aliased_entries_archive(archive.bytes, entries, HpiMethod::zlib, ".ufo");
  return archive;
}

}  // namespace gafcheck::builder
