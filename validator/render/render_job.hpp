#pragma once
// gafcheck render's work for one input: every selected frame of every selected entry drawn under
// the chosen policies, written as PNG below the output directory, and listed in index.json.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "validator/core/budget.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/safe_directory.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck {

inline constexpr std::uint64_t default_max_output_files = 65'536;
inline constexpr std::uint64_t default_max_output_bytes = 1ull << 30;

struct RenderSettings {
  std::optional<std::string> entry;  // NAME or INDEX; none: every entry
  std::optional<std::uint32_t> frame;
  bool retail = true;
  bool strict = false;
  bool diff = false;
  bool sheet = false;    // one sprite sheet per entry and policy
  bool origins = false;  // sheets mark each cell's anchor (cyan dots)
  bool animate = false;  // one animated GIF per entry and policy
  render::Palette palette;
  bool record_palette = false;  // list the palette in every record (--game tak: per input)
  BudgetLimits limits;
  bool force = false;  // replace existing images
  // Per input: files and folders created, and bytes written (images, sheets, animations).
  std::uint64_t max_output_files = default_max_output_files;
  std::uint64_t max_output_bytes = default_max_output_bytes;
  bool ta3d = false;  // --game ta3d: TA3D truecolor GAFs decoded as TA3D draws them
  // A FILE that is a damaged archive member is drawn (each record marked "damaged"), not only
  // listed with its reason.
  bool draw_damaged = false;
};

struct RenderTally {
  std::uint64_t written = 0;
  std::uint64_t not_drawn = 0;    // listed with a reason
  std::uint64_t not_written = 0;  // the output directory refused the file
  std::uint64_t not_found = 0;    // --entry or --frame selects nothing, or not a GAF or TAF
  std::uint64_t referenced = 0;   // listed as the same image as one written before (same_as)
  std::uint64_t damaged = 0;      // inputs that are damaged archive members (or their palette)
};

// index.json's records, kept as text (a few hundred bytes each rather than a JSON tree) and
// bounded: once max_records are kept, what would follow is only counted (--max-images), so a
// file of a million frame references cannot make the index, or the images, a multiplier. Every
// image is one record (a PNG or GIF written, a reference to one, or a reason), so --max-images
// bounds the files written whatever the policies, --diff, --sheet or --animate.
class ImageIndex {
 public:
  explicit ImageIndex(std::uint64_t max_records) : max_records_(max_records) {}
  bool full() const { return records_ >= max_records_; }
  // A record of index.json (its text), listing images (a reference group is counted as each of
  // its references comes, and added with 0).
  void add_text(std::string_view record, std::uint64_t images);
  void count(std::uint64_t images = 1) { records_ += images; }
  void leave_out(std::uint64_t images = 1) { left_out_ += images; }
  // Takes over the records (and frames left out) of an index kept for a later input.
  void append(ImageIndex&& later);
  std::uint64_t left_out() const { return left_out_; }
  // The whole index.json: the palette (its file and format, or "forensic"), what chose it
  // (palette_argument.hpp: ResolvedPalette::source) and a note on it when there is one.
  std::string text(const std::string& palette, const std::string& chosen_by,
                   const std::string& note) const;

 private:
  std::uint64_t max_records_;
  std::uint64_t records_ = 0;
  std::uint64_t left_out_ = 0;
  std::string text_;
};

// Asked once an input's entry and frame tables are read, before anything is drawn, with the most
// index.json records the input can list; false stops the input there (render -j: drawn later, in
// order, when its records might reach --max-images).
using MayDraw = std::function<bool(std::uint64_t records_at_most)>;

// Renders one input (already read) into directory, below prefix ("" or "N-name/"); adds the
// index.json records to images and writes what it has to say about the input to messages.
// Returns false (nothing written, listed or counted that counts) when may_draw said no.
bool render_input(const LoadedInput& input, const std::string& prefix,
                  const SafeDirectory& directory, const RenderSettings& settings,
                  ImageIndex& images, RenderTally& tally, std::ostream& messages,
                  const MayDraw& may_draw = nullptr);

}  // namespace gafcheck
