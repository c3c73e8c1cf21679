"""What the writing commands promise under hostile or careless arguments: no output replaces a
file the run reads (a --baseline, a --palette, a configuration), and a result that left content
out (a merge missing a shard) never exits as if it were whole.
"""
import json
import os
import pathlib
import shutil
import struct

import pytest
import yaml

from conftest import GAFCHECK, SEEDS, scratch_directory
from gafcheck_run import run_gafcheck
from gaf_parts import gaf_shared
from hand_built_hpi import hpi_v1, packed


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


def test_only_the_yaml_journal_takes_the_resume_reports_name(side_files):
    root, _ = side_files
    run('census', 'tree', '-o', 'run.yaml', cwd=root, check_code=0)
    journal = (root / 'run.yaml').read_bytes()
    os.link(root / 'run.yaml', root / 'other-name.yaml')
    for target in ('run.yaml', './run.yaml', 'other-name.yaml'):
        result = run('census', 'tree', '--resume', 'run.yaml', '--format', 'json', '-o', target,
                     cwd=root, check_code=2)
        assert 'it is the --resume report run.yaml' in result.stderr, result.stderr
        assert (root / 'run.yaml').read_bytes() == journal, target
    # Control: the YAML journal resumes into its own name, with a JSON copy beside it.
    run('census', 'tree', '--resume', 'run.yaml', '-o', 'run.yaml', '--format', 'json', '-o',
        'run.json', cwd=root, check_code=0)
    assert last_document(root / 'run.yaml')['kind'] == 'summary'
    assert json.loads((root / 'run.json').read_text().splitlines()[-1])['kind'] == 'summary'


def archive_with_unreadable_name(path, real_placeholder=False):
    """a.gaf, an entry whose name offset lies outside the names (listed as '<entry[1]>'), and
    c.txt; with real_placeholder the middle entry is instead really named '<entry[1]>'."""
    sprite = (SEEDS / 'clean-rle.gaf').read_bytes()
    middle = b'<entry[1]>' if real_placeholder else b'b.gaf'
    data = bytearray(hpi_v1([packed(b'a.gaf', sprite), packed(middle, sprite),
                             packed(b'c.txt', b'hello')]))
    if not real_placeholder:
        struct.pack_into('<I', data, 0x14 + 8 + 9, 0x7FFFFFF0)  # entry 1's name offset
    path.write_bytes(bytes(data))
    return path


def test_extract_never_writes_a_member_under_a_placeholder_for_its_name():
    root = scratch_directory('write-safety-names')
    archive = archive_with_unreadable_name(root / 'oob.hpi')
    result = run('extract', archive, '-o', root / 'out', check_code=1)
    assert ('refused  <entry[1]>: its name cannot be read: the path is a placeholder, not a name '
            'in the archive (hpi.name-bounds)') in result.stderr, result.stderr
    assert sorted(p.name for p in (root / 'out').iterdir()) == ['a.gaf', 'c.txt']
    # Control: a member really named so is the archive's own name, and is written.
    real = archive_with_unreadable_name(root / 'real.hpi', real_placeholder=True)
    run('extract', real, '-o', root / 'real', check_code=0)
    assert (root / 'real' / '<entry[1]>').read_bytes() == (SEEDS / 'clean-rle.gaf').read_bytes()


def test_rebuild_drops_a_member_whose_name_cannot_be_read_and_names_it():
    root = scratch_directory('write-safety-rebuild-names')
    archive = archive_with_unreadable_name(root / 'oob.hpi')
    run('rebuild', archive, '-o', root / 'refused.hpi', check_code=1)  # the game crashes on it
    result = run('rebuild', '--drop-unrenderable', archive, '-o', root / 'clean.hpi',
                 check_code=0)
    assert 'dropped <entry[1]>: its name cannot be read' in result.stderr, result.stderr
    listing = run('ls', root / 'clean.hpi', check_code=0).stdout
    assert 'a.gaf' in listing and 'c.txt' in listing and '<entry' not in listing, listing
    real = archive_with_unreadable_name(root / 'real.hpi', real_placeholder=True)
    run('rebuild', real, '-o', root / 'real-clean.hpi', check_code=0)
    assert '<entry[1]>' in run('ls', root / 'real-clean.hpi', check_code=0).stdout


