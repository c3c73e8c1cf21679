// gafcheck render [options] -o DIR FILE...: frames as PNG images, as the retail game draws them
// and as their rows are encoded, with an index.json listing every image.
#include "validator/cli/render_command.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/config/config_file.hpp"
#include "validator/render/render_run.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

// render's command line; validate() turns it into the run.
struct RenderOptions : CommandArguments {
  RunOptions common;  // budgets, --no-sandbox
  std::string directory, policy = "retail", entry, game = "ta", config;
  render::PaletteChoice palette;
  std::int64_t frame = -1;
  std::uint64_t max_images = 250'000;
  unsigned jobs = 0;
  RenderSettings settings;
};

constexpr const char* render_usage =
    "Usage: gafcheck render [options] -o DIR FILE...\n\n"
    "Draws the frames of GAF and TAF files as PNG images: what the retail game draws from the\n"
    "bytes, and what the author encoded. FILE may be an archive member, named as reports name\n"
    "it: mod.ufo!anims/x.gaf (of members on one path under case folding, the one spelled so;\n"
    "with none spelled so, none: readers differ on which they take). A paletted frame is an\n"
    "indexed PNG (colour type 3): its PLTE the palette drawn with, its pixels the frame's own\n"
    "indices, and tRNS making the frame's key transparent, so re-importing it keeps the\n"
    "indices. An image with colours outside the palette is RGBA (transparent pixels alpha 0):\n"
    "strict marks, a diff, the forensic key checkerboard, --origins, a frame drawing its key\n"
    "index opaque, truecolor TAF and TA3D.\n\n"
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
    "(totala1.hpi!palettes/PALETTE.PAL). The palette is the first given of --palette,\n"
    "--palette-from ARCHIVE (its palettes/PALETTE.PAL), $GAFCHECK_PALETTE, and palette: in the\n"
    "--config FILE; else a computed forensic palette (distinct colours, the key index drawn as a\n"
    "checkerboard), said on standard error and in index.json (\"palette_note\"), as is a JASC-PAL\n"
    "or ACT that gives fewer than 256 colours (the rest keep the forensic ones). index.json's\n"
    "\"palette_chosen_by\" names which one. A palette member that shares its path with another\n"
    "under case folding is refused (exit 2), however spelled. gafcheck ships no game data: TA's\n"
    "own palette is palettes/PALETTE.PAL in the game's totala1.hpi.\n\n"
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
    "  gafcheck render --palette-from totala1.hpi --sheet --origins -o out x.gaf\n"
    "  gafcheck render --policy both --max-images 100 -o out big.gaf  # 100 images at most\n"
    "  gafcheck render --draw-damaged -o out bad.ufo!anims/x.gaf  # into out/damaged/, exit 1\n\n"
    "Exit codes: 0 every selected image written, 1 some listed with a reason or not found, or\n"
    "a FILE or palette is a damaged archive member (drawn or not),\n"
    "2 usage error (a bad palette, DIR cannot be written), 3 an input could not be read.\n"
    "\nOptions";

// What is drawn, and how.
void add_drawing_options(po::options_description& general, RenderOptions& o) {
  RenderSettings& settings = o.settings;
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value(&o.directory)->value_name("DIR"),
      "the directory to write into (required)");
  add_jobs_option(general, o.jobs,
                  "worker threads, each drawing one FILE at a time (0: one per core); the images "
                  "and index.json are the same for any N");
  general.add_options()("entry", po::value(&o.entry)->value_name("ENTRY"),
                        "only this entry: its slot in the entry table, or its name "
                        "(found as the game finds it: A-Z folded, first match)")(
      "frame", po::value(&o.frame)->value_name("N"),
      "only this frame (index in the entry's frame table)")(
      "policy", po::value(&o.policy)->value_name("retail|strict|both")->default_value("retail"),
      "retail, strict or both")("diff", po::bool_switch(&settings.diff),
                                "also write FRAME.diff.png")(
      "animate", po::bool_switch(&settings.animate),
      "also write one animated GIF per entry and policy, ENTRY-NAME/anim.POLICY.gif, at the "
      "game's timing (1 tick = 1/30 s, durations from the frame table; looping when the entry's "
      "loop byte is set); strict marks are not shown in it")(
      "sheet", po::bool_switch(&settings.sheet),
      "also write one sprite sheet per entry and policy, ENTRY-NAME/sheet.POLICY.png: the "
      "frames side by side in equal cells aligned on their origins")(
      "origins", po::bool_switch(&settings.origins),
      "with --sheet: mark each cell's origin (the frame's anchor) cyan (0,255,255), the pixel "
      "and arms of two pixels where nothing is drawn (default: off, the art as drawn)")(
      "palette", po::value(&o.palette.palette)->value_name("PALETTE"),
      "palette file or archive member (default: --palette-from, else $GAFCHECK_PALETTE, else "
      "--config's palette:, else the forensic palette)")(
      "palette-from", po::value(&o.palette.palette_from)->value_name("ARCHIVE"),
      "the palette of a game archive: its palettes/PALETTE.PAL member (totala1.hpi)")(
      "config", po::value(&o.config)->value_name("FILE"),
      "a configuration (.gafcheck.yaml) whose palette: key names the palette, relative to the "
      "file's folder; render takes nothing else from it, and reads no configuration it is not "
      "given")(
      "game", po::value(&o.game)->value_name("ta|tak|ta3d")->default_value("ta"),
      "ta, tak or ta3d. tak: without --palette, each file's palette is looked up as TA: "
      "Kingdoms does (a same-name .pcx beside it, palettes/NAME.pal, the side's "
      "palettes/SIDE.pcx by the name's prefix, palettes/palette.pal). ta3d: a TA3D truecolor "
      "GAF (version 0x00010101) is drawn as TA3D draws it, its zlib payloads inflated to RGBA "
      "under --max-pixels and --max-heap; JPEG payloads are listed as not drawn (gafcheck does "
      "not decode JPEG); --sheet and --animate are refused with it (they are built from palette "
      "frames). With ta and tak such a file is drawn as those engines draw it: its compressed "
      "bytes as palette pixels, and standard error says to add --game ta3d");
}

