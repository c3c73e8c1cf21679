#pragma once
// --format html: one self-contained page a person reads in a browser (no network: CSS and
// JavaScript inline, thumbnails as data: URIs). Per file: verdict, retail impact, findings with
// their rule's title (the explanation in a glossary of the rules that occur), a hex excerpt per
// finding and strict/retail/diff thumbnails of frames with pixel findings, red bars marking
// defective rows (FileReport::attachments, made by the check pipeline: the writer never re-reads
// an input). Summary tables, survey histograms as inline SVG, filters by rule and severity.
//
// Files are sorted by worst retail impact (crash first), then in path order: the rendered groups
// are held until summary(). What they hold is bounded by what the run bounds: listed findings by
// --max-findings per file, hex excerpts and thumbnails by their own bounds (html_attachments.hpp);
// a clean file is one table row. The report-wide bounds (FormatContext::html_thumbnails frames,
// their pictures' bytes within FormatContext::html_picture_bytes, html_excerpts_per_report hex
// excerpts, html_findings_per_page finding rows) are applied in write(), in the order groups are
// written, so which files keep their pictures depends only on path order, never on census -j
// timing: render() marks each frame's pictures and each excerpt, and write() keeps or drops them.
#include <cstdint>
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

inline constexpr std::uint64_t html_excerpts_per_report = 4000;
// Finding rows on one page, in the order files are written (path order): a census of thousands
// of damaged files would otherwise hold --max-findings rows for each in memory and on the page.
// The rows past it are counted in a note per file and in the summary table, never dropped
// silently.
inline constexpr std::uint64_t html_findings_per_page = 20000;

std::unique_ptr<FormatWriter> make_html_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context);

}  // namespace gafcheck
