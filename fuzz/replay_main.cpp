// Runs a libFuzzer target without libFuzzer: each file named on the command line, and each file
// under each directory named (recursively, in sorted order), goes once through
// LLVMFuzzerTestOneInput. A target aborts on a violated invariant, so a crash or a nonzero exit
// is a failing input: the last "replay:" line before it names the file. Arguments starting with
// '-' (libFuzzer flags) are ignored, so scripts can pass the same flags to either build.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Optional in a target, as with libFuzzer.
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

namespace fs = std::filesystem;

// The files a path names, sorted; false when the path does not exist or cannot be listed.
bool collect(const fs::path& path, std::vector<fs::path>& files) {
  std::error_code error;
  if (fs::is_regular_file(path, error)) {
    files.push_back(path);
    return true;
  }
  if (!fs::is_directory(path, error)) return false;
  std::vector<fs::path> found;
  for (fs::recursive_directory_iterator it(path, error), end; !error && it != end;
       it.increment(error))
    if (it->is_regular_file(error)) found.push_back(it->path());
  if (error) return false;
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
  return true;
}

bool read_file(const fs::path& path, std::vector<std::uint8_t>& bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  std::vector<fs::path> files;
  int named = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument.starts_with("-")) continue;
    ++named;
    if (!collect(argument, files)) {
      std::fprintf(stderr, "replay: cannot read %s\n", argument.c_str());
      return 2;
    }
  }
  if (named == 0) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIR...  (runs the fuzz target once per file)\n",
                 argv[0]);
    return 2;
  }
  std::vector<std::uint8_t> bytes;
  for (const fs::path& file : files) {
    std::fprintf(stderr, "replay: %s\n", file.c_str());
    if (!read_file(file, bytes)) {
      std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
      return 2;
    }
    // A copy of exactly the input's size, so ASan sees any read past its end.
    const std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(input.data(), input.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return 0;
}
