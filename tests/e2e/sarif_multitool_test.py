"""SARIF as GitHub code scanning reads it: Microsoft's SARIF Multitool (`validate --rule-kind
Sarif;Gh;Ghas`, the rules GitHub applies to an upload) finds no error and no warning in any SARIF
gafcheck writes: check's sarif and sarif-binary (a directory with an archive and findings of
every severity), census's, rebuild's sidecar, and conflicts' (a game folder whose archives
override one path and differ in findings on another). The Multitool comes from npm into a cache
directory (support/sarif_multitool.py; scripts/bootstrap --test installs it); when it is neither
installed nor installable (offline, no npm) the test is skipped with the reason.
"""
import shutil

import pytest

import sarif_multitool
from conflicts_test import other_pixels, sprite
from conftest import GAFCHECK, SEEDS, scratch_directory
from gafcheck_run import run_gafcheck
from hand_built_hpi import hpi_v1, packed

WORK = scratch_directory('sarif-multitool')


def multitool():
    try:
        return sarif_multitool.program_path()
    except (RuntimeError, OSError) as error:
        pytest.skip(f'the SARIF Multitool is not installed and cannot be installed: {error}')


def tree():
    base = WORK / 'tree'
    (base / 'units').mkdir(parents=True)
    for seed in ('rle.reads-past-eof.gaf', 'entry.name-trailing-bytes.gaf', 'clean-hpi-nested.hpi',
                 'header.version-zero.gaf'):
        shutil.copy(SEEDS / seed, base / 'units' / seed)
    return base


def sarif_outputs():
    base = tree()
    out = WORK / 'out'
    out.mkdir()
    run_gafcheck(GAFCHECK, 'check', '-q', '--format', 'sarif', '-o', out / 'check.sarif',
                 '--format', 'sarif-binary', '-o', out / 'check-binary.sarif', base, cwd=WORK,
                 check_code=1)
    run_gafcheck(GAFCHECK, 'census', '-q', '--min-severity', 'info', '--format', 'sarif', '-o',
                 out / 'census.sarif', base, cwd=WORK, check_code=1)
    run_gafcheck(GAFCHECK, 'rebuild', '--report', out / 'rebuild.sarif', '--format', 'sarif',
                 '-o', out / 'rebuilt.gaf', base / 'units' / 'entry.name-trailing-bytes.gaf',
                 cwd=WORK)
    game = WORK / 'game'
    game.mkdir()
    (game / 'a.hpi').write_bytes(hpi_v1([packed(b'unit.gaf', sprite(other_pixels(100))),
                                         packed(b'warn.gaf', sprite())]))
    (game / 'c.ccx').write_bytes(hpi_v1([packed(b'Unit.gaf', sprite(other_pixels(101))),
                                         packed(b'warn.gaf', sprite(version=0x00010200))]))
    run_gafcheck(GAFCHECK, 'conflicts', '--format', 'sarif', '-o', out / 'conflicts.sarif', game,
                 cwd=WORK, check_code=1)
    return sorted(out.glob('*.sarif'))


def test_the_multitool_finds_no_error_or_warning_in_any_sarif_gafcheck_writes():
    multitool()
    logs = sarif_outputs()
    assert [log.name for log in logs] == ['census.sarif', 'check-binary.sarif', 'check.sarif',
                                          'conflicts.sarif', 'rebuild.sarif']
    for log in logs:
        code, validation, console = sarif_multitool.validate(log, WORK / f'{log.stem}.validation')
        run = validation['runs'][0]
        # A result without a level is a warning (SARIF §3.27.10).
        problems = [r for r in run.get('results', []) if r.get('level', 'warning') != 'note']
        notifications = [n for invocation in run.get('invocations', [])
                         for n in invocation.get('toolExecutionNotifications', [])
                         if n.get('level', 'warning') in ('error', 'warning')]
        assert code == 0 and not problems and not notifications, (log.name, console[-2000:])
