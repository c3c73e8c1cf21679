#pragma once
// Files whose findings say the same thing share one block on the HTML page: a census of a
// collection of TA3D GAFs lists the same few findings once, with "N files" and the files in a
// <details> list, instead of once per file. Two files say the same thing when they have the same
// multiset of findings by rule id, severity, retail impact and message (offsets and structure
// paths may differ: the block shows the first file's offsets, excerpts and pictures), the same
// verdict, retail impact and format, and nothing counted past --max-findings.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "validator/result/file_report.hpp"

namespace gafcheck {

// The key files that share a block have in common (a sha256 of what they say); nullopt for a file
// that keeps a block of its own (clean, an archive, findings counted past --max-findings, or
// gafcheck html could not read it again).
std::optional<std::string> finding_block_key(const FileReport& report);

// A block of the page: the text of its first file, and every file it stands for.
struct PageBlock {
  Retail worst = Retail::none;
  std::string text;
  std::vector<std::string> files;  // HTML-escaped names, in the order added
};

// The page's blocks in the order added; a block added with the key of an earlier one joins it.
class PageBlocks {
 public:
  void add(Retail worst, std::string text, const std::optional<std::string>& key, std::string file);
  // Adds the file to the block added earlier with this key; false (nothing done) when none was.
  bool join(std::string_view key, std::string file);
  std::vector<PageBlock>& blocks() { return blocks_; }

 private:
  std::vector<PageBlock> blocks_;
  std::map<std::string, std::size_t, std::less<>> by_key_;
};

// The block's text; a block of several files says "N files" after the first file's heading and
// lists them all in a <details>.
std::string page_block_html(const PageBlock& block);

}  // namespace gafcheck
