// gafcheck show --at/--finding/--path: an annotated hexdump. Every 16-byte row is labelled with
// the structures the extent map says claim its bytes (or slack), and the findings that start in it
// are printed under it.
#include <algorithm>
#include <cstdio>

#include "reports/json_text.hpp"
#include "validator/core/text.hpp"
#include "validator/inspect/show_view.hpp"

namespace gafcheck {
namespace {

using pixels::Extent;

constexpr std::uint64_t row_bytes = 16;
// Extents collected for one dump; more (a hostile file sharing one pixel block among thousands of
// frames) are counted, not listed.
constexpr std::size_t max_extents = 4096;
constexpr std::size_t max_labels = 4;

// One label of a row: the name painted in its colour (none: plain), then its detail, plain.
struct RowLabel {
  std::string name, detail;
  const char* colour = nullptr;
};

const char* kind_colour(const Extent& extent) {
  return pixels::is_pixels(extent.kind) ? pixel_colour : structure_colour;
}

class Dump {
 public:
  Dump(const ShowInput& input, const DumpRange& range, const ShowStyle& style, std::string& out)
      : input_(input), range_(range), style_(style), out_(out) {
    if (!input.layout || !input.layout->mapped) return;
    for (const Extent& extent : input.layout->map.sorted) {
      if (extent.offset >= range.end) break;  // sorted by offset
      if (extent.end() <= range.begin) continue;
      if (extents_.size() == max_extents) {
        ++extents_left_out_;
        continue;
      }
      extents_.push_back(&extent);
    }
  }

  void print() {
    out_ += "bytes " + show_offset(range_.begin) + ".." + show_offset(range_.end - 1) + " (" +
            range_.what + ")" + (input_.member ? ", offsets in the member's decoded bytes" : "") +
            "\n";
    for (const std::string& note : notes()) out_ += "(" + note + ")\n";
    for (std::uint64_t at = range_.begin; at < range_.end; at += row_bytes) {
      const std::uint64_t end = std::min(range_.end, at + row_bytes);
      print_row(at, end);
      print_findings(at, end);
    }
  }

  // --format json: the range and its rows, each with its bytes, labels and findings.
  nlohmann::json document() const {
    nlohmann::json rows = nlohmann::json::array();
    for (std::uint64_t at = range_.begin; at < range_.end; at += row_bytes) {
      const std::uint64_t end = std::min(range_.end, at + row_bytes);
      std::string bytes;
      for (std::uint64_t i = at; i < end; ++i) bytes += hex_byte(input_.bytes.u8(i).value_or(0));
      nlohmann::json row_labels = nlohmann::json::array();
      for (const RowLabel& label : label_parts(at, end))
        row_labels.push_back(json_text(label.name + label.detail));
      rows.push_back({{"offset", at},
                      {"bytes", bytes},
                      {"labels", row_labels},
                      {"findings", findings_in(at, end)}});
    }
    nlohmann::json notes_json = nlohmann::json::array();
    for (const std::string& note : notes()) notes_json.push_back(json_text(note));
    return {{"what", json_text(range_.what)},
            {"begin", range_.begin},
            {"end", range_.end},
            {"focus_begin", range_.focus_begin},
            {"focus_end", range_.focus_end},
            {"notes", notes_json},
            {"rows", rows}};
  }

 private:
  // What the labels cannot say: no extent map, or extents past the ones collected.
  std::vector<std::string> notes() const {
    std::vector<std::string> lines;
    if (!input_.layout)
      lines.push_back("no extent map for this format: rows are not labelled");
    else if (!input_.layout->mapped)
      lines.push_back("no extent map: " +
                      (input_.layout->stopped.empty() ? std::string("the file has no header")
                                                      : input_.layout->stopped) +
                      "; rows are not labelled");
    if (extents_left_out_)
      lines.push_back(std::to_string(extents_left_out_) + " more extents claim these bytes");
    return lines;
  }

  static std::string hex_byte(std::uint8_t byte) {
    char pair[4];
    std::snprintf(pair, sizeof pair, "%02x", byte);
    return pair;
  }

  const Extent* claim(std::uint64_t offset) const {
    for (const Extent* extent : extents_)
      if (extent->offset <= offset && offset < extent->end()) return extent;
    return nullptr;
  }

