"""gafcheck conflicts and identify on game folders a hostile uploader made: member names that
would forge a line of standard error, copies that could not be read, symlinks, FIFOs and link
loops in the folder, archives of one name in two subfolders. Nothing named may be lost silently:
what is not read is named and the exit is 3; what is read is classified as it is."""
import html
import json
import os
import zlib

import jsonschema
import yaml

from conftest import ROOT
from conflicts_test import PIXELS, game, other_pixels, sprite
from gaf_parts import gaf_shared
from hand_built_hpi import chunk, hpi_v1, packed

SCHEMA = json.loads((ROOT / 'reports' / 'schema' / 'conflicts.schema.json').read_text())
FORGING = b'unit.gaf: 1 decoding errors\ngafcheck conflicts: all good'


def document(run_gafcheck, folder, *options, code):
    result = run_gafcheck('conflicts', '--format', 'json', *options, folder, check_code=code)
    parsed = json.loads(result.stdout)
    jsonschema.validate(parsed, SCHEMA)
    return parsed, result.stderr


def test_problem_lines_on_standard_error_name_copies_escaped(run_gafcheck, tmp_path):
    content = sprite()
    folder = game(tmp_path, {'a.hpi': {FORGING.decode(): content}})
    (folder / 'b.hpi').write_bytes(hpi_v1([(FORGING, len(content), [
        chunk(zlib.compress(content), len(content), checksum=5)])]))
    for command in (['conflicts', folder], ['census', '--conflicts', '-o', tmp_path / 'c.yaml',
                                            folder]):
        stderr = run_gafcheck(*command, check_code=3).stderr
        assert 'b.hpi!unit.gaf: 1 decoding errors\\x0Agafcheck conflicts: all good' in stderr
        assert 'gafcheck conflicts: all good' not in stderr.splitlines()
    # Control: the same names decoded exactly name nothing on standard error.
    (folder / 'b.hpi').write_bytes(hpi_v1([packed(FORGING, content)]))
    assert 'all good' not in run_gafcheck('conflicts', folder, check_code=0).stderr


def test_copies_not_read_are_not_called_drawn_the_same(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite()},
                             'b.hpi': {'unit.gaf': sprite(other_pixels(9))}})
    parsed, stderr = document(run_gafcheck, folder, '--max-member-size', '50', code=3)
    (overlap,) = parsed['conflicts']
    assert overlap['verdict'] == 'not-read'
    assert [copy['content'] for copy in overlap['copies']] == ['winner', 'not-read']
    assert parsed['counts']['not-read'] == 1 and parsed['counts']['drawn-same'] == 0
    assert 'could not be decoded' in stderr
    text = run_gafcheck('conflicts', '--format', 'text', '--max-member-size', '50', folder,
                        check_code=3).stdout.splitlines()
    assert text[0].startswith('NOT-READ   unit.gaf: ')
    assert '0 drawn the same' in text[-1] and '1 not read' in text[-1]
    sarif = json.loads(run_gafcheck('conflicts', '--format', 'sarif', '--max-member-size', '50',
                                    folder, check_code=3).stdout)
    assert sarif['runs'][0]['properties']['counts']['not-read'] == 1
    # Control: read whole, the copies differ.
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    assert parsed['conflicts'][0]['verdict'] == 'override'
    assert parsed['counts']['not-read'] == 0


def hostile_folder(tmp_path):
    """a.hpi and c.hpi supply unit.gaf; beside them a symlinked archive (to outside the folder),
    a FIFO and a dangling link named like the overlapping path, a link loop, a directory named
    like an archive."""
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite()},
                             'c.hpi': {'unit.gaf': sprite(other_pixels(9))}})
    outside = tmp_path / 'outside.ccx'
    outside.write_bytes(hpi_v1([packed(b'unit.gaf', sprite(other_pixels(10)))]))
    (folder / 'b.ccx').symlink_to(outside)
    os.mkfifo(folder / 'unit.gaf')
    (folder / 'units').mkdir()
    (folder / 'units' / 'x.fbi').symlink_to(tmp_path / 'nowhere')
    (folder / 'loop').symlink_to('loop')
    (folder / 'd.hpi').mkdir()
    return folder


