#pragma once
// The render job's worker for one input (render_input in render_job.hpp): its entries and frames
// drawn under the chosen policies, written below the output directory and listed in index.json.
// Private to the render room: its methods are spread over input_renderer*.cpp by concern.
#include <array>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/render_job.hpp"

namespace gafcheck {

class InputRenderer {
 public:
  using json = nlohmann::json;
  using Canvas = render::Canvas;
  using Rendered = render::Rendered;

  InputRenderer(const LoadedInput& input, const std::string& prefix, const SafeDirectory& directory,
                const RenderSettings& settings, ImageIndex& images, RenderTally& tally,
                std::ostream& messages)
      : input_(input),
        prefix_(prefix),
        directory_(directory),
        settings_(settings),
        images_(images),
        tally_(tally),
        messages_(messages) {}

  // False when may_draw said no (nothing drawn, written or listed then).
  bool run(const MayDraw& may_draw);

 private:
  void entry(std::uint32_t slot);
  // An alias slot of an entry drawn before: listed as references to that entry's folder.
  void refer_to_entry(const json& base, const gaf::EntryRecord& entry);
  // False (the entry listed with its reason, or counted not found) when it cannot be drawn.
  bool entry_drawable(json& base, std::uint32_t slot, const gaf::EntryRecord& entry,
                      const gaf::EntryRecord& source);
  void entry_frames(const json& base, const std::string& folder, const gaf::EntryRecord& entry,
                    const gaf::EntryRecord& source);
  void clear_kept_frames();  // the frames kept for --sheet and --animate
  void frame(const json& base, const std::string& folder, std::uint32_t k, std::uint32_t frame,
             bool loaded_by_game, std::uint32_t duration);
  void truecolor_frame(const json& base, const std::string& folder, std::uint32_t k,
                       std::uint32_t frame);
  void ta3d_frame(const json& base, const std::string& folder, std::uint32_t k,
                  std::uint32_t frame);
  bool ta3d_ = false;  // --game ta3d and a TA3D truecolor GAF
  using SheetFrames = std::vector<std::optional<Canvas>>;
  void write_diff(const json& base, const std::string& path, const Rendered& retail,
                  const Rendered& strict);
  // Why the entry's sheet or animation is not drawn when frames are missing from it (SheetGap).
  std::optional<std::string> gap_reason(const char* policy) const;
  void write_sheet(const json& base, const std::string& folder, const char* policy,
                   const SheetFrames& frames);
  void write_animation(const json& base, const std::string& folder, const char* policy,
                       const SheetFrames& frames, bool loop);
  // A truecolor TAF's sheets and animations asked for (--sheet, --animate), listed as not drawn
  // with the reason: they are built from palette frames, and nothing asked for is left out
  // silently.
  void list_sheets_not_drawn(const json& base);
  std::string unread_reason() const;
  void list_unread(const std::string& unread);
  std::string not_loaded_reason() const {
    return "the game loads no entry from this slot: it reads the entry count as a signed 16-bit "
           "value, " +
           std::to_string(index_.index.header.game_entry_count);
  }
  // Lists an image that is not drawn; counted unless it is only a note (a truecolor diff).
  void not_drawn(json record, const std::string& policy, const std::string& reason,
                 bool counted = true) {
    if (!room()) return;
    record["policy"] = policy;
    record["reason"] = sanitize_text(reason);
    list(std::move(record));
    if (counted) ++tally_.not_drawn;
  }
  // Lists a record, its bytes charged to --max-output-bytes; past that budget it is replaced by
  // the budget's reason. text: the record's dump when the caller has it (else dumped here).
  void list(json record, bool reached_budget = false, std::string text = {});
  // Whether index.json takes one more record (--max-images, and no output budget reached);
  // counts the image left out if not.
  bool room() {
    if (!closed()) return true;
    images_.leave_out();
    return false;
  }
  bool closed() const { return images_.full() || !output_full_.empty(); }
  // Charges bytes of index.json to the input's --max-output-bytes; false (the budget's reason
  // kept in output_full_) when they do not fit.
  bool charge_index(std::uint64_t bytes);
  std::string output_bytes_reason(std::uint64_t bytes) const;
  // Lists the reason the output budget was reached, in place of the record (once per input).
  void list_budget_reason(const json& record);

