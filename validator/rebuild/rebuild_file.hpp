#pragma once
// Rebuilds one GAF or TAF file from what the retail game draws: exactly the entries
// the game can reach, every frame as the retail renderer draws it (a composite kept as one where
// that is exact, else flattened: kept_composite.hpp), laid out canonically
// (canonical_writer.hpp) and encoded by the canonical RLE encoder
// (validator/pixels/rle_encoder.hpp). A file whose retail outcome is undefined (refusal_rules.hpp)
// is refused, unless drop_unrenderable, which drops the frames and entries concerned and lists
// them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::tsf {
class ImageLookup;
}

namespace gafcheck::rebuild {

struct RebuildOptions {
  bool drop_unrenderable = false;  // drop what the game cannot draw instead of refusing
  bool keep_unknown = false;       // keep each frame's unknown3 word (else zero)
  // Leave out what the game never loads (an entry past its entry count or named like an earlier
  // one, a member whose path folds like an earlier one's) without counting it as a loss.
  bool drop_unreachable = false;
  BudgetLimits limits;
  // A tree rebuild: where a TSF script's images are looked up in the output tree (the files it
  // will hold), so that a script is refused whose images would not be there. Null: not looked up.
  tsf::ImageLookup* output_images = nullptr;
};

// What became of one finding of the input.
struct Disposition {
  std::string rule;
  std::uint64_t offset = 0;
  std::string path;
  std::string action;  // fixed | dropped | kept | refused (the file was not rebuilt)
  std::string note;
};

struct RebuildResult {
  bool refused = false;
  // Refused by the rebuild's check of its own output (output_check.hpp), a backstop that a
  // correct rebuild never reaches.
  bool refused_by_output_check = false;
  std::vector<std::uint8_t> bytes;
  std::vector<Disposition> dispositions;
  std::vector<std::string> refusal_reasons;
  std::vector<std::string> dropped;  // structure paths of entries and frames left out
  // Of what was left out (dropped, and dispositions "dropped"), how much no option asked for:
  // --drop-unrenderable asks only for what the game's outcome is undefined on. Content left out
  // otherwise is a loss the command's exit status reports.
  std::uint64_t lost = 0;
  // Refusal reasons and dropped lines past --max-findings: counted, not listed.
  std::uint64_t reasons_unlisted = 0;
  FileReport input_report;  // check's report of the input (the sidecar maps it)
};

// A TA mask file (terrain.gaf, vismasks.gaf) keeps its version word 0 (docs/format/gaf.md §1).
bool is_mask_file(std::string_view path);

// path_in_tree gives the storage context ("textures/x.gaf", "anims/vismasks.gaf"): frames the
// engine reads as plain arrays are written raw.
RebuildResult rebuild_sprite_file(ByteView input, std::string_view path_in_tree,
                                  const RebuildOptions& options);

}  // namespace gafcheck::rebuild
