#pragma once
// Every rule id the code can emit. Findings are built from RuleId, never from free strings, so
// a test can compare this list with rules/catalog.yaml in both directions.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace gafcheck {

#define GAFCHECK_RULES_CORE(X)                                      \
  X(header_truncated, "header.truncated")                           \
  X(header_version_zero, "header.version-zero")                     \
  X(header_version_nonstandard, "header.version-nonstandard")       \
  X(header_entry_count_negative, "header.entry-count-negative")     \
  X(header_entry_count_high_bits, "header.entry-count-high-bits")   \
  X(header_reserved_nonzero, "header.reserved-nonzero")             \
  X(entry_out_of_bounds, "entry.out-of-bounds")                     \
  X(entry_alias, "entry.alias")                                     \
  X(entry_name_unterminated, "entry.name-unterminated")             \
  X(entry_name_trailing_bytes, "entry.name-trailing-bytes")         \
  X(entry_name_duplicate, "entry.name-duplicate")                   \
  X(entry_no_frames, "entry.no-frames")                             \
  X(frame_out_of_bounds, "frame.out-of-bounds")                     \
  X(frame_header_shared, "frame.header-shared")                     \
  X(frame_empty, "frame.empty")                                     \
  X(frame_compression_nonstandard, "frame.compression-nonstandard") \
  X(frame_duration_high_bits, "frame.duration-high-bits")           \
  X(frame_duration_zero, "frame.duration-zero")                     \
  X(layer_count_misread_256, "layer.count-misread-256")             \
  X(layer_alt_blend, "layer.alt-blend")                             \
  X(composite_cycle, "composite.cycle")                             \
  X(composite_nested, "composite.nested")                           \
  X(composite_table_shared, "composite.table-shared")               \
  X(budget_exceeded, "budget.exceeded")                             \
  X(format_unknown, "format.unknown")                               \
  X(format_container, "format.container")                           \
  X(input_unreadable, "input.unreadable")

// Pixel forensics: rle.*, extent.*, storage.*, tak.*
#define GAFCHECK_RULES_PIXELS(X)                            \
  X(rle_overrun, "rle.overrun")                             \
  X(rle_short_row, "rle.short-row")                         \
  X(rle_unused_payload, "rle.unused-payload")               \
  X(rle_truncated_command, "rle.truncated-command")         \
  X(rle_zero_skip, "rle.zero-skip")                         \
  X(rle_reads_past_eof, "rle.reads-past-eof")               \
  X(rle_out_of_step, "rle.out-of-step")                     \
  X(extent_shared_pixels, "extent.shared-pixels")           \
  X(extent_overlap, "extent.overlap")                       \
  X(extent_overlaps_structure, "extent.overlaps-structure") \
  X(extent_structure_overlap, "extent.structure-overlap")   \
  X(extent_rebase_overlap, "extent.rebase-overlap")         \
  X(extent_slack, "extent.slack")                           \
  X(storage_raw_required, "storage.raw-required")           \
  X(tak_corner_key, "tak.corner-key")

// TA: Kingdoms formats and foreign variants: taf.*, tsf.*, format.*
#define GAFCHECK_RULES_KINGDOMS(X)                        \
  X(taf_sequence_count, "taf.sequence-count")             \
  X(taf_field_nonstandard, "taf.field-nonstandard")       \
  X(taf_layers_nonzero, "taf.layers-nonzero")             \
  X(taf_pixel_format_unknown, "taf.pixel-format-unknown") \
  X(taf_mixed_formats, "taf.mixed-formats")               \
  X(taf_flag_nonstandard, "taf.flag-nonstandard")         \
  X(taf_no_frames, "taf.no-frames")                       \
  X(tsf_syntax, "tsf.syntax")                             \
  X(tsf_no_animation, "tsf.no-animation")                 \
  X(tsf_no_frames, "tsf.no-frames")                       \
  X(tsf_frame_layers, "tsf.frame-layers")                 \
  X(tsf_layer_filename, "tsf.layer-filename")             \
  X(tsf_value, "tsf.value")                               \
  X(tsf_multiple_animations, "tsf.multiple-animations")   \
  X(tsf_missing_image, "tsf.missing-image")               \
  X(tsf_path_escape, "tsf.path-escape")                   \
  X(format_foreign_variant, "format.foreign-variant")     \
  X(format_extension_mismatch, "format.extension-mismatch")

// Archives: hpi.*
#define GAFCHECK_RULES_ARCHIVES(X)                            \
  X(hpi_version, "hpi.version")                               \
  X(hpi_saved_game, "hpi.saved-game")                         \
  X(hpi_key_high_bits, "hpi.key-high-bits")                   \
  X(hpi_directory_bounds, "hpi.directory-bounds")             \
  X(hpi_name_bounds, "hpi.name-bounds")                       \
  X(hpi_directory_cycle, "hpi.directory-cycle")               \
  X(hpi_entry_flag, "hpi.entry-flag")                         \
  X(hpi_compression, "hpi.compression")                       \
  X(hpi_path_traversal, "hpi.path-traversal")                 \
  X(hpi_duplicate_path, "hpi.duplicate-path")                 \
  X(hpi_chunk_table_mismatch, "hpi.chunk-table-mismatch")     \
  X(hpi_chunk_header, "hpi.chunk-header")                     \
  X(hpi_chunk_checksum, "hpi.chunk-checksum")                 \
  X(hpi_chunk_size, "hpi.chunk-size")                         \
  X(hpi_chunk_stream, "hpi.chunk-stream")                     \
  X(hpi_ratio, "hpi.ratio")                                   \
  X(hpi_footer, "hpi.footer")                                 \
  X(hpi_slack, "hpi.slack")                                   \
  X(hpi_overlap, "hpi.overlap")                               \
  X(hpi_shared_data, "hpi.shared-data")

// TA3D's own truecolor GAF, as TA3D reads it (--game ta3d): ta3d.*
#define GAFCHECK_RULES_TA3D(X)                                \
  X(ta3d_payload_out_of_bounds, "ta3d.payload-out-of-bounds") \
  X(ta3d_payload_encoding, "ta3d.payload-encoding")           \
  X(ta3d_payload_corrupt, "ta3d.payload-corrupt")             \
  X(ta3d_payload_size, "ta3d.payload-size")

#define GAFCHECK_RULES(X)    \
  GAFCHECK_RULES_CORE(X)     \
  GAFCHECK_RULES_PIXELS(X)   \
  GAFCHECK_RULES_KINGDOMS(X) \
  GAFCHECK_RULES_ARCHIVES(X) \
  GAFCHECK_RULES_TA3D(X)

enum class RuleId : std::size_t {
#define GAFCHECK_RULE_ENUM(name, text) name,
  GAFCHECK_RULES(GAFCHECK_RULE_ENUM)
#undef GAFCHECK_RULE_ENUM
};

inline constexpr std::array rule_names = {
#define GAFCHECK_RULE_NAME(name, text) std::string_view(text),
    GAFCHECK_RULES(GAFCHECK_RULE_NAME)
#undef GAFCHECK_RULE_NAME
};

inline constexpr std::size_t rule_count = rule_names.size();

constexpr std::string_view rule_name(RuleId id) {
  return rule_names[static_cast<std::size_t>(id)];
}

inline std::optional<RuleId> rule_from_name(std::string_view name) {
  for (std::size_t i = 0; i < rule_count; ++i)
    if (rule_names[i] == name) return static_cast<RuleId>(i);
  return std::nullopt;
}

}  // namespace gafcheck
