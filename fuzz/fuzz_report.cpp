// fuzz_report: report files read back (diff, merge, census --resume, --baseline). The input is a
// report; reading it must end in documents or a ReportError (exit 3), never another exception, and
// every document handed on is a header first, then kinds gafcheck writes. A file document or
// record that merge or --resume would carry is written again by gafcheck's writers: that text must
// be printable, read back and validate, and come out the same when written again. Small limits
// keep each run cheap; the bounds themselves are what is tested.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "reports/carried_document.hpp"
#include "reports/report_reader.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "validator/core/text.hpp"

namespace {

using namespace gafcheck;

std::string written_again(const YAML::Node& node, const std::string& kind) {
  return kind == "file" ? reemitted_file_document(node)
                        : reemitted_record_document(parse_record(node));
}

// What merge and --resume would write for a carried document reads back as valid.
void check_carried(const ReportDocument& document) {
  std::string text;
  try {
    text = written_again(document.node, document.kind);
  } catch (const std::runtime_error&) {
    return;  // refused (a rule this build does not know): exit 3 in merge and --resume
  }
  if (!printable_report_text(text)) std::abort();
  try {
    const auto node = load_one_document(text, {});
    if (!node || checked_document_kind(*node) != document.kind) std::abort();
    check_document_fields(*node, document.kind);
    if (written_again(*node, document.kind) != text) std::abort();
  } catch (const std::runtime_error&) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const int fd = memfd_create("fuzz-report", 0);
  if (fd < 0) std::abort();
  if (size != 0 && write(fd, data, size) != static_cast<ssize_t>(size)) std::abort();
  ReportLimits limits;
  limits.total_bytes = 1 << 20;
  limits.document_bytes = 64 << 10;
  limits.line_bytes = 16 << 10;
  limits.nodes = 20000;
  try {
    ReportStream stream("/proc/self/fd/" + std::to_string(fd), limits);
    std::uint64_t index = 0;
    while (auto document = stream.next()) {
      if (document->index != ++index) std::abort();
      if ((index == 1) != (document->kind == "header")) std::abort();
      if (document->kind != "header" && document->kind != "file" && document->kind != "record" &&
          document->kind != "summary")
        std::abort();
      if (document->kind == "file" || document->kind == "record") check_carried(*document);
    }
  } catch (const ReportError&) {
  }
  close(fd);
  return 0;
}
