"""gafcheck diff by content, end to end: the mode told from the bytes (never the name), sides of
different kinds refused, the verdicts same / re-encoded / different with their exit statuses,
--fail-on, unreadable and damaged sides, -o never replacing a side, the JSON document against
its schema, the text form on a terminal, a tree's edit, move and copy, and two census reports
of one tree copied under old/ and new/."""
import json
import os
import shutil
import struct
import subprocess
import sys

import jsonschema
import pytest
import yaml

from conftest import GAFCHECK, ROOT, scratch_directory
from gaf_parts import gaf_shared
from gafcheck_run import load_schemas
from terminal_output import read_until_closed

SCHEMA = load_schemas(ROOT, ['content-diff'])['content-diff']
PIXELS = bytes(range(1, 17))  # a 4x4 raw frame, every index distinct
FRAME = {'width': 4, 'height': 4, 'x': 1, 'y': 2, 'key': 0}


def sprite(pixels=PIXELS, version=None):
    """A GAF of one entry, UNIT, with two raw 4x4 frames: the first PIXELS, the second empty."""
    data = bytearray(gaf_shared([0], [(b'UNIT', [(0, 1), (1, 2)])],
                                [dict(FRAME, blob=0), dict(FRAME, blob=1)], [pixels, bytes(16)]))
    if version is not None:
        struct.pack_into('<I', data, 0, version)
    return bytes(data)


def one_pixel_changed():
    """PIXELS with the pixel at (1, 1) of the frame, index 6, recoloured to 200."""
    pixels = bytearray(PIXELS)
    pixels[5] = 200
    return bytes(pixels)


@pytest.fixture
def sides():
    """A scratch directory with a.gaf (sprite()) and b.gaf (one pixel changed)."""
    folder = scratch_directory('diff')
    (folder / 'a.gaf').write_bytes(sprite())
    (folder / 'b.gaf').write_bytes(sprite(one_pixel_changed()))
    return folder


def document(result):
    docs = list(yaml.safe_load_all(result.stdout))
    assert len(docs) == 1, result.stdout
    return docs[0]


def test_report_named_x_gaf_is_compared_as_a_report(run_gafcheck, sides):
    run_gafcheck('check', '-o', sides / 'old.gaf', sides / 'a.gaf', check_code=0)
    run_gafcheck('check', '-o', sides / 'new.gaf', sides / 'b.gaf', check_code=0)
    reports = document(run_gafcheck('diff', sides / 'old.gaf', sides / 'new.gaf', check_code=0))
    assert reports['kind'] == 'diff'
    # Control: --content compares the same two files as plain files.
    content = document(run_gafcheck('diff', '--content', sides / 'old.gaf', sides / 'new.gaf',
                                    check_code=1))
    assert (content['kind'], content['compared']) == ('content-diff', 'file')


def test_gaf_named_x_yaml_is_compared_as_content(run_gafcheck, sides):
    shutil.copy(sides / 'a.gaf', sides / 'a.yaml')
    shutil.copy(sides / 'b.gaf', sides / 'b.yaml')
    diff = document(run_gafcheck('diff', sides / 'a.yaml', sides / 'b.yaml', check_code=1))
    assert (diff['kind'], diff['compared'], diff['verdict']) == (
        'content-diff', 'sprite', 'different')
    # Control: --reports insists on reports, and these are not.
    refused = run_gafcheck('diff', '--reports', sides / 'a.yaml', sides / 'b.yaml', check_code=3)
    assert 'a.yaml is not a gafcheck report' in refused.stderr
    assert refused.stdout == ''


def test_sides_of_different_kinds_are_a_usage_error(run_gafcheck, sides, seeds):
    run_gafcheck('check', '-o', sides / 'report.yaml', sides / 'a.gaf', check_code=0)
    report = run_gafcheck('diff', '-o', sides / 'diff.yaml', sides / 'report.yaml',
                          sides / 'b.gaf', check_code=2)
    assert 'report.yaml is a gafcheck report, ' in report.stderr
    assert 'b.gaf a sprite file (GAF or TAF) (--content' in report.stderr
    assert not (sides / 'diff.yaml').exists()
    # --content takes the report for a file, still not a sprite file.
    content = run_gafcheck('diff', '--content', sides / 'report.yaml', sides / 'b.gaf',
                           check_code=2)
    assert 'like with like' in content.stderr and 'b.gaf a sprite file' in content.stderr
    archive = run_gafcheck('diff', sides / 'a.gaf', seeds / 'clean-hpi-v1.hpi', check_code=2)
    assert 'a.gaf is a sprite file (GAF or TAF)' in archive.stderr
    assert 'clean-hpi-v1.hpi an archive' in archive.stderr
    assert report.stdout == archive.stdout == ''
    # Control: two archives are alike.
    run_gafcheck('diff', '-o', os.devnull, seeds / 'clean-hpi-v1.hpi', seeds / 'clean-hpi-v2.hpi',
                 check_code=1)


