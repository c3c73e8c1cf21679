// gafcheck show without a range: the structures of a GAF (or the members of an archive) with
// offsets and sizes, then the slack and check's findings, numbered for --finding. The rows of a
// GAF's tree are collected first (tree_rows), for the text here and for --format json.
#include <cinttypes>
#include <cstdio>

#include "validator/core/text.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/inspect/show_view.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/taf/taf_layout.hpp"

namespace gafcheck {
namespace {

using pixels::Extent;
using pixels::ExtentKind;

std::string row(const ShowStyle& style, std::uint64_t offset, std::uint64_t size, int depth,
                const std::string& path, const std::string& detail, const char* colour) {
  char numbers[48];
  std::snprintf(numbers, sizeof numbers, "%10" PRIu64, size);
  return style.paint(show_offset(offset), dim) + " " + numbers + "  " +
         std::string(2 * static_cast<std::size_t>(depth), ' ') + style.paint(path, colour) +
         (detail.empty() ? "" : "  " + detail) + "\n";
}

// The payload (pixels, RLE rows or layer table) and frame table extents, by owner.
struct ExtentsByOwner {
  std::vector<const Extent*> payload;      // per frame
  std::vector<const Extent*> frame_table;  // per entry
  ExtentsByOwner(const pixels::GafLayoutMap& layout)
      : payload(layout.index.frames.size(), nullptr),
        frame_table(layout.index.entries.size(), nullptr) {
    for (const Extent& extent : layout.map.sorted) {
      if (extent.kind == ExtentKind::frame_table && extent.owner < frame_table.size())
        frame_table[extent.owner] = &extent;
      else if ((pixels::is_pixels(extent.kind) || extent.kind == ExtentKind::layer_table) &&
               extent.owner < payload.size() && !payload[extent.owner])
        payload[extent.owner] = &extent;
    }
  }
};

class GafTree {
 public:
  GafTree(const ShowInput& input, std::vector<TreeRow>& rows)
      : layout_(*input.layout), index_(layout_.index), owners_(layout_), rows_(rows) {}

  void collect() {
    const gaf::HeaderFields& header = index_.header;
    if (!header.present) {
      note("  (the file is shorter than the 12-byte header)");
      return;
    }
    add(0, gaf::header_size, 0, "header", header_detail(), structure_colour);
    add(gaf::header_size, std::uint64_t{header.walked_slots} * 4, 0, "entry_table",
        counted(header.walked_slots, "slot") + " walked", structure_colour);
    for (const gaf::EntryRecord& entry : index_.entries) print_entry(entry);
    bool first = true;
    for (std::uint32_t i = 0; i < index_.frames.size(); ++i) {
      const gaf::FrameRecord& frame = index_.frames[i];
      if (frame.reached_from_entry || !frame.reached_as_subframe) continue;
      if (first) note("layers (frames reached only from layer tables):");
      first = false;
      print_frame(i, frame.path, 1);
    }
  }

 private:
  void add(std::uint64_t offset, std::uint64_t size, int depth, std::string path,
           std::string detail, const char* colour) {
    rows_.push_back(TreeRow{offset, size, depth, std::move(path), std::move(detail), colour, {}});
  }
  void note(std::string text) {
    TreeRow line;
    line.note = std::move(text);
    rows_.push_back(std::move(line));
  }

  std::string header_detail() const {
    const gaf::HeaderFields& header = index_.header;
    return "version " + hex(header.version, 8) + ", entry count word " +
           hex(header.entry_count_word, 8) + " (the game reads " +
           std::to_string(header.game_entry_count) + "), reserved " + hex(header.reserved, 8);
  }

