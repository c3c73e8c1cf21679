#!/usr/bin/env bash
# Whole-process census benchmark (numbers in docs/dev/performance.md, never a timed test).
#
#   bench/census.sh [WORK_DIR]   (default: /tmp/gafcheck-bench; REPEAT=5 runs per measurement)
#
# Generates the deterministic retail-scale tree (960 GAFs, ~12,000 entries, ~46,000 frames,
# ~90,000 frame headers, half composites, ~123 MiB) and a 4x tree with corpus/'s generator, warms
# the page cache, then times on each tree with /usr/bin/time -v (the best of REPEAT interleaved
# runs: on a shared machine the fastest run is the one least disturbed by other processes; CPU
# seconds are shown beside wall time; the 4x tree gives ratios less blurred by time's 10 ms
# resolution):
#   cat of every file of the tree to /dev/null      (the I/O floor)
#   gafcheck census -j 1 and -j 2                   (wall, CPU, peak RSS)
#   two census -j 1 processes at once               (the machine's own scaling, as a control)
#   census -j 1 and -j 2 with --no-sandbox          (what the sandbox costs; expected about 0)
#   census -j 1 and -j 2 writing YAML and JSON Lines from one pass (--format yaml --format json;
#   target: at most 1.3x the YAML-only census), and -j 2 writing yaml, json, gnu and junit
# and the same for each tree packed into .ufo archives (gafcheck-pack-tree: one archive per
# directory, every file a zlib member): cat of the archives, census -j 1 and -j 2, with the
# throughput in MB/s of decompressed member bytes. Prints the ratios the performance bar is
# stated in.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-bench}
repeat=${REPEAT:-5}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-tree corpus/gafcheck-pack-tree >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck="$build_dir/validator/cli/gafcheck"
make_tree="$build_dir/corpus/gafcheck-make-tree"
pack_tree="$build_dir/corpus/gafcheck-pack-tree"
[[ -x /usr/bin/time ]] || { echo "census.sh: /usr/bin/time is missing (scripts/bootstrap installs it)" >&2; exit 1; }

mkdir -p "$work"
[[ -d "$work/tree" ]] || "$make_tree" "$work/tree" 960 1
[[ -d "$work/tree4" ]] || "$make_tree" "$work/tree4" 3840 1
for tree in tree tree4; do
  [[ -d "$work/$tree-ufo" ]] || "$pack_tree" "$work/$tree" "$work/$tree-ufo" >/dev/null
done

# shellcheck source=lib/measure.sh
source "$root/bench/lib/measure.sh"

cat_tree() { find "$1" -type f -print0 | xargs -0 cat; }
export -f cat_tree

tree_bytes() { find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }'; }
for tree in tree tree4 tree-ufo tree4-ufo; do cat_tree "$work/$tree" >/dev/null; done  # warm the page cache
load=$(cut -d' ' -f1-3 /proc/loadavg)
# Rounds interleave the six measurements, so a burst of load elsewhere hits them all alike; each
# keeps its fastest run (and its largest peak RSS).
for round in $(seq "$repeat"); do
  for tree in tree tree4; do
    echo "$tree cat $(measure bash -c 'cat_tree "$0" >/dev/null' "$work/$tree")"
    echo "$tree j1 $(measure "$gafcheck" census -j 1 -o "$work/report-j1.yaml" "$work/$tree")"
    echo "$tree j2 $(measure "$gafcheck" census -j 2 -o "$work/report-j2.yaml" "$work/$tree")"
    echo "$tree j1u $(measure "$gafcheck" census -j 1 --no-sandbox -o "$work/report-j1.yaml" "$work/$tree")"
    echo "$tree j2u $(measure "$gafcheck" census -j 2 --no-sandbox -o "$work/report-j2.yaml" "$work/$tree")"
    echo "$tree j1f $(measure "$gafcheck" census -j 1 --format yaml -o "$work/report-j1.yaml" \
      --format json -o "$work/report-j1.jsonl" "$work/$tree")"
    echo "$tree j2f $(measure "$gafcheck" census -j 2 --format yaml -o "$work/report-j2.yaml" \
      --format json -o "$work/report-j2.jsonl" "$work/$tree")"
    echo "$tree j2all $(measure "$gafcheck" census -j 2 --format yaml -o "$work/report-j2.yaml" \
      --format json -o "$work/report-j2.jsonl" --format gnu -o "$work/report-j2.gnu" \
      --format junit -o "$work/report-j2.xml" "$work/$tree")"
    # The control: two independent single-threaded censuses at once. What this pair achieves
    # over one alone is what the machine offers a second thread, whatever gafcheck does.
    echo "$tree pair $(measure bash -c '"$0" census -j 1 -o "$1.a" "$2" & "$0" census -j 1 -o "$1.b" "$2"; wait' \
      "$gafcheck" "$work/report-pair" "$work/$tree")"
    echo "$tree-ufo cat $(measure bash -c 'cat_tree "$0" >/dev/null' "$work/$tree-ufo")"
    echo "$tree-ufo j1 $(measure "$gafcheck" census -j 1 -o "$work/report-j1.yaml" "$work/$tree-ufo")"
    echo "$tree-ufo j2 $(measure "$gafcheck" census -j 2 -o "$work/report-j2.yaml" "$work/$tree-ufo")"
  done
