// TA3D's truecolor GAF (version 0x00010101; not in the format documents, see ta3d_payload.hpp for
// what TA3D writes). Two readers of the same bytes:
// - the TA and TA: Kingdoms engines never read the version word and load every such file as a
//   GAF: it gets every GAF check (check_input runs them), and format.foreign-variant says what a
//   TA3D payload becomes there (compressed bytes decoded as palette pixels);
// - TA3D itself (--game ta3d) reads the shared header, entries and frame headers, then each
//   frame's payload: zlib streams are inflated under the pixel budget, JPEGs checked for their
//   markers and bounds; the TA-reading rules (RLE, composites) do not apply.
#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/pixels/layout_extents.hpp"
#include "validator/taf/ta3d_inflate.hpp"
#include "validator/taf/ta3d_payload.hpp"
#include "validator/taf/taf_check.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {
namespace {

// The first top-level frame, in the TA engine's reading order, that holds a TA3D payload.
struct ForeignFrame {
  std::string path;
  std::uint64_t data_offset = 0;
};

struct LayoutScan {
  std::optional<ForeignFrame> first;
  bool complete = true;  // false when the scan stopped at its limit
};

// Walks the entries and frame references as the TA engine counts them (low 16 bits of the count,
// signed) without allocating, until the first TA3D payload or `limit` frame references.
LayoutScan scan_for_ta3d_payloads(ByteView file, std::uint64_t limit) {
  LayoutScan scan;
  const auto count_word = file.u32le(gaf::header_entry_count);
  if (!count_word) return scan;
  const auto game_count = static_cast<std::int16_t>(*count_word & 0xFFFF);
  std::uint64_t examined = 0;
  for (std::int32_t slot = 0; slot < game_count; ++slot) {
    const auto entry = file.u32le(gaf::header_size + std::uint64_t(slot) * gaf::entry_slot_size);
    if (!entry) return scan;
    const auto frames = file.u16le(*entry + gaf::entry_frame_count);
    if (!frames || !file.contains(*entry, gaf::entry_header_size)) continue;
    for (std::uint32_t j = 0; j < *frames; ++j) {
      if (++examined > limit) {
        scan.complete = false;
        return scan;
      }
      const std::uint64_t site = *entry + gaf::entry_header_size + j * gaf::frame_ref_size;
      const auto header = file.u32le(site);
      if (!header) break;
      const auto layers = file.u8(*header + gaf::frame_layer_count);
      const auto data = file.u32le(*header + gaf::frame_data_offset);
      if (!layers || !data || *layers != 0) continue;
      if (holds_ta3d_payload(file, *data)) {
        scan.first = ForeignFrame{indexed("entry", slot) + "/" + indexed("frame", j), *data};
        return scan;
      }
    }
  }
  return scan;
}

std::string payload_kind(ByteView file, std::uint64_t data_offset) {
  const auto payload = read_ta3d_payload(file, data_offset);
  return payload && payload->encoding == Ta3dEncoding::jpeg ? "a JPEG" : "a zlib stream";
}

// Adds the format.foreign-variant finding at offset with the case's rating (no severity: the
// catalogue's).
template <typename Compose>
void add_foreign_variant(WalkContext& context, std::uint64_t offset, std::string path,
                         std::optional<Severity> severity, Retail retail, Compose&& compose) {
  Finding* finding =
      context.findings.add(RuleId::format_foreign_variant, offset, 4, std::move(path), compose);
  if (!finding) return;
  if (severity) finding->severity = *severity;
  finding->retail = retail;
}

}  // namespace

