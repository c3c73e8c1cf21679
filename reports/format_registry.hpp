#pragma once
// The report formats by name (--format FMT): which writer writes each. A format whose writer is
// not part of this build is listed with a null factory, so asking for it is a clear usage error
// rather than "unknown format".
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "reports/format_writer.hpp"
#include "validator/base/errors.hpp"

namespace gafcheck {

using FormatFactory = std::unique_ptr<FormatWriter> (*)(std::unique_ptr<ReportOutput> output,
                                                        const FormatContext& context);

struct FormatSpec {
  std::string_view name;
  std::string_view help;  // one line for --help
  FormatFactory factory;  // nullptr: not built yet
  bool streamed;          // written as the run goes (memory flat in tree size)
};

// Every format --format accepts, yaml (the default) first.
std::span<const FormatSpec> format_specs();

// An unknown format, or one whose writer is not built: the message to show (a usage error).
class FormatUnavailable : public UsageError {
 public:
  using UsageError::UsageError;
};

// Throws FormatUnavailable.
const FormatSpec& format_spec(std::string_view name);
std::unique_ptr<FormatWriter> make_format_writer(std::string_view name,
                                                 std::unique_ptr<ReportOutput> output,
                                                 const FormatContext& context);

// "yaml, json, ..." for help texts.
std::string format_name_list();

}  // namespace gafcheck
