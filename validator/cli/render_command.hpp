#pragma once
// gafcheck render: frames as PNG images.
#include "validator/cli/commands.hpp"

namespace gafcheck::cli {

int run_render(const Arguments& arguments, const std::string& command_line);

}  // namespace gafcheck::cli
