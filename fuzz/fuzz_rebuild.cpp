// fuzz_rebuild: gafcheck rebuild on one input, with the rebuild's guarantees as the oracle on
// every input it does not refuse:
//   1. check of the rebuilt file finds nothing at warning or above, except a rule the rebuild
//      says it kept from the input (an empty frame, a duration past 16 bits);
//   2. the retail rendering of every entry and frame the game reaches is the input's (pixels,
//      origin, size, duration, loop flag, name);
//   3. rebuilding the rebuilt file gives it back byte for byte.
// An input refused is rebuilt again with --drop-unrenderable; unless refused again, 1 and 3 must
// hold of that. Neither rebuild may be refused by the rebuild's own check of its output
// (output_check.hpp), a backstop for what the rebuild should have refused or written otherwise.
// The name follows the input's length: odd, textures/fuzz.gaf (raw); otherwise fuzz.gaf, or
// anims/fuzz.taf for every other even length.
#include <set>
#include <string>

#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/rebuild/rebuild_file.hpp"
#include "validator/rebuild/retail_view.hpp"

namespace gafcheck::fuzz {
namespace {

using rebuild::RebuildOptions;
using rebuild::RebuildResult;

ByteView view_of(const std::vector<std::uint8_t>& bytes) {
  return ByteView(bytes.data(), bytes.size());
}

void require_checks_clean(const RebuildResult& result, const std::string& path,
                          const BudgetLimits& limits) {
  std::set<std::string> kept;
  for (const rebuild::Disposition& disposition : result.dispositions)
    if (disposition.action == "kept") kept.insert(disposition.rule);
  CheckOptions options = fuzz_check_options();
  options.limits = limits;
  // The rebuilt file may be larger than its input (read-through bytes, flattened composites, a
  // kept composite's layers stored apart); its size is bounded by the pixels drawn, which the
  // pixel budget bounds.
  options.limits[BudgetKind::file_size] = UINT64_MAX;
  const FileReport report = check_bytes(view_of(result.bytes), path, options);
  for (const Finding& finding : report.findings) {
    if (finding.severity == Severity::info) continue;
    const std::string rule(rule_name(finding.rule));
    require(kept.count(rule) != 0, [&] {
      return "the rebuilt file has " + rule + " at " + std::to_string(finding.offset) + " (" +
             finding.path + ": " + finding.message + "), which the rebuild did not keep";
    });
  }
}

void require_no_backstop_refusal(const RebuildResult& result) {
  require(!result.refused_by_output_check, [&] {
    return "the rebuild's own output check refused it: " + result.refusal_reasons.back();
  });
}

void require_idempotent(const RebuildResult& result, const std::string& path,
                        const RebuildOptions& options) {
  RebuildOptions again_options = options;
  again_options.limits[BudgetKind::file_size] = UINT64_MAX;
  const RebuildResult again =
      rebuild::rebuild_sprite_file(view_of(result.bytes), path, again_options);
  require(!again.refused, [&] {
    return "the rebuilt file is refused: " +
           (again.refusal_reasons.empty() ? std::string() : again.refusal_reasons[0]);
  });
  require(again.bytes == result.bytes, "rebuilding the rebuilt file changes it");
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  using namespace gafcheck::fuzz;
  const ByteView input(data, size);
  const std::string path = size % 2   ? "textures/fuzz.gaf"
                           : size % 4 ? "anims/fuzz.taf"
                                      : "fuzz.gaf";
  rebuild::RebuildOptions options;
  options.limits = fuzz_check_options().limits;
  rebuild::RebuildResult result = rebuild::rebuild_sprite_file(input, path, options);
  require_no_backstop_refusal(result);
  if (!result.refused) {
    require_checks_clean(result, path, options.limits);
    BudgetLimits view_limits = options.limits;
    view_limits[BudgetKind::file_size] = UINT64_MAX;
    const auto difference =
        rebuild::first_difference(rebuild::retail_view(input, path, view_limits),
                                  rebuild::retail_view(view_of(result.bytes), path, view_limits));
    require(!difference, [&] { return "retail rendering differs: " + *difference; });
    require_idempotent(result, path, options);
    return 0;
  }
  options.drop_unrenderable = true;
  result = rebuild::rebuild_sprite_file(input, path, options);
  require_no_backstop_refusal(result);
  if (result.refused) return 0;
  require_checks_clean(result, path, options.limits);
  require_idempotent(result, path, options);
  return 0;
}