  // The gaps are sorted and disjoint: a hostile file may have as many as it has extents.
  bool in_slack(std::uint64_t offset) const {
    const auto& slack = input_.layout->map.slack;
    auto after = std::upper_bound(
        slack.begin(), slack.end(), offset,
        [](std::uint64_t value, const pixels::Gap& gap) { return value < gap.offset; });
    if (after == slack.begin()) return false;
    --after;
    return offset < after->offset + after->length;
  }

  void print_row(std::uint64_t at, std::uint64_t end) {
    std::string hex_part, ascii;
    for (std::uint64_t i = 0; i < row_bytes; ++i) {
      if (i == 8) hex_part += ' ';
      if (at + i >= end) {
        hex_part += "   ";
        continue;
      }
      const std::uint8_t byte = input_.bytes.u8(at + i).value_or(0);
      const std::string pair = hex_byte(byte);
      const bool focus = at + i >= range_.focus_begin && at + i < range_.focus_end;
      const char* colour = nullptr;
      if (input_.layout && input_.layout->mapped) {
        const Extent* owner = claim(at + i);
        colour = owner ? kind_colour(*owner) : slack_colour;
      }
      std::string cell = colour ? style_.paint(pair, colour) : std::string(pair);
      if (focus) cell = style_.paint(cell, bold);
      hex_part += cell + (focus && !style_.colour ? "*" : " ");
      ascii += byte >= 0x20 && byte < 0x7F ? static_cast<char>(byte) : '.';
    }
    out_ += style_.paint(show_offset(at), dim) + "  " + hex_part + " |" + ascii + "|" +
            std::string(row_bytes - (end - at), ' ') + "  " + labels(at, end) + "\n";
  }

  // What claims the bytes of a row: each structure, then slack or padding.
  std::vector<RowLabel> label_parts(std::uint64_t at, std::uint64_t end) const {
    std::vector<RowLabel> parts;
    if (!input_.layout || !input_.layout->mapped) return parts;
    std::size_t more = 0;
    bool unclaimed = false, slack = false;
    for (std::uint64_t offset = at; offset < end; ++offset) {
      const Extent* owner = claim(offset);
      if (!owner) {
        unclaimed = true;
        slack = slack || in_slack(offset);
      }
    }
    for (const Extent* extent : extents_) {
      if (extent->offset >= end || extent->end() <= at) continue;
      if (parts.size() == max_labels)
        ++more;
      else
        parts.push_back({pixels::extent_path(*input_.layout, *extent),
                         " (" + pixels::extent_label(*input_.layout, *extent) + ")",
                         kind_colour(*extent)});
    }
    if (more) parts.push_back({"+" + std::to_string(more) + " more", "", nullptr});
    if (unclaimed)
      parts.push_back(
          {slack ? "slack (no structure claims these bytes)" : "unclaimed (alignment padding)", "",
           slack_colour});
    return parts;
  }

  std::string labels(std::uint64_t at, std::uint64_t end) const {
    std::string text;
    for (const RowLabel& label : label_parts(at, end))
      text += (text.empty() ? "" : "; ") +
              (label.colour ? style_.paint(label.name, label.colour) : label.name) + label.detail;
    return text;
  }

  // The findings listed under a row: those starting in it, and under the first row those
  // starting earlier that reach into it.
  std::vector<std::size_t> findings_in(std::uint64_t at, std::uint64_t end) const {
    std::vector<std::size_t> listed;
    const auto& findings = input_.report.findings;
    for (std::size_t n = 0; n < findings.size(); ++n) {
      const Finding& finding = findings[n];
      const std::uint64_t last = finding.offset + std::max<std::uint64_t>(finding.length, 1);
      const bool starts_here = finding.offset >= at && finding.offset < end;
      const bool reaches_in = at == range_.begin && finding.offset < at && last > at;
      if (starts_here || reaches_in) listed.push_back(n);
    }
    return listed;
  }

  void print_findings(std::uint64_t at, std::uint64_t end) {
    for (const std::size_t n : findings_in(at, end))
      out_ += "            ^ " + finding_line(input_, n, style_) + "\n";
  }

  const ShowInput& input_;
  const DumpRange& range_;
  const ShowStyle& style_;
  std::string& out_;
  std::vector<const Extent*> extents_;
  std::uint64_t extents_left_out_ = 0;
};

}  // namespace

void print_dump(const ShowInput& input, const DumpRange& range, const ShowStyle& style,
                std::string& out) {
  Dump(input, range, style, out).print();
}

nlohmann::json dump_document(const ShowInput& input, const DumpRange& range) {
  const ShowStyle plain;
  std::string unused;
  return Dump(input, range, plain, unused).document();
}

}  // namespace gafcheck
