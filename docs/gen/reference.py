#!/usr/bin/env python3
"""Writes the generated reference pages of the manual, docs/reference/budgets.md and
docs/reference/exit-codes.md, from `gafcheck --dump-cli` (validator/cli/cli_description.hpp):
the budget table is budget_specs, the exit codes exit_code_specs, as the binary holds them.

usage: reference.py CLI_JSON OUTDIR           write OUTDIR/budgets.md and OUTDIR/exit-codes.md
       reference.py --check CLI_JSON DIR      exit 1 when DIR's pages are not what CLI_JSON gives"""
import json
import pathlib
import sys

REGENERATE = ('build/validator/cli/gafcheck --dump-cli > cli.json && '
              'python3 docs/gen/reference.py cli.json docs/reference')
GENERATED = ('<!-- Generated from `gafcheck --dump-cli` by docs/gen/reference.py; do not edit. '
             'Regenerate with: ' + REGENERATE + ' -->')


def cell(text):
    return str(text).replace('|', '\\|').replace('\n', ' ')


def quantity(value, unit):
    """A default as people write it: 1 GiB, 2^30, 1,000,000."""
    if unit == 'bytes':
        for suffix, size in (('GiB', 1 << 30), ('MiB', 1 << 20)):
            if value >= size and value % size == 0:
                return f'{value // size} {suffix}'
        return f'{value:,}'
    if unit == 'count' and value >= 1 << 20 and value & (value - 1) == 0:
        return f'2^{value.bit_length() - 1}'
    return f'{value:,}'


def budgets_page(cli):
    budgets = cli['budgets']
    out = ['# Budgets', '', GENERATED, '',
           'Every limit hostile input could drive is a budget, settable per run with its option '
           '(K/M/G suffixes accepted) or in `.gafcheck.yaml` under the option\'s name without the '
           'leading dashes; hitting one is a `budget.exceeded` finding and a `rejected` verdict, never a '
           'crash or a hang.', '',
           '| option | default | unit | a hit stops | limits |', '|---|---|---|---|---|']
    for budget in budgets:
        stops = 'the whole walk of the file' if budget['stops_walk'] else 'only the work it bounds'
        out.append(f"| `{budget['option']}` | {quantity(budget['default'], budget['unit'])} "
                   f"| {budget['unit']} | {stops} | {cell(budget['description'])} |")
    out += ['',
            'Budgets are per input file, and an archive is one input: its members and nested '
            'archives share one `--max-findings`, `--max-entries`, `--max-frame-refs`, '
            '`--max-pixels`, `--max-expansion`, `--max-rle-commands` and `--max-heap` with it, as '
            'they share the archive budgets, so an upload of thousands of members (or of entries '
            'aimed at one member) costs one file\'s work, not thousands. Archive budgets are per '
            'archive; nested archives draw on their outer archive\'s output and entries. '
            '`--max-frame-refs` counts layer pointers as well as frame references, an aliased '
            'table once; `--max-rle-commands` counts each row\'s count word as one command; '
            '`--max-member-size` is checked against the declared size before anything is '
            'allocated; `--max-chunk-ratio` is also the bound of the `hpi.ratio` finding.', '',
            'Structure paths in findings are bounded too: deeper than 32 components they fold '
            'around a `...(N more)` marker, and archive member names in findings keep 512 bytes '
            '(`ls` and the member list keep the full name).', '',
            'What a hit leaves standing, and why checks that need only the file size run before '
            'any budget is charged, is in the [security model](../security.md).', '']
    return '\n'.join(out)


def exit_codes_page(cli):
    codes = cli['exit_codes']
    out = ['# Exit codes', '', GENERATED, '',
           'Every command exits with one of these codes.', '',
           '| exit | name | meaning |', '|---|---|---|']
    for code in codes:
        out.append(f"| {code['code']} | `{code['name']}` | {cell(code['meaning'])} |")
    out += ['',
            '`--fail-on` defaults to `error`. An output that cannot be written is exit 2 with '
            'nothing written. Exit 4 is a bug (please report it) unless the message names a '
            'system call the sandbox refused.', '',
            '`extract` and `render` exit 1 when anything selected was refused, damaged or left '
            'out, even with `--keep-damaged`; `rebuild` refuses (exit 1) a file or archive of '
            'which nothing drawable would remain, whatever was asked. A census stopped by SIGINT '
            'or SIGTERM exits 128 + the signal number (130, 143), and its summary\'s `exit_code` '
            'states that status ([census](../guide/census.md)).', '']
    return '\n'.join(out)


PAGES = {'budgets.md': budgets_page, 'exit-codes.md': exit_codes_page}


def main():
    check = sys.argv[1] == '--check'
    cli_path, directory = sys.argv[2:4] if check else sys.argv[1:3]
    cli = json.loads(pathlib.Path(cli_path).read_text(encoding='utf-8'))
    stale = []
    for name, make in PAGES.items():
        text = make(cli)
        path = pathlib.Path(directory) / name
        if not check:
            path.write_text(text, encoding='utf-8')
        elif not path.exists() or path.read_text(encoding='utf-8') != text:
            stale.append(str(path))
    if stale:
        print(f"{', '.join(stale)} stale (the binary's tables changed): regenerate with\n  "
              + REGENERATE)
        return 1
    if check:
        print(f"{', '.join(PAGES)} match gafcheck --dump-cli")
    return 0


sys.exit(main())
