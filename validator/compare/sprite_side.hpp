#pragma once
// One side of a sprite comparison (a GAF, paletted TAF, truecolor TAF or TA3D GAF), read by the
// same structure reader and renderer as check and render: each entry as the game looks it up (by
// name, A-Z folded, the first of equal names winning), each of its frames with the digest of what
// the game draws and the digest of how it is stored.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "validator/compare/drawn_frame.hpp"
#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::compare {

struct FrameFacts {
  std::uint32_t frame = 0;     // into the side's index frames (gaf::no_index: none)
  std::uint32_t duration = 0;  // the entry's frame table word
  std::uint64_t drawn = 0;     // DrawnImage::digest()
  std::uint64_t stored = 0;    // digest of the header fields and pixel bytes but the offset
  std::string storage;         // raw, rle, composite (N layers), truecolor, undrawable
  gaf::FrameHeader header;     // as read (zero when the header is outside the file)
  std::string undrawable;      // why the game draws nothing, if so
  std::string failure;         // its kind and the frame's size, as compared (DrawnImage)
  // Layers the game tints against the screen (their +11 byte set).
  std::uint32_t tinted_layers = 0;
};

struct EntryFacts {
  std::string name;        // for display (escaped)
  std::string folded;      // as the game compares it
  std::uint32_t slot = 0;  // in the entry table
  bool reachable = true;   // false: an earlier entry has the same folded name, or past the count
  std::uint16_t loop_word = 0;
  std::vector<FrameFacts> frames;

  bool loops() const { return (loop_word & 0xFF) != 0; }
};

class SpriteSide {
 public:
  // Reads and draws every frame once (budgets as render's). format: gaf, taf_paletted,
  // taf_truecolor or ta3d_gaf.
  SpriteSide(ByteView bytes, Format format, const BudgetLimits& limits, bool ta3d);

  const std::vector<EntryFacts>& entries() const { return entries_; }
  const std::string& stopped() const { return index_->stopped; }  // a budget that cut the read
  // Its drawings are palette indices (else RGBA: a truecolor TAF, a TA3D GAF under --game ta3d).
  bool paletted() const { return !index_->truecolor && !ta3d_; }
  // The drawing of a frame again (for the pixel comparison of a changed pair).
  DrawnImage draw(std::uint32_t frame);

 private:
  FrameFacts facts_of(std::uint32_t frame, std::uint32_t duration);
  std::uint64_t stored_digest(const gaf::FrameRecord& frame, std::uint64_t depth) const;

  ByteView bytes_;
  std::unique_ptr<render::RenderIndex> index_;
  BudgetLimits limits_;
  bool ta3d_;
  std::unique_ptr<FrameDrawer> drawer_;
  std::vector<EntryFacts> entries_;
  std::map<std::uint32_t, FrameFacts> drawn_;  // frames drawn already (shared by entries)
};

}  // namespace gafcheck::compare