def test_links_and_special_files_in_a_game_folder_are_named(run_gafcheck, tmp_path):
    folder = hostile_folder(tmp_path)
    parsed, stderr = document(run_gafcheck, folder, code=3)
    unreadable = '\n'.join(parsed['unreadable'])
    for name in ('b.ccx', 'unit.gaf', 'units/x.fbi', 'loop'):
        assert f'{folder}/{name}: ' in unreadable, unreadable
        assert f'cannot read {folder}/{name}: ' in stderr
    assert 'symlink' in unreadable and 'FIFO' in unreadable.upper()
    assert 'outside.ccx' not in json.dumps(parsed['conflicts'])
    # The rest of the folder is still listed and classified.
    (overlap,) = parsed['conflicts']
    assert [copy['source'] for copy in overlap['copies']] == [f'{folder}/a.hpi!unit.gaf',
                                                             f'{folder}/c.hpi!unit.gaf']
    loop = run_gafcheck('conflicts', folder / 'loop', check_code=3).stderr
    assert f'cannot read {folder}/loop: Too many levels of symbolic links' in loop
    census = run_gafcheck('census', '--conflicts', '-o', tmp_path / 'c.yaml', folder,
                          check_code=3)
    assert f'census: conflicts: cannot read {folder}/b.ccx: ' in census.stderr
    # Control: the folder without them names nothing.
    for name in ('b.ccx', 'unit.gaf', 'units/x.fbi', 'loop'):
        (folder / name).unlink()
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    assert parsed['unreadable'] == []


def test_identify_names_links_and_special_files_and_reads_nothing_outside(run_gafcheck,
                                                                          tmp_path):
    folder = hostile_folder(tmp_path)
    result = run_gafcheck('identify', '--format', 'json', folder, check_code=3)
    paths = [entry['path'] for entry in json.loads(result.stdout)]
    assert paths == [f'{folder}/a.hpi', f'{folder}/c.hpi']
    for name in ('unit.gaf', 'units/x.fbi', 'loop'):
        assert f'{folder}/{name}: ' in result.stderr, result.stderr
    assert 'outside.ccx' not in result.stdout
    # Control: a folder of regular files only is identified with exit 0.
    for name in ('b.ccx', 'unit.gaf', 'units/x.fbi', 'loop'):
        (folder / name).unlink()
    result = run_gafcheck('identify', '--format', 'json', folder, check_code=0)
    assert result.stderr == ''


def test_archives_of_one_name_in_two_subfolders_tie_by_their_paths(run_gafcheck, tmp_path):
    """kbot-io mounts archives by file name, ties by full path, the last mounted winning: the
    copy's place inside its archive decides nothing."""
    folder = game(tmp_path, {})
    for sub, members in (('a', [(b'other.gaf', 20), (b'unit.gaf', 21)]),
                         ('b', [(b'unit.gaf', 22)])):
        (folder / sub).mkdir()
        (folder / sub / 'x.hpi').write_bytes(hpi_v1([packed(name, sprite(other_pixels(value)))
                                                     for name, value in members]))
    parsed, _ = document(run_gafcheck, folder, '--engine', 'kbot-io', '--fail-on', 'never',
                         code=0)
    (overlap,) = parsed['conflicts']
    assert overlap['copies'][overlap['winner']]['source'] == f'{folder}/b/x.hpi!unit.gaf'


def test_identify_names_files_escaped(run_gafcheck, tmp_path):
    """A file name of invalid UTF-8 with a line break is one escaped path in both formats."""
    folder = game(tmp_path, {})
    name = os.fsdecode(b'bad\xff\nname.hpi')
    (folder / name).write_bytes(hpi_v1([packed(b'unit.gaf', sprite())]))
    result = run_gafcheck('identify', '--format', 'json', folder, check_code=0)
    assert [entry['path'] for entry in json.loads(result.stdout)] == [
        f'{folder}/bad\\xFF\\x0Aname.hpi']
    result = run_gafcheck('identify', folder, check_code=0)
    assert f'- path: "{folder}/bad\\\\xFF\\\\x0Aname.hpi"' in result.stdout


