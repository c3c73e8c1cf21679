#pragma once
// TA: Kingdoms' palette lookup for a file it draws (docs/format/gaf.md §6, --game tak): a same-name
// .pcx beside the file, else palettes/<name>.pal, else the side's palettes/<side>.pcx by the file
// name's three-letter prefix (ara aramon, tar taros, ver veruna, zon zhon, aid aiden, cre creon),
// else palettes/palette.pal; palettes/ is the game directory's, the parent of the file's own. For
// an archive member the candidates are members of the same archive. Names are matched without
// regard to ASCII case, as the game's file system does.
#include <string>
#include <vector>

namespace gafcheck {

// The candidates in the game's order, as arguments load_input() reads ("dir/x.pcx",
// "mod.ufo!palettes/x.pal"); on disk, only those that exist (found by listing directories,
// before the sandbox: no byte of them is read).
std::vector<std::string> tak_palette_candidates(const std::string& argument);

}  // namespace gafcheck
