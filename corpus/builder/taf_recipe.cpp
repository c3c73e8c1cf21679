#include <stdexcept>

#include "corpus/builder/recipe_formats.hpp"

namespace gafcheck::builder {

BuiltFile render_taf_recipe(const YAML::Node&) {
  throw std::runtime_error("taf recipes are not supported yet");
}

}  // namespace gafcheck::builder