def test_members_on_one_path_in_one_archive_are_told_apart(run_gafcheck, tmp_path):
    """ARCHIVE!member reaches the first member on a path (A-Z folded): a later one is named as
    which it is, and no diff command is given that would compare the first with itself."""
    folder = game(tmp_path, {})
    (folder / 'a.hpi').write_bytes(hpi_v1([packed(b'unit.gaf', sprite()),
                                           packed(b'UNIT.GAF', sprite(other_pixels(9))),
                                           packed(b'unit.gaf', sprite(other_pixels(10)))]))
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    (overlap,) = parsed['conflicts']
    assert [copy.get('occurrence') for copy in overlap['copies']] == [None, 2, 3]
    assert [copy['content'] for copy in overlap['copies']] == ['winner', 'differs', 'differs']
    assert all('diff' not in copy for copy in overlap['copies'])
    line = run_gafcheck('conflicts', '--format', 'text', '--fail-on', 'never', folder,
                        check_code=0).stdout.splitlines()[0]
    assert (f'shadows {folder}/a.hpi!UNIT.GAF (member 2 on this path in its archive) (differs), '
            f'{folder}/a.hpi!unit.gaf (member 3 on this path in its archive) (differs)') in line
    page = run_gafcheck('conflicts', '--format', 'html', '--fail-on', 'never', folder,
                        check_code=0).stdout
    assert 'gafcheck diff' not in page and 'member 3 on this path in its archive' in page
    sarif = json.loads(run_gafcheck('conflicts', '--format', 'sarif', '--fail-on', 'never',
                                    folder, check_code=0).stdout)
    (result,) = sarif['runs'][0]['results']
    assert 'member 2 on this path in its archive' in result['message']['text']
    # Control: the same copies in two archives are each reachable, with a diff command.
    (folder / 'a.hpi').write_bytes(hpi_v1([packed(b'unit.gaf', sprite())]))
    (folder / 'b.hpi').write_bytes(hpi_v1([packed(b'UNIT.GAF', sprite(other_pixels(9)))]))
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    copies = parsed['conflicts'][0]['copies']
    assert 'occurrence' not in copies[1] and copies[1]['diff'].startswith('gafcheck diff ')


def test_the_page_gives_the_diff_command_shell_quoted(run_gafcheck, tmp_path):
    name = 'x.gaf;touch pwned $(id)'
    folder = game(tmp_path, {'a.hpi': {name: sprite()}, 'b.hpi': {name: sprite(other_pixels(9))}})
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    command = parsed['conflicts'][0]['copies'][1]['diff']
    assert command == f"gafcheck diff '{folder}/b.hpi!{name}' '{folder}/a.hpi!{name}'"
    page = run_gafcheck('conflicts', '--format', 'html', '--fail-on', 'never', folder,
                        check_code=0).stdout
    assert command in html.unescape(page)


def test_a_configuration_in_the_game_folder_changes_no_conflicts_verdict(run_gafcheck, tmp_path):
    """census --conflicts reads the game folder as gafcheck conflicts does: a .gafcheck.yaml the
    upload brought (trusted for census' own checks, run from above it) sets neither the budgets
    nor the game its copies are read and checked under."""
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite(version=0x00010200)},
                             'b.hpi': {'unit.gaf': sprite()}})

    def census_conflicts():
        result = run_gafcheck('census', '--conflicts', '-o', 'c.yaml', 'game', cwd=tmp_path)
        return result.returncode, [line for line in result.stderr.splitlines()
                                   if line.startswith('census: conflicts:')]

    clean = census_conflicts()
    assert clean[0] == 1 and '1 with findings that differ' in clean[1][0]
    for setting in ('max-member-size: 10', 'max-file-size: 10', 'game: tak'):
        (folder / '.gafcheck.yaml').write_text(setting + '\n')
        assert census_conflicts() == clean, setting


