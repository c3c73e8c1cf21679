#pragma once
// Host safety budgets: every limit on work or memory that untrusted input can drive.
// A budget hit is a finding (budget.exceeded) and a rejected verdict, never an abort.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "validator/base/enum_table.hpp"

namespace gafcheck {

enum class BudgetKind {
  file_size,     // bytes of one input file
  entries,       // entry table slots walked
  frame_refs,    // frame references (each unique table charged once)
  pixels,        // pixels walked (width x height of each unique leaf)
  depth,         // composite nesting depth
  expansion,     // expanded composite visits (shared subgraphs costed once, by memo)
  rle_commands,  // RLE commands decoded
  heap,          // heap bytes allocated from input-derived sizes
  findings,      // findings kept per file (later ones are counted, not listed)
  // archives (HPI family)
  archive_output,   // decompressed bytes per archive (nested archives draw on their outer one's)
  archive_depth,    // archives opened inside archives, the outermost counting 1
  member_size,      // decompressed size of one archive member
  chunk_ratio,      // declared expansion (decompressed / compressed bytes) of one chunk
  archive_entries,  // directory entries walked per archive (shared with nested archives)
  name_length,      // bytes of one name in an archive directory
  directory_depth,  // nesting of an archive's directory tree
  members,          // member documents per archive (shared with nested archives)
  archive_ratio,    // decompressed bytes per byte of an input archive (nested archives included)
};

inline constexpr std::size_t budget_kind_count =
    static_cast<std::size_t>(BudgetKind::archive_ratio) + 1;

struct BudgetSpec {
  BudgetKind kind;
  std::string_view name;  // as in reports and findings; budget_option() spells its option
  std::uint64_t default_limit;
  std::string_view help;
};

inline constexpr std::array<BudgetSpec, budget_kind_count> budget_specs = {{
    {BudgetKind::file_size, "file_size", 1ull << 30,
     "largest input file in bytes; a larger file is rejected unread"},
    {BudgetKind::entries, "entries", 65536,
     "entry table slots per file (an archive's members share one budget)"},
    {BudgetKind::frame_refs, "frame_refs", 1'000'000,
     "frame references per file (a table shared by aliased entries counts once; an archive's "
     "members share one budget)"},
    {BudgetKind::pixels, "pixels", 1ull << 30,
     "pixels (width x height) of all unique frames in a file (an archive's members share one "
     "budget)"},
    {BudgetKind::depth, "depth", 16, "composite nesting depth"},
    {BudgetKind::expansion, "expansion", 1'000'000,
     "frame visits a full expansion of the composite graph would make (shared subgraphs are "
     "costed, not walked; an archive's members share one budget)"},
    {BudgetKind::rle_commands, "rle_commands", 1ull << 28,
     "RLE commands decoded per file (an archive's members share one budget)"},
    {BudgetKind::heap, "heap", 224ull << 20,
     "heap bytes allocated from sizes read out of one file; an archive's decoded members held "
     "at any moment, nested archives included, count against it in all"},
    {BudgetKind::findings, "findings", 10'000,
     "findings listed per file, an archive's members and nested archives included; later ones "
     "are only counted per rule"},
    {BudgetKind::archive_output, "archive_output", 1ull << 30,
     "decompressed bytes per archive, nested archives included"},
    {BudgetKind::archive_depth, "archive_depth", 2,
     "archives opened inside archives (1: do not open nested archives; 0: open none)"},
    {BudgetKind::member_size, "member_size", 256ull << 20,
     "decompressed size of one archive member"},
    {BudgetKind::chunk_ratio, "chunk_ratio", 1032,
     "declared expansion of one compressed chunk (zlib cannot exceed 1032:1)"},
    {BudgetKind::archive_entries, "archive_entries", 65536,
     "directory entries (files and directories) per archive, nested archives included"},
    {BudgetKind::name_length, "name_length", 1024,
     "bytes of one file or directory name in an archive"},
    {BudgetKind::directory_depth, "directory_depth", 32, "nesting of an archive's directory tree"},
    {BudgetKind::members, "members", 4096,
     "member documents (checked members) per archive, nested archives included"},
    {BudgetKind::archive_ratio, "archive_ratio", 256,
     "decompressed bytes per byte of an input archive, nested archives included (an input "
     "under 1 MiB counts as 1 MiB)"},
}};

static_assert(rows_in_enum_order(budget_specs, [](const BudgetSpec& spec) { return spec.kind; }),
              "budget_specs lists every BudgetKind once, in order");

// The command-line option (and configuration key) of a budget: "max-" and its name with '-' for
// '_' ("max-rle-commands").
inline std::string budget_option(const BudgetSpec& spec) {
  std::string option = "max-" + std::string(spec.name);
  for (char& c : option)
    if (c == '_') c = '-';
  return option;
}

inline const BudgetSpec& budget_spec(BudgetKind kind) {
  return budget_specs[static_cast<std::size_t>(kind)];
}

struct BudgetLimits {
  std::array<std::uint64_t, budget_kind_count> limit{};
  BudgetLimits() {
    for (const auto& spec : budget_specs)
      limit[static_cast<std::size_t>(spec.kind)] = spec.default_limit;
  }
  std::uint64_t operator[](BudgetKind kind) const { return limit[static_cast<std::size_t>(kind)]; }
  std::uint64_t& operator[](BudgetKind kind) { return limit[static_cast<std::size_t>(kind)]; }
};

struct BudgetHit {
  BudgetKind kind;
  std::uint64_t limit;
  std::uint64_t value;  // what the input asked for
};

// Whether a hit of this budget stops the whole walk of the file. Work budgets that bound the
// decoding of frames (pixels, RLE commands), the slots of an entry table walked (entries), the
// frame-reference and layer tables read (frame_refs), the
// composite walk below one frame (depth) or the costing of composite expansion (expansion), and
// the limits on one archive member or name (member_size, chunk_ratio, name_length) stop only that
// work: the structure checks of every other entry, frame, member and name, and the findings
// already made, still stand: a budget stops only the work it bounds.
constexpr bool budget_stops_walk(BudgetKind kind) {
  switch (kind) {
    case BudgetKind::entries:
    case BudgetKind::frame_refs:
    case BudgetKind::depth:
    case BudgetKind::expansion:
    case BudgetKind::pixels:
    case BudgetKind::rle_commands:
    case BudgetKind::member_size:
    case BudgetKind::chunk_ratio:
    case BudgetKind::name_length: return false;
    default: return true;
  }
}

// Counts use per file against the limits. charge() refuses (and remembers the first hit, overall
// and per budget) when a charge would pass a limit; callers stop the work that asked.
class BudgetMeter {
 public:
  explicit BudgetMeter(const BudgetLimits& limits) : limits_(limits) {}

