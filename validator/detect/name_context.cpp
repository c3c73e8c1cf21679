#include "validator/detect/name_context.hpp"

#include <algorithm>

#include "validator/detect/extension.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"

namespace gafcheck {

NameContext name_context(std::string_view engine_path) {
  std::string extension = display_extension(engine_path);
  const auto known = known_extension_names();
  if (std::find(known.begin(), known.end(), extension) == known.end()) extension.clear();
  return {std::move(extension), pixels::raw_array_reader(engine_path)};
}

}  // namespace gafcheck
