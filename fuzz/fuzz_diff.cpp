// fuzz_diff: gafcheck diff by content on one input split in two (the first byte says where), both
// read as GAF sprite files under the fuzz budgets.
//
// Invariants (abort on violation): a side compared with itself is the same, with nothing listed;
// two sides compared either way round agree on whether they draw differently; bytes differ
// exactly when the sides do; every document written parses back; a side compared with its rebuild
// (when the rebuild left nothing out) draws the same: at most re-encoded, or renamed where the
// rebuild cut an unterminated name.
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "fuzz/fuzz_support.hpp"
#include "reports/json_documents.hpp"
#include "validator/compare/content_compare.hpp"
#include "validator/compare/diff_document.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::fuzz {
namespace {

using compare::ContentDiff;

compare::Side sprite_side(const std::string& label, std::vector<std::uint8_t> bytes) {
  compare::Side side;
  side.kind = compare::SideKind::sprite;
  side.argument = label;
  side.format = Format::gaf;
  side.input.name = InputName::file(label);
  side.input.member = std::move(bytes);
  return side;
}

void require_documents_parse(const ContentDiff& diff) {
  const std::string yaml = compare::yaml_content_diff(diff);
  require_printable_report_text(yaml);
  const YAML::Node document = YAML::Load(yaml);
  require(document["kind"].as<std::string>() == "content-diff", "the document's kind");
  require(!json_from_yaml_document(yaml).empty(), "the JSON form is empty");
  require(!compare::text_content_diff(diff).empty(), "the text form is empty");
}

// Whether a side and its rebuild draw the same but for entries whose unterminated 32-byte names
// the rebuild cut to 31 bytes (entry.name-unterminated, "fixed"): the game looks such an entry up
// under another name, so diff rightly reports it renamed, and that fix is the rebuild's promise.
// Every other entry must draw the same (a rename is only reported for an entry that shows alike).
bool draws_alike_but_for_cut_names(const ContentDiff& diff, const rebuild::RebuildResult& rebuilt) {
  const bool names_cut = std::any_of(
      rebuilt.dispositions.begin(), rebuilt.dispositions.end(),
      [](const auto& d) { return d.rule == "entry.name-unterminated" && d.action == "fixed"; });
  for (const compare::FileDiff& file : diff.files) {
    if (file.change == compare::FileChange::re_encoded ||
        file.change == compare::FileChange::unchanged)
      continue;
    if (!names_cut || !file.sprite || !file.note.empty()) return false;
    for (const compare::EntryDiff& entry : file.sprite->entries) {
      const bool shown = entry.change != compare::EntryChange::re_encoded &&
                         (entry.reachable || entry.change == compare::EntryChange::changed);
      const bool name_cut = entry.change == compare::EntryChange::renamed &&
                            entry.old_name.size() > entry.name.size() &&
                            entry.old_name.starts_with(entry.name);
      if (shown && !name_cut) return false;
    }
  }
  return true;
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  using namespace gafcheck::fuzz;
  if (size == 0) return 0;
  const std::size_t split = 1 + (size - 1) * data[0] / 256;
  const std::vector<std::uint8_t> a(data + 1, data + split), b(data + split, data + size);
  compare::CompareSettings settings;
  settings.check = fuzz_check_options();
  // Every pair of archive members compared is also checked on both sides (a nested archive
  // whole): 64 pairs, not the default 4,096, keep an input within the target's timeout.
  settings.check.limits[BudgetKind::members] = 64;

  const ContentDiff itself =
      compare::compare_content(sprite_side("a.gaf", a), sprite_side("a.gaf", a), settings);
  require(itself.files.empty() && !itself.bytes_differ(), "a side differs from itself");

  const ContentDiff forward =
      compare::compare_content(sprite_side("a.gaf", a), sprite_side("b.gaf", b), settings);
  const ContentDiff backward =
      compare::compare_content(sprite_side("b.gaf", b), sprite_side("a.gaf", a), settings);
  require(forward.bytes_differ() == (a != b), "bytes differ exactly when the sides do");
  require(forward.drawn_differs() == backward.drawn_differs(),
          "the sides draw differently one way round only");
  require_documents_parse(forward);

  rebuild::RebuildOptions options;
  options.limits = settings.check.limits;
  const rebuild::RebuildResult rebuilt =
      rebuild::rebuild_sprite_file(ByteView(a.data(), a.size()), "fuzz.gaf", options);
  if (rebuilt.refused || rebuilt.lost != 0 || !rebuilt.dropped.empty()) return 0;
  const ContentDiff against_rebuild = compare::compare_content(
      sprite_side("a.gaf", a), sprite_side("rebuilt.gaf", rebuilt.bytes), settings);
  require(draws_alike_but_for_cut_names(against_rebuild, rebuilt), [&] {
    return "the rebuild draws differently:\n" + compare::text_content_diff(against_rebuild);
  });
  return 0;
}
