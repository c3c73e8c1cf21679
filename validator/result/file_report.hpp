#pragma once
// The result of checking one input: what it is, the verdict, counters and every finding.
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/format.hpp"
#include "validator/result/writer_identity.hpp"
#include "validator/rules/finding.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck {

enum class Verdict { clean, warnings, errors, rejected };
std::string_view verdict_name(Verdict verdict);
std::optional<Verdict> verdict_from_name(std::string_view name);
// The verdict as a person's report shows it: OK, WARN, ERROR, REJECTED.
std::string_view verdict_label(Verdict verdict);

// Named integer counters in first-use order. Dotted keys ("coverage.slack") nest in reports.
// A census adds counters of the same name across files, so every counter must be a sum.
class Counters {
 public:
  void add(std::string_view key, std::uint64_t amount = 1);
  // Each key with its amount, in the order listed.
  void add(std::initializer_list<std::pair<std::string_view, std::uint64_t>> amounts) {
    for (const auto& [key, amount] : amounts) add(key, amount);
  }
  std::uint64_t get(std::string_view key) const;
  const std::vector<std::pair<std::string, std::uint64_t>>& items() const { return items_; }

 private:
  std::vector<std::pair<std::string, std::uint64_t>> items_;
  std::size_t next_ = 0;  // where add() starts looking (<= items_.size())
};

// Named histograms (value -> occurrences) for census survey figures; merged by adding.
using Histogram = std::map<std::int64_t, std::uint64_t>;
using Histograms = std::map<std::string, Histogram, std::less<>>;

// One member of an archive as the archive's report lists it.
struct ArchiveMember {
  std::string path;                   // raw name bytes, components joined by '/'
  std::uint64_t size = 0;             // decompressed, as declared
  std::uint64_t compressed_size = 0;  // bytes it occupies in the archive (0 when not located)
  std::string method;                 // stored | lz77 | zlib | unknown
  bool encrypted = false;             // archive XOR layer or chunk obfuscation
  Format format = Format::unknown;    // sniffed from the decoded content
  bool checked = false;               // a report of its own follows the archive's
  std::string same_data_as;           // the earlier member whose data it is (hpi.shared-data)
};

// How configuration (.gafcheck.yaml, --rule) rated a rule's findings that were only counted,
// past --max-findings: as the catalogue says (no configuration applied), counting for nothing
// (the rule is off, or suppressed for this file), or at a severity.
enum class CountedLevel : std::uint8_t { catalogue, ignored, info, warning, error };

// Pictures and bytes for a report a person reads (--format html): made by the check pipeline,
// which holds the bytes, only when such a report is asked for; bounded by its options.
struct ReportThumbnail {
  std::string frame_path;  // the frame's structure path (entry[i]/frame[k])
  std::string policy;      // retail | strict | diff
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t full_width = 0;     // the frame's canvas, when the picture is scaled down to fit
  std::uint32_t full_height = 0;    // (0 when it is drawn pixel for pixel)
  std::string png;                  // PNG bytes; empty when not drawn
  std::string reason;               // why not drawn
  std::vector<std::uint32_t> rows;  // defective rows (canvas rows), at most a few dozen
};
struct HexExcerpt {
  std::size_t finding = 0;  // index into FileReport::findings
  std::string text;         // rows of "OFFSET  HEX  ASCII" (printable ASCII, others '.')
};
// One tile of the page's gallery: an entry's first frame, drawn as the game draws it.
struct GalleryTile {
  std::string entry;  // the entry's name (raw bytes up to its NUL)
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::string png;     // PNG bytes; empty when not drawn
  std::string reason;  // why not drawn; with a picture, why the game cannot draw it (drawn strict)
};
struct ReportAttachments {
  std::vector<ReportThumbnail> thumbnails;
  std::vector<GalleryTile> gallery;   // the first gallery_tiles_per_file entries
  std::uint64_t gallery_entries = 0;  // entries the file has (those past the tiles counted only)
  std::vector<HexExcerpt> excerpts;
  std::uint64_t frames_left_out = 0;  // frames with pixel findings past the thumbnail bounds
  // gafcheck html: why nothing was drawn from the file (missing, changed since the report).
  std::string unavailable;
  std::string sha256;  // the file's, for the gallery (a census hashes only files with a document)
};

struct FileReport {
  std::string path;
  std::optional<std::string> member_of;  // archive path, for archive members
  std::uint64_t size = 0;
  std::string sha256;
  Format format = Format::unknown;
  Verdict verdict = Verdict::clean;
  Retail retail = Retail::none;
  Counters summary;
  Histograms survey;
  std::vector<Finding> findings;
  std::array<std::uint64_t, rule_count> rule_counts{};
  std::uint64_t findings_suppressed = 0;  // past --max-findings: counted, not listed
  // Findings of rules configuration turned off: dropped from the list, counted here (they stay
  // in rule_counts, which describe the file whatever the configuration says).
  std::uint64_t findings_off = 0;
  // Findings the configuration rated below the severity the check gave them (rules:, per-file:,
  // --rule): listed, or counted, at the lower severity.
  std::uint64_t findings_lowered = 0;
  // Findings below the display threshold (--min-severity), by severity (info, warning): dropped
  // from the list before any writer sees them, counted for the summary's `hidden`. Display only:
  // the verdict and the exit code were settled with them.
  std::array<std::uint64_t, 2> findings_hidden{};
  // The configuration file that rated the findings (.gafcheck.yaml, --config, the user's
  // config.yaml), as the header lists it; empty when none did.
  std::string config;
  std::array<CountedLevel, rule_count> counted_levels{};
  std::optional<BudgetHit> budget_hit;
  // Which tool wrote the bytes (gafcheck identify's answer): for an archive its packer, for a
  // member its own writer. Absent for a file that was not read, and in reports written before
  // check named writers.
  std::optional<WriterIdentity> writer;
  std::optional<std::vector<ArchiveMember>> members;  // archives only
  std::optional<ReportAttachments> attachments;       // --format html only
};

// The severity a rule's counted-only findings have for the verdict and the exit code, or nullopt
// when they count for nothing (configuration turned the rule off or suppressed it).
std::optional<Severity> counted_severity(const FileReport& report, std::size_t rule);

// "1 error, 2 warnings, 0 info": findings by severity, for people.
std::string severity_counts(std::uint64_t errors, std::uint64_t warnings, std::uint64_t info);

// Why the file has its verdict, for people: the message of the first listed finding of the worst
// severity that counts (suppressed ones do not) and, among those, of the worst retail impact, as
// printable text; for an unreadable file that is the operating system's reason ("cannot open: No
// such file or directory"). Empty when no counting finding is listed (a clean file, or one whose
// findings were only counted).
std::string verdict_reason(const FileReport& report);

// The display threshold (--min-severity): drops the listed findings below `threshold` (and their
// hex excerpts), counting them in findings_hidden. Every writer's input passes through it, so
// all formats leave out the same findings.
void hide_findings_below(FileReport& report, Severity threshold);

}  // namespace gafcheck