def test_identical_files_are_the_same(run_gafcheck, sides):
    shutil.copy(sides / 'a.gaf', sides / 'copy.gaf')
    result = run_gafcheck('diff', sides / 'a.gaf', sides / 'copy.gaf', check_code=0)
    diff = document(result)
    assert (diff['verdict'], diff['files'], diff['counts']['unchanged']) == ('same', [], 1)
    assert ': same (' in result.stderr
    # Control: one pixel more is different.
    assert document(run_gafcheck('diff', sides / 'a.gaf', sides / 'b.gaf',
                                 check_code=1))['verdict'] == 'different'


def changes(diff):
    """Every change kind in a diff: files, entries and frames."""
    found = set()
    for file in diff['files']:
        found.add(file['change'])
        for entry in file.get('entries', []):
            found.add(entry['change'])
            found.update(frame['change'] for frame in entry.get('frames', []))
    return found


def test_rebuild_output_is_re_encoded(run_gafcheck, sides, seeds):
    for name in ('a.gaf', 'clean-rle.gaf', 'clean-composite.gaf'):
        source = sides / name if name == 'a.gaf' else seeds / name
        rebuilt = sides / f'rebuilt-{name}'
        run_gafcheck('rebuild', source, '-o', rebuilt, check_code=0)
        diff = document(run_gafcheck('diff', source, rebuilt, check_code=0))
        assert diff['verdict'] == 're-encoded', name
        assert changes(diff) == {'re-encoded'}, name
        # Control: the bytes did change.
        run_gafcheck('diff', '-o', os.devnull, '--fail-on', 'bytes', source, rebuilt,
                     check_code=1)


def test_changed_pixel_is_listed_with_the_frame(run_gafcheck, sides):
    result = run_gafcheck('diff', sides / 'a.gaf', sides / 'b.gaf', check_code=1)
    (file,) = document(result)['files']
    assert (file['change'], file['path'], file['old_path']) == (
        'changed', str(sides / 'b.gaf'), str(sides / 'a.gaf'))
    (entry,) = file['entries']
    assert (entry['name'], entry['change'], entry['unchanged_frames']) == ('UNIT', 'changed', 1)
    (frame,) = entry['frames']
    assert (frame['change'], frame['old'], frame['new']) == ('changed', 0, 0)
    # Pixel (1, 1) of a frame whose origin is (1, 2): (0, -1) from the anchor.
    assert frame['pixels'] == {'differing': 1,
                               'box': {'left': 0, 'top': -1, 'width': 1, 'height': 1},
                               'remap': {'from': 6, 'to': 200}}
    # Only the pixels are drawn differently (the stored bytes differ too, not drawn).
    assert [(f['field'], f['drawn']) for f in frame.get('fields', [])] in ([], [('bytes', False)])
    text = run_gafcheck('diff', '--format', 'text', sides / 'a.gaf', sides / 'b.gaf',
                        check_code=1).stdout
    assert ('    frame 0 changed: 1 pixels differ in 1x1 at (0,-1), index 6 recoloured to 200\n'
            in text)


@pytest.mark.parametrize('fail_on, pixel, version', [
    # One pixel changed: drawn and bytes count it, never and the findings do not.
    ('drawn', 1, 0), ('bytes', 1, 1), ('never', 0, 0), ('findings', 0, 0), ('warning', 0, 1),
    ('error', 0, 0), ('info', 0, 1),
])
def test_fail_on(run_gafcheck, sides, fail_on, pixel, version):
    # A version word the game never reads: a warning finding gained, nothing drawn differs.
    (sides / 'v.gaf').write_bytes(sprite(version=0x00010200))
    run_gafcheck('diff', '-o', os.devnull, '--fail-on', fail_on, sides / 'a.gaf', sides / 'b.gaf',
                 check_code=pixel)
    result = run_gafcheck('diff', '--fail-on', fail_on, sides / 'a.gaf', sides / 'v.gaf',
                          check_code=version)
    diff = document(result)
    assert diff['verdict'] == 're-encoded'
    (finding,) = diff['files'][0]['findings']['new']
    assert (finding['rule'], finding['severity']) == ('header.version-nonstandard', 'warning')


