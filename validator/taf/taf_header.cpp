// Truecolor TAF and TA3D headers (docs/format/gaf.md §1, §7): the GAF header with a plain slot
// count.
#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/taf/taf_layout.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {

void read_counted_header(WalkContext& context, gaf::GafIndex& index, std::string_view slot_name) {
  const ByteView& file = context.file;
  if (file.size() < gaf::header_size) {
    context.findings.add(RuleId::header_truncated, 0, file.size(), "header", [&] {
      return "file is " + std::to_string(file.size()) + " bytes; the header needs " +
             std::to_string(gaf::header_size);
    });
    return;
  }
  gaf::HeaderFields& header = index.header;
  header.present = true;
  static_cast<gaf::FileHeader&>(header) = gaf::read_file_header(file);

  const std::uint64_t claimed = header.entry_count_word;
  const std::uint64_t fitting = (file.size() - gaf::header_size) / gaf::entry_slot_size;
  const std::uint64_t walked = std::min(claimed, fitting);
  if (claimed > fitting) {
    context.findings.add(RuleId::header_truncated, gaf::header_size, file.size() - gaf::header_size,
                         std::string(slot_name) + "_table", [&] {
                           return std::string(slot_name) + " table of " + std::to_string(claimed) +
                                  " slots needs " + std::to_string(claimed * gaf::entry_slot_size) +
                                  " bytes at offset 12; the file has " +
                                  std::to_string(file.size() - gaf::header_size) + " (only " +
                                  std::to_string(fitting) + " slots fit)";
                         });
  }
  // Bounds are checked before budgets: only the slots that fit are charged.
  const std::uint64_t budgeted = gaf::walked_within_entries_budget(
      context, walked, gaf::header_entry_count, "header/" + std::string(slot_name) + "_count");
  header.walked_slots = static_cast<std::uint32_t>(budgeted);
  header.game_entry_count = static_cast<std::int32_t>(budgeted);
}

void check_truecolor_header(WalkContext& context, const gaf::GafIndex& index) {
  const gaf::HeaderFields& header = index.header;
  if (!header.present) return;
  if (header.version != version_standard) {
    context.findings.add(
        RuleId::header_version_nonstandard, gaf::header_version, 4, "header/version", [&] {
          return "version word is " + hex(header.version, 8) + "; truecolor TAFs carry " +
                 hex(version_standard, 8) + " (the GAF version word)";
        });
  }
  if (header.entry_count_word != sequence_count_standard) {
    context.findings.add(RuleId::taf_sequence_count, gaf::header_entry_count, 4,
                         "header/sequence_count", [&] {
                           return "sequence count is " + std::to_string(header.entry_count_word) +
                                  "; a truecolor TAF holds exactly one sequence";
                         });
  }
  if (header.reserved != 0) {
    context.findings.add(
        RuleId::taf_field_nonstandard, gaf::header_reserved, 4, "header/unknown", [&] {
          return "header unknown word is " + hex(header.reserved, 8) + "; 0 in every truecolor TAF";
        });
  }
}

void check_truecolor_sequences(WalkContext& context, const gaf::GafIndex& index) {
  for (const gaf::EntryRecord& entry : index.entries) {
    if (!entry.header_in_bounds || entry.alias_of != gaf::no_index) continue;
    const std::string path = indexed("entry", entry.slot);
    if (entry.loop_word != sequence_unknown1_standard) {
      context.findings.add(RuleId::taf_field_nonstandard, entry.offset + gaf::entry_loop, 2,
                           join_path(path, "unknown1"), [&] {
                             return "sequence unknown1 is " + std::to_string(entry.loop_word) +
                                    "; 1 in every truecolor TAF";
                           });
    }
    if (entry.unknown != 0) {
      context.findings.add(RuleId::taf_field_nonstandard, entry.offset + gaf::entry_unknown, 4,
                           join_path(path, "unknown2"), [&] {
                             return "sequence unknown2 is " + hex(entry.unknown, 8) +
                                    "; 0 in every truecolor TAF";
                           });
    }
  }
}

}  // namespace gafcheck::taf
