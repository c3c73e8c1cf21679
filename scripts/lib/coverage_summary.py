"""Reads `llvm-cov export -summary-only` JSON on stdin and prints line coverage per folder of
validator/ (and reports/) under the source root given as the argument, then three totals: all of
validator/ that the fuzz targets link, its parsing code (the readers of every format, .gafcheck.yaml
included, and the findings they make), and the code that draws and rebuilds what was read."""
import collections
import json
import os
import sys

PARSING = {"validator/config", "validator/core", "validator/detect", "validator/gaf", "validator/hpi",
           "validator/pixels", "validator/taf", "validator/tsf"}
DRAWING_AND_REBUILDING = {"validator/render", "validator/rebuild"}

root = os.path.normpath(sys.argv[1]) + "/"
lines = collections.defaultdict(lambda: [0, 0])
for data in json.load(sys.stdin)["data"]:
    for entry in data["files"]:
        name = os.path.normpath(entry["filename"])
        if not name.startswith(root):
            continue
        parts = name[len(root):].split("/")
        if parts[0] == "validator" and len(parts) > 2:
            folder = "/".join(parts[:2])
        elif parts[0] == "reports":
            folder = "reports"
        else:
            continue
        summary = entry["summary"]["lines"]
        lines[folder][0] += summary["covered"]
        lines[folder][1] += summary["count"]


def row(label, folders):
    covered = sum(lines[f][0] for f in folders)
    count = sum(lines[f][1] for f in folders)
    print(f"{label:<32} {covered:>7} / {count:<7} {100.0 * covered / max(count, 1):6.1f}%")


print(f"{'line coverage':<32} {'covered':>7} / {'lines':<7}")
for folder in sorted(lines):
    row(folder, [folder])
validator = [f for f in lines if f.startswith("validator/")]
row("validator/ (linked code)", validator)
row("validator/ parsing code", [f for f in validator if f in PARSING])
row("validator/ drawing, rebuilding", [f for f in validator if f in DRAWING_AND_REBUILDING])
