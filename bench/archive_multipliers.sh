#!/usr/bin/env bash
# Whole-process benchmark of the archive multipliers: archives whose entries share members or
# windows (numbers in docs/security.md, never a timed test).
#
#   bench/archive_multipliers.sh [WORK_DIR]   (default: /tmp/gafcheck-multipliers; SCALE=100
#                                              percent of the full size; GAFCHECK=another binary)
#
# Builds the hostile archives with corpus/make_hostile_archives.cpp and checks each with the
# default budgets under /usr/bin/time -v: CPU seconds (user + system), peak RSS, report bytes,
# file documents and exit code. The target for archives up to 1 MB: at most 2 CPU seconds,
# 256 MiB peak RSS and 16 MB of report. Shapes refused by a budget with the defaults are also
# run with that budget raised, to show what the work would cost: the 255 MiB members with
# --max-heap 256M (held and checked instead of refused) and the 510 MiB of unchecked zlib output
# with --max-archive-ratio 1024.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-multipliers}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-hostile-archives >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck=${GAFCHECK:-$build_dir/validator/cli/gafcheck}
[[ -x /usr/bin/time ]] || { echo "archive_multipliers.sh: /usr/bin/time is missing" >&2; exit 1; }

mkdir -p "$work"
"$build_dir/corpus/gafcheck-make-hostile-archives" "$work/in" "${SCALE:-100}" >/dev/null

printf '%-24s %-28s %9s %7s %9s %12s %6s %4s\n' archive options bytes cpu_s rss_mib report_bytes docs exit
run() {
  local name=$1
  shift
  local input="$work/in/$name" report="$work/report.yaml" status=0
  /usr/bin/time -v -o "$work/time.txt" "$gafcheck" check -q "$@" -o "$report" "$input" || status=$?
  local user sys rss
  user=$(awk -F': ' '/User time/ {print $2}' "$work/time.txt")
  sys=$(awk -F': ' '/System time/ {print $2}' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  printf '%-24s %-28s %9d %7.2f %9.1f %12d %6d %4d\n' "$name" "${*:-defaults}" \
    "$(stat -c %s "$input")" "$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')" "$(awk -v r="$rss" 'BEGIN {print r / 1024}')" \
    "$(stat -c %s "$report")" "$(grep -c '^kind: file' "$report")" "$status"
}
run aliased-entries.ufo
run overlapping-windows.ufo
run many-windows.ufo
run same-content.ufo
run nested-aliased.ufo
run nested-aliased-3.ufo
run distinct-members.ufo
run shared-zlib-member.ufo
run shared-zlib-member.ufo --max-heap 256M
run same-zlib-content.ufo
run same-zlib-content.ufo --max-heap 256M
run zlib-bomb-unchecked.ufo
run zlib-bomb-unchecked.ufo --max-archive-ratio 1024
