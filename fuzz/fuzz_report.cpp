// fuzz_report: report files read back (diff, merge, census --resume, --baseline). The input is a
// report; reading it must end in documents or a ReportError (exit 3), never another exception, and
// every document handed on is a header first, then kinds gafcheck writes. Small limits keep each
// run cheap; the bounds themselves are what is tested.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "reports/report_reader.hpp"

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
    }
  } catch (const ReportError&) {
  }
  close(fd);
  return 0;
}
