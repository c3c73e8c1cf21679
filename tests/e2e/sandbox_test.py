"""The sandbox: check, census, ls, extract, diff and merge confine themselves before
they read any input. gafcheck-test-hooks attempts execve, socket and an open for writing right
after confinement (GAFCHECK_TEST_SANDBOX_PROBE); each must end the run with exit 4 and
"gafcheck: sandbox refused system call NAME (nr N)". Controls: with --no-sandbox the same attempts
succeed and the report header says the sandbox was off; Landlock (where the kernel has it) keeps
reads to the inputs; reports from before the sandbox still read. Under strace, no confining
command opens anything but its inputs and outputs once confined (no library reads a file lazily,
OpenSSL's configuration least of all), and --resume writes across directories under Landlock.
"""
import atexit
import ctypes
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile

import pytest
import yaml

from conftest import GAFCHECK, GAFCHECK_TEST_HOOKS, ROOT
from gafcheck_run import run_gafcheck, validated_documents

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


def test_every_command_refuses_execve_socket_and_open_for_writing_with_exit_4():
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


def test_without_the_sandbox_the_same_attempts_succeed_and_the_header_says_off():
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


def test_the_header_names_the_layers():
    wanted = ['seccomp', 'landlock'] if landlock_abi() >= 1 else ['seccomp']
    report = WORK / 'layers.yaml'
    run('check', '-q', '-o', report, SEEDS / 'clean-raw.gaf', check_code=0)
    assert header_of(report)['sandbox'] == {'enabled': True, 'layers': wanted}


def test_landlock_keeps_reads_to_the_inputs():
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


def test_a_confined_census_on_two_threads_stops_cleanly_on_sigint_and_resumes():
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


def traced_environment(env):
    """The test's environment plus ENV, with LeakSanitizer off: it cannot run under ptrace, and
    in the sanitizer build it would end every traced run with a fatal error of its own."""
    sanitizer = os.environ.get('ASAN_OPTIONS', '')
    return dict(os.environ, **env,
                ASAN_OPTIONS=(sanitizer + ':' if sanitizer else '') + 'detect_leaks=0')


def traced_opens(args, env, binary=GAFCHECK):
    """Runs BINARY ARGS under strace; returns (exit code, the file opens made after the seccomp
    filter was loaded, each as (path as opened, with a descriptor's directory resolved, flags))."""
    trace = WORK / 'opens.trace'
    result = subprocess.run(['strace', '-f', '-qq', '-y', '-o', str(trace), '-e',
                             'trace=open,openat,openat2,creat,seccomp', binary,
                             *map(str, args)], capture_output=True, text=True, timeout=300,
                            stdin=subprocess.DEVNULL, env=traced_environment(env))
    lines = trace.read_text(errors='replace').splitlines()
    loaded = [i for i, line in enumerate(lines)
              if re.search(r'seccomp\(SECCOMP_SET_MODE_FILTER.*\) = 0', line)]
    assert loaded, (args, 'the run never confined itself', result.stderr[-1000:])
    opens = []
    for line in lines[loaded[0] + 1:]:
        found = re.search(r'\b(?:open|openat2?|creat)\((?:\d+<([^>]*)>|AT_FDCWD(?:<([^>]*)>)?|)'
                          r'[, ]*"([^"]*)"(?:, ([A-Z_|]+))?', line)
        if not found:
            continue
        directory = found.group(1) or found.group(2)
        name, flags = found.group(3), found.group(4) or ''
        path = name if name.startswith('/') or not directory else f'{directory}/{name}'
        opens.append((os.path.normpath(re.sub('/+', '/', path)), flags))
    return result, opens


def strace_works():
    if not shutil.which('strace'):
        return False
    probe = subprocess.run(['strace', '-qq', '-o', os.devnull, 'true'], capture_output=True)
    return probe.returncode == 0