  void print_entry(const gaf::EntryRecord& entry) {
    const std::string path = indexed("entry", entry.slot);
    if (entry.alias_of != gaf::no_index) {
      add(entry.offset, gaf::entry_header_size, 0, path,
          "same header as " + indexed("entry", entry.alias_of), structure_colour);
      return;
    }
    if (!entry.header_in_bounds) {
      add(entry.offset, gaf::entry_header_size, 0, path, "header outside the file", error_colour);
      return;
    }
    add(entry.offset, gaf::entry_header_size, 0, path,
        "name \"" + gaf::entry_display_name(entry) + "\", " + counted(entry.frame_count, "frame") +
            ", loop " + hex(entry.loop_word, 4) + (entry.loaded_by_game ? "" : ", not loaded"),
        structure_colour);
    const std::uint64_t table = std::uint64_t{entry.offset} + gaf::entry_header_size;
    add(table, std::uint64_t{entry.ref_count} * gaf::frame_ref_size, 1, join_path(path, "frames"),
        "frame table, " + counted(entry.ref_count, "reference") + " walked", structure_colour);
    for (std::uint32_t k = 0; k < entry.ref_count; ++k) {
      const gaf::FrameRef& ref = index_.refs[entry.first_ref + k];
      const std::string frame_path = join_indexed(path, "frame", k);
      if (ref.frame == gaf::no_index || !index_.frames[ref.frame].header_in_bounds) {
        add(ref.header_offset, gaf::frame_header_size, 1, frame_path,
            "header outside the file, duration " + std::to_string(ref.duration), error_colour);
        continue;
      }
      const gaf::FrameRecord& frame = index_.frames[ref.frame];
      if (frame.path != frame_path) {
        add(frame.offset, gaf::frame_header_size, 1, frame_path, "same header as " + frame.path,
            structure_colour);
        continue;
      }
      print_frame(ref.frame, frame_path, 1, ", duration " + std::to_string(ref.duration));
    }
  }

  void print_frame(std::uint32_t i, const std::string& path, int depth,
                   const std::string& extra = "") {
    const gaf::FrameRecord& frame = index_.frames[i];
    if (!frame.header_in_bounds) {
      add(frame.offset, gaf::frame_header_size, depth, path, "header outside the file",
          error_colour);
      return;
    }
    const std::string kind =
        layout_.options.slot_name == "sequence"
            ? (frame.compressed == taf::format_argb4444 ? std::string("ARGB4444")
               : frame.compressed == taf::format_argb1555
                   ? std::string("ARGB1555")
                   : "format " + std::to_string(frame.compressed))
        : frame.is_composite() ? counted(frame.layer_count, "layer")
        : frame.is_rle()       ? "rle"
                               : "raw";
    add(frame.offset, gaf::frame_header_size, depth, path,
        "frame header " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
            " at (" + std::to_string(frame.x_offset) + "," + std::to_string(frame.y_offset) +
            "), " + kind + ", key " + std::to_string(frame.color_key) + ", data " +
            hex(frame.data_offset, 8) + extra,
        structure_colour);
    const Extent* payload = owners_.payload[i];
    if (payload) {
      const bool table = payload->kind == ExtentKind::layer_table;
      add(payload->offset, payload->length, depth + 1, table ? join_path(path, "layers") : path,
          std::string(pixels::extent_kind_name(payload->kind)),
          table ? structure_colour : pixel_colour);
    } else if (!frame.is_composite() || !frame.data_in_bounds) {
      add(frame.data_offset, 0, depth + 1, path, "no payload in the file (or not walked)",
          error_colour);
    }
    for (std::uint32_t c = 0; c < frame.child_count; ++c) {
      const std::uint32_t child = index_.children[frame.first_child + c];
      const std::string layer = join_indexed(path, "layer", c);
      if (child == gaf::no_index) {
        add(0, 0, depth + 2, layer, "header outside the file", error_colour);
        continue;
      }
      const std::string& owner = index_.frames[child].path;
      add(index_.frames[child].offset, gaf::frame_header_size, depth + 2, layer,
          owner == layer ? std::string("-> frame header (listed under layers below)")
                         : "-> frame header of " + owner,
          structure_colour);
    }
  }

