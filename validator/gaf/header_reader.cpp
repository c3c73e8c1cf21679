// GAF header (docs/format/gaf.md §1): version, the entry count as the game reads it, the entry
// table.
#include <optional>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {

std::uint64_t walked_within_entries_budget(WalkContext& context, std::uint64_t slots,
                                           std::uint64_t offset, const std::string& path) {
  if (context.stopped()) return 0;
  if (context.check(BudgetKind::entries, slots, offset, path)) return slots;
  // The budget bounds the slots walked: those up to the limit are still checked.
  const std::uint64_t limit = context.budget.limit(BudgetKind::entries);
  context.budget.check(BudgetKind::entries, limit);  // what is walked counts as used
  return limit;
}

void read_header(WalkContext& context, GafIndex& index) {
  const ByteView& file = context.file;
  Findings& findings = context.findings;
  if (file.size() < header_size) {
    findings.add(RuleId::header_truncated, 0, file.size(), "header", [&] {
      return "file is " + std::to_string(file.size()) + " bytes; the GAF header needs " +
             std::to_string(header_size);
    });
    return;
  }
  HeaderFields& header = index.header;
  header.present = true;
  static_cast<FileHeader&>(header) = read_file_header(file);

  if (header.version == 0) {
    findings.add(RuleId::header_version_zero, header_version, 4, "header/version",
                 "version word is 0 (as in the retail mask files); the game never reads it");
  } else if (header.version != version_standard && header.version != version_ta3d) {
    // (0x00010101 is TA3D's mark: format.foreign-variant says what the engine makes of it.)
    findings.add(RuleId::header_version_nonstandard, header_version, 4, "header/version", [&] {
      return "version word is " + hex(header.version, 8) + ", expected " +
             hex(version_standard, 8) + " or 0; the game never reads it";
    });
  }
  if (header.reserved != 0) {
    findings.add(RuleId::header_reserved_nonzero, header_reserved, 4, "header/reserved", [&] {
      return "reserved word is " + hex(header.reserved, 8) + ", 0 in every retail file";
    });
  }

  const auto low16 = static_cast<std::uint16_t>(header.entry_count_word & 0xFFFF);
  const auto game_count = static_cast<std::int16_t>(low16);
  if ((header.entry_count_word >> 16) != 0) {
    findings.add(RuleId::header_entry_count_high_bits, header_entry_count, 4, "header/entry_count",
                 [&] {
                   return "entry count word is " + hex(header.entry_count_word, 8) +
                          "; the game reads only the low 16 bits (" + std::to_string(game_count) +
                          "), a 32-bit reader sees " + std::to_string(header.entry_count_word);
                 });
  }
  header.game_entry_count = game_count < 0 ? 0 : game_count;
  if (game_count < 0) {
    findings.add(
        RuleId::header_entry_count_negative, header_entry_count, 2, "header/entry_count", [&] {
          return "low 16 bits " + hex(low16, 4) + " read as int16 are " +
                 std::to_string(game_count) + ": the game loads no entries; the " +
                 std::to_string(low16) + " slots the table claims are checked as forensics";
        });
  }

  // The table gafcheck walks: the game's count, or the unsigned count as forensics, whose findings
  // take what the game does with a table it never reads: it drops it.
  std::optional<GameDoesNotRead> unread;
  if (!game_reads_entries(header)) unread.emplace(findings, Retail::dropped);
  // Bounds are checked before budgets: the slots the file cannot hold are header.truncated and
  // charge nothing; the entries budget is checked for the slots that are walked.
  const std::uint32_t claimed = low16;
  const std::uint64_t table_bytes = claimed * entry_slot_size;
  const std::uint64_t fitting = (file.size() - header_size) / entry_slot_size;
  std::uint64_t walked = claimed;
  if (!file.contains(header_size, table_bytes)) {
    findings.add(RuleId::header_truncated, header_size, file.size() - header_size, "entry_table",
                 [&] {
                   return "entry table of " + std::to_string(claimed) + " slots needs " +
                          std::to_string(table_bytes) + " bytes at offset 12; the file has " +
                          std::to_string(file.size() - header_size) + " (only " +
                          std::to_string(fitting) + " slots fit)";
                 });
    walked = fitting;
  }
  header.walked_slots = static_cast<std::uint32_t>(
      walked_within_entries_budget(context, walked, header_entry_count, "header/entry_count"));
}

}  // namespace gafcheck::gaf
