// The TSF shape (docs/format/gaf.md §8): one [Animation] section, [FrameN] sections inside it,
// exactly one [LayerN] per frame naming an image next to the script, integer fields in 16-bit
// range.
#include <unordered_map>
#include <vector>

#include "validator/core/text.hpp"
#include "validator/tsf/image_lookup.hpp"
#include "validator/tsf/tsf_check.hpp"
#include "validator/tsf/tsf_parser.hpp"
#include "validator/tsf/tsf_values.hpp"

namespace gafcheck::tsf {
namespace {

enum class ScopeKind { animation, frame, layer, other };

struct Scope {
  ScopeKind kind = ScopeKind::other;
  TextPosition at;
  std::uint64_t header_length = 0;
  std::string label;  // "[Name]", escaped, for messages
  std::string path;
  std::uint32_t frames = 0;
  std::uint32_t layers = 0;
  std::uint32_t others = 0;
  bool has_filename = false;
};

std::string label_of(std::string_view name) {
  constexpr std::size_t shown = 40;
  return "[" + escape_bytes(name.substr(0, shown)) + (name.size() > shown ? "...]" : "]");
}

class Lint final : public TsfHandler {
 public:
  Lint(WalkContext& context, ImageLookup* images) : context_(context), images_(images) {}

  void open_section(const SectionHeader& header) override;
  void close_section(const TextPosition& at, bool at_end_of_file) override;
  void statement(const Statement& statement) override;
  std::string path() const override { return scopes_.empty() ? "" : scopes_.back().path; }

  void finish();
  void summarize(Counters& summary) const;

 private:
  void check_number(const Scope& scope, const Statement& statement, std::string_view field,
                    std::int64_t low, std::int64_t high);
  void check_filename(Scope& layer, const Statement& statement);
  const ImageProbe* probe(const std::string& name, const TextPosition& at, const std::string& path);
  void add(RuleId rule, const TextPosition& at, std::uint64_t length, std::string path,
           std::string message) {
    add_at(context_.findings, rule, at, length, std::move(path), std::move(message));
  }

