#pragma once
#include "validator/gaf/gaf_index.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::gaf {

// The per-file summary counters (shared with the census) and survey histograms of a GAF.
void summarize_gaf(const GafIndex& index, Counters& summary, Histograms& survey);

}  // namespace gafcheck::gaf
