#pragma once
// gafcheck show: what it knows of one input (its bytes, check's report, the structure index and
// extent map the checker builds) and how it prints (colour or plain). show_tree.cpp lists the
// structures, show_hexdump.cpp dumps a range with every row labelled.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/core/text.hpp"
#include "validator/inspect/gaf_layout_map.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

// ANSI colours on a terminal, nothing when piped. Every text painted is already escaped.
struct ShowStyle {
  bool colour = false;
  std::string paint(std::string_view text, const char* code) const {
    return colour ? ansi_paint(text, code) : std::string(text);
  }
};

inline constexpr const char* dim = "2";
inline constexpr const char* bold = "1";
inline constexpr const char* structure_colour = "36";
inline constexpr const char* pixel_colour = "32";
inline constexpr const char* slack_colour = "33";
inline constexpr const char* error_colour = "31";

struct ShowInput {
  std::string display;  // escaped name as reports print it
  bool member = false;  // an archive member: offsets are in its decoded bytes
  ByteView bytes;
  FileReport report;                           // what check says (findings in report order)
  std::optional<pixels::GafLayoutMap> layout;  // for the GAF layouts read as GAF
};

// A byte range to dump, and what picked it.
struct DumpRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;  // exclusive
  std::uint64_t focus_begin = 0, focus_end = 0;
  std::string what;  // "offset 0x10", "finding 0", "entry[0]/frame[0] (frame_header)"
};

// Largest range one dump shows; a longer structure shows its start.
inline constexpr std::uint64_t max_dump_bytes = 4096;

// One line of a GAF's structure tree: a structure (its offset, size, depth in the tree, path and
// what it holds; error_colour for one the file does not hold) or, with `note` set, a line of
// text between them.
struct TreeRow {
  std::uint64_t offset = 0, size = 0;
  int depth = 0;
  std::string path, detail;
  const char* colour = structure_colour;
  std::string note;
};

// The tree of an input with a layout (input.layout set), in the order show prints it.
std::vector<TreeRow> tree_rows(const ShowInput& input);

void print_tree(const ShowInput& input, const ShowStyle& style, std::string& out,
                const BudgetLimits& limits);
void print_dump(const ShowInput& input, const DumpRange& range, const ShowStyle& style,
                std::string& out);
// show --format json (reports/schema/show.schema.json): the tree ({"gaf", "archive"}, one of
// them set for an input that has one), the dump of one range, and check's findings.
nlohmann::json tree_document(const ShowInput& input, const BudgetLimits& limits);
nlohmann::json dump_document(const ShowInput& input, const DumpRange& range);
nlohmann::json show_findings_document(const ShowInput& input);

// The finding line as show prints it: "[N] rule (severity, retail impact) path: message".
std::string finding_line(const ShowInput& input, std::size_t n, const ShowStyle& style);
// "0x0000001C"
std::string show_offset(std::uint64_t offset);

}  // namespace gafcheck
