"""What every end-to-end test shares: the programs under test, the source tree, scratch
directories, running gafcheck, the markers of the slower tiers, and a TAP report for meson.

meson passes the programs in the environment (tests/meson.build); run by hand after a build,
`pytest tests/e2e/show_test.py` finds them in build/. The paths are module constants (for the
helpers and the module-level setup of a test file: `from conftest import GAFCHECK, ROOT`) and
fixtures of the same names in lower case.

Markers: `slow` (a test of minutes, or one of many seconds whose guarantee a quicker test of the
same file does not already give) and `external` (needs a browser, the network or a tool the quick
tier does not install) run in `scripts/test --all` only: tests/meson.build runs each file three
times, one selection per suite (e2e, slow, external).
"""
import os
import pathlib
import shutil
import sys
import tempfile

import pytest

TESTS = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS / 'support'))

from gafcheck_run import run_gafcheck as _run_gafcheck  # noqa: E402


def _path(variable, default):
    value = os.environ.get(variable)
    return os.path.abspath(value) if value else str(default)


ROOT = pathlib.Path(os.environ.get('GAFCHECK_SOURCE_ROOT', TESTS.parent))
BUILD = pathlib.Path(_path('GAFCHECK_BUILD_ROOT', ROOT / 'build'))
SEEDS = ROOT / 'corpus' / 'seed'
GAFCHECK = _path('GAFCHECK', BUILD / 'validator' / 'cli' / 'gafcheck')
# gafcheck built with hooks that change an input right after it is opened and that attempt what
# the sandbox refuses (GAFCHECK_TEST_HOOK, GAFCHECK_TEST_SANDBOX_PROBE); never installed.
GAFCHECK_TEST_HOOKS = _path('GAFCHECK_TEST_HOOKS', BUILD / 'tests' / 'gafcheck-test-hooks')
MAKE_TREE = _path('GAFCHECK_MAKE_TREE', BUILD / 'corpus' / 'gafcheck-make-tree')
MAKE_CORPUS = _path('GAFCHECK_MAKE_CORPUS', BUILD / 'corpus' / 'gafcheck-make-corpus')
PACK_TREE = _path('GAFCHECK_PACK_TREE', BUILD / 'corpus' / 'gafcheck-pack-tree')


def scratch_directory(name):
    """A new directory under the system's temporary folder, removed when the test run ends."""
    path = pathlib.Path(tempfile.mkdtemp(prefix=f'gafcheck-{name}-'))
    _scratch.append(path)
    return path


_scratch = []


def pytest_sessionfinish(session, exitstatus):
    for path in _scratch:
        shutil.rmtree(path, ignore_errors=True)
    # A file with no test in one suite's selection reports the empty plan "1..0", not an error.
    if session.config.getoption('tap') and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        session.exitstatus = pytest.ExitCode.OK


@pytest.fixture(scope='session')
def gafcheck():
    return GAFCHECK


@pytest.fixture(scope='session')
def root():
    return ROOT


@pytest.fixture(scope='session')
def seeds():
    return SEEDS


@pytest.fixture(scope='session')
def gafcheck_test_hooks():
    return GAFCHECK_TEST_HOOKS


@pytest.fixture(scope='session')
def make_tree():
    return MAKE_TREE


@pytest.fixture
def run_gafcheck():
    """run_gafcheck(*args, check_code=None, ...): the gafcheck under test (gafcheck_run.py)."""
    return lambda *args, **kwargs: _run_gafcheck(GAFCHECK, *args, **kwargs)


def pytest_addoption(parser):
    parser.addoption('--tap', action='store_true',
                     help='report each test as a TAP line (what meson reads) instead of the '
                     'terminal report')


# Last, so that the terminal report it replaces is registered by then.
@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    config.addinivalue_line('markers', 'slow: runs in scripts/test --all only (meson suite slow)')
    config.addinivalue_line('markers', 'external: needs a browser, the network or a tool only '
                            'scripts/bootstrap --all installs (meson suite external)')
    if config.getoption('tap'):
        terminal = config.pluginmanager.getplugin('terminalreporter')
        if terminal is not None:
            config.pluginmanager.unregister(terminal)
        config.pluginmanager.register(TapReport(), 'gafcheck-tap-report')


class TapReport:
    """One TAP line per test: "ok", "ok ... # SKIP reason" or "not ok" with the failure as
    comments. meson counts each line as a test case in its JUnit log (scripts/test's count)."""

    def __init__(self):
        self.number = 0
        self.outcomes = {}

    def pytest_collectreport(self, report):
        if report.failed:
            self._comment(f'collecting {report.nodeid} failed', report.longreprtext)

    def pytest_collection_finish(self, session):
        print(f'1..{len(session.items)}', flush=True)

    def pytest_runtest_logreport(self, report):
        failed, skipped, details = self.outcomes.get(report.nodeid, (False, None, []))
        if report.failed:
            failed = True
            details.append(f'{report.when}: {report.longreprtext}')
        elif report.skipped and skipped is None:
            skipped = report.longrepr[2] if isinstance(report.longrepr, tuple) else 'skipped'
        self.outcomes[report.nodeid] = (failed, skipped, details)
        if report.when != 'teardown':
            return
        self.number += 1
        name = report.nodeid.split('::')[-1]
        if failed:
            print(f'not ok {self.number} - {name}', flush=True)
            self._comment(*details)
        elif skipped is not None:
            print(f'ok {self.number} - {name} # SKIP {skipped}', flush=True)
        else:
            print(f'ok {self.number} - {name}', flush=True)

    @staticmethod
    def _comment(*texts):
        for text in texts:
            for line in text.splitlines():
                print(f'# {line}', flush=True)
