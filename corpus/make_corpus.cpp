// gafcheck-make-corpus RECIPE_DIR OUT_DIR [STAMP]: renders every corpus/recipes/*.yaml into
// OUT_DIR/NAME.gaf.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "corpus/builder/recipe.hpp"

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::cerr << "usage: gafcheck-make-corpus RECIPE_DIR OUT_DIR [STAMP]\n";
    return 2;
  }
  namespace fs = std::filesystem;
  try {
    fs::create_directories(argv[2]);
    for (const auto& item : fs::directory_iterator(argv[1])) {
      if (item.path().extension() != ".yaml") continue;
      const auto recipe = gafcheck::builder::load_recipe(item.path());
      const auto bytes = gafcheck::builder::render_recipe(recipe);
      std::ofstream out(fs::path(argv[2]) / (recipe.name + "." + recipe.format),
                        std::ios::binary | std::ios::trunc);
      out.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
      if (!out) throw std::runtime_error("cannot write " + recipe.name + "." + recipe.format);
    }
    if (argc == 4) std::ofstream(argv[3]) << "rendered\n";
  } catch (const std::exception& error) {
    std::cerr << "gafcheck-make-corpus: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
