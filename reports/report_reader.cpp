#include "reports/report_reader.hpp"

#include <stdexcept>

namespace gafcheck {

ReportStream::ReportStream(const std::string& path) : path_(path), in_(path, std::ios::binary) {
  if (!in_) throw std::runtime_error("cannot open report " + path);
}

std::optional<std::string> ReportStream::next_text() {
  std::string text;
  if (!have_line_) {
    while (std::getline(in_, line_))
      if (line_ == "---") break;
    if (line_ != "---" || in_.bad()) return std::nullopt;
  }
  have_line_ = false;
  text = "---\n";
  bool ended_with_newline = true;
  while (std::getline(in_, line_)) {
    if (line_ == "---") {
      have_line_ = true;
      return text;
    }
    text += line_;
    ended_with_newline = !in_.eof();
    if (ended_with_newline) text += '\n';
  }
  if (!ended_with_newline) truncated_ = true;  // the last line has no newline: cut short
  line_.clear();
  return text;
}

std::optional<ReportDocument> ReportStream::next() {
  if (truncated_) return std::nullopt;
  auto text = next_text();
  if (!text) return std::nullopt;
  const bool last = !have_line_;
  ReportDocument document;
  document.text = std::move(*text);
  try {
    document.node = YAML::Load(document.text);
    if (!document.node.IsMap() || !document.node["kind"])
      throw std::runtime_error("a document without a kind");
    document.kind = document.node["kind"].as<std::string>();
  } catch (const std::exception& error) {
    if (last) {
      truncated_ = true;
      return std::nullopt;
    }
    throw std::runtime_error("report " + path_ + " is corrupt: " + error.what());
  }
  if (last && truncated_) {
    // Parsed, but the final line was cut: only a one-line record is trustworthy then.
    if (document.kind != "record") return std::nullopt;
    document.text += '\n';
    truncated_ = false;
  }
  return document;
}

}  // namespace gafcheck
