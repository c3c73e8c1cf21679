#include "validator/compare/sprite_diff.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <tuple>

#include "validator/base/enum_table.hpp"
#include "validator/compare/edit_script.hpp"

namespace gafcheck::compare {
namespace {

// The ticks a frame is shown: both sources on the game's playback treat 0 and 1 as one tick,
// and the game uses the low 16 bits of the word (docs/format/gaf.md §2, frame.duration-high-bits).
std::uint32_t shown_ticks(std::uint32_t duration) {
  return std::max<std::uint32_t>(duration & 0xFFFFu, 1);
}

bool same_shown_duration(std::uint32_t a, std::uint32_t b) {
  return shown_ticks(a) == shown_ticks(b);
}

std::string pair_text(std::int64_t a, std::int64_t b) {
  return std::to_string(a) + "," + std::to_string(b);
}

void add_if_different(std::vector<FieldChange>& fields, std::string field, std::string before,
                      std::string after, bool drawn) {
  if (before != after)
    fields.push_back({std::move(field), std::move(before), std::move(after), drawn});
}

// What differs between two frames' headers, durations and storage. drawn: whether the frames
// draw differently (then a size or origin change is part of that; otherwise it is bytes only).
std::vector<FieldChange> frame_fields(const FrameFacts& a, const FrameFacts& b, bool drawn) {
  std::vector<FieldChange> fields;
  add_if_different(fields, "duration", std::to_string(a.duration), std::to_string(b.duration),
                   !same_shown_duration(a.duration, b.duration));
  add_if_different(fields, "size", pair_text(a.header.width, a.header.height),
                   pair_text(b.header.width, b.header.height), drawn);
  add_if_different(fields, "origin", pair_text(a.header.x_offset, a.header.y_offset),
                   pair_text(b.header.x_offset, b.header.y_offset), drawn);
  add_if_different(fields, "storage", a.storage, b.storage, drawn);
  add_if_different(fields, "color_key", std::to_string(a.header.color_key),
                   std::to_string(b.header.color_key), drawn);
  add_if_different(fields, "tinted_layers", std::to_string(a.tinted_layers),
                   std::to_string(b.tinted_layers), true);
  // The reason text is shown, but only a different kind of failure (or a fix) is drawn: the
  // offsets in it move with any re-layout of the file.
  add_if_different(fields, "undrawable", a.undrawable, b.undrawable, a.failure != b.failure);
  if (fields.empty() && a.stored != b.stored)
    fields.push_back({"bytes", "", "", false});  // pixel bytes or reserved fields
  return fields;
}

bool any_drawn(const std::vector<FieldChange>& fields) {
  return std::any_of(fields.begin(), fields.end(), [](const FieldChange& f) { return f.drawn; });
}

class EntryComparer {
 public:
  EntryComparer(SpriteSide& before, SpriteSide& after, const EntryFacts& a, const EntryFacts& b,
                EntryDiff& out, PictureTaker* pictures)
      : before_(before), after_(after), a_(a), b_(b), out_(out), pictures_(pictures) {}

  void run() {
    std::vector<std::uint64_t> old_drawn, new_drawn;
    for (const FrameFacts& frame : a_.frames) old_drawn.push_back(frame.drawn);
    for (const FrameFacts& frame : b_.frames) new_drawn.push_back(frame.drawn);
    const EditScript script = edit_script(old_drawn, new_drawn);
    out_.positional = script.positional;
    // The frames removed and inserted between two kept ones form a gap.
    std::vector<Gap> gaps(1);
    for (const Edit& edit : script.edits) {
      if (edit.kind == EditKind::keep) {
        kept(edit.old_index, edit.new_index);
        if (!gaps.back().removed.empty() || !gaps.back().inserted.empty()) gaps.emplace_back();
      } else if (edit.kind == EditKind::remove) {
        gaps.back().removed.push_back(edit.old_index);
      } else {
        gaps.back().inserted.push_back(edit.new_index);
      }
    }
    pair_moves(gaps);
    for (Gap& gap : gaps) settle_gap(gap);
    std::sort(out_.frames.begin(), out_.frames.end(), [](const FrameDiff& x, const FrameDiff& y) {
      const auto place = [](const FrameDiff& d) {
        return std::pair(d.new_index.value_or(d.old_index.value_or(0)), d.new_index.has_value());
      };
      return place(x) < place(y);
    });
  }

 private:
  struct Gap {
    std::vector<std::size_t> removed, inserted;  // frame indices; moved ones are erased
  };

  void kept(std::size_t i, std::size_t j) {
    const FrameFacts &a = a_.frames[i], &b = b_.frames[j];
    if (a.duration == b.duration && a.stored == b.stored) {
      ++out_.unchanged_frames;
      return;
    }
    FrameDiff diff = pair_diff(i, j);
    diff.fields = frame_fields(a, b, false);
    diff.change = any_drawn(diff.fields) ? FrameChange::changed : FrameChange::re_encoded;
    out_.frames.push_back(std::move(diff));
  }

