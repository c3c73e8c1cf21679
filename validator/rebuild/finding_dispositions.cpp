#include "validator/rebuild/finding_dispositions.hpp"

#include "validator/rules/rule_id.hpp"

namespace gafcheck::rebuild {
namespace {

Disposition make(const Finding& finding, std::string action, std::string note) {
  return {std::string(rule_name(finding.rule)), finding.offset, finding.path, std::move(action),
          std::move(note)};
}

}  // namespace

Disposition dropped_disposition(const Finding& finding, std::string note) {
  return make(finding, "dropped", std::move(note));
}

Disposition tinted_layer_disposition(Disposition disposition, bool kept_as_composite) {
  if (kept_as_composite) {
    disposition.action = "kept";
    disposition.note =
        "the layer stays in its composite with its +11 byte: the game blits it translucently, "
        "as it does the input's";
  } else {
    disposition.action = "dropped";
    disposition.note =
        "the layer is flattened into its frame and drawn opaque; the game would blit it "
        "translucently";
  }
  return disposition;
}

Disposition disposition_of(const Finding& finding, bool mask_version_kept) {
  const auto fixed = [&](std::string note) { return make(finding, "fixed", std::move(note)); };
  const auto kept = [&](std::string note) { return make(finding, "kept", std::move(note)); };
  switch (finding.rule) {
    case RuleId::header_version_zero:
      return mask_version_kept ? kept("version 0 kept: a TA mask file")
                               : fixed("version written as 0x00010100");
    case RuleId::header_truncated:
      return fixed("the game reads only the slots its entry count gives, and they fit");
    case RuleId::header_version_nonstandard: return fixed("version written as 0x00010100");
    case RuleId::header_entry_count_negative:
      return fixed("the count written is the entries the game loads (none)");
    case RuleId::header_entry_count_high_bits:
      return fixed("the count written is the entries the game loads");
    case RuleId::header_reserved_nonzero: return fixed("reserved word written as 0");
    case RuleId::entry_name_unterminated:
      return fixed("name cut to its first 31 bytes and terminated");
    case RuleId::entry_name_trailing_bytes: return fixed("name NUL-padded after its NUL");
    case RuleId::frame_compression_nonstandard:
      return fixed("frame written with compression byte 0 or 1");
    case RuleId::layer_count_misread_256: return fixed("byte +11 written as 0");
    case RuleId::layer_alt_blend: return tinted_layer_disposition(make(finding, "", ""), false);
    case RuleId::rle_overrun:
    case RuleId::rle_short_row:
    case RuleId::rle_unused_payload:
    case RuleId::rle_truncated_command:
    case RuleId::rle_zero_skip:
    case RuleId::rle_out_of_step:
      return fixed("rows re-encoded canonically from the pixels the game draws");
    case RuleId::extent_shared_pixels:
    case RuleId::extent_overlap:
    case RuleId::extent_overlaps_structure:
    case RuleId::extent_structure_overlap: return fixed("laid out canonically");
    case RuleId::extent_slack:
      // Not "fixed": the bytes are gone from the rebuilt file, whatever they held (an entry
      // whose pointer was damaged leaves its bytes here).
      return make(finding, "dropped",
                  "not written: no structure the game reads refers to these bytes");
    case RuleId::storage_raw_required:
      return fixed("written raw, with the pixels its frame decodes to");
    case RuleId::format_foreign_variant: return fixed("written as the GAF the TA engine reads");
    case RuleId::frame_duration_zero:
    case RuleId::frame_duration_high_bits: return kept("duration kept as the game plays it");
    case RuleId::frame_empty: return kept("a frame without pixels, kept in its place");
    case RuleId::entry_no_frames:
    case RuleId::taf_no_frames: return kept("an entry without frames, kept");
    case RuleId::taf_flag_nonstandard:
      return kept("the +11 flag is kept: what TA: Kingdoms does with it is not established");
    default: return kept("");
  }
}

}  // namespace gafcheck::rebuild
