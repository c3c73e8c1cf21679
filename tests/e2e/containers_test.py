"""Containers gafcheck does not open (ZIP, 7z, RAR 4 and 5, gzip, bzip2, xz, zstd, tar): named on
the command line or met in a directory walk, each is a format.container finding at offset 0, an
error, so the run exits 1, never 0 (its contents were not checked). A walk takes them whatever
their names; the census summary counts them. A real GAF beside them is checked as before.
"""
import json
import shutil

import pytest
import yaml

from conftest import GAFCHECK, SEEDS, scratch_directory
from gafcheck_run import run_gafcheck


def padded(head, size=64):
    return head + b' ' * max(0, size - len(head))


def tar(magic):
    data = bytearray(1024)
    data[:16] = b'units/armcom.gaf'
    data[257:257 + len(magic)] = magic
    return bytes(data)


CONTAINERS = {
    'upload.zip': ('ZIP archive', padded(b'PK\x03\x04\x14\x00')),
    'empty.zip': ('ZIP archive', padded(b'PK\x05\x06', 22)),
    'spanned.z01': ('ZIP archive', padded(b'PK\x07\x08PK\x03\x04')),
    'mod.7z': ('7z archive', padded(b'7z\xbc\xaf\x27\x1c\x00\x04')),
    'old.rar': ('RAR archive', padded(b'Rar!\x1a\x07\x00')),
    'new.rar': ('RAR archive', padded(b'Rar!\x1a\x07\x01\x00')),
    'anims.gaf.gz': ('gzip stream', padded(b'\x1f\x8b\x08\x00')),
    'anims.bz2': ('bzip2 stream', padded(b'BZh91AY&SY')),
    'anims.xz': ('xz stream', padded(b'\xfd7zXZ\x00')),
    'anims.zst': ('zstd stream', padded(b'\x28\xb5\x2f\xfd')),
    'posix.tar': ('tar archive', tar(b'ustar\x0000')),
    'gnu_tar.bin': ('tar archive', tar(b'ustar  \x00')),  # any name: the magic decides
}
WORK = scratch_directory('containers')
TREE = WORK / 'upload'
TREE.mkdir()
for name, (_, data) in CONTAINERS.items():
    (TREE / name).write_bytes(data)
CONTROL = TREE / 'armcom.gaf'
shutil.copy(SEEDS / 'clean-raw.gaf', CONTROL)
(TREE / 'readme.txt').write_text('not an input\n')


def file_documents(text):
    return {d['path']: d for d in yaml.safe_load_all(text) if d and d.get('kind') == 'file'}


def summary(text):
    return [d for d in yaml.safe_load_all(text) if d and d.get('kind') == 'summary'][0]


@pytest.mark.parametrize('name', sorted(CONTAINERS))
def test_a_container_named_on_the_command_line_is_reported_not_opened(name):
    kind, _ = CONTAINERS[name]
    done = run_gafcheck(GAFCHECK, 'check', TREE / name, check_code=1)
    [document] = file_documents(done.stdout).values()
    assert document['format'] == 'unknown' and document['verdict'] == 'errors'
    [finding] = document['findings']
    assert finding['rule'] == 'format.container' and finding['offset'] == 0, finding
    assert finding['message'].startswith(f'not opened: a {kind}; gafcheck does not open ZIP')
    assert 'unpack it and check the contents' in finding['message']
    assert f'ERROR    {TREE / name}: not opened: a {kind};' in done.stderr
    assert '(1 error, 0 warnings, 0 info; retail: unknown)' in done.stderr


def test_the_control_gaf_is_unaffected():
    done = run_gafcheck(GAFCHECK, 'check', CONTROL, check_code=0)
    [document] = file_documents(done.stdout).values()
    assert document['format'] == 'gaf' and document['verdict'] == 'clean'
    assert not any(f['rule'].startswith('format.') for f in document['findings'])


def test_a_directory_walk_takes_every_container_whatever_its_name():
    done = run_gafcheck(GAFCHECK, 'check', TREE, check_code=1)
    documents = file_documents(done.stdout)
    for name in CONTAINERS:
        findings = documents[str(TREE / name)]['findings']
        assert [(f['rule'], f['offset']) for f in findings] == [('format.container', 0)], name
    assert documents[str(CONTROL)]['verdict'] == 'clean'
    assert summary(done.stdout)['files']['not_inputs'] == 1  # readme.txt only


def test_census_reports_and_counts_them():
    output = WORK / 'census.yaml'
    run_gafcheck(GAFCHECK, 'census', '-q', '-o', output, TREE, check_code=1)
    text = output.read_text()
    documents = file_documents(text)
    for name in CONTAINERS:
        assert [f['rule'] for f in documents[str(TREE / name)]['findings']] == ['format.container']
    totals = summary(text)
    assert totals['findings']['format.container'] == {'occurrences': len(CONTAINERS),
                                                      'files': len(CONTAINERS)}
    assert totals['files']['total'] == len(CONTAINERS) + 1
    assert totals['files']['not_inputs'] == 1
    assert totals['exit_code'] == 1
    json_output = WORK / 'census.jsonl'
    run_gafcheck(GAFCHECK, 'census', '-q', '--format', 'json', '-o', json_output, TREE,
                 check_code=1)
    last = json.loads(json_output.read_text().splitlines()[-1])
    assert last['findings']['format.container']['files'] == len(CONTAINERS)