  FrameDiff pair_diff(std::size_t i, std::size_t j) const {
    FrameDiff diff;
    diff.old_index = i;
    diff.new_index = j;
    diff.old_frame = a_.frames[i].frame;
    diff.new_frame = b_.frames[j].frame;
    return diff;
  }

  // A removed frame that draws like an inserted one (anywhere in the entry) moved there; pairs
  // are taken in order, each frame once, through a table by drawing (no search per frame).
  void pair_moves(std::vector<Gap>& gaps) {
    std::map<std::uint64_t, std::deque<std::size_t>> inserted_by_drawing;
    for (const Gap& gap : gaps)
      for (const std::size_t j : gap.inserted) inserted_by_drawing[b_.frames[j].drawn].push_back(j);
    std::vector<bool> inserted_moved(b_.frames.size(), false);
    for (Gap& gap : gaps)
      std::erase_if(gap.removed, [&](std::size_t i) {
        const auto twins = inserted_by_drawing.find(a_.frames[i].drawn);
        if (twins == inserted_by_drawing.end() || twins->second.empty()) return false;
        const std::size_t j = twins->second.front();
        twins->second.pop_front();
        inserted_moved[j] = true;
        FrameDiff diff = pair_diff(i, j);
        diff.change = FrameChange::moved;
        diff.fields = frame_fields(a_.frames[i], b_.frames[j], false);
        out_.frames.push_back(std::move(diff));
        return true;
      });
    for (Gap& gap : gaps)
      std::erase_if(gap.inserted, [&](std::size_t j) { return inserted_moved[j]; });
  }

  // Within a gap, removed and inserted frames pair up in order as changed frames; the rest are
  // deleted and inserted.
  void settle_gap(const Gap& gap) {
    const std::size_t paired = std::min(gap.removed.size(), gap.inserted.size());
    for (std::size_t k = 0; k < paired; ++k) changed(gap.removed[k], gap.inserted[k]);
    for (std::size_t k = paired; k < gap.removed.size(); ++k) lone(gap.removed[k], true);
    for (std::size_t k = paired; k < gap.inserted.size(); ++k) lone(gap.inserted[k], false);
  }

  void changed(std::size_t i, std::size_t j) {
    FrameDiff diff = pair_diff(i, j);
    diff.change = FrameChange::changed;
    diff.fields = frame_fields(a_.frames[i], b_.frames[j], true);
    const DrawnImage old_image = before_.draw(a_.frames[i].frame);
    const DrawnImage new_image = after_.draw(b_.frames[j].frame);
    diff.pixels = compare_pixels(old_image, new_image);
    if (pictures_) diff.pictures = pictures_->take(old_image, new_image, before_.paletted());
    out_.frames.push_back(std::move(diff));
  }

  void lone(std::size_t index, bool deleted) {
    FrameDiff diff;
    diff.change = deleted ? FrameChange::deleted : FrameChange::inserted;
    (deleted ? diff.old_index : diff.new_index) = index;
    (deleted ? diff.old_frame : diff.new_frame) = (deleted ? a_ : b_).frames[index].frame;
    out_.frames.push_back(std::move(diff));
  }

