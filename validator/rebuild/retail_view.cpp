#include "validator/rebuild/retail_view.hpp"

#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/rebuild/entry_lookup.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/truecolor_rows.hpp"

namespace gafcheck::rebuild {
namespace {

// A truecolor frame's pixels as format << 16 | 16-bit word (the rebuild keeps both).
void truecolor_pixels(ByteView file, const gaf::FrameRecord& record, ViewFrame& frame) {
  if (render::truecolor_problem(file, record)) return;
  frame.drawn = true;
  frame.width = record.width;
  frame.height = record.height;
  frame.x_offset = record.x_offset;
  frame.y_offset = record.y_offset;
  frame.pixels.resize(std::size_t{record.width} * record.height);
  for (std::size_t i = 0; i < frame.pixels.size(); ++i)
    frame.pixels[i] = record.compressed << 16 | file.u16le(record.data_offset + 2 * i).value_or(0);
}

}  // namespace

RetailView retail_view(ByteView file, std::string_view path, const BudgetLimits& limits) {
  RetailView view;
  const Format format = refine_format_by_name(sniff_format(file), file, path);
  const render::RenderIndex index = render::read_render_index(file, format, limits);
  render::FrameRenderer renderer(file, index.index, limits);
  std::vector<const gaf::EntryRecord*> named;
  bool truecolor_sequence_seen = false;
  for (const gaf::EntryRecord& entry : index.index.entries) {
    if (!entry.loaded_by_game) continue;
    if (index.truecolor && truecolor_sequence_seen) break;  // one sequence: the first
    truecolor_sequence_seen = true;
    if (!entry.header_in_bounds || entry.alias_of != gaf::no_index) continue;
    named.push_back(&entry);
  }
  const auto left_out = left_out_by_name(named);
  for (std::size_t e = 0; e < named.size(); ++e) {
    if (left_out[e]) continue;
    const gaf::EntryRecord& entry = *named[e];
    ViewEntry out;
    for (std::size_t i = 0; i < 31 && entry.name[i] != 0; ++i)
      out.name.push_back(static_cast<char>(entry.name[i]));
    out.loops = (entry.loop_word & 0xFF) != 0;
    for (std::uint32_t k = 0; k < entry.ref_count; ++k) {
      const gaf::FrameRef& ref = index.index.refs[entry.first_ref + k];
      ViewFrame frame;
      frame.duration = ref.duration;
      if (ref.frame != gaf::no_index && index.truecolor) {
        truecolor_pixels(file, index.index.frames[ref.frame], frame);
      } else if (ref.frame != gaf::no_index) {
        const render::Rendered drawn = renderer.render(ref.frame, render::RenderPolicy::retail);
        if (drawn.canvas) {
          const render::Canvas& canvas = *drawn.canvas;
          frame.drawn = true;
          frame.width = canvas.width;
          frame.height = canvas.height;
          frame.x_offset = canvas.x_offset;
          frame.y_offset = canvas.y_offset;
          frame.pixels.resize(canvas.index.size());
          for (std::size_t i = 0; i < canvas.index.size(); ++i)
            frame.pixels[i] = canvas.flags[i] & render::pixel_flag::visible ? canvas.index[i] : -1;
        }
      }
      out.frames.push_back(std::move(frame));
    }
    view.entries.push_back(std::move(out));
  }
  return view;
}

std::optional<std::string> first_difference(const RetailView& in, const RetailView& out) {
  if (in.entries.size() != out.entries.size())
    return "entries: " + std::to_string(in.entries.size()) + " in, " +
           std::to_string(out.entries.size()) + " out";
  for (std::size_t e = 0; e < in.entries.size(); ++e) {
    const ViewEntry& a = in.entries[e];
    const ViewEntry& b = out.entries[e];
    const std::string where = "entry " + std::to_string(e);
    if (a.name != b.name) return where + ": name";
    if (a.loops != b.loops) return where + ": loop flag";
    if (a.frames.size() != b.frames.size()) return where + ": frame count";
    for (std::size_t k = 0; k < a.frames.size(); ++k) {
      const ViewFrame& p = a.frames[k];
      const ViewFrame& q = b.frames[k];
      const std::string at = where + " frame " + std::to_string(k);
      if (p.duration != q.duration) return at + ": duration";
      if (p.drawn != q.drawn) return at + ": drawn in one file only";
      if (p.width != q.width || p.height != q.height) return at + ": size";
      if (p.x_offset != q.x_offset || p.y_offset != q.y_offset) return at + ": origin";
      if (p.pixels != q.pixels) return at + ": pixels";
    }
  }
  return std::nullopt;
}

}  // namespace gafcheck::rebuild
