#!/usr/bin/env bash
# Size of rebuilt files against their originals on the deterministic retail-scale tree (the
# canonical encoder's output is no larger than the original encoding of clean retail-like
# files). Prints the total ratio, the spread per file, and whether the rebuilt tree checks clean.
# usage: bench/rebuild_ratio.sh [WORK_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
work=${1:-$(mktemp -d)}
"$root/scripts/build" validator/cli/gafcheck corpus/gafcheck-make-tree >/dev/null
rm -rf "$work/tree" "$work/rebuilt"
"$build_dir/corpus/gafcheck-make-tree" "$work/tree" >/dev/null
/usr/bin/time -f 'rebuild -j 1: %e s wall, %U s user' \
  "$build_dir/validator/cli/gafcheck" rebuild "$work/tree" -o "$work/rebuilt" -j 1
"$build_dir/validator/cli/gafcheck" check --fail-on warning -o "$work/rebuilt.yaml" "$work/rebuilt" 2>/dev/null &&
  echo "rebuilt tree: check --fail-on warning exit 0"
python3 - "$work/tree" "$work/rebuilt" <<'PY'
import os, sys
tree, rebuilt = sys.argv[1:]
ratios, total_in, total_out = [], 0, 0
for directory, _, names in os.walk(tree):
    for name in names:
        if not name.lower().endswith(('.gaf', '.taf')):
            continue
        original = os.path.join(directory, name)
        out = os.path.join(rebuilt, os.path.relpath(original, tree))
        a, b = os.path.getsize(original), os.path.getsize(out)
        total_in, total_out = total_in + a, total_out + b
        ratios.append(b / a)
ratios.sort()
print(f'{len(ratios)} sprite files: {total_in} -> {total_out} bytes, ratio {total_out / total_in:.3f}; '
      f'per file min {ratios[0]:.3f} median {ratios[len(ratios) // 2]:.3f} max {ratios[-1]:.3f}, '
      f'{sum(r > 1 for r in ratios)} larger')
PY
