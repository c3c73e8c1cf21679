#pragma once
// Test helpers for archives: a tidy archive, checking archive bytes as one report or through
// check_input's sink (every report of the input, members included), and label lookups.
#include <string>
#include <vector>

#include "corpus/builder/hpi_builder.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {

// A small GAF (one 4x4 raw frame per entry name).
std::vector<std::uint8_t> gaf_bytes(const std::vector<std::string>& entry_names);

// anims/armcom.gaf (zlib GAF), readme.txt (stored), scripts/big.txt (LZ77, three chunks).
builder::HpiSpec tidy_hpi();

// The archive's own report (check_bytes), rules recorded as triggered.
FileReport check_hpi(const std::vector<std::uint8_t>& bytes, const CheckOptions& options = {});
FileReport check_hpi(const builder::HpiSpec& spec, const CheckOptions& options = {});

// Every report check_input gives for the bytes written to a temporary file named name.
std::vector<FileReport> check_hpi_input(const std::vector<std::uint8_t>& bytes,
                                        const CheckOptions& options = {},
                                        const std::string& name = "mod.ufo");

}  // namespace gafcheck::testing
