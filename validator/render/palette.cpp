#include "validator/render/palette.hpp"

#include <cmath>

namespace gafcheck::render {
namespace {

std::uint8_t channel(double value) {
  const double clamped = value < 0 ? 0 : value > 1 ? 1 : value;
  return static_cast<std::uint8_t>(std::lround(clamped * 255));
}

// HSL to RGB (h in turns, s and l in [0, 1]).
Rgb from_hsl(double h, double s, double l) {
  const double c = (1 - std::fabs(2 * l - 1)) * s;
  const double hp = (h - std::floor(h)) * 6;
  const double x = c * (1 - std::fabs(std::fmod(hp, 2.0) - 1));
  double r = 0, g = 0, b = 0;
  if (hp < 1)
    r = c, g = x;
  else if (hp < 2)
    r = x, g = c;
  else if (hp < 3)
    g = c, b = x;
  else if (hp < 4)
    g = x, b = c;
  else if (hp < 5)
    r = x, b = c;
  else
    r = c, b = x;
  const double m = l - c / 2;
  return {channel(r + m), channel(g + m), channel(b + m)};
}

}  // namespace

Palette forensic_palette() {
  Palette palette;
  palette.forensic = true;
  palette.source = "forensic";
  constexpr double golden_turn = 0.38196601125010515;  // 1 - 1/phi
  constexpr double lightness[3] = {0.50, 0.32, 0.70};
  for (int i = 1; i < 256; ++i)
    palette.colours[i] = from_hsl(i * golden_turn, 0.85, lightness[i % 3]);
  palette.colours[0] = {0, 0, 0};
  return palette;
}

std::string partial_palette_note(const Palette& palette) {
  if (palette.forensic || palette.colours_given >= 256) return {};
  const std::string given = std::to_string(palette.colours_given);
  return "gives " + given + " colours: indices " + given +
         " to 255 are drawn with the forensic palette's colours";
}

}  // namespace gafcheck::render
