// gafcheck show --format json: what the text shows, as one JSON document
// (reports/schema/show.schema.json): the tree rows, slack and coverage of a GAF, the members of an
// archive, and check's findings, numbered as the text numbers them.
#include "reports/json_text.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/inspect/show_view.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

using Json = nlohmann::json;

Json gaf_tree(const ShowInput& input) {
  Json structures = Json::array(), notes = Json::array();
  for (const TreeRow& line : tree_rows(input)) {
    if (!line.note.empty()) {
      notes.push_back(json_text(line.note));
      continue;
    }
    structures.push_back({{"offset", line.offset},
                          {"size", line.size},
                          {"depth", line.depth},
                          {"path", json_text(line.path)},
                          {"detail", json_text(line.detail)},
                          {"in_file", line.colour != error_colour}});
  }
  const pixels::GafLayoutMap& layout = *input.layout;
  Json tree = {{"structures", structures}, {"notes", notes}};
  tree["stopped"] = layout.stopped.empty() ? Json(nullptr) : Json(json_text(layout.stopped));
  if (!layout.mapped) {
    tree["slack"] = Json::array();
    tree["coverage"] = nullptr;
    return tree;
  }
  Json slack = Json::array();
  for (const pixels::Gap& gap : layout.map.slack)
    slack.push_back({{"offset", gap.offset}, {"size", gap.length}});
  tree["slack"] = slack;
  tree["coverage"] = {{"claimed", layout.map.claimed},
                      {"slack", layout.map.slack_bytes},
                      {"extents", layout.map.sorted.size()}};
  return tree;
}

Json archive_directory(const ShowInput& input, const BudgetLimits& limits) {
  const hpi::MemberReader reader(input.bytes, limits);
  if (!reader.is_archive()) return nullptr;
  const hpi::ArchiveIndex& index = reader.index();
  Json members = Json::array();
  for (const hpi::MemberRecord& member : index.members)
    members.push_back({{"entry_offset", member.entry_offset},
                       {"data_offset", member.data_offset},
                       {"size", member.size},
                       {"method", std::string(hpi::method_name(member, index.kind))},
                       {"path", json_name(member.path)}});
  return {{"directory_begin", index.directory_begin},
          {"directory_end", index.directory_end},
          {"walk_complete", index.walk_complete},
          {"members", members}};
}

}  // namespace

Json show_findings_document(const ShowInput& input) {
  Json findings = Json::array();
  for (std::size_t n = 0; n < input.report.findings.size(); ++n) {
    const Finding& finding = input.report.findings[n];
    findings.push_back({{"number", n},
                        {"rule", std::string(embedded_catalog().info(finding.rule).id)},
                        {"severity", std::string(severity_name(finding.severity))},
                        {"retail", std::string(retail_name(finding.retail))},
                        {"offset", finding.offset},
                        {"length", finding.length},
                        {"path", json_text(finding.path)},
                        {"message", json_text(finding.message)}});
  }
  return findings;
}

Json tree_document(const ShowInput& input, const BudgetLimits& limits) {
  Json tree = {{"gaf", nullptr}, {"archive", nullptr}};
  if (input.layout)
    tree["gaf"] = gaf_tree(input);
  else if (input.report.format == Format::hpi)
    tree["archive"] = archive_directory(input, limits);
  return tree;
}

}  // namespace gafcheck
