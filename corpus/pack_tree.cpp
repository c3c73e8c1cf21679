// gafcheck-pack-tree SOURCE_DIR OUT_DIR: packs a tree (gafcheck-make-tree's) into HPI archives
// for bench/census.sh, one .ufo per directory two levels down (anims/set06 -> anims-set06.ufo)
// and one for the files directly under the first level, every file a zlib member (v1, not
// XOR-encrypted, level 9 as the builder writes). Prints "ARCHIVES MEMBERS MEMBER_BYTES".
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "corpus/builder/hpi_builder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace gafcheck::builder;

std::vector<std::uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error("cannot read " + path.string());
  return bytes;
}

// anims/set06/x.gaf -> "anims-set06"; anims/x.gaf -> "anims"; x.gaf -> "root".
std::string archive_of(const fs::path& relative) {
  std::vector<std::string> parts;
  for (const auto& part : relative.parent_path()) parts.push_back(part.string());
  if (parts.empty()) return "root";
  return parts.size() == 1 ? parts[0] : parts[0] + "-" + parts[1];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gafcheck-pack-tree SOURCE_DIR OUT_DIR\n";
    return 2;
  }
  try {
    const fs::path source = argv[1], out = argv[2];
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(source))
      if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), source));
    std::sort(files.begin(), files.end());
    std::map<std::string, HpiSpec> archives;
    std::uint64_t member_bytes = 0;
    for (const auto& file : files) {
      auto data = read_file(source / file);
      member_bytes += data.size();
      archives[archive_of(file)].files.push_back(
          {file.generic_string(), std::move(data), HpiMethod::zlib});
    }
    fs::create_directories(out);
    for (const auto& [name, spec] : archives) {
      const auto archive = build_hpi(spec);
      std::ofstream stream(out / (name + ".ufo"), std::ios::binary);
      stream.write(reinterpret_cast<const char*>(archive.bytes.data()),
                   static_cast<std::streamsize>(archive.bytes.size()));
      if (!stream) throw std::runtime_error("cannot write " + (out / name).string());
    }
    std::cout << archives.size() << ' ' << files.size() << ' ' << member_bytes << '\n';
  } catch (const std::exception& error) {
    std::cerr << "gafcheck-pack-tree: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
