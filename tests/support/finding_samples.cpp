#include "tests/support/finding_samples.hpp"

#include <map>

#include "corpus/builder/hpi_builder.hpp"
#include "corpus/builder/recipe.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

const std::map<std::string, std::vector<std::string>> rle_rows = {
    {"bad", {"04 01 02", "0C 01 02 03 04 05 06", "0C 01 02 03 04"}},
    {"tail", {"0C 01 02 03 04", "04 01 02"}}};

builder::FrameSpec rle_frame(const std::string& id) {
  const std::vector<std::string>& rows = rle_rows.at(id);
  builder::FrameSpec frame{.id = id, .width = 4, .compressed = 1};
  frame.height = static_cast<std::uint16_t>(rows.size());
  frame.rle_rows.emplace();
  for (const std::string& row : rows) frame.rle_rows->push_back(builder::parse_hex_bytes(row));
  return frame;
}

builder::GafSpec defective_spec(std::uint16_t pad_width) {
  builder::GafSpec spec;
  spec.version = 0;
  spec.entries.push_back({.name = "PAD", .frames = {{"pad", 1, std::nullopt}}});
  spec.entries.push_back(
      {.name = "BAD", .frames = {{"bad", 1, std::nullopt}, {"tail", 1, std::nullopt}}});
  spec.frames.push_back({.id = "pad", .width = pad_width, .height = 4});
  spec.frames.push_back(rle_frame("bad"));
  spec.frames.push_back(rle_frame("tail"));
  return spec;
}

}  // namespace

std::vector<std::uint8_t> defective_gaf(std::uint16_t pad_width) {
  return builder::build_gaf(defective_spec(pad_width)).bytes;
}

std::uint64_t defective_row_offset(std::uint16_t pad_width, const std::string& frame, int row) {
  std::uint64_t at = builder::build_gaf(defective_spec(pad_width)).at("frame:" + frame + "/data");
  for (int i = 0; i < row; ++i) at += 2 + builder::parse_hex_bytes(rle_rows.at(frame)[i]).size();
  return at;
}

std::vector<std::uint8_t> clean_gaf() {
  return builder::build_gaf(simple_spec()).bytes;
}

std::vector<FileReport> check_mod_archive(std::uint16_t pad_width,
                                          const std::string& display_path) {
  builder::HpiSpec spec;
  const std::string text = "a readme\n";
  spec.files.push_back({"readme.txt", {text.begin(), text.end()}, builder::HpiMethod::stored});
  spec.files.push_back({"anims/bad.gaf", defective_gaf(pad_width), builder::HpiMethod::zlib});
  const std::vector<std::uint8_t> bytes = builder::build_hpi(spec).bytes;
  std::vector<FileReport> reports;
  check_bytes_with_members(ByteView(bytes.data(), bytes.size()), display_path, {},
                           [&reports](FileReport&& report) {
                             record_triggered(report);
                             reports.push_back(std::move(report));
                           });
  return reports;
}

}  // namespace gafcheck::testing

#include <fstream>
#include <sstream>

#include "tests/support/scratch_directory.hpp"

namespace gafcheck::testing {

std::string write_format(std::string_view format, const std::vector<std::string>& roots,
                         const std::vector<std::vector<FileReport>>& inputs, int exit_code,
                         Grouping grouping) {
  const auto path = fresh_test_directory("writer") / "report.out";
  FormatContext context;
  context.roots = roots;
  auto writer = make_format_writer(format, std::make_unique<ReportOutput>(path.string()), context);
  ReportHeader header;
  header.command = "check";
  header.command_line = "gafcheck check --format " + std::string(format);
  header.started_at = "2026-12-01T02:00:00Z";
  writer->header(header);
  for (const auto& reports : inputs) {
    std::vector<ReportItem> items;
    for (const FileReport& report : reports) items.push_back({.report = &report, .document = true});
    if (grouping == Grouping::per_input) {
      writer->write(writer->render(items));
    } else {
      for (const ReportItem& item : items) writer->write(writer->render({&item, 1}));
    }
  }
  writer->summary({}, {0.5, false, exit_code});
  writer->commit();
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove_all(path.parent_path());
  return text.str();
}

}  // namespace gafcheck::testing