def two_frames(second):
    """A GAF of one entry, UNIT, with two raw 4x4 frames: the first always PIXELS."""
    frame = {'width': 4, 'height': 4, 'x': 1, 'y': 2, 'key': 0}
    return bytes(gaf_shared([0], [(b'UNIT', [(0, 1), (1, 1)])],
                            [dict(frame, blob=0), dict(frame, blob=1)], [PIXELS, second]))


def test_copies_checked_only_in_part_are_not_called_drawn_the_same(run_gafcheck, tmp_path):
    """A budget that stops the drawing after the first frame leaves two copies that differ in
    the second alike as far as they were drawn: not a comparison, so not-read and exit 3."""
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': two_frames(other_pixels(50))},
                             'b.hpi': {'unit.gaf': two_frames(other_pixels(60))}})
    parsed, stderr = document(run_gafcheck, folder, '--max-pixels', '20', '--fail-on',
                              'override', code=3)
    (overlap,) = parsed['conflicts']
    assert overlap['verdict'] == 'not-read'
    assert [copy['content'] for copy in overlap['copies']] == ['winner', 'not-read']
    assert 'a budget ran out' in overlap['copies'][1]['damage']
    assert f'{folder}/b.hpi!unit.gaf: checked only in part' in stderr
    # Identical bytes stay identical whatever the budget (and the budget is still stated).
    (folder / 'b.hpi').write_bytes((folder / 'a.hpi').read_bytes())
    parsed, _ = document(run_gafcheck, folder, '--max-pixels', '20', code=3)
    assert parsed['conflicts'][0]['verdict'] == 'identical'
    # Control: within the budgets the copies are compared whole and differ.
    (folder / 'b.hpi').write_bytes(hpi_v1([packed(b'unit.gaf', two_frames(other_pixels(60)))]))
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'override', code=1)
    assert parsed['conflicts'][0]['verdict'] == 'override'


def test_no_writer_is_named_from_part_of_a_file(run_gafcheck, tmp_path):
    """A budget that cuts the directory walk leaves a sorted prefix of an unsorted directory:
    identify and check's writer say the file was read only in part, and take no fact from it."""
    archive = tmp_path / 'x.hpi'
    names = [b'a%03d.gaf' % i for i in range(20)] + [b'0last.gaf']
    archive.write_bytes(hpi_v1([packed(name, sprite()) for name in names]))
    whole = json.loads(run_gafcheck('identify', '--format', 'json', archive).stdout)[0]
    assert 'hpi.directory-order = unsorted' in whole['basis']
    for budget in (['--max-name-length', '8'], ['--max-heap', '3000']):
        cut = json.loads(run_gafcheck('identify', '--format', 'json', *budget, archive).stdout)[0]
        assert cut['tool'] == 'unknown', budget
        assert cut['basis'] == ['the structure was read only in part (a budget ran out: gafcheck '
                                'check names it), and part of a file names no writer'], budget
        report = run_gafcheck('check', '--format', 'yaml', *budget, archive).stdout
        writers = [document['writer'] for document in yaml.safe_load_all(report)
                   if document.get('path') == str(archive)]
        assert writers == [{'tool': 'unknown', 'versions': '', 'confidence': 'none',
                            'basis': cut['basis']}], budget


