#include "validator/render/render_run.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <sstream>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/ordered_pipeline.hpp"
#include "validator/platform/safe_directory.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/render/output_names.hpp"
#include "validator/render/palette_argument.hpp"
#include "validator/render/render_palettes.hpp"
#include "validator/render/render_record_bounds.hpp"

namespace gafcheck {
namespace {

// TA: Kingdoms: the first candidate that is a palette; the forensic one when none is. A sidecar
// the game would take but that is no palette (or a damaged member) is named on standard error
// and passed over.
render::Palette tak_palette(const std::vector<std::string>& candidates, const CheckOptions& options,
                            std::ostream& messages, render::DamagedPalette& damaged) {
  for (const std::string& candidate : candidates) {
    auto palette = render::read_palette_at(candidate, options, damaged);
    if (palette) return std::move(palette).value();
    if (palette.problem().message.find("no member") == std::string::npos)
      messages << "gafcheck: passed over: " << palette.problem().message << '\n';
  }
  render::Palette fallback = render::forensic_palette();
  fallback.source = "forensic (no TA: Kingdoms palette found)";
  return fallback;
}

// One input's part of the run, taken over in input order.
struct RenderedInput {
  bool drawn = true;  // false: to be drawn in its turn (it might reach --max-images)
  ImageIndex images{UINT64_MAX};
  RenderTally tally;
  bool unreadable = false;
  std::string messages;
};

void add_tally(RenderTally& total, const RenderTally& more) {
  total.written += more.written;
  total.not_drawn += more.not_drawn;
  total.not_written += more.not_written;
  total.not_found += more.not_found;
  total.referenced += more.referenced;
  total.damaged += more.damaged;
}

// Every file the run reads (each input, or the archive it is a member of, the palette, the TA:
// Kingdoms palette candidates) is protected by identity: no image, sheet or index.json replaces
// it, whatever name it has below DIR (an input named DIR/index.json, or a hard link to one at an
// image's name). index.json is written over an older one at the end of every run, so an input
// in its place is refused now, before anything is written.
void protect_inputs(SafeDirectory& target, const std::string& directory,
                    const std::vector<std::string>& inputs, const std::string& palette,
                    const std::vector<std::vector<std::string>>& sidecars) {
  const auto protect = [&](const std::string& argument, const std::string& what) {
    struct stat status {};
    const std::string path = disk_path_of(argument);
    if (::stat(path.c_str(), &status) == 0)
      target.protect(status.st_dev, status.st_ino, what + " " + escape_bytes(path));
  };
  for (const std::string& input : inputs) protect(input, "the input");
  if (!palette.empty()) protect(palette, "the palette");
  for (const auto& candidates : sidecars)
    for (const std::string& candidate : candidates) protect(candidate, "the palette");
  if (const auto replaceable = target.check_replaceable("index.json"); !replaceable)
    throw UsageError{"refusing to render into " + escape_bytes(directory) +
                     ": index.json cannot be written there: " + replaceable.problem().message +
                     "; nothing was written (choose another -o)"};
}

// One run's state: the directory, the palette, what the inputs listed and counted.
class RenderRunner {
 public:
  explicit RenderRunner(const RenderRun& run)
      : run_(run), damaged_palette_{run.settings.draw_damaged}, images_(run.max_images) {}
  ExitCode run();

 private:
  void open_and_confine();
  // Lists input i's records in into: its own index, or (in its turn) the run's.
  void render_one(std::size_t i, RenderedInput& result, ImageIndex& into,
                  const MayDraw& may_draw) const;
  void draw_inputs();
  ExitCode finish() const;