def test_extract_of_a_directory_not_read_whole_is_not_success():
    root = scratch_directory('write-safety-walk')
    sprite = (SEEDS / 'clean-rle.gaf').read_bytes()
    archive = root / 'names.hpi'
    archive.write_bytes(hpi_v1([packed(b'a.gaf', sprite), packed(b'long-name.gaf', sprite)]))
    result = run('extract', '--max-name-length', '8', archive, '-o', root / 'out', check_code=1)
    assert 'the directory of' in result.stderr and 'was not read whole' in result.stderr
    assert '1 written, 0 damaged (kept as .damaged), 0 refused, the directory not read whole' in (
        result.stderr), result.stderr
    run('extract', archive, '-o', root / 'whole', check_code=0)
    assert sorted(p.name for p in (root / 'whole').iterdir()) == ['a.gaf', 'long-name.gaf']


def test_extract_never_writes_one_member_over_another():
    root = scratch_directory('write-safety-duplicates')
    archive = root / 'dup.hpi'
    archive.write_bytes(hpi_v1([packed(b'a.gaf', b'first'), packed(b'A.GAF', b'second'),
                                packed(b'a.gaf', b'third'), packed(b'b.txt', b'other')]))
    for force in ([], ['--force']):
        out = root / f'out{len(force)}'
        result = run('extract', *force, archive, '-o', out, check_code=1)
        for later in ('A.GAF', 'a.gaf'):
            assert (f'refused  {later}: same path as the earlier member a.gaf under case folding, '
                    'which the game loads; not written over it (hpi.duplicate-path)') in (
                result.stderr), result.stderr
        assert '2 written, 0 damaged (kept as .damaged), 2 refused' in result.stderr
        assert (out / 'a.gaf').read_bytes() == b'first' and not (out / 'A.GAF').exists()
    # --force still replaces a file that was there before the run (control).
    (root / 'out1' / 'b.txt').write_bytes(b'old')
    run('extract', '--force', archive, 'b.txt', '-o', root / 'out1', check_code=0)
    assert (root / 'out1' / 'b.txt').read_bytes() == b'other'


def test_two_outputs_on_one_file_are_refused_however_spelled(side_files):
    root, _ = side_files
    (root / 'first.out').write_text('before')
    (root / 'linked.out').hardlink_to(root / 'first.out')
    for other in ('./first.out', 'linked.out', 'tree/../first.out'):
        for command in (['check', 'x.gaf'], ['census', 'tree']):
            result = run(*command, '--format', 'yaml', '-o', 'first.out', '--format', 'json', '-o',
                         other, cwd=root, check_code=2)
            assert (f'--format yaml and --format json would both write to one file, first.out '
                    f'and {other}') in result.stderr, result.stderr
    assert (root / 'first.out').read_text() == 'before'
    # Control: two files.
    run('check', 'x.gaf', '--format', 'yaml', '-o', 'one.out', '--format', 'json', '-o',
        'two.out', cwd=root, check_code=0)
    assert (root / 'one.out').read_text().startswith('---') and (
        root / 'two.out').read_text().startswith('{')


def test_rebuild_of_a_tree_names_every_link_and_special_file_it_leaves_out():
    root = scratch_directory('write-safety-tree')
    tree = root / 'mod'
    (tree / 'anims').mkdir(parents=True)
    shutil.copyfile(SEEDS / 'clean-rle.gaf', tree / 'anims' / 'unit.gaf')
    (tree / 'anims' / 'alias.gaf').symlink_to('unit.gaf')
    os.mkfifo(tree / 'pipe.gaf')
    result = run('rebuild', tree, '-o', root / 'clean', check_code=5)
    for line in ('dropped anims/alias.gaf: a symbolic link, not followed: not in the rebuilt tree',
                 'dropped pipe.gaf: a special file (FIFO, socket, device): not in the rebuilt '
                 'tree'):
        assert line in result.stderr, result.stderr
    assert sorted(p.name for p in (root / 'clean' / 'anims').iterdir()) == ['unit.gaf']
    # Control: the tree without them is rebuilt whole.
    (tree / 'anims' / 'alias.gaf').unlink()
    (tree / 'pipe.gaf').unlink()
    result = run('rebuild', tree, '-o', root / 'whole', check_code=0)
    assert 'dropped' not in result.stderr, result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason='root reads every directory')
