#pragma once
// Truecolor TAF frames (docs/format/gaf.md §7) straight to RGBA rows: width x height little-endian
// 16-bit pixels expanded as validator/taf/argb16.hpp does (ARGB4444, ARGB1555). No canvas: the
// rows are read from the file as the PNG asks for them.
#include <cstdint>
#include <optional>
#include <string>

#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::render {

// Why the frame cannot be drawn (unknown pixel format, pixels outside the file, no pixels).
std::optional<std::string> truecolor_problem(ByteView file, const gaf::FrameRecord& frame);

// Row y of a frame truecolor_problem() accepted.
void truecolor_row(ByteView file, const gaf::FrameRecord& frame, std::uint32_t y,
                   std::uint8_t* rgba);

}  // namespace gafcheck::render
