#!/usr/bin/env bash
# gafcheck conflicts over a collection of many archives with few overlaps, beside listing the same
# archives (numbers in docs/dev/performance.md, never a timed test).
#
#   bench/conflicts.sh [WORK_DIR]   (default: /tmp/gafcheck-bench-conflicts; ARCHIVES=2000 archives,
#                                    REPEAT=3 runs per measurement, BASELINE=an older gafcheck)
#
# Builds, with corpus/'s gafcheck-pack-tree, ARCHIVES .ufo archives from a tree of ARCHIVES folders
# holding two 64 KiB incompressible files each (each archive ~128 KiB, its directory a few hundred
# bytes), then copies five of them under other names: ten paths supplied twice, every copy
# byte-identical. With the page cache warm, times (best of REPEAT; wall, peak RSS, CPU):
#   cat of every archive                          (reading each archive whole: the I/O floor of a
#                                                  listing that reads files whole)
#   gafcheck ls of every archive                  (one process per archive, as a person lists them)
#   gafcheck conflicts --fail-on never DIR        (this build: directories only, then the overlaps)
#   the same with BASELINE, when it names another gafcheck binary (e.g. main's)
# then the same cat and conflicts runs with the collection's pages evicted from the page cache
# before each (posix_fadvise DONTNEED on its own files: nothing else is touched), and, when strace
# is installed, the bytes each conflicts run reads (the sum of its read and pread64 results).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-bench-conflicts}
archives=${ARCHIVES:-2000}
repeat=${REPEAT:-3}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-pack-tree >/dev/null
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
gafcheck="$build_dir/validator/cli/gafcheck"
pack_tree="$build_dir/corpus/gafcheck-pack-tree"
[[ -x /usr/bin/time ]] || { echo "conflicts.sh: /usr/bin/time is missing (scripts/bootstrap installs it)" >&2; exit 1; }

collection="$work/collection-$archives"
if [[ ! -d "$collection" ]]; then
  rm -rf "$work/tree"
  for n in $(seq -w 1 "$archives"); do
    mkdir -p "$work/tree/mods/m$n"
    head -c 65536 /dev/urandom >"$work/tree/mods/m$n/a.bin"
    head -c 65536 /dev/urandom >"$work/tree/mods/m$n/b.bin"
  done
  "$pack_tree" "$work/tree" "$collection" >/dev/null
  rm -rf "$work/tree"
  for n in 1 2 3 4 5; do
    cp "$(find "$collection" -name '*.ufo' | sort | sed -n "${n}p")" "$collection/zz-copy-$n.ufo"
  done
fi

# shellcheck source=lib/measure.sh
source "$root/bench/lib/measure.sh"
cat_all() { find "$1" -name '*.ufo' -print0 | xargs -0 cat; }
ls_all() { find "$2" -name '*.ufo' -print0 | xargs -0 -n 1 "$1" ls >/dev/null; }
export -f cat_all ls_all
cat_all "$collection" >/dev/null  # warm the page cache
count=$(find "$collection" -name '*.ufo' | wc -l)
bytes=$(find "$collection" -name '*.ufo' -printf '%s\n' | awk '{ s += $1 } END { print s }')
best() { sort -n | head -1; }
for round in $(seq "$repeat"); do
  echo "cat $(measure bash -c 'cat_all "$0" >/dev/null' "$collection")"
  echo "ls $(measure bash -c 'ls_all "$0" "$1"' "$gafcheck" "$collection")"
  echo "conflicts $(measure "$gafcheck" conflicts --fail-on never "$collection")"
  if [[ -n "${BASELINE:-}" ]]; then
    echo "baseline $(measure "$BASELINE" conflicts --fail-on never "$collection")"
  fi
done >"$work/rounds.txt"
evict() {
  find "$1" -name '*.ufo' -print0 | python3 -c '
import os, sys
for path in sys.stdin.buffer.read().split(b"\0"):
    if path:
        fd = os.open(path, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)'
}
for round in $(seq "$repeat"); do
  evict "$collection"
  echo "cold-cat $(measure bash -c 'cat_all "$0" >/dev/null' "$collection")"
  evict "$collection"
  echo "cold-conflicts $(measure "$gafcheck" conflicts --fail-on never "$collection")"
  if [[ -n "${BASELINE:-}" ]]; then
    evict "$collection"
    echo "cold-baseline $(measure "$BASELINE" conflicts --fail-on never "$collection")"
  fi
done >>"$work/rounds.txt"
echo "$count archives, $bytes bytes; load $(cut -d' ' -f1-3 /proc/loadavg)"
for what in cat ls conflicts baseline cold-cat cold-conflicts cold-baseline; do
  grep -q "^$what " "$work/rounds.txt" || continue
  printf '%-10s %s\n' "$what" "$(grep "^$what " "$work/rounds.txt" | cut -d' ' -f2- | best)"
done
echo "(wall seconds, peak RSS KiB, CPU seconds; the fastest of $repeat runs)"
if command -v strace >/dev/null; then
  for binary in "$gafcheck" ${BASELINE:+"$BASELINE"}; do
    strace -f -e trace=read,pread64 -o "$work/strace.log" "$binary" conflicts --fail-on never \
      --no-sandbox "$collection" >/dev/null 2>&1 || true
    echo "$binary: $(awk '/= [0-9]+$/ { s += $NF; n++ } END { print s " bytes read in " n " calls" }' "$work/strace.log")"
  done
fi
"$gafcheck" conflicts --fail-on never "$collection" 2>&1 >/dev/null | tail -1
