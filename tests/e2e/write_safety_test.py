"""What the writing commands promise under hostile or careless arguments: no output replaces a
file the run reads (a --baseline, a --palette, a configuration), and a result that left content
out (a merge missing a shard) never exits as if it were whole.
"""
import pathlib
import shutil

import pytest
import yaml

from conftest import GAFCHECK, SEEDS, scratch_directory
from gafcheck_run import run_gafcheck


def run(*args, check_code=None, cwd=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code, cwd=cwd, timeout=120)


def last_document(path):
    return list(yaml.safe_load_all(pathlib.Path(path).read_text()))[-1]


@pytest.fixture(scope='module')
def shards():
    """Three shards of a census of eight clean files."""
    root = scratch_directory('write-safety-shards')
    tree = root / 'tree'
    tree.mkdir()
    for i in range(8):
        shutil.copyfile(SEEDS / 'clean-rle.gaf', tree / f'c{i}.gaf')
    reports = []
    for k in (1, 2, 3):
        report = root / f'shard{k}.yaml'
        run('census', '--shard', f'{k}/3', '-o', report, tree, check_code=0)
        reports.append(report)
    return root, reports


def test_merge_missing_a_shard_exits_3_and_names_it(shards):
    root, reports = shards
    merged = root / 'partial.yaml'
    result = run('merge', '-o', merged, reports[0], reports[2], check_code=3)
    assert 'shard 2/3 is missing: its files are not in the merged report' in result.stderr
    assert 'INCOMPLETE' in result.stderr, result.stderr
    closing = last_document(merged)
    assert closing['interrupted'] is True and closing['exit_code'] == 3, closing
    # Asked for: written the same, the exit status from the findings.
    result = run('merge', '--allow-incomplete', '-o', merged, reports[0], reports[2],
                 check_code=0)
    assert 'shard 2/3 is missing' in result.stderr and last_document(merged)['interrupted']


def test_merge_of_a_shard_cut_short_exits_3(shards):
    root, reports = shards
    text = reports[1].read_text()
    cut = root / 'shard2-cut.yaml'
    cut.write_text(text[:text.index('---\nkind: summary')])
    result = run('merge', '-o', root / 'cut.yaml', reports[0], cut, reports[2], check_code=3)
    assert 'shard2-cut.yaml is incomplete (interrupted or cut short)' in result.stderr


def test_merge_of_every_shard_is_whole(shards):
    root, reports = shards
    merged = root / 'whole.yaml'
    result = run('merge', '-o', merged, *reports, check_code=0)
    assert 'INCOMPLETE' not in result.stderr and 'missing' not in result.stderr, result.stderr
    closing = last_document(merged)
    assert closing['interrupted'] is False and closing['files']['total'] == 8, closing


@pytest.fixture()
def side_files():
    """A clean sprite, a report of it (a baseline), a palette and a configuration, each with a
    copy of its bytes to tell whether it was replaced."""
    root = scratch_directory('write-safety-side')
    shutil.copyfile(SEEDS / 'clean-rle.gaf', root / 'x.gaf')
    (root / 'tree').mkdir()
    shutil.copyfile(SEEDS / 'clean-rle.gaf', root / 'tree' / 'x.gaf')
    run('check', '-o', root / 'base.yaml', root / 'x.gaf', check_code=0)
    (root / 'p.pal').write_bytes(bytes(range(256)) * 4)
    (root / 'c.yaml').write_text('fail-on: warning\n')
    return root, {name: (root / name).read_bytes() for name in ('base.yaml', 'p.pal', 'c.yaml')}


SIDE_WRITES = {
    'check --baseline': (['check', '--baseline', 'base.yaml', 'x.gaf', '-o', 'base.yaml'],
                         'it is the --baseline report base.yaml'),
    'census --baseline': (['census', '--baseline', 'base.yaml', 'tree', '-o', 'base.yaml'],
                          'it is the --baseline report base.yaml'),
    'check --config': (['check', '--config', 'c.yaml', 'x.gaf', '-o', 'c.yaml'],
                       'it is the configuration'),
    'census --config': (['census', '--config', 'c.yaml', 'tree', '-o', 'c.yaml'],
                        'it is the configuration'),
    'check --palette': (['check', '--format', 'html', '--palette', 'p.pal', '-o', 'p.pal',
                         'x.gaf'], 'it is the --palette p.pal'),
    'census --palette': (['census', '--format', 'html', '--palette', 'p.pal', '-o', 'p.pal',
                          'tree'], 'it is the --palette p.pal'),
    'html --palette': (['html', 'base.yaml', '--root', '.', '--palette', 'p.pal', '-o', 'p.pal'],
                       'it is the --palette p.pal'),
    'diff --palette': (['diff', 'x.gaf', 'tree/x.gaf', '--format', 'html', '--palette', 'p.pal',
                        '-o', 'p.pal'], 'it is the --palette p.pal'),
}


@pytest.mark.parametrize('name', SIDE_WRITES)
def test_no_output_replaces_a_file_the_run_reads(side_files, name):
    root, before = side_files
    args, why = SIDE_WRITES[name]
    result = run(*args, cwd=root, check_code=2)
    assert why in result.stderr and 'nothing was written' in result.stderr, result.stderr
    for file, data in before.items():
        assert (root / file).read_bytes() == data, (name, file)


def test_the_same_runs_write_beside_the_files_they_read(side_files):
    root, before = side_files
    for args, _ in SIDE_WRITES.values():
        at = args.index('-o') + 1
        args = args[:at] + ['out.yaml' if args[0] == 'census' else 'out'] + args[at + 1:]
        result = run(*args, cwd=root)
        assert result.returncode == 0, (args, result.stderr)
    for file, data in before.items():
        assert (root / file).read_bytes() == data, file
