// The writer every file report carries: check names an archive's packer and each member's own
// writer as gafcheck identify does, and the YAML and JSON file documents and records write it and
// read it back; a report without it (an older gafcheck's) still loads.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

#include "reports/carried_document.hpp"
#include "reports/json_documents.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/provenance/identify.hpp"

namespace gafcheck::testing {
namespace {

constexpr std::string_view writer_test_trailer =
    "HPIPack by Joe D (joed@cws.org) FNORD Total Annihilation Copyright 1997 Cavedog "
    "Entertainment";

ByteView writer_test_view(const std::vector<std::uint8_t>& bytes) {
  return ByteView(bytes.data(), bytes.size());
}

// HPIPack's habits (key 0x7D, LZ77, obfuscated chunks, its trailer) around a GAF member.
std::vector<std::uint8_t> writer_test_hpipack_archive(const std::vector<std::uint8_t>& gaf) {
  builder::HpiSpec spec;
  spec.key = 0x7D;
  spec.footer = false;
  spec.files.push_back({"anims/armcom.gaf", gaf, builder::HpiMethod::lz77, true});
  auto bytes = builder::build_hpi(spec).bytes;
  bytes.insert(bytes.end(), writer_test_trailer.begin(), writer_test_trailer.end());
  return bytes;
}

YAML::Node writer_document_read_back(const std::string& text) {
  auto node = load_one_document(text, {});
  if (!node) throw std::runtime_error("no document");
  check_document_fields(*node, checked_document_kind(*node));
  return *node;
}

FileReport report_with_a_writer() {
  FileReport report = check(gaf_bytes({"ARMCOM"}), {}, "a.gaf");
  report.writer = WriterIdentity{"HPIPack (HPIUtil.dll)",
                                 "1997-1999",
                                 "certain",
                                 {"hpi.trailer = \"quoted\" \\ text", "hpi.chunk-encrypted = 1"}};
  return report;
}

TEST(WriterReport, ArchiveNamesItsPackerAndAMemberItsOwnWriter) {
  const auto gaf = gaf_bytes({"ARMCOM", "ARMCOM2"});
  const auto archive = writer_test_hpipack_archive(gaf);
  const std::vector<FileReport> reports = check_hpi_input(archive);
  ASSERT_EQ(reports.size(), 2u);
  ASSERT_TRUE(reports[0].writer);
  EXPECT_EQ(reports[0].writer->tool, "HPIPack (HPIUtil.dll)");
  EXPECT_EQ(reports[0].writer->confidence, "certain");
  EXPECT_EQ(*reports[0].writer, provenance::identify_writer(writer_test_view(archive)));
  ASSERT_TRUE(reports[1].writer);
  EXPECT_TRUE(reports[1].member_of);
  EXPECT_EQ(*reports[1].writer, provenance::identify_writer(writer_test_view(gaf)));
}

// The GAF structure check read is matched as it is: the same answer as identify reading again.
TEST(WriterReport, GafWriterFromTheCheckedStructureIsIdentifysAnswer) {
  const auto gaf = gaf_bytes({"ARMCOM"});
  const FileReport report = check(gaf, {}, "armcom.gaf");
  ASSERT_TRUE(report.writer);
  EXPECT_EQ(*report.writer, provenance::identify_writer(writer_test_view(gaf)));
  EXPECT_FALSE(report.writer->basis.empty());
}

TEST(WriterReport, BytesNoSignatureCoversAreUnknownWithWhatWasSeen) {
  const std::string text = "not a sprite";
  const FileReport report =
      check(std::vector<std::uint8_t>(text.begin(), text.end()), {}, "notes.gaf");
  ASSERT_TRUE(report.writer);
  EXPECT_EQ(report.writer->tool, "unknown");
  EXPECT_EQ(report.writer->confidence, "none");
  EXPECT_FALSE(report.writer->basis.empty());
}

TEST(WriterReport, UnreadFileHasNoWriter) {
  EXPECT_FALSE(unreadable_report("gone.gaf", "cannot open").writer);
}

TEST(WriterReport, YamlFileDocumentReadsBackTheWriter) {
  const FileReport report = report_with_a_writer();
  const std::string text = yaml_file_document(report);
  EXPECT_NE(text.find("writer:"), std::string::npos);
  const ParsedFileDocument parsed = parse_file_document(writer_document_read_back(text));
  EXPECT_EQ(parsed.report.writer, report.writer);
  EXPECT_EQ(reemitted_file_document(writer_document_read_back(text)), text);
}

TEST(WriterReport, JsonFileDocumentReadsBackTheWriter) {
  const FileReport report = report_with_a_writer();
  const std::string line = json_file_line(report, 0);
  EXPECT_NE(line.find("\"writer\":{\"tool\":\"HPIPack (HPIUtil.dll)\""), std::string::npos);
  EXPECT_EQ(parse_file_document(writer_document_read_back(line)).report.writer, report.writer);
}

TEST(WriterReport, RecordsInYamlAndJsonReadBackTheWriter) {
  const FileReport report = report_with_a_writer();
  const std::string yaml = yaml_record_document(report, {});
  EXPECT_EQ(parse_record(writer_document_read_back(yaml)).report.writer, report.writer);
  EXPECT_EQ(reemitted_record_document(parse_record(writer_document_read_back(yaml))), yaml);
  const std::string json = json_record_line(report, {});
  EXPECT_EQ(parse_record(writer_document_read_back(json)).report.writer, report.writer);
}

TEST(WriterReport, DocumentsWithoutAWriterStillLoad) {
  FileReport report = report_with_a_writer();
  report.writer.reset();
  const std::string text = yaml_file_document(report);
  EXPECT_EQ(text.find("writer"), std::string::npos);
  EXPECT_FALSE(parse_file_document(writer_document_read_back(text)).report.writer);
  EXPECT_FALSE(
      parse_record(writer_document_read_back(yaml_record_document(report, {}))).report.writer);
}

TEST(WriterReport, WriterWithAFieldGafcheckDoesNotWriteIsRefused) {
  const std::string text = yaml_file_document(report_with_a_writer());
  std::string damaged = text;
  damaged.replace(damaged.find("confidence: certain"), 19, "confidence: sure");
  EXPECT_THROW(writer_document_read_back(damaged), SchemaViolation);
}

}  // namespace
}  // namespace gafcheck::testing
