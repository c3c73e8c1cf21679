#!/usr/bin/env python3
"""Checks the layout rules of the source tree (docs/dev/layout.md):

- rooms include only rooms below them: the order is ROOM_LAYERS, lowest first, and a room may
  include itself and any room listed before it;
- no source file is longer than MAX_LINES lines.

usage: house_rules.py SOURCE_ROOT    (prints each violation; exits 1 if there is any)
"""
import pathlib
import re
import sys

# Lowest first. validator/<room>/ is the room; the top-level reports/ is one room too.
ROOM_LAYERS = [
    'base', 'rules', 'core', 'result', 'gaf', 'pixels', 'taf', 'tsf', 'detect', 'hpi', 'input',
    'provenance', 'check', 'config', 'platform', 'render', 'rebuild', 'reports', 'inspect', 'census',
    'compare', 'modsets', 'cli',
]
MAX_LINES = 500
INCLUDE = re.compile(r'^#include "([^"]+)"', re.M)


def room_of(path):
    parts = pathlib.PurePosixPath(path).parts
    if parts[0] == 'validator' and len(parts) > 2:
        return parts[1]
    if parts[0] == 'reports':
        return 'reports'
    return None


def main(root):
    root = pathlib.Path(root)
    rank = {room: i for i, room in enumerate(ROOM_LAYERS)}
    problems = []
    sources = [p for top in ('validator', 'reports') for p in (root / top).rglob('*')
               if p.suffix in ('.cpp', '.hpp')]
    for source in sorted(sources):
        relative = source.relative_to(root).as_posix()
        text = source.read_text(errors='replace')
        lines = text.count('\n')
        if lines > MAX_LINES:
            problems.append(f'{relative}: {lines} lines (at most {MAX_LINES})')
        room = room_of(relative)
        if room not in rank:
            problems.append(f'{relative}: room {room!r} is not in ROOM_LAYERS')
            continue
        for included in INCLUDE.findall(text):
            target = room_of(included)
            if target is None:
                continue
            if target not in rank:
                problems.append(f'{relative}: includes {included}, whose room is unknown')
            elif rank[target] > rank[room]:
                problems.append(f'{relative}: includes {included} ({target} is above {room})')
    for problem in problems:
        print(problem)
    print(f'{len(sources)} sources, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
