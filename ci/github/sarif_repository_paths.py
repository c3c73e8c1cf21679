#!/usr/bin/env python3
"""Rewrites a gafcheck SARIF file so that every location is a path inside the repository.

gafcheck writes each location relative to the root it was given (uriBaseId ROOT0 for the first
path argument, ROOT1 for the second, ...), without a base URI. GitHub code scanning reads a
relative uri as a path from the repository root, so a run over `anims units` would point its
alerts at `a.gaf` instead of `anims/a.gaf`. This prefixes each uri with its root's path relative
to the working directory (the repository root in the action) and drops the base ids. A root
outside the working directory keeps its base id (GitHub shows such alerts without a file).

usage: sarif_repository_paths.py SARIF ROOT...   (rewrites SARIF in place)
"""
import json
import os
import sys
import urllib.parse


def root_prefixes(roots):
    prefixes = {}
    for index, root in enumerate(roots):
        directory = root if not os.path.isfile(root) else os.path.dirname(root) or '.'
        relative = os.path.relpath(os.path.abspath(directory))
        if relative == '..' or relative.startswith('../'):
            continue
        prefixes[f'ROOT{index}'] = '' if relative == '.' else urllib.parse.quote(relative) + '/'
    return prefixes


def rewrite(node, prefixes):
    if isinstance(node, dict):
        base = node.get('uriBaseId')
        if base in prefixes and isinstance(node.get('uri'), str):
            node['uri'] = prefixes[base] + node['uri']
            del node['uriBaseId']
        for value in node.values():
            rewrite(value, prefixes)
    elif isinstance(node, list):
        for value in node:
            rewrite(value, prefixes)


def main(path, roots):
    with open(path, encoding='utf-8') as stream:
        sarif = json.load(stream)
    prefixes = root_prefixes(roots)
    rewrite(sarif.get('runs', []), prefixes)
    for run in sarif.get('runs', []):
        bases = run.get('originalUriBaseIds', {})
        for base in prefixes:
            bases.pop(base, None)
        if not bases:
            run.pop('originalUriBaseIds', None)
    partial = path + '.partial'
    with open(partial, 'w', encoding='utf-8') as stream:
        json.dump(sarif, stream, ensure_ascii=False)
    os.replace(partial, path)


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