def test_rebuild_of_a_tree_it_cannot_walk_whole_exits_3():
    root = scratch_directory('write-safety-unreadable')
    tree = root / 'mod'
    (tree / 'locked').mkdir(parents=True)
    shutil.copyfile(SEEDS / 'clean-rle.gaf', tree / 'locked' / 'unit.gaf')
    (tree / 'locked').chmod(0)
    try:
        result = run('rebuild', tree, '-o', root / 'clean', check_code=3)
    finally:
        (tree / 'locked').chmod(0o755)
    assert 'stopped at locked (Permission denied)' in result.stderr, result.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason='root reads every directory')
def test_diff_of_a_tree_whose_old_side_cannot_be_listed_is_not_a_removal():
    root = scratch_directory('write-safety-diff-unreadable')
    for side in ('old', 'new'):
        (root / side / 'locked').mkdir(parents=True)
        shutil.copyfile(SEEDS / 'clean-rle.gaf', root / side / 'unit.gaf')
    shutil.copyfile(SEEDS / 'clean-rle.gaf', root / 'old' / 'locked' / 'unit.gaf')
    (root / 'old' / 'locked').chmod(0)
    try:
        result = run('diff', root / 'old', root / 'new', '-o', root / 'd.yaml', check_code=3)
        reverse = run('diff', root / 'new', root / 'old', '-o', root / 'r.yaml', check_code=3)
    finally:
        (root / 'old' / 'locked').chmod(0o755)
    document = yaml.safe_load((root / 'd.yaml').read_text())
    assert document['unreadable'] is True, document
    assert document['files'][0]['note'].startswith('not compared: OLD: '), document
    assert yaml.safe_load((root / 'r.yaml').read_text())['unreadable'] is True, reverse.stderr


def test_a_journal_whose_record_says_less_than_its_document_is_refused():
    root = scratch_directory('write-safety-journal')
    tree = root / 'tree'
    tree.mkdir()
    shutil.copyfile(SEEDS / 'clean-rle.gaf', tree / 'clean.gaf')
    shutil.copyfile(SEEDS / 'rle.short-row.gaf', tree / 'short.gaf')
    journal = root / 'journal.yaml'
    run('census', '-o', journal, tree, check_code=1)
    text = journal.read_text()
    assert ', worst: error' in text
    edited = root / 'edited.yaml'
    edited.write_text(text.replace('verdict: errors, retail: garbage, worst: error',
                                   'verdict: clean, retail: none'))
    result = run('census', '--resume', edited, '-o', root / 'resumed.yaml', tree, check_code=3)
    assert ('says its worst finding is none, but its file document lists one of severity error '
            '(the report was edited)') in result.stderr, result.stderr
    # Control: the journal as written is taken over, and the run still fails on its finding.
    result = run('census', '--resume', journal, '-o', root / 'whole.yaml', tree, check_code=1)
    assert '2 taken over' in result.stderr, result.stderr


