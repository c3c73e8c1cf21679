#!/usr/bin/env python3
"""The sandbox (issue 14): check, census, ls, extract, diff and merge confine themselves before
they read any input. gafcheck-test-hooks attempts execve, socket and an open for writing right
after confinement (GAFCHECK_TEST_SANDBOX_PROBE); each must end the run with exit 4 and
"gafcheck: sandbox refused system call NAME (nr N)". Controls: with --no-sandbox the same attempts
succeed and the report header says the sandbox was off; Landlock (where the kernel has it) keeps
reads to the inputs; reports from before the sandbox still read.

usage: sandbox_test.py GAFCHECK SOURCE_ROOT GAFCHECK_TEST_HOOKS
"""
import atexit
import ctypes
import os
import pathlib
import re
import shutil
import signal
import sys
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), 'support'))
import tap  # noqa: E402
from gafcheck_run import run_gafcheck, validated_documents  # noqa: E402

GAFCHECK = sys.argv[1]
ROOT = pathlib.Path(sys.argv[2])
GAFCHECK_TEST_HOOKS = sys.argv[3]
SEEDS = ROOT / 'corpus' / 'seed'
OLD_REPORT = ROOT / 'tests' / 'data' / 'hostile_reports' / 'genuine-minimal.yaml'
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-sandbox-test-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)

REFUSED = {'execve': 'execve', 'socket': 'socket', 'open-write': 'openat'}


def landlock_abi():
    """The kernel's Landlock ABI version (landlock_create_ruleset with the version flag), or 0."""
    libc = ctypes.CDLL(None, use_errno=True)
    return max(0, libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1)))


def run(*args, check_code=None, binary=GAFCHECK, env=None):
    return run_gafcheck(binary, *args, check_code=check_code, env=env)


def probe(name, *args, target=None, check_code=None):
    env = {'GAFCHECK_TEST_SANDBOX_PROBE': name}
    if target is not None:
        env['GAFCHECK_TEST_HOOK_TARGET'] = str(target)
    return run(*args, check_code=check_code, binary=GAFCHECK_TEST_HOOKS, env=env)


def header_of(path):
    return next(yaml.safe_load_all(pathlib.Path(path).read_text()))


def two_shards():
    shards = []
    for k in (1, 2):
        shard = WORK / f'shard{k}.yaml'
        if not shard.exists():
            run('census', '-q', '--shard', f'{k}/2', '-o', shard, SEEDS)
        shards.append(shard)
    return shards


def commands(out):
    """Every confined command, with an output named `out` where it has one."""
    shards = two_shards()
    return {
        'check': ['check', '-q', '-o', out / 'check.yaml', SEEDS / 'clean-raw.gaf'],
        'census': ['census', '-q', '-j', '2', '-o', out / 'census.yaml', SEEDS],
        'ls': ['ls', SEEDS / 'clean-hpi-v1.hpi'],
        'extract': ['extract', SEEDS / 'clean-hpi-v1.hpi', '-C', out / 'extracted'],
        'diff': ['diff', '-o', out / 'diff.yaml', shards[0], shards[1]],
        'merge': ['merge', '-o', out / 'merged.yaml', *shards],
        'html': ['html', '-o', out / 'page.html', '--root', '/', shards[0]],
    }


@tap.test
def every_command_refuses_execve_socket_and_open_for_writing_with_exit_4():
    for name, syscall in REFUSED.items():
        out = WORK / f'refused-{name}'
        out.mkdir()
        victim = out / 'written-by-the-probe'
        for command, args in commands(out).items():
            result = probe(name, *args, target=victim)
            where = (name, command, result.stderr[-1000:])
            if command == 'extract' and name == 'open-write':
                # extract creates files, so seccomp lets it open for writing; Landlock keeps that
                # beneath -C DIR (without Landlock, extract has no such limit).
                if landlock_abi() >= 1:
                    assert 'open for writing failed: Permission denied' in result.stderr, where
                    assert not victim.exists(), where
                victim.unlink(missing_ok=True)
                continue
            assert result.returncode == 4, where
            assert re.search(rf'^gafcheck: sandbox refused system call {syscall} \(nr \d+\)$',
                             result.stderr, re.M), where
            assert 'sandbox probe:' not in result.stderr, where  # it never came back
            assert not victim.exists(), where
        # The refused runs leave no report and no temp file behind (extract made its directory).
        assert sorted(p.name for p in out.iterdir()) == ['extracted'], list(out.iterdir())