  WalkContext& context_;
  ImageLookup* images_;
  std::vector<Scope> scopes_;
  std::string first_animation_;
  std::uint64_t animations_ = 0, frames_ = 0, layers_ = 0;
  std::uint64_t images_found_ = 0, images_missing_ = 0;
  std::unordered_map<std::string, ImageProbe> probes_;
};

void Lint::open_section(const SectionHeader& header) {
  Scope scope;
  scope.at = header.at;
  scope.header_length = header.length;
  scope.label = label_of(header.name);
  Scope* parent = scopes_.empty() ? nullptr : &scopes_.back();
  std::uint64_t index = 0;
  if (!parent) {
    scope.kind = ScopeKind::animation;
    index = animations_++;
    if (index == 0) first_animation_ = scope.label;
    scope.path = indexed("animation", index);
  } else if (parent->kind == ScopeKind::animation) {
    scope.kind = ScopeKind::frame;
    ++frames_;
    scope.path = join_indexed(parent->path, "frame", parent->frames++);
  } else if (parent->kind == ScopeKind::frame) {
    scope.kind = ScopeKind::layer;
    ++layers_;
    scope.path = join_indexed(parent->path, "layer", parent->layers++);
  } else {
    scope.path = join_indexed(parent->path, "section", parent->others++);
  }
  if (scope.kind == ScopeKind::animation && index > 0) {
    add(RuleId::tsf_multiple_animations, scope.at, scope.header_length, scope.path,
        "animation " + scope.label + " is number " + std::to_string(index + 1) +
            " in the script; only the first (" + first_animation_ + ") is compiled");
  }
  scopes_.push_back(std::move(scope));
}

void Lint::close_section(const TextPosition&, bool) {
  const Scope& scope = scopes_.back();
  if (context_.stopped()) {
    // A budget stopped the lint: what the scope lacks may only be unread.
  } else if (scope.kind == ScopeKind::animation && scope.frames == 0) {
    add(RuleId::tsf_no_frames, scope.at, scope.header_length, scope.path,
        "animation " + scope.label + " has no frame sections");
  } else if (scope.kind == ScopeKind::frame && scope.layers != 1) {
    add(RuleId::tsf_frame_layers, scope.at, scope.header_length, scope.path,
        "frame " + scope.label + " has " + std::to_string(scope.layers) +
            " layer sections; the compiler needs exactly one");
  } else if (scope.kind == ScopeKind::layer && !scope.has_filename) {
    add(RuleId::tsf_layer_filename, scope.at, scope.header_length, scope.path,
        "layer " + scope.label + " names no image: no 'Filename = name;' with a value");
  }
  scopes_.pop_back();
}

void Lint::statement(const Statement& statement) {
  if (context_.stopped()) return;
  if (scopes_.empty()) {
    add(RuleId::tsf_syntax, statement.key_at, statement.value_at.offset - statement.key_at.offset,
        "",
        "statement '" + escape_bytes(statement.key.substr(0, 40)) +
            " = ...;' stands outside any section");
    return;
  }
  Scope& scope = scopes_.back();
  const std::string_view key = statement.key;
  switch (scope.kind) {
    case ScopeKind::animation:
      if (key_equals(key, "looping")) check_number(scope, statement, "Looping", 0, 0xFFFF);
      break;
    case ScopeKind::frame:
      if (key_equals(key, "delay")) check_number(scope, statement, "Delay", 0, 0xFFFF);
      break;
    case ScopeKind::layer:
      if (key_equals(key, "anchorx")) check_number(scope, statement, "AnchorX", -32768, 32767);
      if (key_equals(key, "anchory")) check_number(scope, statement, "AnchorY", -32768, 32767);
      if (key_equals(key, "filename")) check_filename(scope, statement);
      break;
    case ScopeKind::other: break;
  }
}

void Lint::check_number(const Scope& scope, const Statement& statement, std::string_view field,
                        std::int64_t low, std::int64_t high) {
  const std::string path = join_path(scope.path, field);
  const std::string name(field);
  const auto value = statement.value_truncated ? std::nullopt : parse_integer(statement.value);
  std::string problem;
  if (statement.value.empty())
    problem = name + " has no value";
  else if (!value)
    problem = name + " is '" + escape_bytes(statement.value.substr(0, 40)) +
              (statement.value.size() > 40 ? "...'" : "'") + ", not an integer";
  else if (*value < low || *value > high)
    problem = name + " is " + std::to_string(*value) + ", outside " + std::to_string(low) + ".." +
              std::to_string(high) + " (16 bits)";
  else
    return;
  add(RuleId::tsf_value, statement.value_at, statement.value_length, path, problem);
}

void Lint::check_filename(Scope& layer, const Statement& statement) {
  const ImagePathKind kind = classify_image_path(statement.value);
  if (kind == ImagePathKind::empty) return;  // reported as tsf.layer-filename when it closes
  layer.has_filename = true;
  const std::string path = join_path(layer.path, "Filename");
  const std::string shown = escape_bytes(statement.value.substr(0, 120));
  if (kind == ImagePathKind::absolute || kind == ImagePathKind::parent_escape) {
    add(RuleId::tsf_path_escape, statement.value_at, statement.value_length, path,
        "Filename '" + shown + "' " +
            (kind == ImagePathKind::absolute ? "is an absolute path" : "has a '..' component") +
            ": it names a file outside the script's directory (not looked up)");
    return;
  }
  if (!images_) return;
  if (kind == ImagePathKind::unusable || statement.value_truncated) {
    ++images_missing_;
    add(RuleId::tsf_missing_image, statement.value_at, statement.value_length, path,
        "Filename '" + shown + "' " +
            (statement.value_truncated ? std::string("is longer than any file name")
                                       : std::string("holds control bytes")) +
            ": no image can have that name");
    return;
  }
  const ImageProbe* found = probe(statement.value, statement.value_at, path);
  if (!found) return;
  if (found->found) {
    ++images_found_;
    return;
  }
  ++images_missing_;
  add(RuleId::tsf_missing_image, statement.value_at, statement.value_length, path,
      "image '" + shown + "' does not exist in " + images_->where() +
          " (looked up ignoring case, as the game's file systems do)");
}

// The cached lookup of a name; nullptr when the heap budget refuses to remember it.
const ImageProbe* Lint::probe(const std::string& name, const TextPosition& at,
                              const std::string& path) {
  const auto cached = probes_.find(name);
  if (cached != probes_.end()) return &cached->second;
  if (!context_.charge_heap(1, name.size() + 64, at.offset, path)) return nullptr;
  return &probes_.emplace(name, images_->probe(name)).first->second;
}

void Lint::finish() {
  if (animations_ == 0)
    add(RuleId::tsf_no_animation, TextPosition{}, 0, "",
        "the script opens no [Name] { } animation section");
}

void Lint::summarize(Counters& summary) const {
  summary.add("tsf.animations", animations_);
  summary.add("tsf.frames", frames_);
  summary.add("tsf.layers", layers_);
  summary.add("tsf.images_found", images_found_);
  summary.add("tsf.images_missing", images_missing_);
}

}  // namespace

void lint_tsf(WalkContext& context, Counters& summary, ImageLookup* images) {
  Lint lint(context, images);
  if (context.check(BudgetKind::file_size, context.file.size(), 0, "") && parse_tsf(context, lint))
    lint.finish();
  lint.summarize(summary);
}

void check_tsf(WalkContext& context, FileReport& report, const InputName& name) {
  const std::unique_ptr<ImageLookup> images =
      name.is_member() ? nullptr : sibling_image_lookup(name.display);
  lint_tsf(context, report.summary, images.get());
}

}  // namespace gafcheck::tsf
