// gafcheck-make-tree OUT_DIR [FILES [SEED]]: writes a deterministic retail-scale GAF tree
// (corpus/tree/tree_generator.hpp) and its ground truth to OUT_DIR.truth.yaml.
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "corpus/tree/tree_generator.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::cerr << "usage: gafcheck-make-tree OUT_DIR [FILES (default 960) [SEED (default 1)]]\n";
    return 2;
  }
  gafcheck::tree::TreeOptions options;
  if (argc > 2) options.files = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 10));
  if (argc > 3) options.seed = std::strtoull(argv[3], nullptr, 10);
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
