#!/usr/bin/env bash
# Two builds of one libFuzzer target, side by side (one core each), from the same seeds and flags:
# the way to tell whether a change moved a fuzzer's speed on a machine whose speed moves too.
#
#   bench/fuzz_side_by_side.sh OLD_BUILD_DIR NEW_BUILD_DIR TARGET [SECONDS]   (default 30)
#
# Each BUILD_DIR is a libFuzzer build (clang, -Dfuzzing=true, as scripts/test.d/20-fuzz makes
# build-fuzz/). Prints the runs and exec/s of each side; numbers in docs/dev/fuzzing.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../scripts/lib/fuzzing.sh
source "$root/scripts/lib/fuzzing.sh"
old=$1 new=$2 name=$3 seconds=${4:-30}
mapfile -t flags < <(libfuzzer_flags "$name")
mapfile -t seeds < <(seed_corpora "$name")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in old new; do
  build=$old
  [[ $side == new ]] && build=$new
  mkdir -p "$work/$side/corpus" "$work/$side/artifacts"
  ASAN_OPTIONS="$(libfuzzer_asan_options "$name")" "$build/fuzz/$name" "${flags[@]}" \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$work/$side/artifacts/" \
    "$work/$side/corpus" "${seeds[@]}" >"$work/$side/log" 2>&1 &
done
wait
for side in old new; do
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$side/log")
  echo "$side $name: $runs runs in $seconds s ($((runs / seconds)) exec/s)"
done
