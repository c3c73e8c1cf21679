#pragma once
// What changed between two sprite files as the game shows them. Entries are matched by name as
// the game looks them up (A-Z folded; the first of equal names is the one it finds, later ones
// are matched by their rank among equals and can only differ in bytes); an entry whose frames
// draw the same under another name is renamed, not removed and added. Within an entry, frames are
// aligned by what the game draws (edit_script.hpp): a frame inserted, deleted or moved is
// reported as such; a frame at the same place that draws differently is changed, with what
// changed; one whose bytes changed but that draws the same is re-encoded.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "validator/compare/frame_pictures.hpp"
#include "validator/compare/pixel_delta.hpp"
#include "validator/compare/sprite_side.hpp"

namespace gafcheck::compare {

// A field that differs: its name, old and new value, and whether the game shows the difference.
struct FieldChange {
  std::string field;
  std::string before;
  std::string after;
  bool drawn = true;
};

enum class FrameChange : std::uint8_t { inserted, deleted, moved, changed, re_encoded };
std::string_view frame_change_name(FrameChange change);

struct FrameDiff {
  FrameChange change = FrameChange::changed;
  std::optional<std::size_t> old_index;  // its place in the old entry's frame table
  std::optional<std::size_t> new_index;  // and in the new one's
  std::vector<FieldChange> fields;       // changed, re-encoded: what differs
  std::optional<PixelDelta> pixels;      // changed: how the drawings differ
  std::uint32_t old_frame = gaf::no_index, new_frame = gaf::no_index;  // for pictures
  std::shared_ptr<const FramePictures> pictures;  // changed, when pictures were asked for
};

enum class EntryChange : std::uint8_t { added, removed, renamed, changed, re_encoded };
std::string_view entry_change_name(EntryChange change);

struct EntryDiff {
  EntryChange change = EntryChange::changed;
  std::string name;       // the new name (the old one when removed)
  std::string old_name;   // renamed (or its spelling changed): the old one
  bool reachable = true;  // the game finds it by name on a side it is on
  std::vector<FieldChange> fields;
  std::vector<FrameDiff> frames;
  std::uint64_t unchanged_frames = 0;
  bool positional = false;  // frames aligned by position: the alignment's work bound was reached
};

struct SpriteDiff {
  std::vector<EntryDiff> entries;  // only entries that differ
  std::uint64_t unchanged_entries = 0;
  std::string old_stopped, new_stopped;  // a budget that cut a side's structure read

  // Something the game shows or does differs (not only bytes).
  bool drawn_differs() const;
};

// pictures, when given, takes the pictures of the changed frames while both sides are alive.
SpriteDiff diff_sprites(SpriteSide& before, SpriteSide& after, PictureTaker* pictures = nullptr);

}  // namespace gafcheck::compare
