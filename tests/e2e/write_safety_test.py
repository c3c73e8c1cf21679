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

