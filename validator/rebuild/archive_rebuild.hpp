#pragma once
// Rebuilds an HPI-family archive (.hpi .ufo .ccx .gp3) for `gafcheck rebuild`: a new v1
// archive (hpi_writer.hpp) holding only the members a player can be given safely.
//
// - The input is read by the validator's own bounds-checked, budgeted reader (validator/hpi) and
//   checked first: the archive's findings are what the dispositions map.
// - Members whose path could leave an extraction directory (the rules `extract` refuses by:
//   hpi::unsafe_path_reason) are left out.
// - Paths equal under the game's case folding: the first in directory order is kept, later ones
//   are left out. That is the member the validator reports the others against
//   (hpi.duplicate-path); a file whose path is also a directory of an earlier member (or the
//   other way round) is left out the same way.
// - GAF, TAF and TSF members (by content, as check decides: hpi::member_check_format) go through
//   the MemberRebuilder; other members are copied byte for byte; members that cannot be decoded,
//   whose decoding is in error (chunk checksum, size, stream), or that the rebuilder refuses are
//   left out and listed.
// - A nested archive is rebuilt recursively, as a member, while its depth is within
//   --max-archive-depth (the input is depth 1); deeper ones are left out and listed.
// - Findings whose retail impact is a crash refuse the archive unless drop_unrenderable, which
//   leaves out the members they concern.
// - TA: Kingdoms (v2) archives are refused: the rebuilt archive would be a v1 archive.
// - Entries that share one member's stored data are decoded and rebuilt once and written as one
//   stored copy that all their records point at (the hpi.overlap the input had, kept), so
//   rebuilding the rebuilt archive gives it back byte for byte. The same content stored at other
//   offsets is rebuilt once and stored again, as the input stored it.
// Work and output are bounded by the archive budgets: each stored copy written is charged to
// --max-archive-output, members rebuilt (once per content) to --max-members, and what is held at
// once (the kept members, compressed as they will be stored, and the member being rebuilt) to
// --max-heap. Lines listed (members left out, refusal reasons) are bounded by --max-findings for
// the whole input and counted past it; a member's own reasons are listed once, not per entry.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/rebuild/rebuild_file.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::rebuild {

// One member's own rebuild, for the sidecar: check's report of the member and the dispositions
// as its rebuilder gave them (paths inside the member). Members with the same content share the
// first one's; a nested archive's members follow it, their paths joined by '!'.
struct MemberRebuild {
  std::string path;     // inside the input archive, e.g. "inner.ufo!anims/x.gaf"
  std::string archive;  // the archive holding it, inside the input ("inner.ufo"; "" the input)
  bool refused = false;
  std::vector<Disposition> dispositions;
  FileReport input_report;
};

struct ArchiveRebuildResult {
  bool refused = false;
  // Refusals by the rebuild's check of its own output (output_check.hpp), of the archive and of
  // any member or nested archive: a backstop that a correct rebuild never reaches.
  std::uint64_t output_check_refusals = 0;
  std::vector<std::uint8_t> bytes;        // the rebuilt archive
  std::vector<Disposition> dispositions;  // paths as "member/path!entry[0]/..." where useful
  std::vector<std::string> refusal_reasons;
  std::vector<std::string> dropped;  // members and entries left out
  // Of what was left out, how much no option asked for (--drop-unrenderable asks for members
  // the game crashes on): the player loses it, and the command's exit status says so.
  std::uint64_t lost = 0;
  std::uint64_t lines_unlisted = 0;    // dropped lines and refusal reasons past --max-findings
  FileReport input_report;             // check's report of the archive itself (its own findings)
  std::vector<MemberRebuild> members;  // the members rebuilt, nested archives included
};

// Rebuilds one decoded member: format is what check would check it as (gaf, taf_paletted,
// taf_truecolor, ta3d_gaf or tsf). The result is cached by content, format, the member path's
// name context (detect/name_context.hpp) and whether it names a mask file, so a rebuilder may use
// its path only for those (and for messages).
using MemberRebuilder = std::function<RebuildResult(ByteView bytes, std::string_view member_path,
                                                    Format format, const RebuildOptions& options)>;

bool archive_rebuild_available();

// With the rebuilder `gafcheck rebuild` uses: rebuild_sprite_file for GAF and TAF members,
// normalise_tsf for TSF members.
ArchiveRebuildResult rebuild_archive_file(ByteView input, std::string_view path_in_tree,
                                          const RebuildOptions& options);

ArchiveRebuildResult rebuild_archive_file(ByteView input, std::string_view path_in_tree,
                                          const RebuildOptions& options,
                                          const MemberRebuilder& rebuild_member);

}  // namespace gafcheck::rebuild
