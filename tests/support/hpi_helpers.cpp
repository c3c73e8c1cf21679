#include "tests/support/hpi_helpers.hpp"

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace gafcheck::testing {

std::vector<std::uint8_t> gaf_bytes(const std::vector<std::string>& entry_names) {
  builder::GafSpec spec;
  for (const std::string& name : entry_names) {
    const std::string id = "f" + std::to_string(spec.frames.size());
    builder::EntrySpec entry;
    entry.name = name;
    entry.frames.push_back({id, 1, std::nullopt});
    spec.entries.push_back(entry);
    builder::FrameSpec frame;
    frame.id = id;
    spec.frames.push_back(frame);
  }
  return builder::build_gaf(spec).bytes;
}

builder::HpiSpec tidy_hpi() {
  builder::HpiSpec spec;
  spec.files.push_back({"anims/armcom.gaf", gaf_bytes({"ARMCOM"}), builder::HpiMethod::zlib});
  const std::string text = "a readme\n";
  spec.files.push_back({"readme.txt", {text.begin(), text.end()}, builder::HpiMethod::stored});
  spec.files.push_back(
      {"scripts/big.txt", builder::sample_content(140000, 7), builder::HpiMethod::lz77});
  return spec;
}

FileReport check_hpi(const std::vector<std::uint8_t>& bytes, const CheckOptions& options) {
  return check(bytes, options, "test.hpi");
}

FileReport check_hpi(const builder::HpiSpec& spec, const CheckOptions& options) {
  return check_hpi(builder::build_hpi(spec).bytes, options);
}

std::vector<FileReport> check_hpi_input(const std::vector<std::uint8_t>& bytes,
                                        const CheckOptions& options, const std::string& name) {
  const auto directory =
      std::filesystem::temp_directory_path() / ("gafcheck-hpi-" + std::to_string(::getpid()));
  std::filesystem::create_directories(directory);
  const auto path = directory / name;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  std::vector<FileReport> reports;
  check_input(path, options, [&reports](FileReport&& report) {
    record_triggered(report);
    reports.push_back(std::move(report));
  });
  std::filesystem::remove_all(directory);
  return reports;
}

}  // namespace gafcheck::testing
