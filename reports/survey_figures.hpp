#pragma once
// The census figures of a summary document (docs/format/gaf.md §9): structure totals, the survey
// histograms under their census names, dimensions, and the key-pixel leaders. They are read from
// the run's generic counters and histograms, so a figure appears as soon as a checker produces
// the counter behind it (raw_frames_with_key and key_pixels come from the pixel walk).
#include <yaml-cpp/yaml.h>

#include "validator/result/run_totals.hpp"

namespace gafcheck {

// Emits the figures as keys of the summary map being written.
void emit_survey_figures(YAML::Emitter& out, const RunTotals& totals);

}  // namespace gafcheck