done | awk -v cores="$(nproc)" -v repeat="$repeat" -v load="$load" \
    -v bytes1="$(tree_bytes "$work/tree")" -v bytes4="$(tree_bytes "$work/tree4")" \
    -v packed1="$(tree_bytes "$work/tree-ufo")" -v packed4="$(tree_bytes "$work/tree4-ufo")" \
    -v archives1="$(find "$work/tree-ufo" -name '*.ufo' | wc -l)" \
    -v archives4="$(find "$work/tree4-ufo" -name '*.ufo' | wc -l)" '
  { key = $1 " " $2
    if (!(key in wall) || $3 < wall[key]) { wall[key] = $3; cpu[key] = $5 }
    if ($4 > rss[key]) rss[key] = $4 }
  function row(name, what, suffix) {
    printf "%-14s | %8.2f %8.2f %8s | %8.2f %8.2f %8s\n", name,
      wall["tree" suffix " " what], cpu["tree" suffix " " what],
      what == "cat" ? "-" : sprintf("%.1f", rss["tree" suffix " " what] / 1024),
      wall["tree4" suffix " " what], cpu["tree4" suffix " " what],
      what == "cat" ? "-" : sprintf("%.1f", rss["tree4" suffix " " what] / 1024)
  }
  END {
    printf "%d cores; load average before the runs: %s; best of %d interleaved runs\n", cores, load, repeat
    printf "%-14s | %-26s | %-26s\n", "", sprintf("tree, %.1f MB", bytes1 / 1e6), sprintf("4x tree, %.1f MB", bytes4 / 1e6)
    printf "%-14s | %8s %8s %8s | %8s %8s %8s\n", "", "wall s", "CPU s", "RSS MiB", "wall s", "CPU s", "RSS MiB"
    row("cat", "cat", ""); row("census -j 1", "j1", ""); row("census -j 2", "j2", "")
    row("no-sandbox -j1", "j1u", ""); row("no-sandbox -j2", "j2u", "")
    row("yaml+json -j 1", "j1f", ""); row("yaml+json -j 2", "j2f", ""); row("4 formats -j 2", "j2all", "")
    printf "census -j 2 / cat         %6.2fx   %6.2fx     (target <= 1.2x)\n", wall["tree j2"] / wall["tree cat"], wall["tree4 j2"] / wall["tree4 cat"]
    printf "census -j 1 throughput    %6.0f    %6.0f MB/s (target >= 500)\n", bytes1 / wall["tree j1"] / 1e6, bytes4 / wall["tree4 j1"] / 1e6
    printf "scaling -j 1 -> -j 2      %6.2fx   %6.2fx     (target >= 1.7x)\n", wall["tree j1"] / wall["tree j2"], wall["tree4 j1"] / wall["tree4 j2"]
    printf "  control: 2 x census -j 1 at once vs one alone: %.2fx  %.2fx (what the machine gives)\n", 2 * wall["tree j1"] / wall["tree pair"], 2 * wall["tree4 j1"] / wall["tree4 pair"]
    printf "sandbox on / off, -j 1    %6.2fx   %6.2fx     (wall; expected about 1)\n", wall["tree j1"] / wall["tree j1u"], wall["tree4 j1"] / wall["tree4 j1u"]
    printf "sandbox on / off, -j 2    %6.2fx   %6.2fx\n", wall["tree j2"] / wall["tree j2u"], wall["tree4 j2"] / wall["tree4 j2u"]
    printf "peak RSS                  %6.1f    %6.1f MiB  (target <= 64 MiB)\n", rss["tree j2"] / 1024, rss["tree4 j2"] / 1024
    printf "yaml+json / yaml, -j 1    %6.2fx   %6.2fx     (wall; target <= 1.3x)\n", wall["tree j1f"] / wall["tree j1"], wall["tree4 j1f"] / wall["tree4 j1"]
    printf "yaml+json / yaml, -j 2    %6.2fx   %6.2fx     (wall; target <= 1.3x)\n", wall["tree j2f"] / wall["tree j2"], wall["tree4 j2f"] / wall["tree4 j2"]
    printf "  CPU, -j 2               %6.2fx   %6.2fx\n", cpu["tree j2f"] / cpu["tree j2"], cpu["tree4 j2f"] / cpu["tree4 j2"]
    printf "4 formats / yaml, -j 2    %6.2fx   %6.2fx     (yaml, json, gnu, junit)\n", wall["tree j2all"] / wall["tree j2"], wall["tree4 j2all"] / wall["tree4 j2"]
    printf "peak RSS, 4 formats       %6.1f    %6.1f MiB\n", rss["tree j2all"] / 1024, rss["tree4 j2all"] / 1024
    printf "\n%-14s | %-26s | %-26s\n", "archives",
      sprintf("%d .ufo, %.1f MB", archives1, packed1 / 1e6), sprintf("%d .ufo, %.1f MB", archives4, packed4 / 1e6)
    row("cat", "cat", "-ufo"); row("census -j 1", "j1", "-ufo"); row("census -j 2", "j2", "-ufo")
    printf "census -j 1 decompressed  %6.0f    %6.0f MB/s of members\n", bytes1 / wall["tree-ufo j1"] / 1e6, bytes4 / wall["tree4-ufo j1"] / 1e6
    printf "census -j 2 decompressed  %6.0f    %6.0f MB/s of members\n", bytes1 / wall["tree-ufo j2"] / 1e6, bytes4 / wall["tree4-ufo j2"] / 1e6
  }'
