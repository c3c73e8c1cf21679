#pragma once
// Inputs with known findings for the SARIF and Code Quality writer tests, built from readable
// specs: a GAF whose second entry has bad RLE rows behind a padding frame that can grow (so the
// same findings move to other offsets), and a mod archive that carries it as a member.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/result/file_report.hpp"

namespace gafcheck::testing {

// Five findings of four kinds of severity:
//  - version word 0: header.version-zero (info) at offset 0, path header/version;
//  - entry[0] "PAD": one raw frame pad_width px wide and 4 high, clean;
//  - entry[1] "BAD", frame[0] "bad": 4x3 RLE rows "04 01 02" (row 0: rle.short-row, an error,
//    retail garbage), "0C 01 02 03 04 05 06" (row 1: rle.unused-payload, a warning) and
//    "0C 01 02 03 04";
//  - entry[1] frame[1] "tail": rows "0C 01 02 03 04" and "04 01 02", the file's last bytes
//    (row 1: rle.short-row and rle.reads-past-eof, retail crash).
// Frame data comes last, PAD's first: a wider pad moves every RLE finding and keeps its path.
std::vector<std::uint8_t> defective_gaf(std::uint16_t pad_width = 4);
// The offset of row r of defective_gaf's RLE frame "bad" or "tail" (the row's count word).
std::uint64_t defective_row_offset(std::uint16_t pad_width, const std::string& frame, int row);

// A clean GAF (one 4x4 raw frame).
std::vector<std::uint8_t> clean_gaf();

// mod.ufo with readme.txt (stored) and anims/bad.gaf = defective_gaf(pad_width) (zlib); checked
// with its members: the archive's report first, then the member's.
std::vector<FileReport> check_mod_archive(std::uint16_t pad_width = 4,
                                          const std::string& display_path = "mod.ufo");

}  // namespace gafcheck::testing

#include "reports/format_registry.hpp"

namespace gafcheck::testing {

// How a run hands reports to a writer: census gives each input's reports as one group; check
// gives every report as a group of its own. Writers must write the same for both.
enum class Grouping { per_input, per_report };

// Runs the named writer (format_registry) over inputs (each a top-level report and its members)
// found under roots, and returns what it wrote.
std::string write_format(std::string_view format, const std::vector<std::string>& roots,
                         const std::vector<std::vector<FileReport>>& inputs, int exit_code = 1,
                         Grouping grouping = Grouping::per_input);

}  // namespace gafcheck::testing