@tap.test
def without_the_sandbox_the_same_attempts_succeed_and_the_header_says_off():
    for name in REFUSED:
        out = WORK / f'unconfined-{name}'
        out.mkdir()
        victim = out / 'written-by-the-probe'
        for command, args in commands(out).items():
            result = probe(name, args[0], '--no-sandbox', *args[1:], target=victim)
            where = (name, command, result.stderr[-1000:])
            assert result.returncode in (0, 1), where  # 1: seeds with findings
            wanted = 'failed: No such file' if name == 'execve' else 'succeeded'
            assert f'sandbox probe: {"open for writing" if name == "open-write" else name} ' \
                   f'{wanted}' in result.stderr, where
            assert victim.exists() == (name == 'open-write'), where
        for report in ('check.yaml', 'census.yaml', 'merged.yaml'):
            assert header_of(out / report)['sandbox'] == {'enabled': False, 'layers': []}


@tap.test
def the_header_names_the_layers():
    wanted = ['seccomp', 'landlock'] if landlock_abi() >= 1 else ['seccomp']
    report = WORK / 'layers.yaml'
    run('check', '-q', '-o', report, SEEDS / 'clean-raw.gaf', check_code=0)
    assert header_of(report)['sandbox'] == {'enabled': True, 'layers': wanted}


@tap.test
def landlock_keeps_reads_to_the_inputs():
    if landlock_abi() < 1:
        print('# skipped: the kernel has no Landlock (seccomp alone cannot see paths)')
        return
    outside = WORK / 'outside.txt'
    outside.write_text('not an input\n')
    confined = probe('open-read', 'check', SEEDS / 'clean-raw.gaf', target=outside, check_code=0)
    assert 'sandbox probe: open for reading failed: Permission denied' in confined.stderr, \
        confined.stderr
    # A file beside a named input is no input either; a directory given is read whole.
    beside = probe('open-read', 'check', SEEDS / 'clean-raw.gaf', target=SEEDS / 'clean-rle.gaf',
                   check_code=0)
    assert 'sandbox probe: open for reading failed: Permission denied' in beside.stderr
    # Controls: the input itself is readable, and without the sandbox so is the other file.
    inside = probe('open-read', 'check', SEEDS / 'clean-raw.gaf', target=SEEDS / 'clean-raw.gaf',
                   check_code=0)
    assert 'sandbox probe: open for reading succeeded' in inside.stderr, inside.stderr
    free = probe('open-read', 'check', '--no-sandbox', SEEDS / 'clean-raw.gaf', target=outside,
                 check_code=0)
    assert 'sandbox probe: open for reading succeeded' in free.stderr, free.stderr


@tap.test
def a_confined_census_on_two_threads_stops_cleanly_on_sigint_and_resumes():
    report = WORK / 'interrupted.yaml'
    result = run('census', '-q', '-j', '2', '--per-file', 'all', '-o', report, SEEDS,
                 env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '3:INT'})
    assert result.returncode == 128 + signal.SIGINT, result.stderr
    docs = list(yaml.safe_load_all(report.read_text()))
    assert docs[0]['sandbox']['enabled'] is True
    assert docs[-1]['kind'] == 'summary' and docs[-1]['interrupted'] is True
    # --resume into the report itself: the old one is moved aside and removed, under the sandbox.
    result = run('census', '-q', '-j', '2', '--per-file', 'all', '--resume', report, '-o', report,
                 SEEDS)
    assert result.returncode == 1, result.stderr  # the seeds have errors
    assert 'taken over' in result.stderr
    assert list(yaml.safe_load_all(report.read_text()))[-1]['interrupted'] is False
    assert not list(WORK.glob('interrupted.yaml.*')) and not list(WORK.glob('.interrupted*'))


@tap.test
def reports_from_before_the_sandbox_still_read():
    assert 'sandbox' not in OLD_REPORT.read_text()
    new = WORK / 'new.yaml'
    run('check', '-q', '-o', new, SEEDS / 'clean-raw.gaf', check_code=0)
    result = run('diff', OLD_REPORT, new)
    assert result.returncode in (0, 1) and 'gafcheck diff' not in result.stderr, result.stderr


@tap.test
def help_documents_no_sandbox():
    for command in ('check', 'census', 'ls', 'extract', 'diff', 'merge'):
        assert '--no-sandbox' in run(command, '--help', check_code=0).stdout, command
    assert '--no-sandbox' in run('--help', check_code=0).stdout


tap.run()
