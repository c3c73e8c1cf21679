// fuzz_gaf: the whole check pipeline on one input (format detection, structure reader, every
// check) twice: as a TA file with one finding per frame and rule, and as a TA: Kingdoms texture
// with every RLE row listed. Aborts when a finding lies outside the input, when the report (a
// rejected file's included) does not parse back with yaml-cpp (every report whose text needs
// escaping, one in eight of the others), or when the metadata reader alone
// and the full check disagree on entry or frame counts.
//
// Only the first variant's report goes through YAML, with at most 8 findings listed: yaml-cpp
// takes about 0.3 us per byte to parse (some 2,000 allocations for a 16-finding report, 50 times
// the check itself), and both variants emit the same kinds of text. The second variant lists up
// to 128 findings, so the offset invariant sees far more of them.
#include <optional>

#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::fuzz {
namespace {

struct Variant {
  const char* display_path;
  Game game;
  bool all_rows;
  bool round_trip;             // emit the YAML report and parse it back
  std::uint64_t max_findings;  // findings listed; later ones are only counted
};

constexpr Variant variants[] = {
    {"fuzz.gaf", Game::ta, false, true, 8},
    {"textures/fuzz.gaf", Game::tak, true, false, 128},
};

// Entry and frame counts as the structure reader alone sees them (it takes no options but the
// limits, so one read serves both variants).
struct StructureCounts {
  std::uint64_t entries = 0;
  std::uint64_t frames = 0;
};

StructureCounts read_structure_counts(ByteView bytes) {
  const CheckOptions options = fuzz_check_options();
  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{bytes, findings, budget};
  const gaf::GafIndex index = gaf::read_gaf_structure(context);
  return {static_cast<std::uint64_t>(index.header.game_entry_count), index.refs.size()};
}

void require_counts_agree(const StructureCounts& reader, std::uint64_t reported_entries,
                          std::uint64_t reported_frames) {
  require(reported_entries == reader.entries,
          "the full check reports " + std::to_string(reported_entries) +
              " entries, the structure reader " + std::to_string(reader.entries));
  require(reported_frames == reader.frames,
          "the full check reports " + std::to_string(reported_frames) +
              " frames, the structure reader " + std::to_string(reader.frames));
}

// Checks the input as the variant says; the structure reader runs once, on the first GAF.
void check_variant(ByteView bytes, const Variant& variant, std::optional<StructureCounts>& reader) {
  CheckOptions options = fuzz_check_options();
  options.game = variant.game;
  options.all_rows = variant.all_rows;
  options.limits[BudgetKind::findings] = variant.max_findings;
  const FileReport report = check_bytes(bytes, variant.display_path, options);
  require_findings_inside(report, bytes.size());
  std::uint64_t entries = report.summary.get("entries");
  std::uint64_t frames = report.summary.get("frames");
  if (variant.round_trip) {
    const std::optional<YAML::Node> document = sampled_report_round_trip(report);
    if (document && report.format == Format::gaf) {
      entries = require_summary_counter(*document, "entries");
      frames = require_summary_counter(*document, "frames");
    }
  }
  if (report.format == Format::gaf) {
    if (!reader) reader = read_structure_counts(bytes);
    require_counts_agree(*reader, entries, frames);
  }
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const gafcheck::ByteView bytes(data, size);
  std::optional<gafcheck::fuzz::StructureCounts> reader;
  for (const auto& variant : gafcheck::fuzz::variants)
    gafcheck::fuzz::check_variant(bytes, variant, reader);
  return 0;
}
