#include "reports/report_reader.hpp"

#include <cstdio>

#include "reports/quoted_line_breaks.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

ReportLimits process_limits;

// "---" or "..." at the start of a line, followed by nothing or a space: a document marker for
// every YAML reader, wherever it stands.
bool marker(const std::string& line, const char* mark) {
  return line.compare(0, 3, mark) == 0 && (line.size() == 3 || line[3] == ' ' || line[3] == '\t');
}

bool blank_or_comment(const std::string& line, std::size_t from = 0) {
  const auto first = line.find_first_not_of(" \t", from);
  return first == std::string::npos || line[first] == '#';
}

// Control characters, and bytes a YAML 1.1 reader takes as a line break or byte order mark where
// a YAML 1.2 reader does not: gafcheck escapes all of them (older gafcheck versions left some raw
// inside double quotes, where both read the same documents), so elsewhere in a report they can only
// split it differently for different readers.
std::string forbidden_bytes(const std::string& line) {
  for (const unsigned char c : line)
    if (c < 0x20 && c != '\t') {
      char text[48];
      std::snprintf(text, sizeof text, "the control byte 0x%02X", c);
      return text;
    }
  const bool yaml11_break = line.find("\xC2\x85") != std::string::npos ||
                            line.find("\xE2\x80\xA8") != std::string::npos ||
                            line.find("\xE2\x80\xA9") != std::string::npos ||
                            line.find("\xEF\xBB\xBF") != std::string::npos;
  if (yaml11_break && !yaml11_breaks_only_in_double_quotes(line))
    return "a raw U+0085, U+2028, U+2029 or U+FEFF outside double quotes (a line break or byte "
           "order mark for YAML 1.1 readers)";
  return {};
}

// For messages about a document refused before it was parsed: the kind its text claims.
std::string claimed_kind(const std::string& text) {
  for (const char* field : {"\nkind: ", "{kind: "}) {
    const auto at = text.find(field);
    if (at == std::string::npos) continue;
    const auto start = at + std::char_traits<char>::length(field);
    const auto end = text.find_first_of(" ,}\n", start);
    const std::string kind = text.substr(start, std::min<std::size_t>(end - start, 16));
    if (kind == "header" || kind == "file" || kind == "record" || kind == "summary") return kind;
  }
  return "";
}

// ", path NAME" for a document naming an input, to say in messages which one it is.
std::string document_path(const YAML::Node& node) {
  if (!node.IsMap()) return "";
  const YAML::Node path = node["path"];
  if (!path || !path.IsScalar()) return "";
  return ", path " + canonical_escaped(std::string_view(path.Scalar()).substr(0, 256));
}