  const RenderRun& run_;
  std::optional<SafeDirectory> target_;
  std::string palette_;  // the palette's file or member, if any
  std::string palette_chosen_by_ = "forensic";
  std::vector<std::vector<std::string>> sidecars_;  // --game tak: each input's candidates
  RenderSettings settings_;
  render::DamagedPalette damaged_palette_;
  ImageIndex images_;
  RenderTally tally_;
  bool unreadable_ = false;
};

// DIR is made and proven writable before the sandbox, which then lets files be created only
// beneath it; every input and the palette are read and parsed under it.
void RenderRunner::open_and_confine() {
  target_.emplace(open_output_directory(run_.directory, "render into"));
  SandboxPlan plan;
  for (const std::string& input : run_.inputs) plan.read_paths.push_back(disk_path_of(input));
  palette_ = render::palette_place(run_.palette).argument;
  if (!palette_.empty()) plan.read_paths.push_back(disk_path_of(palette_));
  sidecars_.resize(run_.inputs.size());
  if (run_.tak_lookup)
    for (std::size_t i = 0; i < run_.inputs.size(); ++i) {
      sidecars_[i] = tak_palette_candidates(run_.inputs[i]);
      for (const std::string& candidate : sidecars_[i])
        plan.read_paths.push_back(disk_path_of(candidate));
    }
  plan.write_trees = {run_.directory};
  protect_inputs(*target_, run_.directory, run_.inputs, palette_, sidecars_);
  plan.threads = run_.jobs > 1 && run_.inputs.size() > 1;
  confine(plan, run_.sandbox);
}

void RenderRunner::render_one(std::size_t i, RenderedInput& result, ImageIndex& into,
                              const MayDraw& may_draw) const {
  std::ostringstream messages;
  const LoadedInput input = load_input(run_.inputs[i], run_.check);
  if (!input.error.empty()) {
    messages << "gafcheck: cannot read " << escape_bytes(run_.inputs[i]) << ": " << input.error
             << '\n';
    if (input.unreadable)
      result.unreadable = true;
    else
      ++result.tally.not_found;
    result.messages = messages.str();
    return;
  }
  // A damaged member drawn (--draw-damaged) is drawn in a folder that says so.
  const bool drawn_damaged = input.damaged() && settings_.draw_damaged;
  const std::string prefix =
      run_.inputs.size() == 1
          ? (drawn_damaged ? "damaged/" : "")
          : render::input_directory(i, input.name.display) + (drawn_damaged ? ".damaged/" : "/");
  if (run_.tak_lookup) {
    RenderSettings own = settings_;
    render::DamagedPalette damaged{settings_.draw_damaged};
    own.palette = tak_palette(sidecars_[i], run_.check, messages, damaged);
    // The game would draw with that palette: these images are not what it draws.
    if (damaged.found) {
      ++result.tally.damaged;
      if (!damaged.message.empty()) messages << "gafcheck: " << damaged.message << '\n';
    }
    own.record_palette = true;
    result.drawn =
        render_input(input, prefix, *target_, own, into, result.tally, messages, may_draw);
  } else {
    result.drawn =
        render_input(input, prefix, *target_, settings_, into, result.tally, messages, may_draw);
  }
  result.messages = messages.str();
}

// Each input is read and drawn on a worker; what it lists, counts and says is taken over in
// input order, so the output does not depend on -j.
void RenderRunner::draw_inputs() {
  RecordBounds bounds(run_.inputs.size(), run_.max_images);
  using Pipeline = OrderedPipeline<std::pair<std::size_t, RenderedInput>>;
  std::size_t next = 0;
  const auto next_task = [&]() -> std::optional<Pipeline::Task> {
    if (next == run_.inputs.size()) return std::nullopt;
    return Pipeline::Task{[&, i = next++] {
                            // Later inputs wait for this one's bound, whatever happens to it.
                            struct Settle {
                              RecordBounds& bounds;
                              std::size_t input;
                              ~Settle() { bounds.settle(input); }
                            } settle{bounds, i};
                            RenderedInput result;
                            render_one(i, result, result.images, [&](std::uint64_t records) {
                              return bounds.fits(i, records);
                            });
                            return std::pair{i, std::move(result)};
                          },
                          std::nullopt};
  };
  const auto take_over = [&](std::pair<std::size_t, RenderedInput>&& done) {
    auto& [i, result] = done;
    if (!result.drawn) {
      result = RenderedInput{};
      render_one(i, result, images_, nullptr);
    }
    std::cerr << result.messages;
    images_.append(std::move(result.images));
    add_tally(tally_, result.tally);
    unreadable_ = unreadable_ || result.unreadable;
  };
  Pipeline(static_cast<unsigned>(std::min<std::size_t>(run_.jobs, run_.inputs.size())), next_task,
           take_over)
      .run();
}

// Writes index.json and sums the run up on standard error.
ExitCode RenderRunner::finish() const {
  // Said (and recorded) when an image was drawn with it: the colours are not the game's.
  const bool forensic = settings_.palette.forensic && !run_.tak_lookup && tally_.written != 0;
  std::string note = forensic ? render::forensic_palette_notice : "";
  if (const std::string partial = render::partial_palette_note(settings_.palette);
      !partial.empty() && !run_.tak_lookup && tally_.written != 0)
    note = "palette " + escape_bytes(palette_) + ": it " + partial;
  if (!note.empty()) std::cerr << "gafcheck: " << note << '\n';
  const std::string text = images_.text(settings_.palette.source, palette_chosen_by_, note);
  if (const auto written = target_->write(
          "index.json", {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, true);
      !written)
    throw UsageError{"cannot write index.json in " + escape_bytes(run_.directory) + ": " +
                     written.problem().message};
  std::cerr << "render: " << tally_.written << " images written, " << tally_.referenced
            << " listed as the same image as one written (same_as), " << tally_.not_drawn
            << " not drawn (reason in index.json), " << tally_.not_written << " not written into "
            << escape_bytes(run_.directory) << '\n';
  if (images_.left_out() != 0)
    std::cerr << "render: " << images_.left_out()
              << " images left out (index.json: images_left_out), past --max-images "
              << run_.max_images << " or an output budget (the reason is listed)\n";
  if (tally_.damaged != 0 || damaged_palette_.found)
    std::cerr << "render: " << tally_.damaged + std::uint64_t{damaged_palette_.found}
              << " inputs or palettes are damaged archive members (their rule ids above; "
              << (settings_.draw_damaged ? "drawn as a reader decodes them, marked \"damaged\""
                                         : "not drawn, listed with their reason")
              << ")\n";
  if (unreadable_) return ExitCode::unreadable;
  const std::uint64_t left_out = tally_.not_drawn + tally_.not_written + tally_.not_found +
                                 tally_.damaged + std::uint64_t{damaged_palette_.found} +
                                 images_.left_out();
  return left_out == 0 ? ExitCode::clean : ExitCode::findings;
}

ExitCode RenderRunner::run() {
  open_and_confine();
  settings_ = run_.settings;
  render::ResolvedPalette resolved =
      render::resolve_palette(run_.palette, run_.check, damaged_palette_);
  settings_.palette = std::move(resolved.palette);
  palette_chosen_by_ = std::move(resolved.source);
  if (damaged_palette_.found) std::cerr << "gafcheck: " << damaged_palette_.message << '\n';
  draw_inputs();
  return finish();
}

}  // namespace

ExitCode RenderRun::run() const {
  return RenderRunner(*this).run();
}

}  // namespace gafcheck
