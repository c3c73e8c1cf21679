#include "validator/render/gif_writer.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <limits>

#include "validator/core/checked_math.hpp"
#include "validator/render/sprite_sheet.hpp"

namespace gafcheck::render {
namespace {

constexpr std::uint64_t max_gif_side = 65535;
constexpr std::uint32_t max_delay = 65535;

int write_bytes(GifFileType* gif, const GifByteType* data, int length) {
  auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
  try {
    out->insert(out->end(), data, data + length);
  } catch (...) {  // no exception may cross giflib's C frames
    return 0;
  }
  return length;
}

// The transparent index, and the colour the pixels of that index take instead (itself when no
// drawn pixel uses it).
std::pair<int, int> transparent_index(const std::vector<std::optional<Canvas>>& frames,
                                      const Palette& palette) {
  std::array<std::uint64_t, 256> used{};
  for (const auto& canvas : frames)
    if (canvas)
      for (std::size_t i = 0; i < canvas->index.size(); ++i)
        if (canvas->flags[i] & pixel_flag::drawn) ++used[canvas->index[i]];
  const auto least = std::min_element(used.begin(), used.end());
  const int index = static_cast<int>(least - used.begin());
  if (*least == 0) return {index, index};
  const Rgb colour = palette.colours[index];
  int nearest = index == 0 ? 1 : 0;
  std::uint32_t best = std::numeric_limits<std::uint32_t>::max();
  for (int i = 0; i < 256; ++i) {
    if (i == index) continue;
    const Rgb other = palette.colours[i];
    const int dr = other.r - colour.r, dg = other.g - colour.g, db = other.b - colour.b;
    const auto distance = static_cast<std::uint32_t>(dr * dr + dg * dg + db * db);
    if (distance < best) best = distance, nearest = i;
  }
  return {index, nearest};
}

}  // namespace

std::vector<std::uint32_t> gif_delays(const std::vector<std::uint32_t>& durations) {
  std::vector<std::uint32_t> delays;
  std::uint64_t ticks = 0, shown = 0;
  for (const std::uint32_t duration : durations) {
    ticks += std::max<std::uint32_t>(duration, 1);
    const std::uint64_t until = (ticks * 100 + 15) / 30;  // rounded to the nearest centisecond
    delays.push_back(static_cast<std::uint32_t>(std::min<std::uint64_t>(until - shown, max_delay)));
    shown = until;
  }
  return delays;
}

std::uint64_t gif_pixels(const std::vector<std::optional<Canvas>>& frames) {
  const SpriteSheet geometry(frames, false);
  return saturating_mul(saturating_mul(geometry.cell_width(), geometry.cell_height()),
                        frames.size());
}

Result<GifImage> encode_gif(const std::vector<std::optional<Canvas>>& frames,
                            const std::vector<std::uint32_t>& durations, const Palette& palette,
                            bool loop, std::uint64_t max_pixels) {
  GifImage result;
  const SpriteSheet geometry(frames, false);
  if (geometry.empty()) return Problem{ExitCode::findings, "no frame of the entry is drawn"};
  if (geometry.cell_width() > max_gif_side || geometry.cell_height() > max_gif_side)
    return Problem{ExitCode::findings,
                   "a GIF is at most 65535 pixels wide and high, the frames span " +
                       std::to_string(geometry.cell_width()) + "x" +
                       std::to_string(geometry.cell_height())};
  if (gif_pixels(frames) > max_pixels)
    return Problem{ExitCode::findings, "budget.exceeded: pixels (" + std::to_string(frames.size()) +
                                           " frames of " + std::to_string(geometry.cell_width()) +
                                           "x" + std::to_string(geometry.cell_height()) +
                                           " are past " + std::to_string(max_pixels) + " pixels)"};
  result.width = static_cast<std::uint32_t>(geometry.cell_width());
  result.height = static_cast<std::uint32_t>(geometry.cell_height());
  result.anchor_x = geometry.anchor_x();
  result.anchor_y = geometry.anchor_y();
  result.delays = gif_delays(durations);
  const auto [transparent, stand_in] = transparent_index(frames, palette);
  result.transparent_index = transparent;

  std::array<GifColorType, 256> colours{};
  for (int i = 0; i < 256; ++i)
    colours[i] = {palette.colours[i].r, palette.colours[i].g, palette.colours[i].b};
  ColorMapObject* map = GifMakeMapObject(256, colours.data());
  int error = 0;
  GifFileType* gif = EGifOpen(&result.bytes, write_bytes, &error);
  bool ok = map && gif;
  if (ok) {
    EGifSetGifVersion(gif, true);
    ok = EGifPutScreenDesc(gif, static_cast<int>(result.width), static_cast<int>(result.height), 8,
                           transparent, map) == GIF_OK;
  }
  if (ok && loop) {
    static const GifByteType netscape[] = "NETSCAPE2.0";
    static const GifByteType forever[] = {1, 0, 0};
    ok = EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, netscape) == GIF_OK &&
         EGifPutExtensionBlock(gif, 3, forever) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
  }
  std::vector<GifPixelType> row(result.width);
  for (std::size_t k = 0; ok && k < frames.size(); ++k) {
    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_BACKGROUND;
    control.UserInputFlag = false;
    control.DelayTime = static_cast<int>(k < result.delays.size() ? result.delays[k] : 0);
    control.TransparentColor = transparent;
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_OK &&
         EGifPutImageDesc(gif, 0, 0, static_cast<int>(result.width),
                          static_cast<int>(result.height), false, nullptr) == GIF_OK;
    const auto& canvas = frames[k];
    for (std::uint32_t y = 0; ok && y < result.height; ++y) {
      std::fill(row.begin(), row.end(), static_cast<GifPixelType>(transparent));
      if (canvas) {
        const std::int64_t top = result.anchor_y - canvas->y_offset;
        const std::int64_t left = result.anchor_x - canvas->x_offset;
        const std::int64_t source_row = std::int64_t{y} - top;
        if (source_row >= 0 && source_row < canvas->height)
          for (std::uint32_t x = 0; x < canvas->width; ++x) {
            const std::size_t at = static_cast<std::size_t>(source_row) * canvas->width + x;
            if (!(canvas->flags[at] & pixel_flag::drawn)) continue;
            const std::uint8_t index = canvas->index[at];
            row[static_cast<std::size_t>(left + x)] =
                static_cast<GifPixelType>(index == transparent ? stand_in : index);
          }
      }
      ok = EGifPutLine(gif, row.data(), static_cast<int>(result.width)) == GIF_OK;
    }
  }
  if (gif && EGifCloseFile(gif, &error) != GIF_OK) ok = false;
  if (map) GifFreeMapObject(map);
  if (!ok)
    return Problem{ExitCode::internal,
                   std::string("giflib could not encode the animation: ") + GifErrorString(error)};
  return result;
}

}  // namespace gafcheck::render
