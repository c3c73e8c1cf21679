"""gafcheck identify end to end: an archive in HPIZ Archiver's habits is named with its basis,
one that mixes HPIPack's trailer with HPIZ's chunks is unknown, JSON and directory inputs, usage
errors; and check does not report an exact packer trailer as hpi.slack. check and census carry the
same answer as each file's `writer` (an archive's packer, a member's own writer), valid by the
report schemas, and a census counts the files by writer."""
import json
import pathlib
import subprocess
import tempfile
import zlib

import yaml

from conftest import GAFCHECK, ROOT, SEEDS
from gafcheck_run import load_schemas, validated_documents
from hand_built_hpi import chunk, hpi_v1

HPIPACK_TRAILER = (b'HPIPack by Joe D (joed@cws.org) FNORD Total Annihilation Copyright 1997 '
                   b'Cavedog Entertainment')


def level9_archive(trailer):
    """Two members, names in order, zlib level 9 chunks (78 DA), not obfuscated, key 0."""
    files = []
    for name, content in ((b'a.txt', b'alpha ' * 300), (b'b.txt', b'beta ' * 300)):
        files.append((name, len(content), [chunk(zlib.compress(content, 9), len(content))]))
    return hpi_v1(files, footer=False) + trailer


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


SCHEMAS = load_schemas(ROOT, ['header', 'file', 'record', 'summary'])
HPIPACK = 'HPIPack (HPIUtil.dll)'


def gafcheck(*args, codes=(0, 1)):
    result = subprocess.run([GAFCHECK, *map(str, args)], capture_output=True, timeout=300,
                            stdin=subprocess.DEVNULL)
    assert result.returncode in codes, result.stderr.decode()[-2000:]
    return result.stdout.decode('utf-8')


def file_documents(text):
    return [doc for doc in validated_documents(text, SCHEMAS) if doc['kind'] == 'file']


def test_check_names_the_packer_of_the_corpus_hpipack_archive_and_its_gafs_writer():
    archive = SEEDS / 'clean-hpi-packer-trailer.hpi'  # built by the corpus builder's recipe
    [packed, member] = file_documents(gafcheck('check', archive))
    assert packed['writer']['tool'] == HPIPACK
    assert packed['writer']['confidence'] == 'certain'
    assert 'hpi.trailer = ' + HPIPACK_TRAILER.decode() in packed['writer']['basis']
    assert 'hpi.key-method = 0x7d lz77' in packed['writer']['basis']
    # The member's writer is the GAF's own, not the packer's.
    assert member['member_of'] == str(archive) and member['format'] == 'gaf'
    assert member['writer']['tool'] != HPIPACK
    assert any(fact.startswith('gaf.') for fact in member['writer']['basis'])
    as_json = [json.loads(line) for line in gafcheck('check', '--format', 'json', archive).split('\n')
               if line.startswith('{"kind":"file"')]
    assert [doc['writer'] for doc in as_json] == [packed['writer'], member['writer']]
    text = gafcheck('check', '--format', 'text', '--color', 'never', archive)
    assert f'  writer: {HPIPACK} 1997-1999' in text and ', certain\n' in text


def test_check_of_mixed_habits_says_unknown_with_what_was_seen():
    with tempfile.TemporaryDirectory() as scratch:
        path = write(scratch, 'mixed.ufo', level9_archive(HPIPACK_TRAILER))
        [found] = file_documents(gafcheck('check', path))
        assert found['writer']['tool'] == 'unknown'
        assert found['writer']['confidence'] == 'none' and found['writer']['versions'] == ''
        assert 'hpi.zlib-header = 78 da' in found['writer']['basis']
        assert 'writer: unknown (' in gafcheck('check', '--format', 'text', path)


def test_census_counts_the_files_by_writer_in_every_summary():
    with tempfile.TemporaryDirectory() as scratch:
        write(scratch, 'pack.hpi', (SEEDS / 'clean-hpi-packer-trailer.hpi').read_bytes())
        write(scratch, 'hpiz.ufo', level9_archive(b'Copyright 1997 Cavedog Entertainment'))
        write(scratch, 'mixed.ufo', level9_archive(HPIPACK_TRAILER))
        docs = validated_documents(gafcheck('census', scratch), SCHEMAS)
        records = [doc for doc in docs if doc['kind'] == 'record']
        by_writer = docs[-1]['files']['by_writer']
        assert by_writer[HPIPACK] == 1 and by_writer['HPIZ Archiver'] == 1
        assert by_writer['unknown'] >= 1
        assert sum(by_writer.values()) == len(records) == docs[-1]['files']['total']
        counted = {}
        for record in records:
            counted[record['writer']['tool']] = counted.get(record['writer']['tool'], 0) + 1
        assert counted == by_writer
        summary = json.loads(gafcheck('census', '--format', 'json', scratch).splitlines()[-1])
        assert summary['files']['by_writer'] == by_writer
        text = gafcheck('census', '--format', 'text', scratch)
        assert 'writers: ' in text and f'{HPIPACK} 1' in text and 'HPIZ Archiver 1' in text