  bool charge(BudgetKind kind, std::uint64_t amount);
  // Checks a value against a limit without accumulating (depth, file size).
  bool check(BudgetKind kind, std::uint64_t value);

  std::uint64_t used(BudgetKind kind) const { return used_[static_cast<std::size_t>(kind)]; }
  std::uint64_t limit(BudgetKind kind) const { return limits_[kind]; }
  const BudgetLimits& limits() const { return limits_; }
  const std::optional<BudgetHit>& first_hit() const { return first_hit_; }
  const std::optional<BudgetHit>& hit(BudgetKind kind) const {
    return hits_[static_cast<std::size_t>(kind)];
  }
  // A budget whose hit stops the whole walk has been hit (see budget_stops_walk).
  bool exhausted() const { return walk_stopped_; }
  // A budget that leaves tables of the file unread (entry slots, frame-reference or layer tables)
  // has been hit: a map of the whole file (extents, coverage) would be partial.
  bool left_tables_unread() const {
    return hit(BudgetKind::entries) || hit(BudgetKind::frame_refs);
  }

 private:
  bool refuse(BudgetKind kind, std::uint64_t value);

  BudgetLimits limits_;
  std::array<std::uint64_t, budget_kind_count> used_{};
  std::optional<BudgetHit> first_hit_;
  std::array<std::optional<BudgetHit>, budget_kind_count> hits_{};
  bool walk_stopped_ = false;
};

}  // namespace gafcheck