  const pixels::GafLayoutMap& layout_;
  const gaf::GafIndex& index_;
  ExtentsByOwner owners_;
  std::vector<TreeRow>& rows_;
};

void print_archive(const ShowInput& input, const ShowStyle& style, std::string& out,
                   const BudgetLimits& limits) {
  const hpi::MemberReader reader(input.bytes, limits);
  if (!reader.is_archive()) {
    out += "  (the archive's header and directory could not be read)\n";
    return;
  }
  const hpi::ArchiveIndex& index = reader.index();
  out += "directory " + show_offset(index.directory_begin) + ".." +
         show_offset(index.directory_end) + ", " + counted(index.members.size(), "member") +
         (index.walk_complete ? "" : " (the directory walk stopped early)") + "\n";
  out += style.paint("     entry       data       size  method   path", dim) + "\n";
  for (const hpi::MemberRecord& member : index.members) {
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "%s %s %10" PRIu64 "  %-7s  ",
                  show_offset(member.entry_offset).c_str(), show_offset(member.data_offset).c_str(),
                  member.size, std::string(hpi::method_name(member, index.kind)).c_str());
    out += numbers + style.paint(escape_bytes(member.path), structure_colour) + "\n";
  }
}

}  // namespace

std::vector<TreeRow> tree_rows(const ShowInput& input) {
  std::vector<TreeRow> rows;
  GafTree(input, rows).collect();
  return rows;
}

std::string show_offset(std::uint64_t offset) {
  return hex(offset, 8);
}

std::string finding_line(const ShowInput& input, std::size_t n, const ShowStyle& style) {
  const Finding& finding = input.report.findings[n];
  const char* colour = finding.severity == Severity::error     ? error_colour
                       : finding.severity == Severity::warning ? slack_colour
                                                               : structure_colour;
  return "[" + std::to_string(n) + "] " +
         style.paint(std::string(embedded_catalog().info(finding.rule).id), colour) + " (" +
         std::string(severity_name(finding.severity)) + ", retail " +
         std::string(retail_name(finding.retail)) + ") at " + show_offset(finding.offset) + "+" +
         std::to_string(finding.length) +
         (finding.path.empty() ? "" : " " + sanitize_text(finding.path)) + ": " +
         sanitize_text(finding.message);
}

void print_tree(const ShowInput& input, const ShowStyle& style, std::string& out,
                const BudgetLimits& limits) {
  if (input.layout) {
    out += style.paint("    offset       size  structure", dim) + "\n";
    for (const TreeRow& line : tree_rows(input))
      out += line.note.empty() ? row(style, line.offset, line.size, line.depth, line.path,
                                     line.detail, line.colour)
                               : line.note + "\n";
    const pixels::GafLayoutMap& layout = *input.layout;
    if (!layout.stopped.empty())
      out += style.paint("stopped: " + layout.stopped, error_colour) + "\n";
    if (layout.mapped) {
      for (const pixels::Gap& gap : layout.map.slack)
        out += row(style, gap.offset, gap.length, 0, "slack", "bytes no structure claims",
                   slack_colour);
      out += "coverage: " + std::to_string(layout.map.claimed) + " bytes claimed, " +
             std::to_string(layout.map.slack_bytes) + " slack, " +
             std::to_string(layout.map.sorted.size()) + " extents\n";
    } else {
      out += "no extent map (a budget left it partial)\n";
    }
  } else if (input.report.format == Format::hpi) {
    print_archive(input, style, out, limits);
  } else {
    out += "  (no structure tree for this format; --at shows its bytes)\n";
  }
  const auto& findings = input.report.findings;
  out += "findings: " + std::to_string(findings.size()) +
         (findings.empty() ? "\n" : " (gafcheck show FILE --finding N shows one's bytes)\n");
  for (std::size_t n = 0; n < findings.size(); ++n)
    out += "  " + finding_line(input, n, style) + "\n";
}

}  // namespace gafcheck
