#pragma once
// One side of gafcheck diff as given on the command line: a directory, an archive (or an archive
// member that is one), a sprite file (GAF or TAF), a TSF, another file, or a gafcheck report.
// What a file is comes from its bytes (and, as for check, its name where bytes alone cannot
// tell), never from its extension alone: a report is recognised by its header document.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/core/check_options.hpp"
#include "validator/core/format.hpp"
#include "validator/input/input_loader.hpp"

namespace gafcheck::compare {

enum class SideKind : std::uint8_t { directory, archive, sprite, tsf, report, other };
// With its article: "an archive".
std::string_view side_kind_name(SideKind kind);

struct Side {
  SideKind kind = SideKind::other;
  std::string argument;  // as given
  Format format = Format::unknown;
  LoadedInput input;  // every kind but directory
};

// The side an argument names; the problem says why it cannot be read (exit 3).
Result<Side> open_side(const std::string& argument, const CheckOptions& options);

// The kind of a file's bytes as diff compares them.
SideKind kind_of(ByteView bytes, Format format);

// True when the bytes begin as a gafcheck report does (a header document naming gafcheck).
bool is_gafcheck_report(ByteView bytes);

bool is_sprite(Format format);

}  // namespace gafcheck::compare