  // What became of an image drawn once, for the other references to the same frame or entry.
  struct Outcome {
    std::string path;    // the image written, or
    std::string reason;  // why there is none
    json shape;          // width, height, x_offset, y_offset (and counts) of the image
  };
  // What the game draws from a frame depends on these fields only (a leaf's anchor moves it,
  // it does not change its pixels), so frames with one key are one image.
  std::string frame_key(std::uint32_t frame) const;
  const Outcome* drawn_before(const char* policy, const std::string& key) const {
    const auto found = drawn_.find(std::string(policy) + '|' + key);
    return found == drawn_.end() ? nullptr : &found->second;
  }
  void remember(const char* policy, const std::string& key, const json& record);
  // Lists a reference to an image drawn before instead of drawing and writing it again: added to
  // the run of references (one entry's frames, or entry slots) that reach the same image.
  // False when it is left out.
  bool refer(json record, const char* policy, const Outcome& outcome, const gaf::FrameRecord* leaf);
  // The references of one entry (or of the alias slots) that reach one image (or one reason)
  // under one policy: one record, its frames (or slots) as runs, so index.json grows with the
  // runs of the input's tables, not with its references.
  struct ReferenceGroup {
    std::string record;  // the first reference's, as listed but for its runs (text: held small)
    // [first, last] and, for frames reaching an image, the duration and anchor they share.
    std::vector<std::array<std::int64_t, 5>> runs;
    std::size_t fields = 2;  // numbers per run: 2, or 5 for frames reaching an image
  };
  struct ReferenceGroups {
    std::vector<ReferenceGroup> groups;  // in the order of their first reference
    std::unordered_map<std::string, std::size_t> at;
  };
  void flush(ReferenceGroups& groups, bool slots);
  // A truecolor or TA3D frame, drawn whole: one image under retail and strict alike, so its
  // diff is only a note. What each policy drew of it before, and how many images are new.
  struct WholeFrame {
    const gaf::FrameRecord& frame;
    std::string key;
    const gaf::FrameRecord* leaf;  // the frame, when its header is in the file
    const Outcome* retail_seen = nullptr;
    const Outcome* strict_seen = nullptr;
    std::uint64_t new_images = 0;  // wanted and not drawn before
  };
  WholeFrame whole_frame(std::uint32_t frame) const;
  // Lists the frame's retail and strict images: referred to when drawn before, else not drawn
  // for `problem`, or written (at path_stem.POLICY.png) from rows; then the diff note.
  void whole_frame_images(const json& base, const std::string& path_stem, const WholeFrame& whole,
                          const std::optional<std::string>& problem,
                          const render::RgbaRowSource& rows, const std::string& note);
  // A diff that is only a note (a truecolor or TA3D frame): listed once per image, referred to.
  void diff_note(const json& base, const std::string& key, const gaf::FrameRecord* leaf,
                 const std::string& note);
  // Encodes and writes an image, and lists it.
  // finish (when set) adds what the encoding counted to the record before it is listed.
  void write(json record, const std::string& policy, const std::string& path, std::uint32_t width,
             std::uint32_t height, std::int64_t x_offset, std::int64_t y_offset,
             const render::ImageRows& rows, const std::function<void(json&)>& finish = nullptr);
  // Records how writing an image went: its path under `kind` ("png", "gif"), or why it was not
  // written (said on the messages stream too), counted either way. True when refused because the
  // output budget was reached.
  bool note_written(json& record, const char* kind, const std::string& path,
                    const Result<void>& written);

  // Writes a file at path (below prefix_), through the folders kept open.
  // index_bytes: the most its index.json record takes, which must fit --max-output-bytes too.
  Result<void> write_file(const std::string& path, std::span<const std::uint8_t> bytes,
                          std::uint64_t index_bytes);
  // The most records this input can list (before it is drawn: from its entry and frame tables).
  std::uint64_t records_at_most(const std::vector<std::uint32_t>& slots) const;

  const LoadedInput& input_;
  const std::string& prefix_;
  const SafeDirectory& directory_;
  const RenderSettings& settings_;
  ImageIndex& images_;
  RenderTally& tally_;
  std::ostream& messages_;
  // The input's own folder (prefix_) and the entry folder last written into, kept open so a file
  // is created by name in it (no walk of the path per image).
  std::optional<SafeDirectory> input_folder_, entry_folder_;
  std::string entry_folder_path_;
  ByteView file_;
  render::RenderIndex index_;
  std::optional<render::FrameRenderer> renderer_;
  std::uint64_t truecolor_pixels_ = 0;
  // --sheet: the entry's canvases, kept until its sheet is written, and their bytes.
  SheetFrames sheet_retail_, sheet_strict_;
  std::vector<std::uint32_t> kept_durations_;
  std::uint64_t sheet_held_ = 0;
  // Frames whose image was drawn before (so their reference lists no reason) but whose canvas a
  // budget refused when the sheet or animation needed it again: those would lack the frame.
  struct SheetGap {
    std::uint64_t frames = 0;
    std::string first;  // "frame K: why"
  };
  SheetGap gap_retail_, gap_strict_;
  const SheetGap& sheet_gap(const char* policy) const {
    return policy == std::string_view("retail") ? gap_retail_ : gap_strict_;
  }
  // Every image drawn (or refused) so far, by policy and frame key; the folder of every entry
  // drawn, by slot, for the aliases that name it again.
  std::unordered_map<std::string, Outcome> drawn_;
  std::unordered_map<std::uint32_t, std::string> entry_folders_;
  std::optional<json> last_listed_;   // the record listed last
  ReferenceGroups frame_references_;  // the current entry's
  ReferenceGroups slot_references_;   // the alias slots'
  // Files and folders created and bytes written for this input (--max-output-files, -bytes);
  // the reason once one is reached: what follows is left out, not drawn.
  std::uint64_t output_files_ = 0, output_bytes_ = 0;
  std::string output_full_;
};

}  // namespace gafcheck