def test_a_file_reached_twice_is_listed_once(run_gafcheck, tmp_path):
    """The game never loads one file twice: an archive or loose file that a second argument
    reaches again (the folder named twice, an archive named beside its folder, another spelling)
    is listed once, and standard error says which argument repeated which. A hard link in the
    folder is two names the game sees as two files: both stay listed."""
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite(), 'x.gaf': sprite()},
                             'b.hpi': {'unit.gaf': sprite(other_pixels(3))}})
    (folder / 'loose.txt').write_bytes(b'text')
    os.link(folder / 'b.hpi', folder / 'c.hpi')
    alone, stderr = document(run_gafcheck, folder, code=0)
    assert 'reached first' not in stderr
    sources = [copy['source'] for copy in alone['conflicts'][0]['copies']]
    assert [s.rsplit('/', 1)[-1] for s in sources] == ['a.hpi!unit.gaf', 'b.hpi!unit.gaf',
                                                       'c.hpi!unit.gaf']
    assert [o['path'] for o in alone['conflicts']] == ['unit.gaf']
    for arguments, line in [
            ([folder, folder], f"argument 2 '{folder}' reaches 4 files listed before (the first: "
                               f"{folder}/a.hpi, the same file as {folder}/a.hpi that argument 1 "
                               f"'{folder}' reached first): each listed once"),
            ([folder, folder / 'a.hpi'], f"argument 2 '{folder}/a.hpi' reaches {folder}/a.hpi, "
                                         f"the same file as {folder}/a.hpi that argument 1 "
                                         f"'{folder}' reached first: listed once, there"),
            ([folder / 'a.hpi', folder], f"argument 2 '{folder}' reaches {folder}/a.hpi, the "
                                         f"same file as {folder}/a.hpi that argument 1 "
                                         f"'{folder}/a.hpi' reached first")]:
        result = run_gafcheck('conflicts', '--format', 'json', *arguments, check_code=0)
        parsed = json.loads(result.stdout)
        assert [o['path'] for o in parsed['conflicts']] == ['unit.gaf'], parsed['conflicts']
        assert len(parsed['conflicts'][0]['copies']) == 3
        assert f'gafcheck conflicts: {line}' in result.stderr, result.stderr
    # Two spellings of one archive: no copy of it is called IDENTICAL to itself.
    result = run_gafcheck('conflicts', '--format', 'text', f'{folder}/./a.hpi', folder / 'a.hpi',
                          check_code=0)
    assert 'IDENTICAL' not in result.stdout and result.stdout.startswith('0 paths'), result.stdout
    assert f"argument 2 '{folder}/a.hpi' reaches {folder}/a.hpi, the same file as " \
           f"{folder}/./a.hpi" in result.stderr, result.stderr


def test_a_listing_over_the_heap_budget_stops_and_names_where(run_gafcheck, tmp_path):
    """conflicts holds every copy of the mod set at once, so the listing is charged to --max-heap:
    an upload of archives full of members cannot grow it past the budget. Listing stops at the
    source that would pass it, which is named with the budget, and nothing after it is listed:
    exit 3, never a verdict over part of the mod set."""
    many = {'f%04d.txt' % i: b'x' for i in range(59)}
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite(), **many},
                             'b.hpi': {'unit.gaf': sprite(other_pixels(9)), **many},
                             'c.hpi': {'unit.gaf': sprite(other_pixels(10))}})
    # Each directory alone is read whole within the budget; the two listings together are not.
    parsed, stderr = document(run_gafcheck, folder, '--max-heap', '60000', code=3)
    (stopped,) = parsed['unreadable']
    assert stopped.startswith(f'{folder / "b.hpi"}: listing stops here: its 60 copies would ')
    assert 'over --max-heap 60000' in stopped and 'raise --max-heap' in stopped
    assert parsed['counts']['archives'] == 1 and parsed['conflicts'] == []
    assert 'listing stops here' in stderr
    census = run_gafcheck('census', '--conflicts', '--max-heap', '60000', '-o',
                          tmp_path / 'c.yaml', folder, check_code=3)
    assert 'b.hpi: listing stops here' in census.stderr
    # Control: within the default budget all three are listed and compared.
    parsed, _ = document(run_gafcheck, folder, '--fail-on', 'never', code=0)
    assert parsed['unreadable'] == [] and parsed['counts']['archives'] == 3
    assert [(o['path'], len(o['copies'])) for o in parsed['conflicts']][-1] == ('unit.gaf', 3)