std::string size_text(std::uint64_t bytes) {
  if (bytes % (1 << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

}  // namespace

const ReportLimits& default_report_limits() {
  return process_limits;
}
void set_default_report_limits(const ReportLimits& limits) {
  process_limits = limits;
}

ReportStream::ReportStream(const std::string& path, const ReportLimits& limits)
    : path_(path), limits_(limits), in_(path, std::ios::binary) {
  if (!in_) throw ReportError("cannot open report " + path);
  reading_header_ = true;
  header_ = next();
  reading_header_ = false;
}

void ReportStream::fail(const std::string& where, const std::string& reason) const {
  const std::string text = where + (where.empty() ? "" : ": ") + reason;
  if (reading_header_ && !gafcheck_header_)
    throw ReportError("report " + path_ + " is not a gafcheck report: " + text);
  throw DamagedReport("report " + path_ + ": " + text);
}

bool ReportStream::read_line(std::string& line) {
  line.clear();
  std::streambuf& buffer = *in_.rdbuf();
  bool read_any = false, newline = false;
  for (;;) {
    const auto c = buffer.sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    read_any = true;
    if (++bytes_read_ > limits_.total_bytes)
      fail("", "longer than the report size limit of " + size_text(limits_.total_bytes) +
                   " (--max-report-size)");
    if (c == '\n') {
      newline = true;
      break;
    }
    if (line.size() >= limits_.line_bytes)
      fail("line " + std::to_string(line_number_ + 1),
           "longer than " + size_text(limits_.line_bytes) + " (gafcheck writes short lines)");
    line.push_back(static_cast<char>(c));
  }
  if (!read_any) return false;
  last_line_had_newline_ = newline;
  ++line_number_;
  if (const std::string bad = forbidden_bytes(line); !bad.empty())
    fail("line " + std::to_string(line_number_), "holds " + bad + ", which gafcheck never writes");
  if (!line.empty() && line[0] == '%')
    fail("line " + std::to_string(line_number_), "a YAML directive (gafcheck writes none)");
  if (marker(line, "...") && !blank_or_comment(line, 3))
    fail("line " + std::to_string(line_number_), "text after a document end marker");
  return true;
}

std::optional<ReportStream::Chunk> ReportStream::next_chunk() {
  Chunk chunk;
  if (have_line_) {
    have_line_ = false;
    chunk.explicit_start = true;
  } else {
    // Between documents: blank lines, comments and "..." until a document starts, at a "---"
    // marker or (YAML's bare document) at any other content.
    bool found = false;
    while (read_line(line_)) {
      if (marker(line_, "---")) {
        chunk.explicit_start = true;
        found = true;
        break;
      }
      if (marker(line_, "...") || blank_or_comment(line_)) continue;
      found = true;
      break;
    }
    if (!found) return std::nullopt;
  }
  chunk.first_line = line_number_;
  chunk.text = chunk.explicit_start ? line_ + "\n" : "---\n" + line_ + "\n";
  while (read_line(line_)) {
    if (marker(line_, "---")) {
      have_line_ = true;
      return chunk;
    }
    if (marker(line_, "...")) return chunk;
    chunk.text += line_;
    chunk.text += '\n';
    if (chunk.text.size() > limits_.document_bytes)
      fail("document " + std::to_string(documents_ + 1) + " (from line " +
               std::to_string(chunk.first_line) + ")",
           "longer than " + size_text(limits_.document_bytes));
  }
  at_end_ = true;
  if (!last_line_had_newline_) chunk.text.pop_back();  // keep it as written: cut short
  return chunk;
}

std::optional<ReportDocument> ReportStream::next() {
  if (header_) {
    auto header = std::move(header_);
    header_.reset();
    return header;
  }
  if (ended_) return std::nullopt;
  auto chunk = next_chunk();
  if (!chunk) {
    ended_ = true;
    if (documents_ == 0) fail("", "it holds no YAML document");
    return std::nullopt;
  }
  const bool last = at_end_;
  const bool cut_mid_line = last && !last_line_had_newline_;
  ReportDocument document;
  document.index = ++documents_;
  const std::uint64_t line_offset = chunk->first_line - 1 - (chunk->explicit_start ? 0 : 1);
  std::string where = "document " + std::to_string(document.index);
  if (const std::string kind = claimed_kind(chunk->text); !kind.empty())
    where += " (" + kind + "?)";
  try {
    auto node = load_one_document(chunk->text, {limits_.depth, limits_.nodes, limits_.line_bytes});
    if (!node) {  // only comments: no document for any YAML reader
      --documents_;
      return next();
    }
    document.node = std::move(*node);
    if (reading_header_ && document.node.IsMap()) {
      const YAML::Node kind = document.node["kind"], tool = document.node["tool"];
      gafcheck_header_ = kind && kind.IsScalar() && kind.Scalar() == "header" && tool &&
                         tool.IsScalar() && tool.Scalar() == "gafcheck";
    }
    if (const std::string path = document_path(document.node); !path.empty())
      where = "document " + std::to_string(document.index) + " (line " +
              std::to_string(chunk->first_line) + path + ")";
    document.kind = checked_document_kind(document.node);
    where = "document " + std::to_string(document.index) + " (" + document.kind + ", line " +
            std::to_string(chunk->first_line) + document_path(document.node) + ")";
    check_document_fields(document.node, document.kind, schema_version_);
    if (reading_header_ && document.kind == "header")
      schema_version_ = header_schema_version(document.node);
  } catch (const YamlRefusal& refusal) {
    // A killed writer leaves text that is not YAML, or YAML cut short; anything else is refused.
    if (last && documents_ > 1 && (cut_mid_line || refusal.syntax))
      return dropped(where, refusal.what());
    fail(where + ", line " + std::to_string(line_offset + refusal.line),
         std::string(refusal.syntax ? "not YAML: " : "holds ") + refusal.what());
  } catch (const SchemaViolation& violation) {
    if (last && documents_ > 1 && (cut_mid_line || violation.missing))
      return dropped(where, violation.what());
    fail(where, violation.what());
  }
  if (document.index == 1 && document.kind != "header")
    fail(where, "the first document is not a gafcheck header");
  if (document.index > 1 && document.kind == "header") fail(where, "a second header document");
  if (summary_seen_) fail(where, "a document after the summary");
  if (cut_mid_line) {
    // It parsed, but its last line was cut: only a one-line record is whole then.
    if (document.kind != "record") return dropped(where, "its last line has no line end");
    chunk->text += '\n';
  }
  if (document.kind == "summary") summary_seen_ = true;
  document.text = std::move(chunk->text);
  return document;
}

std::nullopt_t ReportStream::dropped(const std::string& where, const std::string& reason) {
  truncated_ = true;
  cut_short_ = where + ": " + reason;
  ended_ = true;
  return std::nullopt;
}

}  // namespace gafcheck
