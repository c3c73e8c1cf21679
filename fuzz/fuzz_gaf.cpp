// fuzz_gaf: the whole check pipeline on one input (format detection, structure reader, every
// check) twice: as a TA file with one finding per frame and rule, and as a TA: Kingdoms texture
// with every RLE row listed. Aborts when a finding lies outside the input, or when the metadata
// reader alone and the full check disagree on entry or frame counts. Whether such reports say the
// same in YAML is fuzz_report's question (yaml-cpp's parse costs 50 times the check).
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
  std::uint64_t max_findings;  // findings listed; later ones are only counted
};

constexpr Variant variants[] = {
    {"fuzz.gaf", Game::ta, false, 128},
    {"textures/fuzz.gaf", Game::tak, true, 128},
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
  require(reported_entries == reader.entries, [&] {
    return "the full check reports " + std::to_string(reported_entries) +
           " entries, the structure reader " + std::to_string(reader.entries);
  });
  require(reported_frames == reader.frames, [&] {
    return "the full check reports " + std::to_string(reported_frames) +
           " frames, the structure reader " + std::to_string(reader.frames);
  });
}

// Checks the input as the variant says; the structure reader runs once, on the first GAF.
void check_variant(ByteView bytes, const Variant& variant, std::optional<StructureCounts>& reader) {
  CheckOptions options = fuzz_check_options();
  options.game = variant.game;
  options.all_rows = variant.all_rows;
  options.limits[BudgetKind::findings] = variant.max_findings;
  const FileReport report = check_bytes(bytes, variant.display_path, options);
  require_findings_inside(report, bytes.size());
  if (report.format == Format::gaf) {
    if (!reader) reader = read_structure_counts(bytes);
    require_counts_agree(*reader, report.summary.get("entries"), report.summary.get("frames"));
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
