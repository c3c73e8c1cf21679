// gafcheck show FILE: the structure tree of a GAF (or an archive's members), or an annotated
// hexdump of one range: an offset, a finding of check, or a structure path.
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/core/text.hpp"
#include "validator/inspect/show_run.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

constexpr const char* show_usage =
    "Usage: gafcheck show [options] FILE\n\n"
    "Shows where things are in a GAF file (or a TAF read as a GAF, or an archive member named\n"
    "ARCHIVE!path/in/archive.gaf), from the structure index and byte-extent map check builds.\n\n"
    "Without a range option: the structure tree, as pngcheck -v lists chunks: offset, size and\n"
    "structure path of the header, entry table, every entry (its name escaped as reports escape\n"
    "it), frame table, frame header, layer table and pixel block; then the slack (bytes no\n"
    "structure claims) and check's findings, numbered. For an HPI archive: its members with the\n"
    "offsets of their directory entries and data, sizes and methods.\n\n"
    "With --at, --finding or --path: a hexdump of that range widened by --context bytes, each\n"
    "16-byte row labelled with the structures that claim its bytes (or 'slack'), and each\n"
    "finding printed under the row it starts in (rule, severity, retail impact, message).\n"
    "The focus bytes are bold (marked * when plain). Offsets of an archive member are offsets in\n"
    "its decoded bytes. Findings are check's with the catalogue's levels (no .gafcheck.yaml).\n\n"
    "--format json prints the same as one JSON document: kind \"show\", input, size, format,\n"
    "member, damaged; tree (gaf: structures with offset, size, depth, path, detail; slack,\n"
    "coverage; or archive: its members' offsets, sizes, methods, paths) or dump (the range and\n"
    "its rows: offset, bytes in hex, labels, findings); findings, numbered as in the text.\n\n"
    "Examples:\n"
    "  gafcheck show unit.gaf                       # the tree and the numbered findings\n"
    "  gafcheck show unit.gaf --finding 0           # the bytes of the first finding\n"
    "  gafcheck show unit.gaf --at 0x1c0 --context 64\n"
    "  gafcheck show unit.gaf --path 'entry[0]/frame[3]'          # a frame header\n"
    "  gafcheck show unit.gaf --path 'entry[0]/frame[3]/pixels'   # its pixels or RLE rows\n"
    "  gafcheck show mod.ufo!anims/unit.gaf --color never | less\n"
    "  gafcheck show unit.gaf --format json | jq '.findings[0]'\n\n"
    "A member that does not decode exactly (a chunk whose checksum or stream is bad, a length\n"
    "other than the directory's) is shown as a reader decodes it, marked DAMAGED with the rule\n"
    "ids check reports (hpi.chunk-checksum...) on standard error and above the output, exit 1.\n\n"
    "Exit codes: 0 shown, 1 the input is not found in the archive or is a damaged member,\n"
    "2 usage error (also: an offset outside the file, an unknown finding number or path),\n"
    "3 the input could not be read.\n\n"
    "Options";

std::uint64_t parse_offset(const std::string& text, const std::string& option) {
  const bool hex_form = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex_form ? text.substr(2) : text;
  const char* allowed = hex_form ? "0123456789abcdefABCDEF" : "0123456789";
  if (digits.empty() || digits.size() > (hex_form ? 16u : 19u) ||
      digits.find_first_not_of(allowed) != std::string::npos)
    throw UsageError{option + " takes a byte offset, decimal or 0x hex, not '" +
                     escape_bytes(text) + "'"};
  return std::stoull(digits, nullptr, hex_form ? 16 : 10);
}

// show's command line; validate() turns it into the run.
struct ShowOptions : CommandArguments {
  RunOptions common;
  std::string at, path, colour = "auto", format = "text";
  std::int64_t finding = -1;
  std::uint64_t context = 32;
};

CommandHelp show_options_description(ShowOptions& o) {
  po::options_description general(show_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "at", po::value(&o.at)->value_name("OFFSET"),
      "dump the bytes around this offset (decimal or 0x hex)")(
      "finding", po::value(&o.finding)->value_name("N"),
      "dump the bytes of check's N-th finding on FILE (0-based, in report order; the tree "
      "numbers them)")("path", po::value(&o.path)->value_name("STRUCTURE"),
                       "dump a structure by its path as findings print it: header, entry_table, "
                       "entry[0], entry[0]/frames, entry[0]/frame[3], entry[0]/frame[3]/layers, "
                       "entry[0]/frame[3]/pixels")(
      "context", po::value(&o.context)->value_name("N")->default_value(o.context),
      "bytes shown before and after the range (at most 4096 bytes are dumped)")(
      "color", po::value(&o.colour)->value_name("always|never|auto")->default_value(o.colour),
      "always, never or auto (a terminal, unless NO_COLOR is set and not empty)")(
      "game", po::value(&o.common.game)->value_name("ta|tak|ta3d")->default_value("ta"),
      "which engine's reading the findings are checked against, as check --game: ta (default), "
      "tak, or ta3d (a TA3D truecolor GAF, version 0x00010101, is native: its ta3d.* findings "
      "are listed, not the TA-reading ones)");
  add_listing_format_option(general, o.format,
                            "the tree or the dump with the findings, as "
                            "reports/schema/show.schema.json describes it (--color does not "
                            "apply)");
  return {with_budgets_and_sandbox(general, o.common)};
}

ShowRun validate(ShowOptions& o) {
  if (o.positional.size() != 1)
    throw UsageError{"show takes exactly one FILE (see gafcheck show --help)"};
  const int ranges = !o.at.empty() + (o.finding != -1) + !o.path.empty();
  if (ranges > 1) throw UsageError{"--at, --finding and --path each pick the range: give one"};
  if (o.finding < -1) throw UsageError{"--finding takes a finding number from 0"};
  ShowRun run;
  run.input = o.positional[0];
  run.by_offset = !o.at.empty();
  run.offset = run.by_offset ? parse_offset(o.at, "--at") : 0;
  run.at_text = o.at;
  run.finding = o.finding;
  run.structure = o.path;
  run.context = o.context;
  run.json = listing_is_json(o.format);
  const bool colour = colour_wanted(o.colour);
  run.style = ShowStyle{colour && !run.json};
  finish_common_options(o.common);
  return checked_and_confined(std::move(run), o.common);
}

}  // namespace

int run_show(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, show_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
