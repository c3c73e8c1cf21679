#include "validator/render/palette_argument.hpp"

#include <cstdlib>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/render/palette_reader.hpp"

namespace gafcheck::render {
namespace {

std::string join_rules(const std::vector<std::string>& rules) {
  std::string text;
  for (const std::string& rule : rules) text += (text.empty() ? "" : ", ") + rule;
  return text.empty() ? "errors" : text;
}

}  // namespace

Result<Palette> read_palette_at(const std::string& argument, const CheckOptions& options,
                                DamagedPalette& damaged) {
  const LoadedInput input = load_input(argument, options);
  if (!input.error.empty())
    return Problem{ExitCode::usage,
                   "cannot read palette " + escape_bytes(argument) + ": " + input.error};
  // Colours every picture: one of several members on a path under case folding is refused even
  // when spelled exactly, since the game's folded lookup may take another.
  if (!input.folded_twins.empty())
    return Problem{ExitCode::usage, "palette " + escape_bytes(argument) + " is one of " +
                                        folded_twins_text(input.folded_twins) +
                                        ": readers differ on which one they take "
                                        "(hpi.duplicate-path)"};
  // A damaged member's colours are not the packed ones: used only with --draw-damaged, and
  // marked in the palette's name (index.json: "palette") then.
  if (input.damaged() && !damaged.allowed) {
    damaged.found = true;
    return Problem{ExitCode::usage, "palette " + escape_bytes(argument) +
                                        " is damaged: " + input.damage +
                                        " (--draw-damaged uses it as a reader decodes it)"};
  }
  Result<PaletteFile> read = read_palette(input.view());
  if (!read)
    return Problem{ExitCode::usage, "palette " + escape_bytes(argument) +
                                        " is not usable: " + read.problem().message};
  read->palette.source = escape_bytes(argument) + " (" + read->format + ")";
  if (const std::string partial = partial_palette_note(read->palette); !partial.empty())
    read->palette.source += " (it " + partial + ")";
  if (input.damaged()) {
    damaged.found = true;
    damaged.message = "palette " + escape_bytes(argument) + " used damaged: " + input.damage;
    read->palette.source += " (damaged member: " + join_rules(input.damage_rules) + ")";
  }
  return std::move(read->palette);
}

Palette load_palette(const std::string& argument, const CheckOptions& options,
                     DamagedPalette& damaged) {
  if (argument.empty()) return forensic_palette();
  return value_or_throw(read_palette_at(argument, options, damaged));
}

PalettePlace palette_place(const PaletteChoice& choice) {
  if (!choice.palette.empty()) return {choice.palette, "--palette"};
  if (!choice.palette_from.empty())
    return {choice.palette_from + "!palettes/PALETTE.PAL", "--palette-from"};
  if (const char* named = std::getenv(palette_environment_variable); named && *named)
    return {named, palette_environment_variable};
  if (!choice.config_palette.empty()) {
    const bool relative = choice.config_palette.front() != '/' && !choice.config_directory.empty();
    return {
        relative ? choice.config_directory + "/" + choice.config_palette : choice.config_palette,
        "config palette:"};
  }
  return {};
}

ResolvedPalette resolve_palette(const PaletteChoice& choice, const CheckOptions& options,
                                DamagedPalette& damaged) {
  const PalettePlace place = palette_place(choice);
  if (place.argument.empty()) return {forensic_palette(), "forensic"};
  Result<Palette> read = read_palette_at(place.argument, options, damaged);
  if (!read) throw_problem({read.problem().code, place.chosen_by + ": " + read.problem().message});
  return {std::move(read).value(), place.chosen_by};
}

}  // namespace gafcheck::render