def test_extract_charges_every_member_of_shared_data_to_the_output_budget():
    root = scratch_directory('write-safety-shared')
    count, size = 200, 65536
    data = bytearray(hpi_v1([packed(b'm%03d.bin' % i, bytes(size)) for i in range(count)]))
    entries_at = 0x14 + 8
    records = [struct.unpack_from('<I', data, entries_at + 9 * i + 4)[0] for i in range(count)]
    first_data = struct.unpack_from('<I', data, records[0])[0]
    for record in records:  # every entry names the first member's stored bytes
        struct.pack_into('<I', data, record, first_data)
    archive = root / 'shared.hpi'
    archive.write_bytes(bytes(data))
    result = run('extract', '--max-archive-output', '1M', archive, '-o', root / 'out', check_code=1)
    assert ('refused  m016.bin: budget.exceeded: archive_output (the members extracted would '
            'decompress to 1114112 bytes, past --max-archive-output 1048576)') in result.stderr
    assert '16 written, 0 damaged (kept as .damaged), 184 refused' in result.stderr
    assert sum(p.stat().st_size for p in (root / 'out').iterdir()) == 16 * size
    # Control: within the budget, every member is written.
    run('extract', '--max-archive-output', f'{count * size}', archive, '-o', root / 'all',
        check_code=0)
    assert len(list((root / 'all').iterdir())) == count


def test_rebuild_names_an_entry_it_does_not_follow_and_exits_5():
    root = scratch_directory('write-safety-entry-flag')
    result = run('rebuild', SEEDS / 'hpi.entry-flag.hpi', '-o', root / 'out.hpi', '--report',
                 root / 'r.yaml', check_code=5)
    assert ('dropped scripts: an entry neither a file nor a directory is not followed: left out '
            '(hpi.entry-flag)') in result.stderr, result.stderr
    assert ('[rebuild: dropped: an entry neither a file nor a directory is not followed: left '
            'out]') in (root / 'r.yaml').read_text()
    run('rebuild', SEEDS / 'clean-hpi-v1.hpi', '-o', root / 'clean.hpi', check_code=0)


def test_a_sheet_missing_frames_a_budget_refused_is_not_written_as_whole():
    root = scratch_directory('write-safety-sheet')
    sprite = root / 'wide.gaf'
    sprite.write_bytes(gaf_shared([0], [(b'W', [(0, 1)] * 100)],
                                  [dict(width=4000, height=1, blob=0)], [bytes(range(250)) * 16]))
    # 100 references to one 4000x1 frame: the sheet holds a canvas per reference, 8,000 bytes
    # each, and --max-heap 400K holds 50 of them.
    result = run('render', '--sheet', '--animate', '--max-heap', '400K', '-o', root / 'out', sprite,
                 check_code=1)
    assert '2 not drawn' in result.stderr, result.stderr
    images = json.loads((root / 'out' / 'index.json').read_text())['images']
    for kind in ('sheet', 'animation'):
        record = next(i for i in images if i.get(kind))
        assert record['reason'].startswith('49 of its frames, drawn before, could not be held for '
                                           'it, so it would lack them (frame 51: budget.exceeded: '
                                           'heap'), record
    assert not (root / 'out' / '0-W' / 'sheet.retail.png').exists()
    # Control: within the budget, the sheet and animation hold every frame.
    run('render', '--sheet', '--animate', '-o', root / 'whole', sprite, check_code=0)
    assert (root / 'whole' / '0-W' / 'sheet.retail.png').exists()


def test_render_of_a_file_it_cannot_read_whole_is_not_success():
    root = scratch_directory('write-safety-unread')
    (root / 'empty.gaf').write_bytes(b'')
    result = run('render', '-o', root / 'empty', root / 'empty.gaf', check_code=1)
    assert 'the file is shorter than the 12-byte GAF header: no entry is read' in result.stderr
    sprite = root / 'four.gaf'
    sprite.write_bytes(gaf_shared([0, 1, 2, 3], [(b'E%d' % e, [(0, 1)]) for e in range(4)],
                                  [dict(width=4, height=4, blob=0)], [bytes(16)]))
    result = run('render', '--max-entries', '2', '-o', root / 'out', sprite, check_code=1)
    reason = ('the structure read stopped at budget.exceeded: entries (limit 2); entries and '
              'frames past it are not listed')
    assert reason in result.stderr, result.stderr
    images = json.loads((root / 'out' / 'index.json').read_text())['images']
    assert {'file': str(sprite), 'entry': None, 'frame': None, 'policy': 'retail',
            'reason': reason} in images, images
    run('render', '-o', root / 'whole', sprite, check_code=0)
