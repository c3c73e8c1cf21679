// gafcheck render [options] -o DIR FILE...: frames as PNG images, as the retail game draws them
// and as their rows are encoded, with an index.json listing every image.
#include <sys/stat.h>

#include <algorithm>
#include <iostream>
#include <sstream>
#include <thread>

#include "validator/census/ordered_pipeline.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/render_command.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/safe_extract.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/render/output_names.hpp"
#include "validator/render/palette_reader.hpp"
#include "validator/render/render_job.hpp"
#include "validator/render/render_palettes.hpp"
#include "validator/render/render_record_bounds.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

constexpr const char* render_usage =
    "Usage: gafcheck render [options] -o DIR FILE...\n\n"
    "Draws the frames of GAF and TAF files as RGBA PNG images (transparent pixels alpha 0):\n"
    "what the retail game draws from the bytes, and what the author encoded. FILE may be an\n"
    "archive member, named as reports name it: mod.ufo!anims/x.gaf.\n\n"
    "Writes DIR/ENTRY-NAME/FRAME.POLICY.png (ENTRY the slot in the entry table as the game reads\n"
    "it, NAME the entry name reduced to [A-Za-z0-9_.+-], FRAME the index in the entry's frame\n"
    "table; with several FILEs, each gets its own DIR/N-FILENAME/) and DIR/index.json:\n"
    "  {\"images\": [{\"file\", \"entry\", \"name\", \"frame\", \"duration\", \"policy\", "
    "\"width\",\n"
    "   \"height\", \"x_offset\", \"y_offset\", \"png\"}]}\n"
    "x_offset, y_offset: where the frame's anchor lies in the image. A frame that cannot be drawn\n"
    "is listed with a \"reason\" and no \"png\".\n\n"
    "Each image is drawn and written once, however many references reach it, and the\n"
    "references are listed in runs, so index.json grows with the input's tables, not with its\n"
    "references. Per entry and policy, the frames that reach an image listed before (a frame\n"
    "the frame tables name again, or an equal frame header; a leaf's anchor does not change\n"
    "its pixels) are one record with \"same_as\": the PNG written for it, and \"frame_runs\":\n"
    "[FIRST, LAST, DURATION] for consecutive frame indexes with one duration and the record's\n"
    "anchor, [FIRST, LAST, DURATION, X_OFFSET, Y_OFFSET] with another anchor; the record's own\n"
    "\"frame\", \"duration\" and offsets are its first frame's. Entry slots aimed at an entry\n"
    "drawn before are one record per policy with \"same_as\": that entry's folder (\"0-A/\") and\n"
    "\"entry_runs\": runs [FIRST, LAST] of slots. References to an image not drawn repeat its\n"
    "\"reason\" with runs [FIRST, LAST]. A file of 40,950 references to one frame in entry 1:\n"
    "  {\"entry\": 1, \"frame\": 0, \"duration\": 1, \"policy\": \"retail\", \"same_as\":\n"
    "   \"0-A/0.retail.png\", \"frame_runs\": [[0, 40949, 1]], ...}\n"
    "Each reference counts one toward --max-images, as an image does.\n\n"
    "Policies:\n"
    "  retail  what the game draws: RLE runs clamped to the width, a short row decoded on into "
    "the\n"
    "          bytes after it, count-0 rows transparent, raw pixels equal to the key transparent,\n"
    "          the key ignored in RLE frames (only skips are transparent), composites drawn child\n"
    "          by child with anchors aligned on a canvas that holds every child, the layer count\n"
    "          read from byte +10 only. Frames the game cannot draw (rows decoded past the end of\n"
    "          the file, a composite inside a composite, pixels outside the file) get a reason.\n"
    "  strict  what the rows encode: each row from its own payload only; pixels the payload does\n"
    "          not give are magenta (255,0,255), runs that overshoot the width and the last pixel\n"
    "          of a row with bytes left over are orange (255,128,0); listed as defects.\n"
    "  --diff  FRAME.diff.png: yellow where the game takes pixels from the bytes after a short\n"
    "          row (read-through), red where retail and strict differ otherwise, the rest "
    "faint.\n\n"
    "Palettes (--palette): TA's PALETTE.PAL (1,024 bytes), JASC-PAL text, a Photoshop ACT (768 or\n"
    "772 bytes), a PCX's 256-colour trailer, or an archive member\n"
    "(totala1.hpi!palettes/PALETTE.PAL). Default: a computed forensic palette (distinct colours,\n"
    "the key index drawn as a checkerboard). gafcheck ships no game data: TA's own palette is\n"
    "palettes/PALETTE.PAL in the game's totala1.hpi.\n\n"
    "Truecolor TAF frames (ARGB4444, ARGB1555) are drawn from their pixels; they need no "
    "palette.\n\n"
    "Bounds: --max-pixels bounds the pixels rendered per file (a canvas is checked before it is\n"
    "allocated), --max-heap the canvas bytes held at once; --max-rle-commands, --max-depth and\n"
    "--max-expansion bound the decoding. Every image written (a diff, a sheet, a GIF too) is\n"
    "charged to --max-pixels; --max-output-files and --max-output-bytes bound what one FILE\n"
    "writes (its images and its records in index.json), --max-images the images one run\n"
    "lists. What a budget refuses is listed with its reason (budget.exceeded), the images past\n"
    "it are counted in images_left_out, and the exit status is 1: nothing is cut silently.\n"
    "Output safety: files are created below DIR only, one component at a time, never through a\n"
    "symbolic link, and an existing image is not replaced without --force. A file the run reads\n"
    "(a FILE, the archive it is in, a palette) is never replaced, whatever its name or hard\n"
    "link below DIR: an input at DIR/index.json stops the run before anything is written\n"
    "(exit 2), one at an image's name is that image's reason.\n"
    "Damaged archive members: a FILE that is a member whose chunks fail their checksum or\n"
    "stream, or that decodes to another length than the directory gives (what check reports\n"
    "as hpi.chunk-checksum, hpi.chunk-stream, hpi.chunk-size...), is not what was packed. It\n"
    "is not drawn: index.json lists it with a \"reason\" and \"damaged\": [its rule ids],\n"
    "standard error names them, exit 1. --draw-damaged draws it as a reader decodes it, into\n"
    "DIR/damaged/ (with several FILEs DIR/N-FILENAME.damaged/), every record marked\n"
    "\"damaged\"; exit 1 all the same. A damaged --palette is a usage error without\n"
    "--draw-damaged; a damaged TA: Kingdoms palette is passed over, named, and the exit status\n"
    "is 1.\n\n"
    "Examples:\n"
    "  gafcheck render -o out anims/ARMCOM.GAF\n"
    "  gafcheck render --policy both --diff --entry armcom -o out mod.ufo!anims/armcom.gaf\n"
    "  gafcheck render --palette totala1.hpi!palettes/PALETTE.PAL -o out x.gaf\n"
    "  gafcheck render --policy both --max-images 100 -o out big.gaf  # 100 images at most\n"
    "  gafcheck render --draw-damaged -o out bad.ufo!anims/x.gaf  # into out/damaged/, exit 1\n\n"
    "Exit codes: 0 every selected image written, 1 some listed with a reason or not found, or\n"
    "a FILE or palette is a damaged archive member (drawn or not),\n"
    "2 usage error (a bad palette, DIR cannot be written), 3 an input could not be read.\n"
    "\nOptions";

