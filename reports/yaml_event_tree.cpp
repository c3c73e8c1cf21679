#include "reports/yaml_event_tree.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <set>
#include <sstream>
#include <vector>

namespace gafcheck {
namespace {

// yaml-cpp's tag for an untagged plain ("?") or quoted ("!") node; anything else was written.
bool untagged(const std::string& tag) {
  return tag == "?" || tag == "!";
}

class TreeBuilder : public YAML::EventHandler {
 public:
  explicit TreeBuilder(const TreeLimits& limits) : limits_(limits) {}

  std::optional<YAML::Node> root;

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    refuse_anchor(mark, anchor);
    add(mark, YAML::Node(YAML::NodeType::Null), false);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
    throw YamlRefusal(line(mark), "an alias (gafcheck writes no anchors or aliases)");
  }
  void OnAnchor(const YAML::Mark& mark, const std::string&) override {
    throw YamlRefusal(line(mark), "an anchor (gafcheck writes no anchors or aliases)");
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    refuse_anchor(mark, anchor);
    refuse_tag(mark, tag);
    if (value.size() > limits_.scalar_bytes)
      throw YamlRefusal(line(mark),
                        "a scalar longer than " + std::to_string(limits_.scalar_bytes) + " bytes");
    YAML::Node node(value);
    node.SetTag(tag);
    add(mark, node, false);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, YAML::NodeType::Sequence);
  }
  void OnSequenceEnd() override { stack_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, tag, anchor, YAML::NodeType::Map);
  }
  void OnMapEnd() override { stack_.pop_back(); }

 private:
  struct Open {
    YAML::Node node;
    std::optional<YAML::Node> key;  // a map's key waiting for its value
    std::set<std::string> keys;
  };

  static std::uint64_t line(const YAML::Mark& mark) {
    return mark.line < 0 ? 0 : static_cast<std::uint64_t>(mark.line) + 1;
  }
  static void refuse_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor)
      throw YamlRefusal(line(mark), "an anchor (gafcheck writes no anchors or aliases)");
  }
  static void refuse_tag(const YAML::Mark& mark, const std::string& tag) {
    if (!untagged(tag))
      throw YamlRefusal(line(mark), "a tag '" + tag.substr(0, 64) + "' (gafcheck writes none)");
  }

  void open(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
            YAML::NodeType::value type) {
    refuse_anchor(mark, anchor);
    refuse_tag(mark, tag);
    if (stack_.size() >= limits_.depth)
      throw YamlRefusal(line(mark), "nesting deeper than " + std::to_string(limits_.depth) +
                                        " levels (gafcheck writes at most 5)");
    YAML::Node node(type);
    add(mark, node, true);
    stack_.push_back(Open{node, std::nullopt, {}});
  }

  // Attaches a new node to its parent; a collection is attached while still empty, so merging
  // yaml-cpp's node memory costs nothing, and filled in place afterwards.
  void add(const YAML::Mark& mark, const YAML::Node& node, bool collection) {
    if (++nodes_ > limits_.nodes)
      throw YamlRefusal(line(mark), "more than " + std::to_string(limits_.nodes) + " YAML nodes");
    if (stack_.empty()) {
      if (root) throw YamlRefusal(line(mark), "a second root node");
      root = node;
      return;
    }
    Open& parent = stack_.back();
    if (parent.node.IsSequence()) {
      parent.node.push_back(node);
      return;
    }
    if (!parent.key) {
      if (collection || !node.IsScalar())
        throw YamlRefusal(line(mark), "a key that is not a scalar (a complex or empty key)");
      if (!parent.keys.insert(node.Scalar()).second)
        throw YamlRefusal(line(mark), "the key '" + node.Scalar().substr(0, 64) + "' twice");
      parent.key = node;
      return;
    }
    parent.node.force_insert(*parent.key, node);
    parent.key.reset();
  }

  TreeLimits limits_;
  std::uint64_t nodes_ = 0;
  std::vector<Open> stack_;
};

// yaml-cpp's scanner reads a flow collection's tokens ahead of the events (to find simple keys),
// so "[[[[..." costs memory before the first event could be refused: nesting is bounded on the
// text first. Double-quoted scalars (every name and message gafcheck writes) and comments are
// skipped; anything else only makes the count too high, never too low.
void refuse_deep_flow(const std::string& text, unsigned max_depth) {
  unsigned depth = 0;
  std::uint64_t line = 1;
  bool in_quotes = false, line_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      line_start = true;
      continue;
    }
    if (in_quotes) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_quotes = false;
    } else if (c == '"') {
      in_quotes = true;
    } else if (c == '#' && (line_start || text[i - 1] == ' ' || text[i - 1] == '\t')) {
      const auto end = text.find('\n', i);
      if (end == std::string::npos) break;
      i = end - 1;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth)
        throw YamlRefusal(line, "nesting deeper than " + std::to_string(max_depth) +
                                    " levels (gafcheck writes at most 5)");
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    line_start = false;
  }
}

}  // namespace

std::optional<YAML::Node> load_one_document(const std::string& text, const TreeLimits& limits) {
  refuse_deep_flow(text, limits.depth);
  std::istringstream in(text);
  TreeBuilder builder(limits);
  try {
    YAML::Parser parser(in);
    if (!parser.HandleNextDocument(builder)) return std::nullopt;
    if (parser.HandleNextDocument(builder))
      throw YamlRefusal(0, "more than one document where one was expected");
  } catch (const YAML::Exception& error) {
    throw YamlRefusal(error.mark.line < 0 ? 0 : static_cast<std::uint64_t>(error.mark.line) + 1,
                      error.msg, true);
  }
  if (!builder.root) return YAML::Node(YAML::NodeType::Null);
  return builder.root;
}

}  // namespace gafcheck
