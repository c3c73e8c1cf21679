#pragma once
// gafcheck conflicts --format html: one self-contained page (inline style, no script, no external
// resource) with the counts and a table of every path supplied more than once: its class, the
// copy the engine loads and why, every copy with what it is to the loaded one (identical,
// drawn-same, differs, not-read), the findings call-outs and the gafcheck diff command of each
// differing copy. Rows whose winner depends on the engine (--engine all) are marked and list the
// winner under each engine. Every name from the inputs is escape_bytes()d, then HTML-escaped.
// conflicts_section() is the same table as a fragment, for the census page (census --conflicts).
#include <string>
#include <string_view>

#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

std::string html_conflicts(const ModSet& set, const ConflictReport& report, int exit_code);

// <h2>Conflicts</h2>, the counts and the table; conflicts_section_style styles it (the census
// page puts both in its body), conflicts_page_style the page around it.
std::string conflicts_section(const ModSet& set, const ConflictReport& report);
extern const std::string_view conflicts_page_style;
extern const std::string_view conflicts_section_style;

}  // namespace gafcheck::modsets
