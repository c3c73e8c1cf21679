#pragma once
// Renderers for recipe formats other than GAF, one per format, each in its own file. Each takes
// the YAML under the recipe's top-level key and returns the file with its labels (for patches).
#include <yaml-cpp/yaml.h>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

BuiltFile render_taf_recipe(const YAML::Node& body);  // truecolor TAF (taf_recipe.cpp)
BuiltFile render_tsf_recipe(const YAML::Node& body);  // TSF script text (tsf_recipe.cpp)
BuiltFile render_hpi_recipe(const YAML::Node& body);  // HPI archive (hpi_recipe.cpp)

}  // namespace gafcheck::builder
