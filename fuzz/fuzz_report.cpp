// fuzz_report: gafcheck's reports, written and read back. The first byte says which.
//
// A control byte (below 0x20) writes: the rest of the input is checked by the whole pipeline as
// the file that byte names (its value modulo 6: a TA GAF, a TAK texture with every row listed, a
// TAF, a TSF, an archive with its members), or, for 5, turned field by field into a report with
// arbitrary text. The report's YAML document must be printable text and say
// what the report says (kind, format, verdict, path, every finding, every summary counter) when
// gafcheck's own reader reads it back behind a header (what `check` writes, `diff`, `merge` and
// `census --resume` read). This is the report oracle the parser targets once sampled; here it
// sees every report, with few findings listed since each costs a yaml-cpp parse.
//
// Any other first byte reads: the whole input is a report read back (diff, merge, census
// --resume, --baseline). Reading it must end in documents or a ReportError (exit 3), never
// another exception, and every document handed on is a header first, then kinds gafcheck writes.
// A file document or record that merge or --resume would carry is written again by gafcheck's
// writers: that text must be printable, read back and validate, and come out the same when
// written again.
// Small limits keep each run cheap; the bounds themselves are what is tested.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>

#include "fuzz/fuzz_support.hpp"
#include "reports/carried_document.hpp"
#include "reports/report_reader.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "reports/yaml_report.hpp"
#include "validator/check/check_input.hpp"

namespace gafcheck::fuzz {
namespace {

// A file in memory, readable by path, for ReportStream (which reads files).
class MemoryFile {
 public:
  explicit MemoryFile(std::string_view bytes) : fd_(memfd_create("fuzz-report", 0)) {
    require(fd_ >= 0, "memfd_create failed");
    require(bytes.empty() ||
                write(fd_, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size()),
            "writing the memfd failed");
  }
  ~MemoryFile() { close(fd_); }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

std::string written_again(const YAML::Node& node, const std::string& kind) {
  return kind == "file" ? reemitted_file_document(node)
                        : reemitted_record_document(parse_record(node));
}

// What merge and --resume would write for a carried document reads back as valid.
void require_carried_reads_back(const ReportDocument& document) {
  std::string text;
  try {
    text = written_again(document.node, document.kind);
  } catch (const std::runtime_error&) {
    return;  // refused (a rule this build does not know): exit 3 in merge and --resume
  }
  require_printable_report_text(text);
  try {
    const auto node = load_one_document(text, TreeLimits{});
    require(node.has_value(), [&] { return "a carried document reads back as none:\n" + text; });
    require(checked_document_kind(*node) == document.kind, "a carried document changed kind");
    check_document_fields(*node, document.kind);
    require(written_again(*node, document.kind) == text,
            [&] { return "a carried document is not written again alike:\n" + text; });
  } catch (const std::runtime_error& error) {
    require(false, [&] {
      return std::string("gafcheck refuses a carried document it wrote: ") + error.what() + "\n" +
             text;
    });
  }
}

void read_report(std::string_view bytes) {
  const MemoryFile file(bytes);
  ReportLimits limits;
  limits.total_bytes = 12 << 10;  // inputs are at most 16 KiB (fuzz_report.options)
  limits.document_bytes = 4 << 10;
  limits.line_bytes = 1 << 10;
  limits.nodes = 2000;
  try {
    ReportStream stream(file.path(), limits);
    std::uint64_t index = 0;
    while (auto document = stream.next()) {
      require(document->index == ++index, "documents are not numbered in order");
      require((index == 1) == (document->kind == "header"), "the header is not first");
      require(document->kind == "header" || document->kind == "file" ||
                  document->kind == "record" || document->kind == "summary",
              [&] { return "a document of unknown kind was handed on: " + document->kind; });
      if (document->kind == "file" || document->kind == "record")
        require_carried_reads_back(*document);
    }
  } catch (const ReportError&) {
  }
}

// Emits the report's file document and reads it back as `diff`, `merge` and `census --resume`
// read a report `check` wrote: gafcheck's reader (yaml_event_tree, then the schema check) must
// accept it, and it must say what the report says. One parse serves both.
void require_written_report_reads_back(const FileReport& report) {
  const std::string text = yaml_file_document(report);
  require_printable_report_text(text);
  try {
    const std::optional<YAML::Node> document = load_one_document(text, TreeLimits{});
    require(document.has_value(), [&] { return "the reader found no document in\n" + text; });
    const std::string kind = checked_document_kind(*document);
    require(kind == "file", [&] { return "the reader found a " + kind + " document"; });
    check_document_fields(*document, kind);
    require_document_says(report, *document, text);
  } catch (const YamlRefusal& refusal) {
    require(false, std::string("gafcheck's reader refuses what it wrote: ") + refusal.what() +
                       "\n" + text);
  } catch (const SchemaViolation& violation) {
    require(false, std::string("gafcheck's reader refuses what it wrote: ") + violation.what() +
                       "\n" + text);
  }
}

// Findings listed per report: every kind of text an input produces shows within the first few,
// and yaml-cpp's parse, not the check, is what each listed finding costs (~0.3 us per byte).
constexpr std::uint64_t listed_findings = 4;

CheckOptions writer_options(Game game, bool all_rows) {
  CheckOptions options = fuzz_check_options();
  options.game = game;
  options.all_rows = all_rows;
  options.limits[BudgetKind::findings] = listed_findings;
  return options;
}

void write_checked(ByteView bytes, const char* display_path, Game game, bool all_rows) {
  require_written_report_reads_back(
      check_bytes(bytes, display_path, writer_options(game, all_rows)));
}

// Directory entries walked per archive. Every member is listed in the archive's report, and a
// compressed v2 directory block lets a 270-byte input list 7,280 of them (1.4 s per run to write
// and read back under ASan); a few hundred show every form a member line takes.
constexpr std::uint64_t listed_archive_entries = 256;

// An archive's report and each member's.
void write_archive(ByteView bytes) {
  CheckOptions options = writer_options(Game::ta, false);
  options.limits[BudgetKind::archive_entries] = listed_archive_entries;
  check_bytes_with_members(bytes, "fuzz.ufo", options,
                           [](FileReport&& report) { require_written_report_reads_back(report); });
}

// Takes fields from the input front to back; a field past the end is empty or zero.
class FieldReader {
 public:
  explicit FieldReader(ByteView bytes) : bytes_(bytes) {}
  std::uint64_t number() {
    std::uint64_t value = 0;
    const std::size_t width = std::size_t{1} << (byte() & 3);  // 1, 2, 4 or 8 bytes
    for (std::size_t i = 0; i < width; ++i) value = value << 8 | byte();
    return value;
  }
  std::string text() {
    const std::size_t length = std::min<std::size_t>(byte(), bytes_.size() - at_);
    std::string text(length, '\0');
    bytes_.copy_to(at_, std::span(reinterpret_cast<std::uint8_t*>(text.data()), length));
    at_ += length;
    return text;
  }
  std::uint8_t byte() { return at_ < bytes_.size() ? *bytes_.u8(at_++) : 0; }
  bool done() const { return at_ >= bytes_.size(); }

