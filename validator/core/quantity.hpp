#pragma once
// Sizes and counts as users write them, on the command line and in .gafcheck.yaml alike:
// "1073741824", "1G", "256M", "64K" (K, M, G are powers of 1024, either case).
#include <cstdint>
#include <string_view>

#include "validator/base/result.hpp"

namespace gafcheck {

// The number, or a usage Problem whose message starts with `subject` (an option such as
// "--max-file-size"): "SUBJECT takes a whole number (optionally with K, M or G), not 'TEXT'",
// "SUBJECT: unknown suffix 'X' (use K, M or G)" or "SUBJECT: TEXT is too large" (past 64 bits).
Result<std::uint64_t> parse_quantity(std::string_view text, std::string_view subject);

}  // namespace gafcheck