def test_nothing_but_inputs_and_outputs_is_opened_after_confinement():
    """Every confining command, under strace: after the filter is loaded, each open names an input
    (or, for commands that create files, a path beneath their outputs). OPENSSL_CONF names a file
    outside them all, which libcrypto must never read (it was read lazily, at the first hash)."""
    if not strace_works():
        pytest.skip('strace is missing or cannot trace here (scripts/bootstrap installs it)')
    out = WORK / 'traced'
    out.mkdir()
    (out / 'openssl.cnf').write_text('openssl_conf = hostile\n[hostile]\n')
    env = {'OPENSSL_CONF': str(out / 'openssl.cnf'), 'TZ': 'Europe/Paris'}
    shards = two_shards()
    report = out / 'report.yaml'
    run('check', '-q', '-o', report, SEEDS / 'rle.short-row.gaf', SEEDS / 'clean-hpi-v1.hpi')
    relative = out / 'relative.yaml'  # names its files relative to SEEDS, for html --root SEEDS
    run_gafcheck(os.path.abspath(GAFCHECK), 'check', '-q', '-o', relative, 'rle.short-row.gaf',
                 'rle.overrun.gaf', cwd=SEEDS)
    interrupted = out / 'interrupted.yaml'
    run('census', '-q', '--baseline', report, '-o', interrupted, SEEDS,
        env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '3:INT'})
    seeds = str(SEEDS)
    runs = {
        'check': (['check', '-q', '-o', out / 'c.yaml', '--format', 'html', '-o', out / 'c.html',
                   '--format', 'sarif', '-o', out / 'c.sarif', SEEDS], [seeds], []),
        'census': (['census', '-q', '-j', '2', '--resume', interrupted, '--baseline', report,
                    '-o', out / 'census.yaml', '--format', 'html', '-o', out / 'census.html',
                    SEEDS], [seeds, str(interrupted), str(report)], []),
        'ls': (['ls', SEEDS / 'clean-hpi-v1.hpi'], [seeds], []),
        'show': (['show', SEEDS / 'rle.short-row.gaf'], [seeds], []),
        'extract': (['extract', SEEDS / 'clean-hpi-v1.hpi', '-C', out / 'x'], [seeds],
                    [str(out / 'x')]),
        'render': (['render', '-o', out / 'rendered', SEEDS / 'rle.short-row.gaf',
                    SEEDS / 'clean-composite.gaf'], [seeds], [str(out / 'rendered')]),
        'rebuild': (['rebuild', SEEDS / 'rle.short-row.gaf', '-o', out / 'rebuilt.gaf'], [seeds],
                    [str(out / 'rebuilt.gaf')]),
        'diff': (['diff', '-o', out / 'd.yaml', *shards], [str(s) for s in shards], []),
        'merge': (['merge', '-o', out / 'm.yaml', *shards], [str(s) for s in shards], []),
        'html': (['html', '-o', out / 'h.html', '--root', SEEDS, relative],
                 [str(relative), seeds], []),
    }
    for command, (args, inputs, created) in runs.items():
        result, opens = traced_opens(args, env)
        assert result.returncode in (0, 1), (command, result.returncode, result.stderr[-1000:])
        if command == 'census':
            assert 'taken over' in result.stderr, result.stderr[-1000:]
        for path, flags in opens:
            writes = any(f in flags for f in ('O_WRONLY', 'O_RDWR', 'O_CREAT'))
            allowed = created if writes else inputs + created
            assert any(path == a or path.startswith(a.rstrip('/') + '/') for a in allowed), (
                command, 'opened after confinement', path, flags)
        assert not any('openssl' in path for path, _ in opens), (command, opens)
    # The control: the same trace sees a file a probe opens after confinement (the probe's open
    # of an outside file is refused by Landlock, but it is seen all the same).
    outside = out / 'openssl.cnf'
    trace_env = {'GAFCHECK_TEST_SANDBOX_PROBE': 'open-read',
                 'GAFCHECK_TEST_HOOK_TARGET': str(outside)}
    _, opens = traced_opens(['check', '-q', SEEDS / 'clean-raw.gaf'], trace_env,
                            binary=GAFCHECK_TEST_HOOKS)
    assert str(outside) in [path for path, _ in opens], opens