def test_fail_on_rejects_other_words(run_gafcheck, sides):
    result = run_gafcheck('diff', '--fail-on', 'pixels', sides / 'a.gaf', sides / 'b.gaf',
                          check_code=2)
    assert "not 'pixels'" in result.stderr


def test_unreadable_side_exits_3(run_gafcheck, sides):
    result = run_gafcheck('diff', sides / 'missing.gaf', sides / 'b.gaf', check_code=3)
    assert 'cannot read' in result.stderr and 'missing.gaf' in result.stderr
    assert result.stdout == ''


def test_damaged_member_exits_3(run_gafcheck, seeds):
    # x.txt's chunk fails its checksum in one seed and its LZ77 stream in the other.
    old, new = seeds / 'hpi.chunk-checksum.hpi', seeds / 'hpi.chunk-stream.hpi'
    member = run_gafcheck('diff', f'{old}!x.txt', f'{new}!x.txt', check_code=3)
    assert 'hpi.chunk-checksum.hpi!x.txt is damaged' in member.stderr
    whole = document(run_gafcheck('diff', old, new, check_code=3))
    noted = {file['path']: file.get('note', '') for file in whole['files']}
    assert noted[f'{new}!x.txt'].startswith('not compared: OLD is damaged')
    # A damaged member only NEW has is not passed off as added content either.
    added = document(run_gafcheck('diff', seeds / 'clean-hpi-v1.hpi', old, check_code=3))
    noted = {file['path']: file.get('note', '') for file in added['files']}
    assert noted[f'{old}!x.txt'].startswith('not compared: NEW is damaged')
    # Control: two sound archives that differ exit 1.
    run_gafcheck('diff', '-o', os.devnull, seeds / 'clean-hpi-v1.hpi', seeds / 'clean-hpi-v2.hpi',
                 check_code=1)


def test_output_naming_a_side_writes_nothing(run_gafcheck, sides, seeds):
    before = {path.name: path.read_bytes() for path in sides.iterdir()}
    for side in ('a.gaf', 'b.gaf'):
        result = run_gafcheck('diff', '-o', sides / side, sides / 'a.gaf', sides / 'b.gaf',
                              check_code=2)
        assert f'it is the side {sides / side}' in result.stderr
    archive = sides / 'mod.hpi'
    shutil.copy(seeds / 'clean-hpi-v1.hpi', archive)
    result = run_gafcheck('diff', '-o', archive, f'{archive}!anims/armcom.gaf',
                          f'{seeds / "clean-hpi-v2.hpi"}!anims/armcom.gaf', check_code=2)
    assert 'nothing was written' in result.stderr
    assert archive.read_bytes() == (seeds / 'clean-hpi-v1.hpi').read_bytes()
    assert {path.name: path.read_bytes() for path in sides.iterdir() if path != archive} == before


def test_output_inside_a_tree_side_is_refused(run_gafcheck, make_tree):
    old, new, _ = edited_trees(make_tree)
    result = run_gafcheck('diff', '-o', new / 'diff.yaml', old, new, check_code=2)
    assert f'it is inside the side {new}' in result.stderr
    assert not (new / 'diff.yaml').exists()
    assert not [p for p in new.iterdir() if p.name.startswith('.diff.yaml')], 'no temporary file'
    # Control: beside the trees it is written, and lists none of its own bytes.
    diff = document(run_gafcheck('diff', '-o', '-', old, new, check_code=1))
    run_gafcheck('diff', '-o', new.parent / 'diff.yaml', old, new, check_code=1)
    assert yaml.safe_load((new.parent / 'diff.yaml').read_text())['files'] == diff['files']


def json_diff(run_gafcheck, old, new, code):
    result = run_gafcheck('diff', '--format', 'json', old, new, check_code=code)
    assert result.stdout.count('\n') == 1, 'one JSON line'
    diff = json.loads(result.stdout)
    jsonschema.validate(diff, SCHEMA)
    return diff


def test_json_matches_the_schema(run_gafcheck, sides, seeds, make_tree):
    assert json_diff(run_gafcheck, sides / 'a.gaf', sides / 'b.gaf', 1)['compared'] == 'sprite'
    archive = json_diff(run_gafcheck, seeds / 'clean-hpi-v1.hpi', seeds / 'clean-hpi-v2.hpi', 1)
    assert archive['compared'] == 'archive'
    assert {'added', 'removed'} <= {file['change'] for file in archive['files']}
    tsf = json_diff(run_gafcheck, seeds / 'tsf.value.tsf', seeds / 'tsf.syntax.tsf', 1)
    assert tsf['compared'] == 'tsf' and tsf['files'][0]['findings']['new']
    old, new, _ = edited_trees(make_tree)
    tree = json_diff(run_gafcheck, old, new, 1)
    assert tree['compared'] == 'tree'
    assert {file['change'] for file in tree['files']} == {'changed', 'moved', 'copied'}


