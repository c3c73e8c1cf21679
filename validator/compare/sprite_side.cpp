#include "validator/compare/sprite_side.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include "validator/core/checked_math.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/gaf/entry_names.hpp"

namespace gafcheck::compare {
namespace {

std::uint64_t digest_of(Sha256Stream& stream) {
  const std::string hex = stream.hex();
  std::uint64_t value = 0;
  std::from_chars(hex.data(), hex.data() + 16, value, 16);
  return value;
}

void add_bytes(Sha256Stream& stream, std::optional<ByteView> bytes) {
  if (!bytes) {
    stream.add("(outside the file)");
    return;
  }
  const auto span = bytes->bytes();
  stream.add(std::string_view(reinterpret_cast<const char*>(span.data()), span.size()));
}

std::string storage_of(const gaf::FrameRecord& frame, bool truecolor) {
  if (!frame.header_in_bounds) return "undrawable";
  if (truecolor) return "truecolor";
  if (frame.is_composite()) return "composite (" + std::to_string(frame.layer_count) + " layers)";
  return frame.is_rle() ? "rle" : "raw";
}

}  // namespace

SpriteSide::SpriteSide(ByteView bytes, Format format, const BudgetLimits& limits, bool ta3d)
    : bytes_(bytes),
      index_(
          std::make_unique<render::RenderIndex>(render::read_render_index(bytes, format, limits))),
      limits_(limits),
      ta3d_(ta3d && format == Format::ta3d_gaf),
      drawer_(std::make_unique<FrameDrawer>(bytes, *index_, limits, ta3d_)) {
  const gaf::GafIndex& index = index_->index;
  std::set<std::string> seen;
  for (const gaf::EntryRecord& record : index.entries) {
    if (!record.header_in_bounds) continue;
    EntryFacts entry;
    entry.name = gaf::entry_display_name(record);
    entry.folded = gaf::game_folded_name(record);
    entry.slot = record.slot;
    entry.loop_word = record.loop_word;
    entry.reachable = record.loaded_by_game && seen.insert(entry.folded).second;
    for (std::uint32_t r = 0; r < record.ref_count; ++r) {
      const gaf::FrameRef& ref = index.refs[record.first_ref + r];
      entry.frames.push_back(facts_of(ref.frame, ref.duration));
    }
    entries_.push_back(std::move(entry));
  }
}

FrameFacts SpriteSide::facts_of(std::uint32_t frame, std::uint32_t duration) {
  FrameFacts facts;
  facts.frame = frame;
  facts.duration = duration;
  if (frame == gaf::no_index || frame >= index_->index.frames.size()) {
    facts.frame = gaf::no_index;
    facts.storage = "undrawable";
    facts.undrawable = "the frame pointer leads to no frame header";
    DrawnImage none;
    none.undrawable = facts.failure = facts.undrawable;
    none.failure = facts.failure;
    facts.drawn = facts.stored = none.digest();
    return facts;
  }
  // Frames shared by several entries (or slots) are drawn once.
  if (const auto found = drawn_.find(frame); found != drawn_.end()) {
    FrameFacts shared = found->second;
    shared.duration = duration;
    return shared;
  }
  const gaf::FrameRecord& record = index_->index.frames[frame];
  const DrawnImage image = drawer_->draw(frame);
  facts.drawn = image.digest();
  facts.undrawable = image.undrawable;
  facts.failure = image.failure;
  facts.tinted_layers = image.tinted_layers;
  facts.header = record;
  facts.storage = image.undrawable.empty() ? storage_of(record, index_->truecolor) : "undrawable";
  // Pixel bytes are hashed only for a frame the game draws (its pixels were charged to the
  // budget), and at most as many as a frame of its size can use: no multiplier.
  facts.stored = stored_digest(record, image.undrawable.empty() ? 2 : 0);
  drawn_.emplace(frame, facts);
  return facts;
}

// The header's fields but its data offset (which any edit before it moves), then the pixel
// bytes (raw: width x height; RLE: each row's length word and bytes, at most what a row of that
// width can use; truecolor: two bytes a pixel), then, for a composite, its layers' digests
// (one level deep, as the game relocates). depth 0: the header alone.
std::uint64_t SpriteSide::stored_digest(const gaf::FrameRecord& frame, std::uint64_t depth) const {
  Sha256Stream stream;
  for (const std::uint64_t field :
       {std::uint64_t{frame.width}, std::uint64_t{frame.height},
        static_cast<std::uint64_t>(frame.x_offset), static_cast<std::uint64_t>(frame.y_offset),
        std::uint64_t{frame.color_key}, std::uint64_t{frame.compressed},
        std::uint64_t{frame.layer_count}, std::uint64_t{frame.alt_byte},
        std::uint64_t{frame.unknown2}, std::uint64_t{frame.unknown3}})
    stream.add(std::to_string(field) + ",");
  if (depth == 0 || !frame.header_in_bounds) return digest_of(stream);
  const std::uint64_t area = std::uint64_t{frame.width} * frame.height;
  if (frame.is_composite()) {
    for (std::uint32_t k = 0; k < frame.child_count; ++k) {
      const std::uint32_t child = index_->index.children[frame.first_child + k];
      stream.add(child == gaf::no_index || child >= index_->index.frames.size()
                     ? std::string("-")
                     : std::to_string(stored_digest(index_->index.frames[child], depth - 1)));
    }
  } else if (index_->truecolor) {
    add_bytes(stream, bytes_.sub(frame.data_offset, area * 2));
  } else if (frame.is_rle()) {
    std::uint64_t at = frame.data_offset;
    for (std::uint32_t row = 0; row < frame.height; ++row) {
      const auto length = bytes_.u16le(at);
      if (!length) break;
      const std::uint64_t used =
          std::min<std::uint64_t>(*length, 2 * std::uint64_t{frame.width} + 2);
      add_bytes(stream, bytes_.sub(at, 2 + used));
      at += 2 + std::uint64_t{*length};
    }
  } else {
    add_bytes(stream, bytes_.sub(frame.data_offset, area));
  }
  return digest_of(stream);
}

DrawnImage SpriteSide::draw(std::uint32_t frame) {
  if (frame == gaf::no_index || frame >= index_->index.frames.size()) {
    DrawnImage none;
    none.undrawable = none.failure = "the frame pointer leads to no frame header";
    return none;
  }
  return drawer_->draw(frame);
}

}  // namespace gafcheck::compare