// A palette that is a damaged archive member: refused (found), or with --draw-damaged (allowed)
// used and named in message.
struct DamagedPalette {
  bool allowed = false;
  bool found = false;
  std::string message;
};

std::string join_rules(const std::vector<std::string>& rules) {
  std::string text;
  for (const std::string& rule : rules) text += (text.empty() ? "" : ", ") + rule;
  return text.empty() ? "errors" : text;
}

// A palette file or member; the reason it cannot be used in error.
std::optional<render::Palette> read_palette_at(const std::string& argument,
                                               const CheckOptions& options, std::string& error,
                                               DamagedPalette& damaged) {
  const LoadedInput input = load_input(argument, options);
  if (!input.error.empty()) {
    error = "cannot read palette " + escape_bytes(argument) + ": " + input.error;
    return std::nullopt;
  }
  // A damaged member's colours are not the packed ones: used only with --draw-damaged, and
  // marked in the palette's name (index.json: "palette") then.
  if (input.damaged() && !damaged.allowed) {
    error = "palette " + escape_bytes(argument) + " is damaged: " + input.damage +
            " (--draw-damaged uses it as a reader decodes it)";
    damaged.found = true;
    return std::nullopt;
  }
  Result<render::PaletteFile> read = render::read_palette(input.view());
  if (!read) {
    error = "palette " + escape_bytes(argument) + " is not usable: " + read.problem().message;
    return std::nullopt;
  }
  read->palette.source = escape_bytes(argument) + " (" + read->format + ")";
  if (input.damaged()) {
    damaged.found = true;
    damaged.message = "palette " + escape_bytes(argument) + " used damaged: " + input.damage;
    read->palette.source += " (damaged member: " + join_rules(input.damage_rules) + ")";
  }
  return std::move(read->palette);
}