def two_entries(second=b'FLASH', count=2):
    """A GAF whose entries UNIT and SECOND each show one of two distinct 4x4 raw frames."""
    data = bytearray(gaf_shared([0, 1], [(b'UNIT', [(0, 1)]), (second, [(1, 1)])],
                                [dict(FRAME, blob=0), dict(FRAME, blob=1)],
                                [PIXELS, bytes(range(101, 117))]))
    struct.pack_into('<I', data, 4, count)
    return bytes(data)


def test_entries_put_out_of_the_games_reach_are_a_drawn_change(run_gafcheck, sides):
    (sides / 'two.gaf').write_bytes(two_entries())
    # Renamed onto the name the first entry has, as the game folds it: the game finds UNIT first.
    (sides / 'shadowed.gaf').write_bytes(two_entries(second=b'unit'))
    diff = json_diff(run_gafcheck, sides / 'two.gaf', sides / 'shadowed.gaf', 1)
    assert diff['verdict'] == 'different'
    entries = diff['files'][0]['entries']
    assert [(e['name'], e['change'], e.get('reachable', True)) for e in entries] == [
        ('FLASH', 'removed', True), ('unit', 'added', False)]
    # A count the game reads as negative (bit 15 set) loads no entry at all.
    (sides / 'negative.gaf').write_bytes(two_entries(count=0x8002))
    lost = json_diff(run_gafcheck, sides / 'two.gaf', sides / 'negative.gaf', 1)
    reach = {(e['name'], f['old'], f['new'], f['drawn'])
             for e in lost['files'][0]['entries'] for f in e.get('fields', [])
             if f['field'] == 'reachable'}
    assert reach == {('UNIT', 'yes', 'no', True), ('FLASH', 'yes', 'no', True)}
    text = run_gafcheck('diff', '--format', 'text', sides / 'two.gaf', sides / 'shadowed.gaf',
                        check_code=1).stdout
    assert '  entry unit added (not reachable: the game finds an earlier entry of this name, ' \
        'or loads none)\n' in text
    # Control: the high half of the count is not read by the game; the bytes differ, no more.
    (sides / 'high.gaf').write_bytes(two_entries(count=0x10002))
    assert json_diff(run_gafcheck, sides / 'two.gaf', sides / 'high.gaf', 0)['verdict'] == \
        're-encoded'


def test_second_file_on_a_folded_path_is_not_dropped(run_gafcheck):
    root = scratch_directory('diff-folded-twins')
    for side in ('old', 'new'):
        (root / side / 'anims').mkdir(parents=True)
        (root / side / 'anims' / 'x.gaf').write_bytes(sprite())
    (root / 'new' / 'ANIMS').mkdir()
    (root / 'new' / 'ANIMS' / 'X.GAF').write_bytes(sprite(one_pixel_changed()))
    diff = json_diff(run_gafcheck, root / 'old', root / 'new', 1)
    assert [(f['change'], f['path']) for f in diff['files']] == [('added', 'ANIMS/X.GAF')]
    assert diff['counts']['unchanged'] == 1
    backwards = json_diff(run_gafcheck, root / 'new', root / 'old', 1)
    assert [(f['change'], f['path']) for f in backwards['files']] == [('removed', 'ANIMS/X.GAF')]
    # Control: the same pair of files on both sides is the same.
    shutil.copytree(root / 'new', root / 'again')
    assert json_diff(run_gafcheck, root / 'new', root / 'again', 0)['verdict'] == 'same'


def test_text_on_a_terminal(sides):
    controller, terminal = os.openpty()
    try:
        process = subprocess.run([GAFCHECK, 'diff', sides / 'a.gaf', sides / 'b.gaf'],
                                 stdout=terminal, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                 timeout=60)
        os.close(terminal)
        text = read_until_closed(controller)
    finally:
        os.close(controller)
    assert process.returncode == 1
    text = text.decode().replace('\r\n', '\n')
    assert text.startswith(f'changed {sides / "b.gaf"} (was {sides / "a.gaf"})\n')
    assert 'kind: content-diff' not in text
    assert process.stderr == b'', 'the text ends with the summary: it is not repeated'


def test_yaml_on_a_pipe(run_gafcheck, sides):
    # Control for the terminal: a pipe gets the YAML document.
    assert document(run_gafcheck('diff', sides / 'a.gaf', sides / 'b.gaf',
                                 check_code=1))['kind'] == 'content-diff'


