#!/usr/bin/env bash
# Whole-process render benchmark (numbers in docs/dev/performance.md, never a timed test).
#
#   bench/render_tree.sh [WORK_DIR]   (default: /tmp/gafcheck-bench; REPEAT=5 runs per binary)
#   BASELINE=/path/to/older/gafcheck bench/render_tree.sh   (interleaves an older build's runs)
#   OUT_DIR=/dev/shm bench/render_tree.sh   (where the images go: default WORK_DIR; a tmpfs
#                                           leaves out the disk's file-creation cost)
#   BEFORE=/path/to/gafcheck bench/render_tree.sh   (a second older build, run with each -j
#                                           value as "before-jN": three builds side by side)
#   JOBS="1 2" bench/render_tree.sh         (render -j values run, each a row; default "1 2";
#                                           the baseline runs with -j 1 when it has -j at all)
#   MAX_SIDE=124 ART=sprites bench/render_tree.sh WORK_DIR
#                                           (a tree to make: leaves up to 124 pixels a side, about
#                                           real sprites' size, and shaded sprites that deflate
#                                           about as poorly as real art, where the default
#                                           pattern of 72-pixel leaves deflates 4x smaller)
#   PALETTE=ramp bench/render_tree.sh       (every run draws with --palette: a file, or "ramp" for
#                                           a made-up 256-colour PALETTE.PAL, as a user with the
#                                           game's palette renders; default: the forensic one)
#
# gafcheck render of every GAF of the retail-scale tree (corpus/tree: 960 GAFs, 46,407 top-level
# frames) into a fresh directory: 46,407 PNGs in ~12,800 entry directories plus index.json,
# under /usr/bin/time -v, with a `cp -r` of the finished output as the file-creation floor. Runs
# are interleaved (baseline, this build, cp) so a burst of load elsewhere hits them alike; medians
# are printed with the load average. The drawing and the PNG encoding without the files are
# measured apart by build/bench/gafcheck_render_tree_bench.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-bench}
repeat=${REPEAT:-5}
out_dir=${OUT_DIR:-$work}
read -r -a jobs <<<"${JOBS:-1 2}"
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-tree >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck="$build_dir/validator/cli/gafcheck"
[[ -x /usr/bin/time ]] || { echo "render_tree.sh: /usr/bin/time is missing" >&2; exit 1; }

mkdir -p "$work" "$out_dir"
[[ -d "$work/tree" ]] || "$build_dir/corpus/gafcheck-make-tree" "$work/tree" 960 1 "${MAX_SIDE:-72}" "${ART:-pattern}" >/dev/null
mapfile -t inputs < <(find "$work/tree" -type f ! -name '*.fbi' ! -name '*.wav' | sort)
find "$work/tree" -type f -print0 | xargs -0 cat >/dev/null  # warm the page cache

# shellcheck source=lib/measure.sh
source "$root/bench/lib/measure.sh"

palette=()
if [[ "${PALETTE:-}" == ramp ]]; then
  python3 -c 'import sys; sys.stdout.buffer.write(bytes(b for i in range(256) for b in (i, 255 - i, i * 7 % 256, 0)))' >"$work/ramp.pal"
  palette=(--palette "$work/ramp.pal")
elif [[ -n "${PALETTE:-}" ]]; then
  palette=(--palette "$PALETTE")
fi

load=$(cut -d' ' -f1-3 /proc/loadavg)
out="$out_dir/render-out" copy="$out_dir/render-copy"
runs=()  # label, then the command's arguments after the binary, separated by '|'
if [[ -n "${BASELINE:-}" ]]; then
  # One thread, as the ratio is stated, when the baseline has -j at all (its default is a thread
  # per core); builds older than -j always ran on one.
  if [[ "$("$BASELINE" render --help 2>&1)" == *--jobs* ]]; then
    runs+=("baseline|$BASELINE|-j|1")
  else
    runs+=("baseline|$BASELINE")
  fi
fi
for j in "${jobs[@]}"; do
  [[ -n "${BEFORE:-}" ]] && runs+=("before-j$j|$BEFORE|-j|$j")
  runs+=("this-j$j|$gafcheck|-j|$j")
done
for round in $(seq "$repeat"); do
  for named in "${runs[@]}"; do
    IFS='|' read -r -a command <<<"$named"
    rm -rf "$out"
    echo "${command[0]} $(measure "${command[1]}" render "${command[@]:2}" "${palette[@]}" -o "$out" "${inputs[@]}")"
  done
  rm -rf "$copy"
  echo "cp $(measure cp -r "$out" "$copy")"
done | awk -v repeat="$repeat" -v load="$load" -v where="$out_dir" -v palette="${PALETTE:-forensic}" '
  { n[$1]++; wall[$1, n[$1]] = $2; rss[$1, n[$1]] = $3; cpu[$1, n[$1]] = $4 }
  function median(a, key,   i, j, t, v, m) {
    m = n[key]; for (i = 1; i <= m; i++) v[i] = a[key, i]
    for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
  }
  END {
    printf "output in %s; load average before the runs: %s; medians of %d interleaved runs\n", where, load, repeat
    printf "palette: %s\n", palette
    printf "%-10s %8s %8s %9s\n", "", "wall s", "CPU s", "RSS MiB"
    for (key in n)
      printf "%-10s %8.2f %8.2f %9.1f\n", key, median(wall, key), median(cpu, key), median(rss, key) / 1024
    if (("baseline" in n) && ("before-j1" in n))
      printf "baseline / before-j1: %.2fx wall, %.2fx CPU\n", median(wall, "baseline") / median(wall, "before-j1"), median(cpu, "baseline") / median(cpu, "before-j1")
    if (("before-j1" in n) && ("this-j1" in n))
      printf "before-j1 / this-j1: %.2fx wall, %.2fx CPU\n", median(wall, "before-j1") / median(wall, "this-j1"), median(cpu, "before-j1") / median(cpu, "this-j1")
    if (("baseline" in n) && ("this-j1" in n))
      printf "baseline / this-j1: %.2fx wall, %.2fx CPU\n", median(wall, "baseline") / median(wall, "this-j1"), median(cpu, "baseline") / median(cpu, "this-j1")
  }'
echo "load after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$out" "$copy"
