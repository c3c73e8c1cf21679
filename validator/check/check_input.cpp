#include "validator/check/check_input.hpp"

#include <algorithm>

#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/gaf_summary.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/hpi/archive_check.hpp"
#include "validator/input/input_file.hpp"
#include "validator/pixels/pixel_checks.hpp"
#include "validator/provenance/identify.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/taf/taf_check.hpp"
#include "validator/tsf/tsf_check.hpp"

namespace gafcheck {
namespace {

void take_findings(FileReport& report, Findings& findings, const BudgetMeter& budget) {
  report.findings = findings.take_listed();
  report.rule_counts = findings.counts();
  report.findings_suppressed = findings.suppressed();
  report.budget_hit = budget.first_hit();
  if (findings.suppressed() > 0) report.retail = findings.suppressed_worst_retail();
}

// Returns the writer facts of the structure it read, when no budget was hit before they were all
// read (then they are the facts gafcheck identify reads; else nullopt, and identify reads again).
std::optional<provenance::ObservedFacts> check_gaf(WalkContext& context, FileReport& report,
                                                   const CheckOptions& options,
                                                   const InputName& name) {
  const gaf::GafIndex index = gaf::read_gaf_structure(context);
  std::optional<provenance::ObservedFacts> facts;
  if (!context.budget.first_hit())
    facts = provenance::gaf_writer_facts(context.file, index, options.limits);
  gaf::summarize_gaf(index, report.summary, report.survey);
  pixels::check_gaf_pixels(context, index, options, name.engine_path(), report.summary);
  return facts;
}

// Which tool wrote the bytes, as gafcheck identify says: from the GAF structure the check read
// when it could, else identified afresh under the same budgets (an archive's header and
// directory read again, at most a few of its LZ77 chunks decoded).
WriterIdentity writer_of(ByteView bytes, const std::optional<provenance::ObservedFacts>& gaf_facts,
                         const BudgetLimits& limits) {
  const Format sniffed = sniff_format(bytes);
  if (gaf_facts && (sniffed == Format::gaf || sniffed == Format::ta3d_gaf))
    return provenance::match_writer(*gaf_facts, sniffed);
  return provenance::identify_writer(bytes, limits);
}

// TA3D mounts an archive without looking for the copyright footer that retail TA requires
// (docs/format/hpi.md §1): under --game ta3d its absence is a fact about the file, not a refusal.
void rate_footer_for_engine(FileReport& report, Game game) {
  if (report.format != Format::hpi || game != Game::ta3d) return;
  for (Finding& finding : report.findings) {
    if (finding.rule != RuleId::hpi_footer) continue;
    finding.severity = Severity::info;
    finding.retail = Retail::none;
    finding.message += "; TA3D does not check the footer and loads the archive (--game ta3d)";
  }
}

// Bytes no check reads: a container gafcheck does not open (format.container), unless the name is
// one the engine loads whatever it holds; else format.unknown.
void report_foreign_file(Findings& findings, ByteView bytes, std::string_view engine_path) {
  const auto container = sniff_container(bytes);
  const auto names = known_extension_names();
  const bool engine_name =
      std::find(names.begin(), names.end(), display_extension(engine_path)) != names.end();
  if (container && !engine_name) {
    findings.add(RuleId::format_container, 0, container->offset + container->length, "",
                 "not opened: a " + std::string(container->kind) +
                     "; gafcheck does not open ZIP, 7z, RAR, gzip, bzip2, xz, zstd or tar "
                     "containers: unpack it and check the contents");
    return;
  }
  findings.add(
      RuleId::format_unknown, 0, std::min<std::uint64_t>(bytes.size(), 16), "",
      "not a GAF, TAF, HPI or TSF file (first bytes: " +
          (bytes.empty() ? std::string("none, the file is empty") : hexdump(bytes, 0, 16)) + ")" +
          (container ? "; it holds a " + std::string(container->kind) : std::string()));
}

// archive_depth: how deep in archives these bytes are (1 outside any); harvest collects an
// archive's members for check_tree (nullptr: the archive's own report only).
FileReport check_bytes_at(ByteView bytes, const InputName& name, const CheckOptions& options,
                          std::uint64_t archive_depth, hpi::MemberHarvest* harvest,
                          hpi::ArchiveUse* work = nullptr) {
  FileReport report;
  report.path = name.display;
  report.size = bytes.size();
  if (options.hash_contents) report.sha256 = sha256_hex(bytes);
  report.format = refine_format_by_name(sniff_format(bytes), bytes, name.engine_path());

  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{bytes, findings, budget};
  std::optional<provenance::ObservedFacts> gaf_facts;
  check_extension(context, report.format, name.engine_path());
  switch (report.format) {
    case Format::gaf:
    case Format::taf_paletted:
    case Format::ta3d_gaf:
      if (report.format == Format::ta3d_gaf && options.game == Game::ta3d) {
        taf::check_ta3d_gaf(context, report);
        break;
      }
      // The TA and TAK engines never read the version word: whatever it says, the file is the GAF
      // they load. The foreign-layout scan goes first so its finding is always listed.
      if (options.game != Game::ta3d)
        taf::check_foreign_layout(context, options.limits[BudgetKind::frame_refs]);
      gaf_facts = check_gaf(context, report, options, name);
      break;
    case Format::taf_truecolor: taf::check_truecolor_taf(context, report); break;
    case Format::tsf: tsf::check_tsf(context, report, name); break;
    case Format::hpi: hpi::check_archive(context, archive_depth, report, harvest); break;
    default:
      report_foreign_file(findings, bytes, name.engine_path());
      report.format = Format::unknown;
      break;
  }
  // The engines open a .gaf by its name and read whatever it holds as a GAF (the TA engines never
  // read the version word): a script or an archive named .gaf also gets the GAF checks.
  if ((report.format == Format::tsf || report.format == Format::hpi) &&
      display_extension(name.engine_path()) == ".gaf" && !context.stopped())
    check_gaf(context, report, options, name);
  take_findings(report, findings, budget);
  rate_footer_for_engine(report, options.game);
  finalize_verdict(report);
  report.writer = writer_of(bytes, gaf_facts, options.limits);
  if (options.attach) options.attach(bytes, report);
  if (work)
    for (const BudgetKind kind : hpi::member_shared_budgets)
      work->checking[static_cast<std::size_t>(kind)] = budget.used(kind);
  return report;
}

// Checks bytes and hands their report to the sink; for an archive, then each member worth
// checking, nested archives recursively. Returns what the bytes used of the budgets members
// share with their archive (decompressed output, directory entries, member documents, listed
// findings, and the checking work of hpi::member_shared_budgets), so that neither many members
// nor an archive of archives can multiply them. Member bytes held at any moment, at every level,
// are charged to held.
hpi::ArchiveUse check_tree(ByteView bytes, const InputName& name,
                           std::optional<std::string> member_of, const CheckOptions& options,
                           std::uint64_t archive_depth, const ReportSink& sink,
                           hpi::HeldBytes& held, const hpi::TreeOutput& tree_output) {
  hpi::MemberHarvest harvest(options.limits, held);
  harvest.set_tree_output(tree_output);
  hpi::ArchiveUse work;
  FileReport report = check_bytes_at(bytes, name, options, archive_depth, &harvest, &work);
  report.member_of = std::move(member_of);
  work.findings = report.findings.size();
  sink(std::move(report));
  hpi::ArchiveUse used = harvest.used();
  used.checking = work.checking;
  used.findings = work.findings;
  const auto left = [&options](BudgetKind kind, std::uint64_t spent) {
    return options.limits[kind] - std::min(spent, options.limits[kind]);
  };
  for (std::size_t i = 0; i < harvest.size(); ++i) {
    const std::optional<hpi::HeldBuffer> member = harvest.take(i);
    if (!member) continue;  // cannot happen: the room it was decoded in is free again
    CheckOptions inner = options;
    inner.limits[BudgetKind::archive_output] = left(BudgetKind::archive_output, used.output);
    inner.limits[BudgetKind::archive_entries] = left(BudgetKind::archive_entries, used.entries);
    inner.limits[BudgetKind::members] = left(BudgetKind::members, used.members);
    for (const BudgetKind kind : hpi::member_shared_budgets)
      inner.limits[kind] = left(kind, used.checking[static_cast<std::size_t>(kind)]);
    inner.limits[BudgetKind::findings] = left(BudgetKind::findings, used.findings);
    // What a member's check allocates and the member bytes held share --max-heap.
    inner.limits[BudgetKind::heap] = held.limit() - std::min(held.held(), held.limit());
    const hpi::ArchiveUse nested = check_tree(
        member->view(), name.member_named(harvest.path(i)), name.display, inner, archive_depth + 1,
        sink, held, {tree_output.basis, tree_output.before + used.output});
    used.output += nested.output;
    used.entries += nested.entries;
    used.members += nested.members;
    for (const BudgetKind kind : hpi::member_shared_budgets)
      used.checking[static_cast<std::size_t>(kind)] +=
          nested.checking[static_cast<std::size_t>(kind)];
    used.findings += nested.findings;
  }
  return used;
}

// An input's archive tree, with one held-bytes account for all of it.
void check_tree_of_input(ByteView bytes, const std::string& display_path,
                         const CheckOptions& options, const ReportSink& sink) {
  hpi::HeldBytes held(options.limits[BudgetKind::heap]);
  const hpi::TreeOutput tree_output{std::max<std::uint64_t>(bytes.size(), 1 << 20), 0};
  check_tree(bytes, InputName::file(display_path), std::nullopt, options, 1, sink, held,
             tree_output);
}

FileReport too_large_report(const std::string& display_path, std::uint64_t size,
                            const CheckOptions& options) {
  FileReport report;
  report.path = display_path;
  report.size = size;
  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{ByteView(), findings, budget};
  context.check(BudgetKind::file_size, size, 0, "");
  take_findings(report, findings, budget);
  finalize_verdict(report);
  return report;
}

// The report of an input that was not read: a budget finding when it was too large.
FileReport failure_report(const std::string& display_path, const ReadFailure& failure,
                          const CheckOptions& options) {
  return failure.too_large ? too_large_report(display_path, failure.size, options)
                           : unreadable_report(display_path, failure.reason, failure.size);
}

}  // namespace

FileReport check_bytes(ByteView bytes, const std::string& display_path,
                       const CheckOptions& options) {
  return check_bytes(bytes, InputName::file(display_path), options);
}

FileReport check_bytes(ByteView bytes, const InputName& name, const CheckOptions& options) {
  return check_bytes_at(bytes, name, options, 1, nullptr);
}

FileReport check_file(const std::filesystem::path& path, const CheckOptions& options) {
  const std::string display_path = path.string();
  auto mapped = InputFile::open(path, options.limits[BudgetKind::file_size]);
  if (!mapped) return failure_report(display_path, mapped.problem(), options);
  return check_bytes(mapped->view(), InputName::file(display_path), options);
}

void check_bytes_with_members(ByteView bytes, const std::string& display_path,
                              const CheckOptions& options, const ReportSink& sink) {
  check_tree_of_input(bytes, display_path, options, sink);
}

void check_input(const std::filesystem::path& path, const CheckOptions& options,
                 const ReportSink& sink) {
  const std::string display_path = path.string();
  auto mapped = InputFile::open(path, options.limits[BudgetKind::file_size]);
  if (!mapped) return sink(failure_report(display_path, mapped.problem(), options));
  const ByteView bytes = mapped->view();
  if (!options.hash_contents && options.hash_archive_trees && sniff_format(bytes) == Format::hpi) {
    CheckOptions hashed = options;
    hashed.hash_contents = true;
    check_tree_of_input(bytes, display_path, hashed, sink);
    return;
  }
  check_tree_of_input(bytes, display_path, options, sink);
}

FileReport unreadable_report(const std::string& display_path, const std::string& reason,
                             std::uint64_t size) {
  FileReport report;
  report.path = display_path;
  report.size = size;
  report.format = Format::unreadable;
  Findings findings(embedded_catalog(), 1);
  findings.add(RuleId::input_unreadable, 0, 0, "", reason);
  report.rule_counts = findings.counts();
  report.findings = findings.take_listed();
  finalize_verdict(report);
  return report;
}

void finalize_verdict(FileReport& report) {
  bool rejected = false;
  std::optional<Severity> worst;
  const auto counts = [&](RuleId rule, Severity severity) {
    if (rule == RuleId::budget_exceeded || rule == RuleId::format_unknown ||
        rule == RuleId::input_unreadable)
      rejected = true;
    worst = worst ? std::max(*worst, severity) : severity;
  };
  // Suppressed findings (configuration) stay listed but count for nothing; counted-only ones
  // (past --max-findings) count at the level configuration gave their rule.
  std::array<std::uint64_t, rule_count> listed{};
  for (const Finding& finding : report.findings) {
    ++listed[static_cast<std::size_t>(finding.rule)];
    report.retail = std::max(report.retail, finding.retail);
    if (!finding.suppressed) counts(finding.rule, finding.severity);
  }
  for (std::size_t i = 0; i < rule_count; ++i)
    if (report.rule_counts[i] > listed[i])
      if (const auto severity = counted_severity(report, i))
        counts(static_cast<RuleId>(i), *severity);
  if (rejected)
    report.verdict = Verdict::rejected;
  else if (worst == Severity::error)
    report.verdict = Verdict::errors;
  else if (worst == Severity::warning)
    report.verdict = Verdict::warnings;
  else
    report.verdict = Verdict::clean;
}

}  // namespace gafcheck
