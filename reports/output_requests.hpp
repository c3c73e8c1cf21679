#pragma once
// Which writers a run feeds and where each one writes (--format F -o FILE pairs), and opening
// them before the run confines itself.
#include <memory>
#include <string>
#include <vector>

#include "reports/format_registry.hpp"

namespace gafcheck {

struct OutputRequest {
  std::string format = "yaml";
  std::string path = "-";
  bool colour = false;  // ANSI colour (the command line sets it only for standard output)
};

// "-", "" and /dev/stdout.
bool is_standard_output(const std::string& path);

// Every request's path, for the sandbox plan and the output guards.
std::vector<std::string> output_paths(const std::vector<OutputRequest>& requests);

// Whether one of the outputs is the text format on standard output (check's verdict lines on
// standard error would repeat what it says).
bool text_on_standard_output(const std::vector<OutputRequest>& requests);

// The YAML report's path, or nullptr when no YAML report is written.
const std::string* yaml_output(const std::vector<OutputRequest>& requests);

// Opens each output (before the run confines itself) and makes its writer; the YAML report in
// `yaml_mode` (census and merge: journal), every other output atomically (temp file renamed into
// place at commit). Throws OutputError, or UsageError for a format not built.
std::vector<std::unique_ptr<FormatWriter>> open_writers(const std::vector<OutputRequest>& requests,
                                                        const FormatContext& context,
                                                        OutputMode yaml_mode = OutputMode::atomic);

}  // namespace gafcheck