void check_foreign_layout(WalkContext& context, std::uint64_t scan_limit) {
  const ByteView& file = context.file;
  const bool ta3d_version = file.u32le(gaf::header_version) == gaf::version_ta3d;
  const LayoutScan scan = scan_for_ta3d_payloads(file, scan_limit);
  if (!ta3d_version && !scan.first && scan.complete) return;
  const std::string version =
      ta3d_version ? "version word 0x00010101 marks TA3D's truecolor GAF" : "";
  if (scan.first) {
    add_foreign_variant(
        context, scan.first->data_offset, scan.first->path, Severity::error, Retail::garbage, [&] {
          return (ta3d_version ? version + "; " : std::string()) + "frame " + scan.first->path +
                 " holds a TA3D payload at " + hex(scan.first->data_offset) +
                 " (u32 byte count, then " + payload_kind(file, scan.first->data_offset) +
                 "): the engine, which never reads the version word, decodes "
                 "those compressed bytes as palette pixels";
        });
  } else if (!scan.complete) {
    add_foreign_variant(
        context, gaf::header_version, "header/version", Severity::error, Retail::unknown, [&] {
          return (ta3d_version ? version + "; " : std::string()) + "the first " +
                 std::to_string(scan_limit) +
                 " frame references hold no TA3D payload, the rest were not scanned "
                 "(--max-frame-refs)";
        });
  } else {
    add_foreign_variant(context, gaf::header_version, "header/version", std::nullopt,
                        Retail::ignored, [&] {
                          return version +
                                 ", but no frame holds a TA3D payload: the engine never reads the "
                                 "version word and loads the file as the GAF it is (checked as "
                                 "one); TA3D would misread its frames";
                        });
  }
}

namespace {

void report_payload_bounds(WalkContext& context, const gaf::FrameRecord& frame,
                           const std::optional<Ta3dPayload>& payload, std::string_view what) {
  context.findings.add(
      RuleId::ta3d_payload_out_of_bounds,
      payload ? payload->size_offset : frame.offset + gaf::frame_data_offset, 4, frame.path, [&] {
        if (!payload)
          return std::string(what) + " byte count at " +
                 hex(frame.offset + gaf::frame_data_offset) + " lies outside the " +
                 std::to_string(context.file.size()) + "-byte file";
        return std::string(what) + " of " + std::to_string(payload->size) + " bytes at " +
               hex(payload->stream) + " does not fit the " + std::to_string(context.file.size()) +
               "-byte file";
      });
}

// TA3D's create_gaf deflates width x height pixels of 4 bytes, whatever the transparency byte; its
// reader inflates into a surface of 4 bytes per pixel (3 when the transparency byte is 0, a
// mismatch in TA3D itself that its own files carry, so not reported). Any other size leaves the
// surface shifted or partly unwritten.
void check_zlib_payload(WalkContext& context, const gaf::FrameRecord& frame,
                        const Ta3dPayload& payload) {
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  if (!context.charge(BudgetKind::pixels, pixels, frame.offset, frame.path)) return;
  const std::uint64_t expected = pixels * 4;
  const std::uint64_t opaque = pixels * 3;
  const InflatedCount count =
      count_inflated(*context.file.sub(payload.stream, payload.size), expected);
  using Status = InflatedCount::Status;
  if (count.status == Status::corrupt || count.status == Status::truncated) {
    context.findings.add(RuleId::ta3d_payload_corrupt, payload.stream + count.consumed, 0,
                         frame.path, [&] {
                           return "zlib stream at " + hex(payload.stream) + " " +
                                  (count.status == Status::corrupt
                                       ? "is corrupt after " + std::to_string(count.consumed) +
                                             " bytes (" + count.detail + ")"
                                       : "ends with its " + std::to_string(payload.size) +
                                             "-byte count before the stream does") +
                                  ", having produced " + std::to_string(count.produced) + " of " +
                                  std::to_string(expected) + " bytes";
                         });
    return;
  }
  if (count.status == Status::complete &&
      (count.produced == expected || (frame.color_key == 0 && count.produced == opaque)))
    return;
  context.findings.add(RuleId::ta3d_payload_size, payload.stream, payload.size, frame.path, [&] {
    return "zlib stream inflates to " +
           (count.status == Status::longer ? "more than " + std::to_string(expected)
                                           : std::to_string(count.produced)) +
           " bytes; TA3D fills " + std::to_string(frame.width) + "x" +
           std::to_string(frame.height) + " pixels of 4 bytes (" + std::to_string(expected) + ")";
  });
}

void check_jpeg_payload(WalkContext& context, const gaf::FrameRecord& frame,
                        const Ta3dPayload& payload, std::string_view what) {
  if (jpeg_markers_fit(context.file, payload)) return;
  context.findings.add(RuleId::ta3d_payload_corrupt, payload.stream, payload.size, frame.path, [&] {
    return std::string(what) + " at " + hex(payload.stream) + " (" + std::to_string(payload.size) +
           " bytes) does not start with a JPEG start-of-image marker and end with an end-of-image "
           "marker";
  });
}

void check_payload(WalkContext& context, const gaf::FrameRecord& frame) {
  const auto payload = read_ta3d_payload(context.file, frame.data_offset);
  if (!payload || !payload->in_bounds)
    return report_payload_bounds(context, frame, payload, "payload");
  switch (payload->encoding) {
    case Ta3dEncoding::zlib: return check_zlib_payload(context, frame, *payload);
    case Ta3dEncoding::jpeg: {
      check_jpeg_payload(context, frame, *payload, "colour JPEG");
      if (frame.color_key == 0) return;
      // The JPEG era stores the alpha channel as a second counted JPEG right after the first.
      const auto alpha = read_ta3d_payload(context.file, payload->stream + payload->size);
      if (!alpha || !alpha->in_bounds)
        return report_payload_bounds(context, frame, alpha, "alpha JPEG");
      return check_jpeg_payload(context, frame, *alpha, "alpha JPEG");
    }
    case Ta3dEncoding::other: break;
  }
  context.findings.add(
      RuleId::ta3d_payload_encoding, payload->stream, payload->size, frame.path, [&] {
        return "payload at " + hex(payload->stream) + " (" + std::to_string(payload->size) +
               " bytes, first bytes " + hexdump(context.file, payload->stream, 4) +
               ") is neither a zlib stream nor a JPEG";
      });
}

void read_ta3d_frames(WalkContext& context, gaf::GafIndex& index) {
  const ByteView& file = context.file;
  for (gaf::FrameRecord& frame : index.frames) {
    if (context.stopped()) return;
    if (!file.contains(frame.offset, gaf::frame_header_size)) {
      context.findings.add(RuleId::frame_out_of_bounds, frame.pointer_site, 4, frame.path, [&] {
        return "frame header at " + hex(frame.offset) + " (24 bytes) lies outside the " +
               std::to_string(file.size()) + "-byte file";
      });
      continue;
    }
    frame.header_in_bounds = true;
    gaf::read_frame_fields(file, frame);
    check_payload(context, frame);
  }
}

// The bytes TA3D reads for a frame: the count word and its stream, and in the JPEG era the alpha
// JPEG's count and stream right after it. Nothing when the first count lies outside the file.
std::optional<pixels::Extent> payload_extent(ByteView file, const gaf::FrameRecord& frame) {
  const auto payload = read_ta3d_payload(file, frame.data_offset);
  if (!payload) return std::nullopt;
  std::uint64_t end = payload->stream + payload->size;
  if (payload->encoding == Ta3dEncoding::jpeg && frame.color_key != 0) {
    const auto alpha = read_ta3d_payload(file, end);
    if (alpha) end = alpha->stream + alpha->size;
  }
  return pixels::Extent{payload->size_offset, end - payload->size_offset,
                        pixels::ExtentKind::payload};
}

}  // namespace

