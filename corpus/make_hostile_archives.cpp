// gafcheck-make-hostile-archives OUT_DIR [SCALE_PERCENT]: writes the archive multipliers
// (corpus/builder/hostile_archives.hpp) at full size, for
// bench/archive_multipliers.sh and for the crashers too large to commit
// (corpus/crashers/README.md). SCALE_PERCENT (default 100) shrinks entry counts and the large
// member, for a quick look.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "corpus/builder/hostile_archives.hpp"

namespace {

using namespace gafcheck::builder;

void write(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
  std::cout << path.filename().string() << ' ' << bytes.size() << '\n';
}

// A small GAF with distinct content per index (its entry name).
std::vector<std::uint8_t> small_gaf(std::uint32_t index) {
  GafSpec spec;
  EntrySpec entry;
  entry.name = "E" + std::to_string(index);
  entry.frames.push_back({"f", 1, std::nullopt});
  spec.entries.push_back(entry);
  FrameSpec frame;
  frame.id = "f";
  spec.frames.push_back(frame);
  return build_gaf(spec).bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: gafcheck-make-hostile-archives OUT_DIR [SCALE_PERCENT (default 100)]\n";
    return 2;
  }
  const std::uint64_t percent = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 100;
  const auto scaled = [percent](std::uint64_t full) {
    return static_cast<std::uint32_t>(std::max<std::uint64_t>(2, full * percent / 100));
  };
  try {
    const std::filesystem::path out = argv[1];
    std::filesystem::create_directories(out);
    // 1. 3,000 entries aimed at one ~40 KB GAF with 10,000 entry.alias findings.
    const auto aliased_gaf = aliased_slots_gaf(scaled(10001));
    write(out / "aliased-entries.ufo",
          aliased_entries_archive(aliased_gaf, scaled(3000), HpiMethod::stored, ".gaf").bytes);
    // 1c. 3,000 entries at that GAF's offset, each 4 bytes shorter: distinct data, overlapping.
    auto windows = aliased_entries_archive(aliased_gaf, scaled(3000), HpiMethod::stored, ".gaf");
    for (std::uint32_t i = 1; i < scaled(3000); ++i)
      windows.put_u32(windows.at("record:m" + std::to_string(i) + ".gaf") + 4,
                      static_cast<std::uint32_t>(aliased_gaf.size() - 4 * i));
    write(out / "overlapping-windows.ufo", windows.bytes);
    // 1d. As many entries as 1 MB holds (36,000) at one GAF's offset, each a byte shorter.
    const auto small_aliased = aliased_slots_gaf(scaled(3000));
    auto many = aliased_entries_archive(small_aliased, scaled(36000), HpiMethod::stored, ".gaf");
    for (std::uint32_t i = 1; i < scaled(36000); ++i)
      many.put_u32(many.at("record:m" + std::to_string(i) + ".gaf") + 4,
                   static_cast<std::uint32_t>(small_aliased.size() - i % 8000));
    write(out / "many-windows.ufo", many.bytes);
    // 1b. The same GAF stored 3,000 times at different offsets (zlib): same content.
    write(out / "same-content.ufo",
          same_content_archive(aliased_gaf, scaled(3000), HpiMethod::zlib, ".gaf").bytes);
    // 2. 300 entries aimed at one archive whose 300 entries are aimed at one GAF; and 3 levels.
    write(out / "nested-aliased.ufo", nested_aliased_archives(small_gaf(0), scaled(300), 2).bytes);
    write(out / "nested-aliased-3.ufo",
          nested_aliased_archives(small_gaf(0), scaled(300), 3).bytes);
    // 2b. 3,000 distinct GAFs, each with findings: per-archive findings and member budgets.
    HpiSpec distinct;
    for (std::uint32_t i = 0; i < scaled(3000); ++i)
      distinct.files.push_back(
          {"m" + std::to_string(i) + ".gaf", aliased_slots_gaf(20 + i), HpiMethod::zlib});
    write(out / "distinct-members.ufo", build_hpi(distinct).bytes);
    // 3. 4 entries sharing one 255 MiB zlib member: a GAF header, then zeros.
    write(out / "shared-zlib-member.ufo",
          aliased_entries_archive(gaf_header_then_zeros((255ull << 20) * percent / 100), 4,
                                  HpiMethod::zlib, ".gaf")
              .bytes);
    // 3b. The same 255 MiB content twice, at two offsets.
    write(out / "same-zlib-content.ufo",
          same_content_archive(gaf_header_then_zeros((255ull << 20) * percent / 100), 2,
                               HpiMethod::zlib, ".gaf")
              .bytes);
    // 5. What rebuild multiplied: 300 entries aimed at one zlib GAF with 10,000 entry.alias
    // findings (a refused member shared by every entry); 100 entries sharing one 4 MiB member
    // it copies; 70 entries aimed at one archive whose 70 entries are aimed at one GAF.
    write(out / "refused-shared-member.ufo",
          aliased_entries_archive(aliased_slots_gaf(scaled(10001)), scaled(300), HpiMethod::zlib,
                                  ".gaf")
              .bytes);
    write(out / "shared-4mib-member.ufo",
          aliased_entries_archive(std::vector<std::uint8_t>((4ull << 20) * percent / 100, 0x5A),
                                  scaled(100), HpiMethod::zlib, ".dat")
              .bytes);
    write(out / "nested-shared-70.ufo", nested_aliased_archives(small_gaf(0), scaled(70), 2).bytes);
    // 4. Two 255 MiB zlib members that are not checked (zeros named .bin): validated as they
    // stream through, never held.
    write(out / "zlib-bomb-unchecked.ufo",
          same_content_archive(std::vector<std::uint8_t>((255ull << 20) * percent / 100, 0), 2,
                               HpiMethod::zlib, ".bin")
              .bytes);
  } catch (const std::exception& error) {
    std::cerr << "gafcheck-make-hostile-archives: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
