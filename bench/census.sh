#!/usr/bin/env bash
# Whole-process census benchmark (numbers in README, never a timed test).
#
#   bench/census.sh [WORK_DIR]   (default: /tmp/gafcheck-bench; REPEAT=5 runs per measurement)
#
# Generates the deterministic retail-scale tree (960 GAFs, ~12,000 entries, ~46,000 frames,
# ~90,000 frame headers, half composites, ~123 MiB) and a 4x tree with corpus/'s generator, warms
# the page cache, then times with /usr/bin/time -v (the best of REPEAT runs: on a shared machine the
# fastest run is the one least disturbed by other processes; CPU seconds are shown beside it):
#   cat of every file of the tree to /dev/null      (the I/O floor)
#   gafcheck census -j 1 and -j 2 on the tree       (wall, peak RSS)
#   gafcheck census -j 2 on the 4x tree             (peak RSS must not grow with the tree)
# and prints the ratios the performance bar is stated in.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-bench}
repeat=${REPEAT:-5}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-tree >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck="$build_dir/validator/cli/gafcheck"
make_tree="$build_dir/corpus/gafcheck-make-tree"
[[ -x /usr/bin/time ]] || { echo "census.sh: /usr/bin/time is missing (scripts/bootstrap installs it)" >&2; exit 1; }

mkdir -p "$work"
[[ -d "$work/tree" ]] || "$make_tree" "$work/tree" 960 1
[[ -d "$work/tree4" ]] || "$make_tree" "$work/tree4" 3840 1

# Runs a command under /usr/bin/time -v; prints "wall_seconds max_rss_kib cpu_seconds".
measure() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || true
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; wall = s }
    /User time \(seconds\)/ { cpu += $2 }
    /System time \(seconds\)/ { cpu += $2 }
    /Maximum resident set size/ { rss = $2 }
    END { printf "%.3f %d %.2f\n", wall, rss, cpu }' "$log"
  rm -f "$log"
}

# The fastest of REPEAT measurements (with the largest peak RSS seen): "wall rss cpu".
best() {
  for _ in $(seq "$repeat"); do measure "$@"; done |
    sort -n | awk 'NR == 1 { best = $0 } $2 > rss { rss = $2 } END { split(best, f, " "); print f[1], rss, f[3] }'
}

cat_tree() { find "$1" -type f -print0 | xargs -0 cat; }
export -f cat_tree

bytes=$(find "$work/tree" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
cat_tree "$work/tree" >/dev/null; cat_tree "$work/tree4" >/dev/null  # warm the page cache

read -r cat_s _ cat_cpu < <(best bash -c 'cat_tree "$0" >/dev/null' "$work/tree")
read -r j1_s j1_rss j1_cpu < <(best "$gafcheck" census -j 1 -o "$work/report-j1.yaml" "$work/tree")
read -r j2_s j2_rss j2_cpu < <(best "$gafcheck" census -j 2 -o "$work/report-j2.yaml" "$work/tree")
read -r big_s big_rss big_cpu < <(best "$gafcheck" census -j 2 -o "$work/report-4x.yaml" "$work/tree4")

awk -v bytes="$bytes" -v cat_s="$cat_s" -v j1="$j1_s" -v j2="$j2_s" -v j1_rss="$j1_rss" \
    -v j2_rss="$j2_rss" -v big_s="$big_s" -v big_rss="$big_rss" -v cores="$(nproc)" \
    -v cat_cpu="$cat_cpu" -v j1_cpu="$j1_cpu" -v j2_cpu="$j2_cpu" -v big_cpu="$big_cpu" \
    -v repeat="$repeat" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
  printf "tree: %.1f MB, 960 GAFs; %d cores; load average %s\n", bytes / 1e6, cores, load
  printf "%-28s %12s %8s %13s\n", "best of " repeat, "wall s", "CPU s", "peak RSS MiB"
  printf "%-28s %12.3f %8.2f %13s\n", "cat of the tree", cat_s, cat_cpu, "-"
  printf "%-28s %12.3f %8.2f %13.1f\n", "census -j 1", j1, j1_cpu, j1_rss / 1024
  printf "%-28s %12.3f %8.2f %13.1f\n", "census -j 2", j2, j2_cpu, j2_rss / 1024
  printf "%-28s %12.3f %8.2f %13.1f\n", "census -j 2, 4x tree", big_s, big_cpu, big_rss / 1024
  printf "census -j 2 / cat:        %.2fx   (target <= 1.5x)\n", j2 / cat_s
  printf "single-thread throughput: %.0f MB/s (target >= 500)\n", bytes / j1 / 1e6
  printf "scaling -j 1 -> -j 2:     %.2fx   (target >= 1.7x)\n", j1 / j2
  printf "peak RSS, 1x / 4x tree:   %.1f / %.1f MiB (target <= 64 MiB)\n", j2_rss / 1024, big_rss / 1024
}'