void check_ta3d_gaf(WalkContext& context, FileReport& report) {
  gaf::GafIndex index;
  read_counted_header(context, index, "entry");
  // TA3D never reads the frame table's second word (create_gaf leaves it unset): no duration rules.
  if (index.header.walked_slots > 0 && !context.stopped())
    gaf::read_entries(context, index, /*durations=*/false);
  if (!context.stopped()) read_ta3d_frames(context, index);
  // TA3D reads every structure through its own offsets and rewrites no pointer in place, so a
  // rebase overlap there is of unknown impact; its entry count is a plain 32-bit word. Tables a
  // budget left unread are not in the extent map: the map would be partial.
  if (!context.stopped() && !context.budget.left_tables_unread()) {
    const ByteView file = context.file;
    pixels::check_layout_extents(
        context, index,
        [file](std::uint32_t, const gaf::FrameRecord& frame) {
          return payload_extent(file, frame);
        },
        {.slot_name = "entry", .slot_count_mask = 0xFFFFFFFF, .rebasing_established = false},
        report.summary);
  }

  report.summary.add("entries", index.header.walked_slots);
  report.summary.add("frames", index.refs.size());
  std::uint64_t headers = 0;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    ++report.survey["ta3d_format_bytes"][frame.compressed];
  }
  report.summary.add("frame_headers", headers);
}

}  // namespace gafcheck::taf
