"""One vocabulary across commands: extract writes to -o DIR (-C is its alias), ls takes --format
json (valid against reports/schema/ls.schema.json), check -j N writes what -j 1 writes, html's
--help names every value and default, and census needs a DIR (the ./gafcheck wrapper passes the
bundled corpus and says so).
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import jsonschema
import yaml

from conftest import GAFCHECK, ROOT, scratch_directory
from gafcheck_run import run_gafcheck

SEEDS = ROOT / 'corpus' / 'seed'
WORK = scratch_directory('vocabulary')
LS_SCHEMA = json.loads((ROOT / 'reports' / 'schema' / 'ls.schema.json').read_text())
NO_DIRECTORY_HINT = 'name a directory, e.g. `gafcheck census .`'


def run(*args, check_code=None, env=None, cwd=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code, env=env, cwd=cwd)


def files_under(directory):
    return {str(path.relative_to(directory)): path.read_bytes()
            for path in sorted(directory.rglob('*')) if path.is_file()}


def test_extract_writes_to_o_dir_and_takes_c_as_its_alias():
    archive = SEEDS / 'clean-hpi-nested.hpi'
    run('extract', archive, '-o', WORK / 'by-o', check_code=0)
    run('extract', archive, '--output', WORK / 'by-output', check_code=0)
    run('extract', archive, '-C', WORK / 'by-c', check_code=0)
    expected = files_under(WORK / 'by-o')
    assert sorted(expected) == ['anims/twins.gaf', 'inner.ufo']
    assert files_under(WORK / 'by-output') == expected == files_under(WORK / 'by-c')
    # Both naming one directory is fine; two different ones is a usage error, nothing written.
    run('extract', archive, '-o', WORK / 'both', '-C', WORK / 'both', check_code=0)
    refused = run('extract', archive, '-o', WORK / 'one', '-C', WORK / 'other', check_code=2)
    assert '-o and -C name the directory to extract into' in refused.stderr, refused.stderr
    assert not (WORK / 'one').exists() and not (WORK / 'other').exists()
    missing = run('extract', archive, check_code=2)
    assert 'extract needs -o DIR' in missing.stderr, missing.stderr
    helped = run('extract', '--help', check_code=0).stdout
    assert '-o [ --output ] DIR' in helped and 'an alias of -o' in helped, helped


def test_ls_json_lists_what_the_text_lists():
    archive = SEEDS / 'clean-hpi-encrypted.hpi'
    result = run('ls', '--format', 'json', archive, check_code=0)
    document = json.loads(result.stdout)
    jsonschema.validate(document, LS_SCHEMA)
    assert [m['path'] for m in document['members']] == [
        'anims/armcom.gaf', 'scripts/notes.txt', 'readme.txt']
    first = document['members'][0]
    assert (first['method'], first['encrypted'], first['format']) == ('zlib', True, 'gaf')
    assert document['members'][1]['size'] == 70000
    assert document['totals']['members'] == 3
    assert document['totals']['bytes'] == sum(m['size'] for m in document['members'])
    assert document['findings']['verdict'] == 'clean' and document['findings']['errors'] == 0
    assert '3 members' in result.stderr
    # The text stays the default: the same rows.
    text = run('ls', archive, check_code=0).stdout.splitlines()
    assert [line.split()[5] for line in text[1:]] == [m['path'] for m in document['members']]
    assert run('ls', '--format', 'text', archive, check_code=0).stdout.splitlines() == text


def test_ls_json_counts_a_damaged_archive_findings():
    document = json.loads(run('ls', '--format', 'json', SEEDS / 'hpi.chunk-checksum.hpi').stdout)
    jsonschema.validate(document, LS_SCHEMA)
    assert document['findings']['errors'] >= 1, document['findings']
    bad = run('ls', '--format', 'xml', SEEDS / 'clean-hpi-v1.hpi', check_code=2)
    assert "--format takes text or json, not 'xml'" in bad.stderr


def check_output(jobs, *inputs):
    report = WORK / f'check-j{jobs}.yaml'
    result = run('check', '-j', jobs, '-o', report, '--format', 'gnu', '-o', WORK / f'j{jobs}.gnu',
                 *inputs)
    text = re.sub(r'(started_at|wall_seconds|command_line|bytes_per_second): .*', r'\1',
                  report.read_text())
    return result.returncode, result.stderr, text, (WORK / f'j{jobs}.gnu').read_text()


def test_check_in_parallel_writes_what_one_job_writes():
    inputs = [SEEDS, SEEDS / 'clean-hpi-nested.hpi', SEEDS / 'entry.alias.gaf']
    serial = check_output(1, *inputs)
    assert serial[0] == 1 and serial[2].count('\nkind: file') > 50
    for jobs in (2, 4):
        code, stderr, report, gnu = check_output(jobs, *inputs)
        assert code == serial[0]
        assert stderr == serial[1], f'-j {jobs}: the verdict lines in the same order'
        assert report == serial[2], f'-j {jobs}'
        assert gnu == serial[3]
    helped = run('check', '--help', check_code=0).stdout
    assert '-j [ --jobs ] N (=0)' in helped, helped


def test_html_help_names_every_value_and_default():
    helped = run('html', '--help', check_code=0).stdout
    assert '--root DIR' in helped
    assert '-o [ --output ] PAGE (=-)' in helped
    assert '--html-max-thumbnails-per-file N (=12)' in helped
    assert '--html-max-thumbnails N (=500)' in helped
    # Every option of html's own group shows a value name (switches aside).
    own = helped[helped.index('Options'):helped.index('Budgets')]
    for line in own.splitlines():
        option = re.match(r'\s+(?:-\w \[ )?--([\w-]+)', line)
        if option and option.group(1) != 'help':
            assert re.match(r'\s+(?:-\w \[ )?--[\w-]+ \]? ?\S', line), line


def test_census_without_a_directory_is_a_usage_error_with_a_hint():
    result = run('census', '-q', '-o', WORK / 'none.yaml', check_code=2)
    assert NO_DIRECTORY_HINT in result.stderr, result.stderr
    assert not (WORK / 'none.yaml').exists()
    # `.` is a directory like any other.
    tree = WORK / 'dot'
    tree.mkdir()
    shutil.copy(SEEDS / 'clean-raw.gaf', tree / 'a.gaf')
    dot = run('census', '-q', '-o', '-', '.', cwd=tree, check_code=0)
    assert list(yaml.safe_load_all(dot.stdout))[-1]['files']['total'] == 1


def wrapper_decides(*arguments):
    """Whether the ./gafcheck wrapper adds the bundled corpus to `census ARGUMENTS`."""
    result = subprocess.run([sys.executable, ROOT / 'scripts' / 'lib' / 'census_inputs.py',
                             GAFCHECK, *arguments], capture_output=True, text=True)
    assert result.returncode in (0, 1), result.stderr
    return result.returncode == 0


def test_wrapper_adds_the_corpus_only_when_census_names_no_input():
    for nothing in ([], ['-q'], ['-o', 'report.yaml'], ['-j', '2', '--format', 'json', '-o', 'r'],
                    ['--jobs=2'], ['-j2', '--per-file', 'all'], ['--per', 'all'], ['--']):
        assert wrapper_decides(*nothing), nothing
    for something in (['.'], ['-o', 'report.yaml', 'mods'], ['--files-from', 'list'],
                      ['--files-from=list'], ['--help'], ['-h'], ['--', '-odd-dir'],
                      ['-q', 'mods']):
        assert not wrapper_decides(*something), something


def test_wrapper_runs_census_on_the_bundled_corpus_and_says_so():
    # The wrapper as shipped, in a tree whose build step is a no-op and whose build is this one.
    tree = WORK / 'wrapper-tree'
    (tree / 'scripts' / 'lib').mkdir(parents=True)
    (tree / 'build' / 'validator' / 'cli').mkdir(parents=True)
    (tree / 'corpus').mkdir()
    shutil.copy(ROOT / 'gafcheck', tree / 'gafcheck')
    shutil.copy(ROOT / 'scripts' / 'lib' / 'census_inputs.py', tree / 'scripts' / 'lib')
    (tree / 'scripts' / 'build').write_text('#!/bin/sh\nexit 0\n')
    (tree / 'scripts' / 'build').chmod(0o755)
    os.symlink(GAFCHECK, tree / 'build' / 'validator' / 'cli' / 'gafcheck')
    shutil.copytree(SEEDS, tree / 'corpus' / 'seed')
    census = subprocess.run([tree / 'gafcheck', 'census', '-q', '-o', 'report.yaml'], cwd=WORK,
                            capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert census.returncode == 1, census.stderr
    assert f'checking the bundled corpus, {tree}/corpus/seed' in census.stderr, census.stderr
    summary = list(yaml.safe_load_all((WORK / 'report.yaml').read_text()))[-1]
    assert summary['files']['total'] > 50, summary['files']
    # Given a DIR, the wrapper passes the arguments as they are.
    clean = WORK / 'wrapper-clean'
    clean.mkdir()
    shutil.copy(SEEDS / 'clean-raw.gaf', clean)
    named = subprocess.run([tree / 'gafcheck', 'census', '-q', '-o', '-', clean], cwd=WORK,
                           capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert 'bundled corpus' not in named.stderr and named.returncode == 0, named.stderr
    assert list(yaml.safe_load_all(named.stdout))[-1]['files']['total'] == 1