def edited_trees(make_tree):
    """Two small trees from the tree generator: new/ with one GAF's frame shown a tick longer, one
    GAF moved and one copied."""
    folder = scratch_directory('diff-trees')
    old, new = folder / 'old', folder / 'new'
    subprocess.run([make_tree, old, '6', '1'], check=True, capture_output=True)
    shutil.copytree(old, new)
    gafs = sorted(p.relative_to(new) for p in new.rglob('*') if p.suffix.lower() == '.gaf')
    edited, moved, copied = gafs[0], gafs[1], gafs[2]
    data = bytearray((new / edited).read_bytes())
    entry = struct.unpack_from('<I', data, 12)[0]
    duration = struct.unpack_from('<I', data, entry + 44)[0]
    struct.pack_into('<I', data, entry + 44, duration + 1)
    (new / edited).write_bytes(bytes(data))
    (new / moved).rename(new / 'moved.gaf')
    shutil.copy(new / copied, new / 'copy.gaf')
    return old, new, {'edited': str(edited), 'moved': str(moved), 'copied': str(copied)}


def test_tree_edit_move_and_copy(run_gafcheck, make_tree):
    old, new, names = edited_trees(make_tree)
    diff = document(run_gafcheck('diff', old, new, check_code=1))
    files = {(file['change'], file['path'], file.get('old_path')) for file in diff['files']}
    assert files == {('changed', names['edited'], None), ('moved', 'moved.gaf', names['moved']),
                     ('copied', 'copy.gaf', names['copied'])}
    counts = diff['counts']
    assert (counts['changed'], counts['moved'], counts['copied'], counts['added'],
            counts['removed']) == (1, 1, 1, 0, 0)
    (edited,) = [file for file in diff['files'] if file['change'] == 'changed']
    fields = [field for entry in edited['entries'] for frame in entry['frames']
              for field in frame.get('fields', [])]
    assert [(f['field'], f['drawn']) for f in fields] == [('duration', True)]
    # Control: the unchanged files are counted, not listed, unless asked for.
    listed = document(run_gafcheck('diff', '--list-unchanged', old, new, check_code=1))
    assert len(listed['files']) == 3 + counts['unchanged']


def test_census_reports_of_copies_of_one_tree(run_gafcheck, make_tree, seeds):
    folder = scratch_directory('diff-census')
    subprocess.run([make_tree, folder / 'old' / 'tree', '4', '1'], check=True,
                   capture_output=True)
    for name in ('rle.overrun.gaf', 'frame.out-of-bounds.gaf'):
        shutil.copy(seeds / name, folder / 'old' / 'tree' / name)
    shutil.copytree(folder / 'old' / 'tree', folder / 'new' / 'tree')
    shutil.copy(seeds / 'header.truncated.gaf', folder / 'new' / 'tree' / 'header.truncated.gaf')
    for side in ('old', 'new'):
        run_gafcheck('census', '-o', folder / f'{side}.yaml', folder / side)
    result = run_gafcheck('diff', folder / 'old.yaml', folder / 'new.yaml', check_code=1)
    diff = document(result)
    assert diff['kind'] == 'diff'
    assert diff['files_removed'] == []
    assert diff['files_added'] == ['header.truncated.gaf']
    assert [file['path'] for file in diff['files']] == ['header.truncated.gaf']


if __name__ == '__main__':
    sys.exit(pytest.main([__file__]))


def pixels_moved_to(data_offset):
    """sprite() with its first frame's pixels pointed at data_offset (past the end: undrawable)."""
    data = bytearray(sprite())
    entry = struct.unpack_from('<I', data, 12)[0]
    header = struct.unpack_from('<I', data, entry + 40)[0]
    struct.pack_into('<I', data, header + 16, data_offset)
    return bytes(data)


def test_same_undrawable_frame_at_another_offset_is_the_same_drawing(run_gafcheck, sides):
    (sides / 'far.gaf').write_bytes(pixels_moved_to(0x100000))
    (sides / 'farther.gaf').write_bytes(pixels_moved_to(0x200000))
    result = run_gafcheck('diff', sides / 'far.gaf', sides / 'farther.gaf', check_code=0)
    assert document(result)['verdict'] != 'different'
    # Control: drawable on one side only is a drawn change.
    run_gafcheck('diff', sides / 'a.gaf', sides / 'far.gaf', check_code=1)


def test_truncated_copy_is_compared_not_unreadable(run_gafcheck, sides):
    (sides / 'cut.gaf').write_bytes(sprite()[:-20])
    run_gafcheck('diff', sides / 'a.gaf', sides / 'cut.gaf', check_code=1)
