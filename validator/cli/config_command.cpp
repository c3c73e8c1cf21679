// gafcheck config [PATH]: prints the configuration that applies to PATH (default: the current
// directory) as check and census would use it: where it comes from, the profile, the run-wide
// settings and every rule level, ignore, per-file level and suppression it holds.
#include "validator/census/configuration_view.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

std::string help_epilogue() {
  std::string text =
      "\nA configuration is a YAML map; every key is optional:\n\n"
      "  extends: upload            # a built-in profile (below); default retail\n"
      "  fail-on: error             # error, warning, info or never\n"
      "  min-severity: warning      # findings listed in every output (display only)\n"
      "  game: ta                   # ta, tak or ta3d\n"
      "  max-file-size: 64M         # any budget, named as its option (gafcheck check --help)\n"
      "  rules:                     # a rule's level: off, info, warning or error\n"
      "    extent.slack: off\n"
      "    header.version-nonstandard: error\n"
      "  ignore:                    # files not checked at all (counted as ignored)\n"
      "    - build/\n"
      "    - '*.bak'\n"
      "  per-file:                  # levels for the files a glob matches\n"
      "    'textures/**': {storage.raw-required: error}\n"
      "  suppress:                  # accepted findings: listed with suppressed: true\n"
      "    - rule: entry.alias\n"
      "      path: anims/ARMCOM.GAF\n"
      "      sha256: 0123...cdef     # optional: expires when the file changes\n"
      "      justification: retail file, the game loads it\n\n"
      "Where it is found, for each input: --config FILE; --profile NAME (the profile alone,\n"
      "or with --config that file under it); else the nearest .gafcheck.yaml at or above the\n"
      "input's directory that lies inside the working directory's tree: in the working\n"
      "directory, in a directory above it, or in one below it on the way down to the input\n"
      "(a nested one wins for the files beneath it, in check and census as here); else\n"
      "$XDG_CONFIG_HOME/gafcheck/config.yaml (~/.config without it). A .gafcheck.yaml beside\n"
      "an input outside that tree (an upload unpacked in /tmp, ../x) came with the input and\n"
      "configures nothing, unless --trust-config. --no-config uses none. Everything is read\n"
      "before the sandbox confines the process.\n"
      "  cd ~/mymod && gafcheck config anims/x.gaf      # ~/mymod/.gafcheck.yaml applies\n"
      "  cd ~ && gafcheck config /tmp/upload/x.gaf      # /tmp/upload/.gafcheck.yaml does not\n\n"
      "Settings that hold for a whole run (fail-on, game, budgets) must be the same in every\n"
      "configuration a run uses: two that differ are a usage error naming both (check them in\n"
      "separate runs, or set the option on the command line). min-severity only says which\n"
      "findings the outputs list (the others are counted in the summary): it never changes a\n"
      "verdict, --fail-on or the exit code; when configurations differ, the least applies.\n\n"
      "A finding's level, highest first: --rule RULE=LEVEL, per-file: (the last glob that\n"
      "matches), rules:, the profile, the severity the check gave (the catalogue's). off drops\n"
      "the finding (the file document counts it as findings_off); a suppression keeps it listed\n"
      "but it counts for neither the verdict nor the exit code. The command line's --fail-on,\n"
      "--min-severity, --game and budget options win over the configuration's.\n\n"
      "Globs are gitignore's, relative to the configuration's directory: * ? [...] within a\n"
      "path component, ** for any number of components, a leading or inner / anchors the pattern\n"
      "there (otherwise it matches at any depth), a trailing / matches directories only (and so\n"
      "everything under them), a leading ! re-includes (ignore: only). A glob that matches an\n"
      "archive matches its members too (archive.ufo!anims/x.gaf). ignore: applies to files\n"
      "found by walking a directory (or listed by census --files-from); a file named on the\n"
      "command line, and every member of an archive that is checked, is always checked. An\n"
      "ignored file is not read: check prints IGNORED for it (naming the configuration) and\n"
      "the summary counts it (files.ignored); census counts it. What a configuration changed\n"
      "is in each verdict line (\"(configuration FILE turned off 1 finding)\") and in the file\n"
      "document (config, findings_off, findings_lowered); the header lists every file used.\n\n"
      "Profiles:\n";
  for (const config::Profile& profile : config::builtin_profiles()) {
    // Name, then the description wrapped at 90 columns under itself.
    std::string line = "  " + profile.name;
    line.resize(12, ' ');
    std::size_t start = 0;
    const std::string& words = profile.description;
    while (start < words.size()) {
      std::size_t end = words.find(' ', start);
      if (end == std::string::npos) end = words.size();
      if (line.size() > 12 && line.size() + (end - start) + 1 > 90) {
        text += line + "\n";
        line = std::string(12, ' ');
      } else if (line.size() > 12) {
        line += ' ';
      }
      line += words.substr(start, end - start);
      start = end + 1;
    }
    text += line + "\n";
  }
  text +=
      "\nA configuration error (unknown key or rule id, bad level or glob, a suppression without\n"
      "a justification) is a usage error, exit 2, naming FILE:LINE:COLUMN and the kind of\n"
      "mistake; text from the file is quoted only when it looks like a setting (a key such as\n"
      "fail-on, a rule id), so naming a secrets file by mistake never prints it.\n"
      "Example: gafcheck config mods/upload.ufo\n"
      "         gafcheck config --profile upload mods/upload.ufo\n";
  return text;
}

// config's command line; validate() turns it into the view.
struct ConfigCommandOptions : CommandArguments {
  ConfigurationView view;
};

CommandHelp config_command_description(ConfigCommandOptions& o) {
  po::options_description general(
      "Usage: gafcheck config [options] [PATH]\n\n"
      "Prints the configuration that check and census would use for PATH (default: the current\n"
      "directory): its source file and sha256, the profile, fail-on, game, budgets, every rule\n"
      "whose level differs from the catalogue, the ignores (ignored: whether a walk leaves\n"
      "PATH out), per-file levels and suppressions.\n\n"
      "Options");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  general.add(config_options_description(o.view.options));
  return {general, help_epilogue()};
}

ConfigurationView validate(ConfigCommandOptions& o) {
  if (o.positional.size() > 1) throw UsageError{"config takes at most one PATH"};
  if (!o.positional.empty()) o.view.path = o.positional.front();
  return o.view;
}

}  // namespace

int run_config(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, config_command_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
