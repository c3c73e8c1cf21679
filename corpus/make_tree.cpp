// gafcheck-make-tree OUT_DIR [FILES [SEED [MAX_SIDE [ART]]]]: writes a deterministic retail-scale
// GAF tree (corpus/tree/tree_generator.hpp) and its ground truth to OUT_DIR.truth.yaml.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string_view>

#include "corpus/tree/tree_generator.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 6) {
    std::cerr << "usage: gafcheck-make-tree OUT_DIR [FILES (default 960) [SEED (default 1) "
                 "[MAX_SIDE (largest leaf side, 8-1024, default 72) "
                 "[ART (pattern, the default, or sprites)]]]]\n";
    return 2;
  }
  gafcheck::tree::TreeOptions options;
  if (argc > 2) options.files = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 10));
  if (argc > 3) options.seed = std::strtoull(argv[3], nullptr, 10);
  if (argc > 4) {
    const unsigned long side = std::strtoul(argv[4], nullptr, 10);
    if (side < 8 || side > 1024) {
      std::cerr << "gafcheck-make-tree: MAX_SIDE must be 8 to 1024, not " << argv[4] << '\n';
      return 2;
    }
    options.max_side = static_cast<std::uint16_t>(side);
  }
  if (argc > 5) {
    const std::string_view art = argv[5];
    if (art != "pattern" && art != "sprites") {
      std::cerr << "gafcheck-make-tree: ART must be pattern or sprites, not " << art << '\n';
      return 2;
    }
    options.art = art == "sprites" ? gafcheck::tree::TreeOptions::Art::sprites
                                   : gafcheck::tree::TreeOptions::Art::pattern;
  }
  try {
    const std::string root = argv[1];
    const auto truth = gafcheck::tree::generate_tree(root, options);
    std::ofstream(root + ".truth.yaml") << gafcheck::tree::truth_yaml(truth);
    std::cerr << "gafcheck-make-tree: " << truth.files << " GAFs (" << truth.bytes << " bytes), "
              << truth.not_inputs << " other files in " << root << "; truth in " << root
              << ".truth.yaml\n";
  } catch (const std::exception& error) {
    std::cerr << "gafcheck-make-tree: " << error.what() << '\n';
    return 1;
  }
  return 0;
}