 private:
  ByteView bytes_;
  std::size_t at_ = 0;
};

// A report whose path, member_of, finding paths and messages are arbitrary bytes: the escaping
// that the checks' composed messages reach only through the names they quote.
void write_synthetic(ByteView bytes) {
  FieldReader fields(bytes);
  FileReport report;
  report.path = fields.text();
  if (fields.byte() & 1) report.member_of = fields.text();
  report.size = fields.number();
  report.format = static_cast<Format>(fields.byte() % (static_cast<int>(Format::unreadable) + 1));
  while (!fields.done() && report.findings.size() < listed_findings) {
    Finding& finding = report.findings.emplace_back();
    const std::uint8_t rule_byte = fields.byte();
    finding.rule = static_cast<RuleId>(rule_byte % rule_count);
    finding.offset = fields.number();
    finding.length = fields.number();
    finding.path = fields.text();
    finding.message = fields.text();
    if (finding.message.empty()) finding.message = "-";  // every message gafcheck writes has text
    // The rule byte's high bit: suppressed by configuration, the message's bytes as justification
    // (raw bytes from a .gafcheck.yaml, escaped on output).
    if (rule_byte & 0x80) {
      finding.suppressed = true;
      finding.justification = finding.message;
    }
    ++report.rule_counts[static_cast<std::size_t>(finding.rule)];
  }
  finalize_verdict(report);
  require_written_report_reads_back(report);
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  if (size == 0 || data[0] >= 0x20) {
    fuzz::read_report(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
  }
  const ByteView rest(data + 1, size - 1);
  switch (data[0] % 6) {
    case 0: fuzz::write_checked(rest, "fuzz.gaf", Game::ta, false); break;
    case 1: fuzz::write_checked(rest, "textures/fuzz.gaf", Game::tak, true); break;
    case 2: fuzz::write_checked(rest, "fuzz.taf", Game::tak, false); break;
    case 3: fuzz::write_checked(rest, "fuzz.tsf", Game::tak, false); break;
    case 4: fuzz::write_archive(rest); break;
    default: fuzz::write_synthetic(rest); break;
  }
  return 0;
}
