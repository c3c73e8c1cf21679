#include "reports/html_blocks.hpp"

#include <algorithm>

#include "validator/core/byte_view.hpp"
#include "validator/core/sha256.hpp"

namespace gafcheck {

std::optional<std::string> finding_block_key(const FileReport& report) {
  if (report.findings.empty() || report.findings_suppressed > 0 || report.members) return {};
  if (report.attachments && !report.attachments->unavailable.empty()) return {};
  std::vector<std::string> said;
  said.reserve(report.findings.size());
  for (const Finding& finding : report.findings)
    said.push_back(std::string(rule_name(finding.rule)) + '\0' +
                   std::string(severity_name(finding.severity)) + '\0' +
                   std::string(retail_name(finding.retail)) + '\0' +
                   (finding.suppressed ? "suppressed" : "") + '\0' + finding.message);
  std::sort(said.begin(), said.end());
  std::string key = std::string(verdict_name(report.verdict)) + '\n' +
                    std::string(retail_name(report.retail)) + '\n' +
                    std::string(format_name(report.format)) + '\n' +
                    (report.member_of ? "member" : "input");
  for (const std::string& finding : said) key += '\n' + finding;
  return sha256_hex(ByteView(reinterpret_cast<const std::uint8_t*>(key.data()), key.size()));
}

bool PageBlocks::join(std::string_view key, std::string file) {
  const auto found = by_key_.find(key);
  if (found == by_key_.end()) return false;
  blocks_[found->second].files.push_back(std::move(file));
  return true;
}

void PageBlocks::add(Retail worst, std::string text, const std::optional<std::string>& key,
                     std::string file) {
  if (key) {
    if (join(*key, file)) return;
    by_key_.emplace(*key, blocks_.size());
  }
  blocks_.push_back({worst, std::move(text), {std::move(file)}});
}

std::string page_block_html(const PageBlock& block) {
  if (block.files.size() < 2) return block.text;
  const std::string count = std::to_string(block.files.size());
  std::string note = "<p class=\"block-count\"><b>" + count +
                     " files</b> have these same findings (rule, severity and message; the "
                     "offsets shown are the first file's)</p><details class=\"block-files\">"
                     "<summary>the " +
                     count + " files</summary><ul>";
  for (const std::string& file : block.files) note += "<li>" + file + "</li>";
  note += "</ul></details>";
  std::string text = block.text;
  const std::size_t heading = text.find("</h2>");
  if (heading == std::string::npos) return note + text;
  text.insert(heading + 5, note);
  const std::size_t section = text.find("<section class=\"file\"");
  if (section == 0)
    text.insert(std::string_view("<section").size(), " data-files=\"" + count + "\"");
  return text;
}

}  // namespace gafcheck
