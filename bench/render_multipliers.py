#!/usr/bin/env python3
"""Writes GAFs whose references multiply what render draws and writes, and measures render on
them (a benchmark: numbers in docs/security.md, never a timed test).

usage: bench/render_multipliers.py WORK_DIR [GAFCHECK...]
       bench/render_multipliers.py --small DIR   (the small copies kept in corpus/crashers/)

Shapes (full size):
  shared-block.gaf  ten frame headers, one entry, all aimed at one 65535x1600 block of count-0
                    rows (3.6 KB)
  alias-slots.gaf   16,384 entry-table slots aimed at one entry of one 8x4 frame (66 KB)
  shared-refs.gaf   two entries of 40,950 frame references each, all to one 8x4 frame (655 KB),
                    rendered with --policy both --diff
  alternating.gaf   two entries of 40,950 frame references each, alternately to an 8x4 and a
                    4x8 frame, every reference with its own duration: no run of references
                    longer than one (655 KB), rendered with --policy both --diff
For each GAFCHECK binary (default build/validator/cli/gafcheck) and each shape: CPU seconds,
peak RSS, files and folders written (find OUT | wc -l), bytes (du -sb OUT) and index.json's
bytes, exit status.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / 'tests' / 'support'))
from gaf_parts import gaf_shared  # noqa: E402  (tests/support, found through the path above)


def gaf(slots, entries, frames, blob):
    """slots: entry per slot; entries: (name, [frame index, or (frame index, duration)...]);
    frames: (width, height, compressed) all pointing at blob."""
    entries = [(name, [(f, 1) if isinstance(f, int) else f for f in refs])
               for name, refs in entries]
    frames = [{'width': width, 'height': height, 'compressed': compressed, 'blob': 0}
              for width, height, compressed in frames]
    return gaf_shared(slots, entries, frames, [blob])


def shapes(scale_rows, slots, refs):
    raw = bytes(range(1, 33))  # an 8x4 raw frame
    # Two images of raw's 32 pixels, 8x4 and 4x8, referenced in turn.
    alternate = [(i % 2, 1 + i) for i in range(refs)]
    return {
        'shared-block.gaf': (gaf([0], [(b'BLOCK', list(range(10)))],
                                 [(65535, scale_rows, 1)] * 10, bytes(2 * scale_rows)), []),
        'alias-slots.gaf': (gaf([0] * slots, [(b'ONE', [0])], [(8, 4, 0)], raw), []),
        'shared-refs.gaf': (gaf([0, 1], [(b'A', [0] * refs), (b'B', [0] * refs)],
                                [(8, 4, 0)], raw), ['--policy', 'both', '--diff']),
        'alternating.gaf': (gaf([0, 1], [(b'A', alternate), (b'B', alternate)],
                                [(8, 4, 0), (4, 8, 0)], raw), ['--policy', 'both', '--diff']),
    }


def measure(gafcheck, path, options, out):
    shutil.rmtree(out, ignore_errors=True)
    result = subprocess.run(['/usr/bin/time', '-v', gafcheck, 'render', *options, '-o', out,
                             path], capture_output=True, text=True)
    field = lambda name: re.search(name + r': ([\d.:]+)', result.stderr).group(1)
    cpu = float(field('User time \\(seconds\\)')) + float(field('System time \\(seconds\\)'))
    rss = int(field('Maximum resident set size \\(kbytes\\)')) / 1024
    files = 1 + sum(len(d) + len(f) for _, d, f in os.walk(out)) if os.path.isdir(out) else 0
    index = os.path.getsize(os.path.join(out, 'index.json')) if os.path.isfile(
        os.path.join(out, 'index.json')) else 0
    size = int(subprocess.run(['du', '-sb', out], capture_output=True, text=True)
               .stdout.split()[0]) if os.path.isdir(out) else 0
    return cpu, rss, files, size, index, result.returncode


def main():
    if sys.argv[1] == '--small':
        target = pathlib.Path(sys.argv[2])
        names = {'shared-block.gaf': 'fuzz_render-same-image-ten-headers-one-block.bin',
                 'alias-slots.gaf': 'fuzz_render-same-image-1024-alias-slots.bin',
                 'shared-refs.gaf': 'fuzz_render-same-image-4000-references.bin',
                 'alternating.gaf': 'fuzz_render-index-4000-alternating-references.bin'}
        for name, (data, _) in shapes(16, 1024, 2000).items():
            (target / names[name]).write_bytes(data)
        return
    work = pathlib.Path(sys.argv[1])
    work.mkdir(parents=True, exist_ok=True)
    root = pathlib.Path(__file__).resolve().parent.parent
    binaries = sys.argv[2:] or [str(root / 'build' / 'validator' / 'cli' / 'gafcheck')]
    print('%-18s %-40s %9s %7s %8s %8s %12s %12s %4s' % (
        'input', 'binary', 'bytes', 'cpu_s', 'rss_mib', 'files', 'out_bytes', 'index_bytes',
        'exit'))
    for name, (data, options) in shapes(1600, 16384, 40950).items():
        path = work / name
        path.write_bytes(data)
        for gafcheck in binaries:
            cpu, rss, files, size, index, code = measure(gafcheck, path, options, work / 'out')
            print('%-18s %-40s %9d %7.2f %8.1f %8d %12d %12d %4d' % (
                name, gafcheck[-40:], len(data), cpu, rss, files, size, index, code))
    shutil.rmtree(work / 'out', ignore_errors=True)


main()
