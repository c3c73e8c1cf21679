// fuzz_rebuild_archive: gafcheck rebuild of archives and TSF scripts on one input, with the
// rebuild's guarantees as the oracle on every input it does not refuse:
//   1. check of the rebuilt archive, its members and nested archives included (or of the
//      normalised script), finds nothing at warning or above but a rule a member's rebuild says
//      it kept from the input;
//   2. rebuilding the rebuilt archive (normalising the normalised script) gives it back byte for
//      byte.
// Input starting with the HPI marker is rebuilt as an archive (members through the sprite
// rebuild and the TSF normaliser), anything else normalised as a TSF script. An input refused is
// rebuilt again with --drop-unrenderable; unless refused again, 1 and 2 must hold of that.
// Neither the archive nor any member may be refused by the rebuild's own check of its output
// (output_check.hpp), a backstop for what the rebuild should have refused or written otherwise.
#include <set>
#include <string>

#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/rebuild/archive_rebuild.hpp"
#include "validator/rebuild/tsf_normaliser.hpp"

namespace gafcheck::fuzz {
namespace {

using rebuild::RebuildOptions;

ByteView view_of(const std::vector<std::uint8_t>& bytes) {
  return ByteView(bytes.data(), bytes.size());
}

RebuildOptions options_for_output(RebuildOptions options) {
  // The rebuilt archive may hold more (aliased members each get their copy; flattened frames),
  // within the output budgets its rebuild was held to.
  options.limits[BudgetKind::file_size] = UINT64_MAX;
  options.limits[BudgetKind::archive_ratio] = UINT64_MAX;
  return options;
}

void require_checks_clean(const std::vector<std::uint8_t>& bytes, const std::string& path,
                          const std::vector<rebuild::Disposition>& dispositions,
                          const RebuildOptions& options) {
  std::set<std::string> kept;
  for (const rebuild::Disposition& disposition : dispositions)
    if (disposition.action == "kept") kept.insert(disposition.rule);
  CheckOptions check = fuzz_check_options();
  check.limits = options_for_output(options).limits;
  check_bytes_with_members(view_of(bytes), path, check, [&](FileReport&& report) {
    for (const Finding& finding : report.findings) {
      // Whether a script's images exist depends on the disk, not on the bytes rebuilt.
      if (finding.severity == Severity::info || finding.rule == RuleId::tsf_missing_image) continue;
      const std::string rule(rule_name(finding.rule));
      require(kept.count(rule) != 0, [&] {
        return "the rebuilt " + report.path + " has " + rule + " at " +
               std::to_string(finding.offset) + " (" + finding.path + ": " + finding.message +
               "), which the rebuild did not keep";
      });
    }
  });
}

std::string first_reason(const std::vector<std::string>& reasons) {
  return reasons.empty() ? std::string() : reasons[0];
}

void require_no_backstop_refusal(const rebuild::ArchiveRebuildResult& result) {
  require(result.output_check_refusals == 0, [&] {
    return "the rebuild's own output check refused the archive or a member: " +
           first_reason(result.refusal_reasons) + " / " + first_reason(result.dropped);
  });
}

void require_no_backstop_refusal(const rebuild::RebuildResult& result) {
  require(!result.refused_by_output_check, [&] {
    return "the normaliser's own output check refused the script: " +
           first_reason(result.refusal_reasons);
  });
}

// How one kind of input is rebuilt, and what the oracle calls it.
struct RebuildKind {
  const char* path;           // the name the input is rebuilt under
  const char* refused_again;  // the rebuilt output is refused
  const char* changed_again;  // rebuilding the rebuilt output changes it
};

// Rebuilds `input` (again with --drop-unrenderable when refused) and, unless it is refused, holds
// the result to guarantees 1 and 2 and the backstop. `rebuild` is rebuild_archive_file or
// normalise_tsf.
template <typename Rebuild>
void rebuild_and_hold(ByteView input, RebuildOptions options, const RebuildKind& kind,
                      Rebuild rebuild) {
  auto result = rebuild(input, kind.path, options);
  require_no_backstop_refusal(result);
  if (result.refused && !options.drop_unrenderable) {
    options.drop_unrenderable = true;
    result = rebuild(input, kind.path, options);
    require_no_backstop_refusal(result);
  }
  if (result.refused) return;
  require_checks_clean(result.bytes, kind.path, result.dispositions, options);
  const auto again = rebuild(view_of(result.bytes), kind.path, options_for_output(options));
  require(!again.refused, [&] { return kind.refused_again + first_reason(again.refusal_reasons); });
  require(again.bytes == result.bytes, kind.changed_again);
}

void rebuild_archive(ByteView input, const RebuildOptions& options) {
  rebuild_and_hold(
      input, options,
      {"fuzz.ufo", "the rebuilt archive is refused: ", "rebuilding the rebuilt archive changes it"},
      [](ByteView bytes, std::string_view path, const RebuildOptions& with) {
        return rebuild::rebuild_archive_file(bytes, path, with);
      });
}

void normalise_script(ByteView input, const RebuildOptions& options) {
  rebuild_and_hold(input, options,
                   {"fuzz.tsf", "the normalised script is refused: ",
                    "normalising the normalised script changes it"},
                   [](ByteView bytes, std::string_view path, const RebuildOptions& with) {
                     return rebuild::normalise_tsf(bytes, path, with);
                   });
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView input(data, size);
  rebuild::RebuildOptions options;
  options.limits = fuzz::fuzz_check_options().limits;
  if (input.u32le(0) == 0x49504148)
    fuzz::rebuild_archive(input, options);
  else
    fuzz::normalise_script(input, options);
  return 0;
}