render::Palette load_palette(const std::string& argument, const CheckOptions& options,
                             DamagedPalette& damaged) {
  if (argument.empty()) return render::forensic_palette();
  std::string error;
  auto palette = read_palette_at(argument, options, error, damaged);
  if (!palette) throw UsageError{error};
  return std::move(*palette);
}

// TA: Kingdoms: the first candidate that is a palette; the forensic one when none is. A sidecar
// the game would take but that is no palette (or a damaged member) is named on standard error
// and passed over.
render::Palette tak_palette(const std::vector<std::string>& candidates, const CheckOptions& options,
                            std::ostream& messages, DamagedPalette& damaged) {
  for (const std::string& candidate : candidates) {
    std::string error;
    if (auto palette = read_palette_at(candidate, options, error, damaged))
      return std::move(*palette);
    if (error.find("no member") == std::string::npos)
      messages << "gafcheck: passed over: " << error << '\n';
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

void add(RenderTally& total, const RenderTally& more) {
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
void protect_inputs(ExtractDirectory& target, const std::string& directory,
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
  if (const auto refused = target.refusal_to_replace("index.json"))
    throw UsageError{"refusing to render into " + escape_bytes(directory) +
                     ": index.json cannot be written there: " + *refused +
                     "; nothing was written (choose another -o)"};
}

}  // namespace

int run_render(const Arguments& arguments) {
  RunOptions options;
  std::vector<std::string> inputs;
  std::string directory, policy = "retail", entry, palette, game = "ta";
  std::int64_t frame = -1;
  std::uint64_t max_images = 250'000;
  unsigned jobs = 0;
  RenderSettings settings;
  po::options_description general(render_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value(&directory)->value_name("DIR"),
      "the directory to write into (required)")(
      "jobs,j", po::value(&jobs)->value_name("N")->default_value(0),
      "worker threads, each drawing one FILE at a time (0: one per core); the images and "
      "index.json are the same for any N")(
      "entry", po::value(&entry)->value_name("ENTRY"),
      "only this entry: its slot in the entry table, or its name "
      "(found as the game finds it: A-Z folded, first match)")(
      "frame", po::value(&frame)->value_name("N"),
      "only this frame (index in the entry's frame table)")(
      "policy", po::value(&policy)->value_name("retail|strict|both")->default_value("retail"),
      "retail, strict or both")("diff", po::bool_switch(&settings.diff),
                                "also write FRAME.diff.png")(
      "animate", po::bool_switch(&settings.animate),
      "also write one animated GIF per entry and policy, ENTRY-NAME/anim.POLICY.gif, at the "
      "game's timing (1 tick = 1/30 s, durations from the frame table; looping when the entry's "
      "loop byte is set); strict marks are not shown in it")(
      "sheet", po::bool_switch(&settings.sheet),
      "also write one sprite sheet per entry and policy, ENTRY-NAME/sheet.POLICY.png: the "
      "frames side by side in equal cells aligned on their origins, each origin marked cyan")(
      "palette", po::value(&palette)->value_name("PALETTE"),
      "palette file or archive member (default: forensic)")(
      "game", po::value(&game)->value_name("ta|tak|ta3d")->default_value("ta"),
      "ta, tak or ta3d. tak: without --palette, each file's palette is looked up as TA: "
      "Kingdoms does (a same-name .pcx beside it, palettes/NAME.pal, the side's "
      "palettes/SIDE.pcx by the name's prefix, palettes/palette.pal). ta3d: a TA3D truecolor "
      "GAF (version 0x00010101) is drawn as TA3D draws it, its zlib payloads inflated to RGBA "
      "under --max-pixels and --max-heap; JPEG payloads are listed as not drawn (gafcheck does "
      "not decode JPEG). With ta and tak such a file is drawn as those engines draw it: its "
      "compressed bytes as palette pixels")("force", po::bool_switch(&settings.force),
                                            "replace existing images")(
      "draw-damaged", po::bool_switch(&settings.draw_damaged),
      "draw a FILE (or use a palette) that is a damaged archive member as a reader decodes it; "
      "its records are marked \"damaged\" and the exit status stays 1")(
      "max-images", po::value(&max_images)->value_name("N")->default_value(max_images),
      "images listed per run: every PNG or GIF written, every reference to one (same_as) and "
      "every reason counts one, so --policy both writes at most N files, not 2N; the images "
      "past it are counted in index.json's images_left_out, not drawn, and the exit status "
      "is 1")("max-output-files",
              po::value(&settings.max_output_files)
                  ->value_name("N")
                  ->default_value(settings.max_output_files),
              "files and folders written per FILE; past it the image is listed as budget.exceeded, "
              "the rest of the FILE is left out and the exit status is 1")(
      "max-output-bytes",
      po::value(&settings.max_output_bytes)
          ->value_name("BYTES")
          ->default_value(settings.max_output_bytes),
      "bytes written per FILE, its images and its records in index.json alike, with the same "
      "effect (index.json stays one JSON document)");
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(options))
      .add(sandbox_options_description(options));
  if (!parse_command_line(arguments, visible, inputs)) return 0;
  if (inputs.empty()) throw UsageError{"render needs a FILE (see gafcheck render --help)"};
  if (directory.empty()) throw UsageError{"render needs -o DIR, the directory to write into"};
  if (game != "ta" && game != "tak" && game != "ta3d")
    throw UsageError{"--game is ta, tak or ta3d, not '" + game + "'"};
  settings.ta3d = game == "ta3d";
  if (policy != "retail" && policy != "strict" && policy != "both")
    throw UsageError{"--policy is retail, strict or both, not '" + policy + "'"};
  settings.retail = policy != "strict";
  settings.strict = policy != "retail";
  if (!entry.empty()) settings.entry = entry;
  if (frame > UINT32_MAX) throw UsageError{"--frame is a frame index from 0 to 4294967295"};
  if (frame >= 0)
    settings.frame = static_cast<std::uint32_t>(frame);
  else if (frame != -1)
    throw UsageError{"--frame is a frame index from 0 to 4294967295"};
  settings.limits = options.check.limits;

  // DIR is made and proven writable before the sandbox, which then lets files be created only
  // beneath it; every input and the palette are read and parsed under it.
  std::string error;
  auto target = ExtractDirectory::open(directory, error);
  if (!target) throw UsageError{"cannot render into " + escape_bytes(directory) + ": " + error};
  SandboxPlan plan;
  for (const std::string& input : inputs) plan.read_paths.push_back(disk_path_of(input));
  if (!palette.empty()) plan.read_paths.push_back(disk_path_of(palette));
  const bool tak_lookup = game == "tak" && palette.empty();
  std::vector<std::vector<std::string>> sidecars(inputs.size());
  if (tak_lookup)
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      sidecars[i] = tak_palette_candidates(inputs[i]);
      for (const std::string& candidate : sidecars[i])
        plan.read_paths.push_back(disk_path_of(candidate));
    }
  plan.write_trees = {directory};
  protect_inputs(*target, directory, inputs, palette, sidecars);
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  plan.threads = jobs > 1 && inputs.size() > 1;
  confine(plan, !options.no_sandbox);

  DamagedPalette damaged_palette{settings.draw_damaged};
  settings.palette = load_palette(palette, options.check, damaged_palette);
  if (damaged_palette.found) std::cerr << "gafcheck: " << damaged_palette.message << '\n';
  ImageIndex images(max_images);
  RenderTally tally;
  bool unreadable = false;
  // Each input is read and drawn on a worker; what it lists, counts and says is taken over in
  // input order, so the output does not depend on -j.
  RecordBounds bounds(inputs.size(), max_images);
  // Lists the input's records in into: its own index, or (in its turn) the run's.
  const auto render_one = [&](std::size_t i, RenderedInput& result, ImageIndex& into,
                              const MayDraw& may_draw) {
    std::ostringstream messages;
    const LoadedInput input = load_input(inputs[i], options.check);
    if (!input.error.empty()) {
      messages << "gafcheck: cannot read " << escape_bytes(inputs[i]) << ": " << input.error
               << '\n';
      if (input.unreadable)
        result.unreadable = true;
      else
        ++result.tally.not_found;
    } else {
      // A damaged member drawn (--draw-damaged) is drawn in a folder that says so.
      const bool drawn_damaged = input.damaged() && settings.draw_damaged;
      const std::string prefix = inputs.size() == 1
                                     ? (drawn_damaged ? "damaged/" : "")
                                     : render::input_directory(i, input.name.display) +
                                           (drawn_damaged ? ".damaged/" : "/");
      if (tak_lookup) {
        RenderSettings own = settings;
        DamagedPalette damaged{settings.draw_damaged};
        own.palette = tak_palette(sidecars[i], options.check, messages, damaged);
        // The game would draw with that palette: these images are not what it draws.
        if (damaged.found) {
          ++result.tally.damaged;
          if (!damaged.message.empty()) messages << "gafcheck: " << damaged.message << '\n';
        }
        own.record_palette = true;
        result.drawn =
            render_input(input, prefix, *target, own, into, result.tally, messages, may_draw);
      } else {
        result.drawn =
            render_input(input, prefix, *target, settings, into, result.tally, messages, may_draw);
      }
    }
    result.messages = messages.str();
  };
  using Pipeline = OrderedPipeline<std::pair<std::size_t, RenderedInput>>;
  std::size_t next = 0;
  const auto next_task = [&]() -> std::optional<Pipeline::Task> {
    if (next == inputs.size()) return std::nullopt;
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
      render_one(i, result, images, nullptr);
    }
    std::cerr << result.messages;
    images.append(std::move(result.images));
    add(tally, result.tally);
    unreadable = unreadable || result.unreadable;
  };
  Pipeline(static_cast<unsigned>(std::min<std::size_t>(jobs, inputs.size())), next_task, take_over)
      .run();
  const std::string text = images.text(settings.palette.source);
  if (const auto refused = target->write(
          "index.json", {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}, true))
    throw UsageError{"cannot write index.json in " + escape_bytes(directory) + ": " + *refused};
  std::cerr << "render: " << tally.written << " images written, " << tally.referenced
            << " listed as the same image as one written (same_as), " << tally.not_drawn
            << " not drawn (reason in index.json), " << tally.not_written << " not written into "
            << escape_bytes(directory) << '\n';
  if (images.left_out() != 0)
    std::cerr << "render: " << images.left_out()
              << " images left out (index.json: images_left_out), past --max-images " << max_images
              << " or an output budget (the reason is listed)\n";
  if (tally.damaged != 0 || damaged_palette.found)
    std::cerr << "render: " << tally.damaged + std::uint64_t{damaged_palette.found}
              << " inputs or palettes are damaged archive members (their rule ids above; "
              << (settings.draw_damaged ? "drawn as a reader decodes them, marked \"damaged\""
                                        : "not drawn, listed with their reason")
              << ")\n";
  if (unreadable) return 3;
  return tally.not_drawn + tally.not_written + tally.not_found + tally.damaged +
                     std::uint64_t{damaged_palette.found} + images.left_out() ==
                 0
             ? 0
             : 1;
}

}  // namespace gafcheck::cli
