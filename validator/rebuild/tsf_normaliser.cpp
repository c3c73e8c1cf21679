#include "validator/rebuild/tsf_normaliser.hpp"

#include <set>
#include <vector>

#include "validator/check/check_input.hpp"
#include "validator/core/text.hpp"
#include "validator/rebuild/output_check.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/tsf/tsf_parser.hpp"
#include "validator/tsf/tsf_values.hpp"

namespace gafcheck::rebuild {
namespace {

constexpr std::string_view line_end = "\r\n";
constexpr std::size_t indent_width = 4;

enum class ScopeKind { animation, frame, layer, other };

// The spec's spelling of a key the game reads in this kind of section, and whether its value is
// an integer; nullopt for other keys (written as they are).
struct KnownKey {
  std::string_view spelling;
  bool integer;
};
std::optional<KnownKey> known_key(ScopeKind scope, std::string_view key) {
  using tsf::key_equals;
  switch (scope) {
    case ScopeKind::animation:
      if (key_equals(key, "looping")) return KnownKey{"Looping", true};
      break;
    case ScopeKind::frame:
      if (key_equals(key, "delay")) return KnownKey{"Delay", true};
      break;
    case ScopeKind::layer:
      if (key_equals(key, "anchorx")) return KnownKey{"AnchorX", true};
      if (key_equals(key, "anchory")) return KnownKey{"AnchorY", true};
      if (key_equals(key, "filename")) return KnownKey{"Filename", false};
      break;
    case ScopeKind::other: break;
  }
  return std::nullopt;
}

bool is_space(std::uint8_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Writes the canonical text as the parser walks the script; collects why it cannot.
class Normaliser final : public tsf::TsfHandler {
 public:
  Normaliser(WalkContext& context, bool drop_extra_animations)
      : context_(context), drop_extra_animations_(drop_extra_animations) {}

  void open_section(const tsf::SectionHeader& header) override;
  void close_section(const tsf::TextPosition& at, bool at_end_of_file) override;
  void statement(const tsf::Statement& statement) override;
  std::string path() const override { return scopes_.empty() ? "" : scopes_.back().path; }

  std::vector<std::uint8_t>& output() { return output_; }
  const std::vector<std::string>& problems() const { return problems_; }
  const std::vector<std::string>& dropped() const { return dropped_; }

 private:
  struct Scope {
    ScopeKind kind;
    std::string path;
    std::uint64_t sections = 0;
    std::set<std::string> keys;  // folded
  };

  bool writing() const { return skipping_depth_ == 0; }
  void line(std::string_view text);
  void problem(const tsf::TextPosition& at, std::string what) {
    problems_.push_back("line " + std::to_string(at.line) + ": " + what);
  }
  // The input bytes [begin, end) with trailing whitespace removed.
  std::string raw_trimmed(std::uint64_t begin, std::uint64_t end) const;

  WalkContext& context_;
  bool drop_extra_animations_;
  std::vector<Scope> scopes_;
  std::uint64_t animations_ = 0;
  std::size_t skipping_depth_ = 0;  // > 0 while inside an animation that is left out
  std::vector<std::uint8_t> output_;
  std::vector<std::string> problems_;
  std::vector<std::string> dropped_;
};

std::string Normaliser::raw_trimmed(std::uint64_t begin, std::uint64_t end) const {
  std::string text;
  for (std::uint64_t at = begin; at < end; ++at) {
    const auto byte = context_.file.u8(at);
    if (!byte) break;
    text.push_back(static_cast<char>(*byte));
  }
  while (!text.empty() && is_space(static_cast<std::uint8_t>(text.back()))) text.pop_back();
  return text;
}

void Normaliser::line(std::string_view text) {
  if (!writing()) return;
  const std::size_t indent = indent_width * scopes_.size();
  if (!context_.charge_heap(1, indent + text.size() + line_end.size(), 0, path())) return;
  output_.insert(output_.end(), indent, ' ');
  output_.insert(output_.end(), text.begin(), text.end());
  output_.insert(output_.end(), line_end.begin(), line_end.end());
}

void Normaliser::open_section(const tsf::SectionHeader& header) {
  Scope scope;
  if (scopes_.empty()) {
    scope.kind = ScopeKind::animation;
    scope.path = indexed("animation", animations_);
    if (animations_++ > 0 && drop_extra_animations_ && writing()) {
      dropped_.push_back(scope.path);
      skipping_depth_ = 1;
    }
  } else {
    Scope& parent = scopes_.back();
    scope.kind = parent.kind == ScopeKind::animation ? ScopeKind::frame
                 : parent.kind == ScopeKind::frame   ? ScopeKind::layer
                                                     : ScopeKind::other;
    scope.path = join_indexed(parent.path,
                              scope.kind == ScopeKind::frame   ? "frame"
                              : scope.kind == ScopeKind::layer ? "layer"
                                                               : "section",
                              parent.sections++);
    if (skipping_depth_ > 0) ++skipping_depth_;
  }
  if (header.name.size() + 2 != header.length ||
      raw_trimmed(header.at.offset, header.at.offset + header.length) != "[" + header.name + "]")
    problem(header.at,
            "a comment inside the section name [" + escape_bytes(header.name.substr(0, 40)) + "]");
  line("[" + header.name + "]");
  line("{");
  scopes_.push_back(std::move(scope));
}

void Normaliser::close_section(const tsf::TextPosition&, bool) {
  scopes_.pop_back();
  line("}");
  if (skipping_depth_ > 0) --skipping_depth_;
}

void Normaliser::statement(const tsf::Statement& statement) {
  if (scopes_.empty()) return;  // tsf.syntax, which refuses the script
  Scope& scope = scopes_.back();
  const std::string shown_key = escape_bytes(statement.key.substr(0, 40));
  if (statement.value_truncated) {
    problem(statement.value_at, "the value of '" + shown_key + "' is longer than " +
                                    std::to_string(tsf::max_kept_text) + " bytes");
    return;
  }
  // The raw text from the key to the value must be the key, blanks, '=', blanks: anything else
  // was a comment the parser removed, inside the key.
  std::string before = raw_trimmed(statement.key_at.offset, statement.value_at.offset);
  if (before.empty() || before.back() != '=') {
    problem(statement.key_at, "a comment inside the key '" + shown_key + "'");
    return;
  }
  before.pop_back();
  while (!before.empty() && is_space(static_cast<std::uint8_t>(before.back()))) before.pop_back();
  if (before != statement.key) {
    problem(statement.key_at, "a comment inside the key '" + shown_key + "'");
    return;
  }
  if (raw_trimmed(statement.value_at.offset, statement.value_at.offset + statement.value_length) !=
      statement.value) {
    problem(statement.value_at, "a comment inside the value of '" + shown_key + "'");
    return;
  }
  if (!context_.charge_heap(1, statement.key.size() + 64, statement.key_at.offset, scope.path))
    return;
  if (!scope.keys.insert(ascii_lowercase(statement.key)).second) {
    problem(statement.key_at, "'" + shown_key +
                                  "' is given twice in one section: which one the game uses is not "
                                  "established");
    return;
  }
  const auto known = known_key(scope.kind, statement.key);
  std::string key = known ? std::string(known->spelling) : statement.key;
  std::string value = statement.value;
  if (known && known->integer)
    if (const auto number = tsf::parse_integer(value)) value = std::to_string(*number);
  line(key + " = " + value + ";");
}

// Rules whose findings refuse the script (or, for extra animations, drop what they name).
bool refuses(RuleId rule) {
  switch (rule) {
    case RuleId::tsf_syntax:
    case RuleId::tsf_no_animation:
    case RuleId::tsf_no_frames:
    case RuleId::tsf_frame_layers:
    case RuleId::tsf_layer_filename:
    case RuleId::tsf_value:
    case RuleId::tsf_path_escape:
    case RuleId::tsf_missing_image: return true;
    default: return false;
  }
}

Disposition disposition_of(const Finding& finding, std::string action, std::string note) {
  return {std::string(rule_name(finding.rule)), finding.offset, finding.path, std::move(action),
          std::move(note)};
}

}  // namespace

RebuildResult normalise_tsf(ByteView input, std::string_view path_in_tree,
                            const RebuildOptions& options) {
  RebuildResult result;
  CheckOptions check;
  check.limits = options.limits;
  check.hash_contents = false;
  const std::string path(path_in_tree);
  // As a member: the check does not look for images on disk (rebuild does not need them).
  result.input_report = check_bytes(input, InputName{path, path}, check);
  const FileReport& report = result.input_report;
  const auto refuse = [&](std::string reason) {
    result.refused = true;
    result.refusal_reasons.push_back(std::move(reason));
  };
  if (report.format != Format::tsf) refuse("not a TSF script");
  if (report.budget_hit)
    refuse("checking the script stopped at a budget (" +
           budget_option(budget_spec(report.budget_hit->kind)) + ")");
  if (report.findings_suppressed > 0)
    refuse(std::to_string(report.findings_suppressed) +
           " findings past --max-findings could not each be mapped to what was done");
  for (const Finding& finding : report.findings) {
    if (refuses(finding.rule) ||
        (finding.rule == RuleId::tsf_multiple_animations && !options.drop_unrenderable))
      refuse(std::string(rule_name(finding.rule)) + " at line " +
             std::to_string(finding.row.value_or(0)) + ": " + finding.message);
  }
  if (!result.refused) {
    Findings findings(embedded_catalog(), 0);
    BudgetMeter budget(options.limits);
    WalkContext context{input, findings, budget};
    Normaliser normaliser(context, options.drop_unrenderable);
    if (!tsf::parse_tsf(context, normaliser) || context.stopped() ||
        findings.has(RuleId::budget_exceeded))
      refuse("normalising the script stopped at a budget");
    for (const std::string& problem : normaliser.problems()) refuse(problem);
    if (!result.refused) {
      result.bytes = std::move(normaliser.output());
      result.dropped = normaliser.dropped();
    }
  }
  const auto dispose = [&] {
    result.dispositions.clear();
    for (const Finding& finding : report.findings) {
      if (result.refused)
        result.dispositions.push_back(disposition_of(finding, "dropped", "the script is refused"));
      else if (finding.rule == RuleId::tsf_multiple_animations)
        result.dispositions.push_back(disposition_of(
            finding, "dropped", "only the first animation is compiled; this one is left out"));
      else
        result.dispositions.push_back(disposition_of(finding, "kept", ""));
    }
  };
  dispose();
  if (!result.refused) {
    if (auto problem = unvouched_finding(ByteView(result.bytes.data(), result.bytes.size()), path,
                                         result.dispositions, options.limits)) {
      refuse(std::move(*problem));
      result.refused_by_output_check = true;
      result.bytes.clear();
      result.dropped.clear();
      dispose();
    } else if (options.output_images) {
      // Not a backstop: whether the images are there depends on the rest of the tree.
      if (auto missing = unvouched_finding_in_tree(
              ByteView(result.bytes.data(), result.bytes.size()), result.dispositions,
              options.limits, *options.output_images)) {
        refuse(std::move(*missing));
        result.bytes.clear();
        result.dropped.clear();
        dispose();
      }
    }
  }
  return result;
}

}  // namespace gafcheck::rebuild
