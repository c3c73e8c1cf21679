"""A FIFO planted where a command writes (a report, a page, a sidecar, an extracted member, a
picture) never makes gafcheck wait: one that no process reads is refused at once with a nonzero
exit and a message naming it, while a FIFO or pipe that has a reader (`-o >(gzip > r.gz)`, a
named pipe someone reads) is written as standard output is."""
import os
import shutil
import subprocess
import threading

import pytest

from conftest import GAFCHECK, SEEDS
from gafcheck_run import run_gafcheck

# A command that waits on the FIFO would run into this and fail the test with TimeoutExpired.
PROMPTLY = 60
NO_READER = 'is a FIFO that no process is reading'


def run(*args, check_code=None, cwd=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code, cwd=cwd, timeout=PROMPTLY)


@pytest.fixture()
def place(tmp_path):
    """A scratch folder with a report of a clean sprite (for html, merge) and a FIFO, pipe."""
    run('check', '-o', tmp_path / 'report.yaml', SEEDS / 'clean-rle.gaf', check_code=0)
    os.mkfifo(tmp_path / 'pipe')
    return tmp_path


def report_commands(place):
    """Every command family that writes a report-like output, each with its output at the FIFO."""
    fifo = place / 'pipe'
    return {
        'check': ['check', '-o', fifo, SEEDS / 'clean-rle.gaf'],
        'census': ['census', '-o', fifo, SEEDS],
        'html': ['html', '--root', SEEDS, '-o', fifo, place / 'report.yaml'],
        'merge': ['merge', '-o', fifo, place / 'report.yaml'],
        'diff': ['diff', '-o', fifo, SEEDS / 'clean-rle.gaf', SEEDS / 'clean-raw.gaf'],
        'conflicts': ['conflicts', '-o', fifo, SEEDS / 'clean-hpi-v1.hpi',
                      SEEDS / 'clean-hpi-v2.hpi'],
        'rebuild --report': ['rebuild', '--report', fifo, SEEDS / 'clean-rle.gaf', '-o',
                             place / 'rebuilt.gaf'],
    }


@pytest.mark.parametrize('command', ['check', 'census', 'html', 'merge', 'diff', 'conflicts',
                                     'rebuild --report'])
def test_a_fifo_without_a_reader_is_refused_at_once(place, command):
    result = run(*report_commands(place)[command], check_code=2)
    assert f'{place / "pipe"} {NO_READER}' in result.stderr, result.stderr
    assert not (place / 'rebuilt.gaf').exists()


@pytest.mark.parametrize('command', ['check', 'census', 'diff', 'conflicts'])
def test_a_fifo_with_a_reader_is_written(place, command):
    # The reader is there before gafcheck opens the FIFO and reads it to its end on a thread;
    # the test holds a write end of its own until gafcheck ended, so that end is the FIFO's.
    reader = os.open(place / 'pipe', os.O_RDONLY | os.O_NONBLOCK)
    os.set_blocking(reader, True)
    keeper = os.open(place / 'pipe', os.O_WRONLY)
    chunks = []
    drain = threading.Thread(target=lambda: chunks.extend(iter(lambda: os.read(reader, 65536),
                                                               b'')))
    drain.start()
    try:
        result = run(*report_commands(place)[command])
    finally:
        os.close(keeper)
        drain.join(PROMPTLY)
        os.close(reader)
    assert result.returncode in (0, 1), result.stderr
    assert NO_READER not in result.stderr
    written = b''.join(chunks)
    assert written.startswith(b'---\n') or written.startswith(b'{'), written[:200]


def test_a_pipe_given_as_dev_fd_is_written(tmp_path):
    """`-o >(gzip > r.gz)`: the shell passes the pipe's write end as /dev/fd/N."""
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        [GAFCHECK, 'check', '-o', f'/dev/fd/{write_end}', SEEDS / 'clean-rle.gaf'],
        pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE)
    os.close(write_end)
    with os.fdopen(read_end, 'rb') as pipe:
        written = pipe.read()
    _, stderr = process.communicate(timeout=PROMPTLY)
    assert process.returncode == 0, stderr
    assert written.startswith(b'---\nkind: header\n'), written[:200]
    assert b'kind: summary' in written


def test_dev_stdout_is_written(tmp_path):
    result = run('check', '-o', '/dev/stdout', SEEDS / 'clean-rle.gaf', check_code=0)
    assert result.stdout.startswith('---\nkind: header\n')


@pytest.mark.parametrize('force', [[], ['--force']])
def test_extract_over_a_fifo_refuses_that_member(tmp_path, force):
    target = tmp_path / 'out'
    target.mkdir()
    os.mkfifo(target / 'readme.txt')
    result = run('extract', *force, SEEDS / 'clean-hpi-v1.hpi', '-o', target, check_code=1)
    assert 'refused  readme.txt:' in result.stderr, result.stderr
    assert (target / 'scripts' / 'notes.txt').is_file()
    # Control: the FIFO gone, the member is written.
    os.unlink(target / 'readme.txt')
    run('extract', SEEDS / 'clean-hpi-v1.hpi', 'readme.txt', '-o', target, check_code=0)
    assert (target / 'readme.txt').is_file()


@pytest.mark.parametrize('name', ['index.json', '0-explode1/0.retail.png'])
def test_render_over_a_fifo_is_refused(tmp_path, name):
    target = tmp_path / 'out'
    (target / '0-explode1').mkdir(parents=True)
    os.mkfifo(target / name)
    for force in ([], ['--force']):
        result = run('render', *force, '-o', target, SEEDS / 'clean-rle.gaf')
        assert result.returncode != 0, result.stderr
        assert f"'{name.split('/')[-1]}' exists" in result.stderr, result.stderr
    # Control: an empty folder is drawn into.
    shutil.rmtree(target)
    run('render', '-o', target, SEEDS / 'clean-rle.gaf', check_code=0)
    assert (target / 'index.json').is_file()


def test_rebuild_over_a_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / 'rebuilt.gaf')
    for force in ([], ['--force']):
        result = run('rebuild', *force, SEEDS / 'clean-rle.gaf', '-o', tmp_path / 'rebuilt.gaf')
        assert result.returncode != 0, result.stderr
        assert 'rebuilt.gaf' in result.stderr, result.stderr
        # The summary never counts a file it could not write as rebuilt.
        assert 'rebuild: 0 rebuilt, 0 copied, 0 refused, 1 not written' in result.stderr
