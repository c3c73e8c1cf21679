#include "validator/config/config_yaml.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <vector>

#include "validator/config/config_file.hpp"
#include "validator/core/near_names.hpp"

namespace gafcheck::config {
namespace {

class Refuser : public YAML::EventHandler {
 public:
  explicit Refuser(const std::string& path) : path_(path) {}
  std::uint64_t nodes = 0;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    node(mark, anchor, "?", false, "");
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    fail(mark, "an alias (a configuration needs no anchors or aliases)");
  }
  void OnAnchor(const YAML::Mark& mark, const std::string&) override {
    fail(mark, "an anchor (a configuration needs no anchors or aliases)");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    node(mark, anchor, tag, false, value);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    node(mark, anchor, tag, true, "");
    stack_.push_back({false, false, {}});
  }
  void OnSequenceEnd() override { stack_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    node(mark, anchor, tag, true, "");
    stack_.push_back({true, false, {}});
  }
  void OnMapEnd() override { stack_.pop_back(); }

  [[noreturn]] void fail(const YAML::Mark& mark, const std::string& message) const {
    throw ConfigError(path_ + ":" + std::to_string(mark.line + 1) + ":" +
                      std::to_string(mark.column + 1) + ": " + message);
  }

 private:
  struct Open {
    bool map;
    bool expecting_value;
    std::set<std::string> keys;
  };

  void node(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string& tag, bool collection,
            const std::string& value) {
    if (anchor != YAML::NullAnchor) fail(mark, "an anchor (a configuration needs none)");
    if (tag != "?" && tag != "!") fail(mark, "a tag (a configuration needs none)");
    if (++nodes > max_config_nodes)
      fail(mark, "more than " + std::to_string(max_config_nodes) + " YAML nodes");
    if (collection && stack_.size() >= max_config_depth)
      fail(mark, "nesting deeper than " + std::to_string(max_config_depth) + " levels");
    if (stack_.empty() || !stack_.back().map) return;
    Open& parent = stack_.back();
    if (parent.expecting_value) {
      parent.expecting_value = false;
      return;
    }
    if (collection) fail(mark, "a key that is a list or a map");
    if (!parent.keys.insert(value).second) fail(mark, "the same key a second time in one map");
    parent.expecting_value = true;
  }

  const std::string& path_;
  std::vector<Open> stack_;
};

// yaml-cpp's scanner reads a flow collection's tokens ahead of its events, so "[[[[..." costs
// memory before an event could refuse it: flow nesting is bounded on the text first. Quoted
// scalars and comments are skipped; anything else only makes the count too high.
void refuse_deep_flow(const std::string& text, const std::string& path) {
  unsigned depth = 0;
  std::uint64_t line = 1, column = 0;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      continue;
    }
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"') {
      quote = c;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\n')) {
      const auto end = text.find('\n', i);
      if (end == std::string::npos) break;
      i = end - 1;
    } else if (c == '[' || c == '{') {
      if (++depth > max_config_depth)
        throw ConfigError(path + ":" + std::to_string(line) + ":" + std::to_string(column) +
                          ": nesting deeper than " + std::to_string(max_config_depth) + " levels");
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

}  // namespace

std::uint64_t refuse_unsafe_yaml(const std::string& text, const std::string& path) {
  refuse_deep_flow(text, path);
  std::istringstream in(text);
  Refuser refuser(path);
  try {
    YAML::Parser parser(in);
    if (!parser.HandleNextDocument(refuser)) return 0;
    if (parser.HandleNextDocument(refuser))
      throw ConfigError(path + ": more than one YAML document (a configuration is one map)");
  } catch (const YAML::Exception& error) {
    refuser.fail(error.mark, without_quoted_text(error.msg));
  }
  return refuser.nodes;
}

std::string quoted_if_near(std::string_view text, const std::vector<std::string_view>& names) {
  for (const char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_'))
      return "";
  return nearest_name(text, names) ? " '" + std::string(text) + "'" : "";
}

std::string without_quoted_text(const std::string& message) {
  return message.substr(0, message.find(": "));
}

}  // namespace gafcheck::config