  SpriteSide &before_, &after_;
  const EntryFacts &a_, &b_;
  EntryDiff& out_;
  PictureTaker* pictures_;
};

// Entries keyed as the game finds them: the folded name and its rank among equal names.
using EntryKey = std::pair<std::string, std::size_t>;

std::map<EntryKey, const EntryFacts*> keyed(const std::vector<EntryFacts>& entries) {
  std::map<EntryKey, const EntryFacts*> out;
  std::map<std::string, std::size_t> rank;
  for (const EntryFacts& entry : entries) out[{entry.folded, rank[entry.folded]++}] = &entry;
  return out;
}

// What an entry draws, in order, with its timing, and whether the game finds it at all: equal
// for a renamed entry (a rename that puts an entry out of the game's reach, or into it, loses or
// adds a drawing).
std::vector<std::tuple<std::uint64_t, std::uint32_t>> shown(const EntryFacts& entry) {
  std::vector<std::tuple<std::uint64_t, std::uint32_t>> out;
  out.emplace_back(entry.reachable, 0);
  for (const FrameFacts& frame : entry.frames)
    out.emplace_back(frame.drawn, shown_ticks(frame.duration));
  out.emplace_back(entry.loops(), 0);
  return out;
}

EntryDiff compare_entries(SpriteSide& before, SpriteSide& after, const EntryFacts& a,
                          const EntryFacts& b, PictureTaker* pictures) {
  EntryDiff diff;
  diff.name = b.name;
  // The game finds it on at least one side; finding it on one side only is a drawn change.
  diff.reachable = a.reachable || b.reachable;
  if (a.name != b.name) diff.old_name = a.name;
  add_if_different(diff.fields, "name", a.name, b.name, false);
  add_if_different(diff.fields, "reachable", a.reachable ? "yes" : "no", b.reachable ? "yes" : "no",
                   true);
  add_if_different(diff.fields, "loop", a.loops() ? "yes" : "no", b.loops() ? "yes" : "no", true);
  add_if_different(diff.fields, "loop_word", std::to_string(a.loop_word),
                   std::to_string(b.loop_word), false);
  add_if_different(diff.fields, "frames", std::to_string(a.frames.size()),
                   std::to_string(b.frames.size()), true);
  EntryComparer(before, after, a, b, diff, pictures).run();
  bool drawn = any_drawn(diff.fields);
  for (const FrameDiff& frame : diff.frames)
    drawn = drawn || frame.change != FrameChange::re_encoded;
  diff.change = drawn && diff.reachable ? EntryChange::changed : EntryChange::re_encoded;
  return diff;
}

EntryDiff one_sided(const EntryFacts& entry, EntryChange change) {
  EntryDiff diff;
  diff.change = change;
  diff.name = entry.name;
  diff.reachable = entry.reachable;
  for (std::size_t k = 0; k < entry.frames.size(); ++k) {
    FrameDiff frame;
    frame.change = change == EntryChange::added ? FrameChange::inserted : FrameChange::deleted;
    (change == EntryChange::added ? frame.new_index : frame.old_index) = k;
    (change == EntryChange::added ? frame.new_frame : frame.old_frame) = entry.frames[k].frame;
    diff.frames.push_back(std::move(frame));
  }
  return diff;
}

}  // namespace

std::string_view frame_change_name(FrameChange change) {
  static constexpr EnumTexts<FrameChange, 5> names = {
      {"inserted", "deleted", "moved", "changed", "re-encoded"}};
  return names[change];
}

std::string_view entry_change_name(EntryChange change) {
  static constexpr EnumTexts<EntryChange, 5> names = {
      {"added", "removed", "renamed", "changed", "re-encoded"}};
  return names[change];
}

bool SpriteDiff::drawn_differs() const {
  return std::any_of(entries.begin(), entries.end(), [](const EntryDiff& entry) {
    return entry.change != EntryChange::re_encoded &&
           (entry.reachable || entry.change == EntryChange::changed);
  });
}

SpriteDiff diff_sprites(SpriteSide& before, SpriteSide& after, PictureTaker* pictures) {
  SpriteDiff diff;
  diff.old_stopped = before.stopped();
  diff.new_stopped = after.stopped();
  const auto old_keyed = keyed(before.entries());
  const auto new_keyed = keyed(after.entries());
  std::vector<const EntryFacts*> removed, added;
  for (const auto& [key, entry] : old_keyed) {
    const auto found = new_keyed.find(key);
    if (found == new_keyed.end()) {
      removed.push_back(entry);
      continue;
    }
    EntryDiff entry_diff = compare_entries(before, after, *entry, *found->second, pictures);
    if (entry_diff.fields.empty() && entry_diff.frames.empty())
      ++diff.unchanged_entries;
    else
      diff.entries.push_back(std::move(entry_diff));
  }
  for (const auto& [key, entry] : new_keyed)
    if (!old_keyed.contains(key)) added.push_back(entry);
  // An entry gone under one name and come under another that shows the same is renamed (pairs
  // taken in order, through a table by what they show).
  std::map<std::vector<std::tuple<std::uint64_t, std::uint32_t>>, std::deque<std::size_t>> by_shown;
  for (std::size_t k = 0; k < added.size(); ++k) by_shown[shown(*added[k])].push_back(k);
  std::vector<bool> taken(added.size(), false);
  for (const EntryFacts* old_entry : removed) {
    const auto twins = by_shown.find(shown(*old_entry));
    if (twins == by_shown.end() || twins->second.empty()) {
      diff.entries.push_back(one_sided(*old_entry, EntryChange::removed));
      continue;
    }
    const std::size_t k = twins->second.front();
    twins->second.pop_front();
    taken[k] = true;
    EntryDiff entry_diff;
    entry_diff.change = EntryChange::renamed;
    entry_diff.name = added[k]->name;
    entry_diff.old_name = old_entry->name;
    entry_diff.reachable = old_entry->reachable;
    diff.entries.push_back(std::move(entry_diff));
  }
  for (std::size_t k = 0; k < added.size(); ++k)
    if (!taken[k]) diff.entries.push_back(one_sided(*added[k], EntryChange::added));
  return diff;
}

}  // namespace gafcheck::compare