// What may be replaced, and how much one run and one FILE write.
void add_output_bound_options(po::options_description& general, RenderOptions& o) {
  RenderSettings& settings = o.settings;
  general.add_options()("force", po::bool_switch(&settings.force), "replace existing images")(
      "draw-damaged", po::bool_switch(&settings.draw_damaged),
      "draw a FILE (or use a palette) that is a damaged archive member as a reader decodes it; "
      "its records are marked \"damaged\" and the exit status stays 1")(
      "max-images", po::value(&o.max_images)->value_name("N")->default_value(o.max_images),
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
}

CommandHelp render_options_description(RenderOptions& o) {
  po::options_description general(render_usage);
  add_drawing_options(general, o);
  add_output_bound_options(general, o);
  return {with_budgets_and_sandbox(general, o.common)};
}

RenderRun validate(RenderOptions& o) {
  if (o.positional.empty()) throw UsageError{"render needs a FILE (see gafcheck render --help)"};
  if (o.directory.empty()) throw UsageError{"render needs -o DIR, the directory to write into"};
  if (o.game != "ta" && o.game != "tak" && o.game != "ta3d")
    throw UsageError{"--game is ta, tak or ta3d, not '" + o.game + "'"};
  RenderRun run;
  run.settings = std::move(o.settings);
  run.settings.ta3d = o.game == "ta3d";
  // A TA3D truecolor frame is RGBA, not palette indices: sheets and GIFs are drawn from indices.
  if (run.settings.ta3d && (run.settings.sheet || run.settings.animate))
    throw UsageError{std::string(run.settings.sheet ? "--sheet" : "--animate") +
                     " is not drawn with --game ta3d: sheets and animations are built from "
                     "palette frames, and a TA3D truecolor frame has none (render its frames "
                     "without it, or draw the file as TA reads it without --game ta3d)"};
  if (run.settings.origins && !run.settings.sheet)
    throw UsageError{"--origins marks the origins of a --sheet: give --sheet too"};
  if (o.policy != "retail" && o.policy != "strict" && o.policy != "both")
    throw UsageError{"--policy is retail, strict or both, not '" + o.policy + "'"};
  run.settings.retail = o.policy != "strict";
  run.settings.strict = o.policy != "retail";
  if (!o.entry.empty()) run.settings.entry = o.entry;
  if (o.frame > UINT32_MAX) throw UsageError{"--frame is a frame index from 0 to 4294967295"};
  if (o.frame >= 0)
    run.settings.frame = static_cast<std::uint32_t>(o.frame);
  else if (o.frame != -1)
    throw UsageError{"--frame is a frame index from 0 to 4294967295"};
  run.settings.limits = o.common.check.limits;
  run.inputs = std::move(o.positional);
  run.directory = std::move(o.directory);
  if (!o.config.empty()) {
    const config::ConfigFile file = config::load_config(o.config, true);
    run.palette.config_palette = file.palette.value_or("");
    run.palette.config_directory = file.directory;
  }
  run.palette.palette = std::move(o.palette.palette);
  run.palette.palette_from = std::move(o.palette.palette_from);
  run.tak_lookup = o.game == "tak" && render::palette_place(run.palette).argument.empty();
  run.max_images = o.max_images;
  run.jobs = worker_threads(o.jobs);
  return checked_and_confined(std::move(run), o.common);
}

}  // namespace

int run_render(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, render_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
