#!/usr/bin/env bash
# Whole-process benchmark of gafcheck diff by content (numbers in docs/dev/performance.md, never
# a timed test).
#
#   bench/diff.sh [WORK_DIR]   (default: /tmp/gafcheck-bench-diff; REPEAT=3 runs per measurement)
#
# Generates the deterministic retail-scale tree (960 GAFs) and a copy of it with one file
# changed (a frame shown one tick longer, and a pixel when that frame is raw; in the directory
# packed into the largest archive), packs both into .ufo archives, then times, interleaved, the
# best of REPEAT runs (wall and CPU seconds):
#   census -j 1 of one tree                     (the bar: diffing two trees costs at most 1.3x it)
#   diff of the two trees
#   check of both archives (two processes)      (the bar: diffing them costs at most 2x it)
#   diff of the two versions of the largest archive (it holds the changed file)
# and prints the ratios, with the load average the machine had.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-bench-diff}
repeat=${REPEAT:-3}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-tree corpus/gafcheck-pack-tree >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck="$build_dir/validator/cli/gafcheck"
[[ -x /usr/bin/time ]] || { echo "diff.sh: /usr/bin/time is missing (scripts/bootstrap installs it)" >&2; exit 1; }

mkdir -p "$work"
[[ -d "$work/old" ]] || "$build_dir/corpus/gafcheck-make-tree" "$work/old" 960 1 >/dev/null
[[ -d "$work/old-ufo" ]] || "$build_dir/corpus/gafcheck-pack-tree" "$work/old" "$work/old-ufo" >/dev/null
# The largest archive, and the directory it was packed from (gafcheck-pack-tree names an
# archive after its directory, '/' as '-').
archive=$(cd "$work/old-ufo" && find . -name '*.ufo' -printf '%s %f\n' | sort -rn | head -1 | cut -d' ' -f2)
folder=${archive%.ufo}
folder=${folder//-//}
if [[ ! -d "$work/new" ]]; then
  cp -r "$work/old" "$work/new"
  # One file of that directory changed as an update would: a frame's duration, and a pixel.
  python3 "$root/bench/lib/edit_first_gaf.py" "$work/new" "$folder"
fi
[[ -d "$work/new-ufo" ]] || "$build_dir/corpus/gafcheck-pack-tree" "$work/new" "$work/new-ufo" >/dev/null
cmp -s "$work/old-ufo/$archive" "$work/new-ufo/$archive" &&
  { echo "diff.sh: $archive is the same in old-ufo and new-ufo" >&2; exit 1; }

# shellcheck source=lib/measure.sh
source "$root/bench/lib/measure.sh"
check_both() { "$0" check -o /dev/null "$1" && "$0" check -o /dev/null "$2"; } 2>/dev/null
export -f check_both

find "$work" -type f -print0 | xargs -0 cat >/dev/null  # warm the page cache
load=$(cut -d' ' -f1-3 /proc/loadavg)
for _ in $(seq "$repeat"); do
  echo "census $(measure "$gafcheck" census -j 1 -o "$work/census.yaml" "$work/old")"
  echo "diff_trees $(measure "$gafcheck" diff -o "$work/trees.yaml" "$work/old" "$work/new")"
  echo "check_archives $(measure bash -c 'check_both "$@"' "$gafcheck" "$work/old-ufo/$archive" "$work/new-ufo/$archive")"
  echo "diff_archives $(measure "$gafcheck" diff -o "$work/archives.yaml" "$work/old-ufo/$archive" "$work/new-ufo/$archive")"
done | awk -v load="$load" '
  {
    if (!($1 in best) || $2 < best[$1]) best[$1] = $2
    if (!($1 in cpu) || $4 < cpu[$1]) cpu[$1] = $4
    if ($3 > rss[$1]) rss[$1] = $3
  }
  function ratio(a, b) { return b > 0 ? sprintf("%.2f", a / b) : "n/a" }
  END {
    for (k in best) printf "%-15s %7.3f s wall  %6.2f s CPU  %7d KiB\n", k, best[k], cpu[k], rss[k]
    printf "diff of two trees / census of one:      %s wall, %s CPU (bar 1.3)\n",
      ratio(best["diff_trees"], best["census"]), ratio(cpu["diff_trees"], cpu["census"])
    printf "diff of two archives / check of both:   %s wall, %s CPU (bar 2.0)\n",
      ratio(best["diff_archives"], best["check_archives"]),
      ratio(cpu["diff_archives"], cpu["check_archives"])
    printf "load average before the runs: %s\n", load
  }'
grep -q "verdict: different" "$work/trees.yaml" && grep -q "verdict: different" "$work/archives.yaml" &&
  echo "both diffs found the change"
