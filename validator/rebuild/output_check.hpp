#pragma once
// The rebuild's own check of what it is about to write (the rebuilt file checks clean): read back
// under its name, as check reads it, the output may hold no finding at warning or above but one of
// a rule the rebuild kept from the input. A rebuild whose output would is refused, naming the
// finding, so that no sequence of drops and fixes can write a file the validator flags: a file
// named .taf whose one sequence lost every frame, say, reads as a truecolor TAF with no frame.
// The rebuild refuses what it knows it cannot write before it gets here, so this is a backstop:
// results mark refusals of this kind, and the fuzz targets treat one as a defect.
// The output is checked as an archive member (nothing on disk is looked at) with the input's
// budgets, but for the file size and the archive ratio: a flattened frame may make the output
// larger than the input, and the rebuilt archive compresses differently.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::tsf {
class ImageLookup;
}

namespace gafcheck::rebuild {

// Why a rebuilt GAF, TAF or TSF may not be written, or nullopt.
std::optional<std::string> unvouched_finding(ByteView output, std::string_view path_in_tree,
                                             const std::vector<Disposition>& dispositions,
                                             const BudgetLimits& limits);

// The same for a rebuilt archive, its members and nested archives included, against the rules
// kept anywhere in it.
std::optional<std::string> unvouched_finding_in_archive(
    ByteView output, std::string_view path_in_tree, const std::vector<Disposition>& dispositions,
    const BudgetLimits& limits);

// The same for a rebuilt TSF script in a rebuilt tree: its Filename values looked up among the
// files the output tree will hold (images), as check looks them up beside the written script.
std::optional<std::string> unvouched_finding_in_tree(ByteView output,
                                                     const std::vector<Disposition>& dispositions,
                                                     const BudgetLimits& limits,
                                                     tsf::ImageLookup& images);

}  // namespace gafcheck::rebuild
