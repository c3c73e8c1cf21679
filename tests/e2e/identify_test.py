"""gafcheck identify end to end: an archive in HPIZ Archiver's habits is named with its basis,
one that mixes HPIPack's trailer with HPIZ's chunks is unknown, JSON and directory inputs, usage
errors; and check does not report an exact packer trailer as hpi.slack."""
import json
import pathlib
import subprocess
import tempfile
import zlib

import yaml

from conftest import GAFCHECK
from hand_built_hpi import chunk, hpi_v1

HPIPACK_TRAILER = (b'HPIPack by Joe D (joed@cws.org) FNORD Total Annihilation Copyright 1997 '
                   b'Cavedog Entertainment')


def level9_archive(trailer):
    """Two members, names in order, zlib level 9 chunks (78 DA), not obfuscated, key 0."""
    files = []
    for name, content in ((b'a.txt', b'alpha ' * 300), (b'b.txt', b'beta ' * 300)):
        files.append((name, len(content), [chunk(zlib.compress(content, 9), len(content))]))
    return hpi_v1(files) + trailer


def identify(*args, code=0):
    result = subprocess.run([GAFCHECK, 'identify', *map(str, args)], capture_output=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == code, (
        f'exit {result.returncode}, wanted {code}\nstderr: {result.stderr[-2000:]!r}')
    return result.stdout.decode('utf-8'), result.stderr.decode('utf-8')


def write(directory, name, data):
    path = pathlib.Path(directory) / name
    path.write_bytes(data)
    return path


def test_hpiz_habits_are_named_with_their_basis():
    with tempfile.TemporaryDirectory() as scratch:
        path = write(scratch, 'hpiz.ufo', level9_archive(b'Copyright 1997 Cavedog Entertainment'))
        out, _ = identify(path)
        [found] = yaml.safe_load(out)
        assert found['path'] == str(path)
        assert found['tool'] == 'HPIZ Archiver'
        assert found['confidence'] == 'likely'
        assert 'hpi.zlib-header = 78 da' in found['basis']
        assert 'hpi.chunk-encrypted = 0' in found['basis']


def test_hpipack_trailer_on_hpiz_chunks_is_unknown_and_not_slack():
    with tempfile.TemporaryDirectory() as scratch:
        path = write(scratch, 'mixed.ufo', level9_archive(HPIPACK_TRAILER))
        out, _ = identify(path)
        [found] = yaml.safe_load(out)
        assert found['tool'] == 'unknown'
        assert found['confidence'] == 'none'
        checked = subprocess.run([GAFCHECK, 'check', '--format', 'json', str(path)],
                                 capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
        assert b'hpi.slack' not in checked.stdout
        with_extra = write(scratch, 'extra.ufo', level9_archive(HPIPACK_TRAILER + b'EXTRA'))
        checked = subprocess.run([GAFCHECK, 'check', '--format', 'json', str(with_extra)],
                                 capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
        assert b'hpi.slack' in checked.stdout


def test_directory_and_json():
    with tempfile.TemporaryDirectory() as scratch:
        write(scratch, 'b.ufo', level9_archive(b'Copyright 1997 Cavedog Entertainment'))
        write(scratch, 'a.txt', b'not a sprite')
        out, _ = identify('--format', 'json', scratch)
        found = json.loads(out)
        assert [pathlib.Path(f['path']).name for f in found] == ['a.txt', 'b.ufo']
        assert found[0]['tool'] == 'unknown'
        assert found[1]['tool'] == 'HPIZ Archiver'
        assert list(found[1]) == ['path', 'tool', 'versions', 'confidence', 'basis']


def test_usage_errors():
    _, err = identify(code=2)
    assert 'identify takes at least one FILE or DIR' in err
    _, err = identify('--format', 'xml', '.', code=2)
    assert '--format takes yaml or json' in err