def test_an_environment_named_openssl_configuration_changes_nothing():
    """libcrypto never reads a configuration: one that loads only the null provider (so no
    SHA-256 exists once it is read) leaves every hash as it was, with the sandbox and without."""
    hostile = WORK / 'hostile-openssl.cnf'
    hostile.write_text('openssl_conf = init\n[init]\nproviders = providers\n[providers]\n'
                       'null = null\n[null]\nactivate = 1\n')
    reports = {}
    for name, env, extra in (('plain', {}, []), ('hostile', {'OPENSSL_CONF': str(hostile)}, []),
                             ('unconfined', {'OPENSSL_CONF': str(hostile)}, ['--no-sandbox'])):
        report = WORK / f'openssl-{name}.yaml'
        run('check', '-q', *extra, '-o', report, SEEDS / 'clean-raw.gaf', check_code=0, env=env)
        reports[name] = [d['sha256'] for d in yaml.safe_load_all(report.read_text())
                         if d['kind'] == 'file']
    assert reports['plain'] == reports['hostile'] == reports['unconfined'], reports
    assert len(reports['plain'][0]) == 64


def interrupted_census(report):
    """A census report cut short after three groups (a SIGINT), as --resume continues it."""
    result = run('census', '-q', '-o', report, SEEDS,
                 env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '3:INT'})
    assert result.returncode == 128 + signal.SIGINT, result.stderr
    return report.read_bytes()


@pytest.mark.slow
def test_a_confined_resume_writes_across_directories_and_keeps_the_old_report():
    """--resume OLD -o OUT with OUT in another directory: a hard link to OLD, a symlink to OLD,
    OLD a symlink to OUT, a new name. Under the sandbox (Landlock refuses a rename into another
    directory), each completes and leaves the old report's other names as they were; --no-sandbox
    does the same."""
    for sandbox in ([], ['--no-sandbox']):
        for layout in ('hard-link', 'output-symlink', 'resume-symlink', 'new-name', 'same-name'):
            base = WORK / f'resume-{layout}{"-free" if sandbox else ""}'
            (base / 'old').mkdir(parents=True)
            (base / 'out').mkdir()
            old = base / 'old' / 'census.yaml'
            out = base / 'out' / 'census.yaml'
            before = interrupted_census(old)
            resume = old
            if layout == 'hard-link':
                os.link(old, out)
            elif layout == 'output-symlink':
                out.symlink_to(old)
            elif layout == 'resume-symlink':
                old.rename(out)
                old.symlink_to(out)
            elif layout == 'same-name':
                out = old
            result = run('census', '-q', *sandbox, '--resume', resume, '-o', out, SEEDS)
            where = (layout, sandbox, result.stderr[-1500:])
            assert result.returncode == 1, where  # the seeds have errors
            assert 'taken over' in result.stderr and 'cross-device' not in result.stderr, where
            docs = list(yaml.safe_load_all(out.read_text()))
            assert docs[-1]['kind'] == 'summary' and docs[-1]['interrupted'] is False, where
            assert not out.is_symlink(), where
            leftovers = [p.name for d in (base / 'old', base / 'out') for p in d.iterdir()
                         if 'resume-source' in p.name or p.name.startswith('.')]
            assert leftovers == [], (where, leftovers)
            if layout in ('hard-link', 'output-symlink'):
                assert old.read_bytes() == before, where  # its other name keeps it as it was
            if layout == 'resume-symlink':
                assert old.is_symlink() and old.resolve() == out.resolve(), where


def test_reports_from_before_the_sandbox_still_read():
    assert 'sandbox' not in OLD_REPORT.read_text()
    new = WORK / 'new.yaml'
    run('check', '-q', '-o', new, SEEDS / 'clean-raw.gaf', check_code=0)
    result = run('diff', OLD_REPORT, new)
    assert result.returncode in (0, 1) and 'gafcheck diff' not in result.stderr, result.stderr


def test_help_documents_no_sandbox():
    for command in ('check', 'census', 'ls', 'extract', 'diff', 'merge'):
        assert '--no-sandbox' in run(command, '--help', check_code=0).stdout, command
    assert '--no-sandbox' in run('--help', check_code=0).stdout

