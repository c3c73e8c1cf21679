"""gafcheck conflicts, end to end: game folders built here (archives from hand_built_hpi, sprite
files from gaf_parts) whose archives overlap by extension, by case and by name order, and loose
files beside them; the winner each engine profile picks; identical, drawn-the-same and different
shadowed copies; a finding difference called out; --engine all naming an engine-dependent winner;
the JSON document stable and valid against its schema; exit codes."""
import json
import zlib

import jsonschema
import pytest
import yaml

from conftest import ROOT
from gaf_parts import gaf_shared
from hand_built_hpi import chunk, hpi_v1, packed

SCHEMA = json.loads((ROOT / 'reports' / 'schema' / 'conflicts.schema.json').read_text())
PIXELS = bytes(range(1, 17))  # a 4x4 raw frame, every index distinct


def sprite(pixels=PIXELS, key=0, version=0x00010100):
    """A GAF of one entry, UNIT, with one raw 4x4 frame."""
    data = bytearray(gaf_shared([0], [(b'UNIT', [(0, 1)])],
                                [{'width': 4, 'height': 4, 'x': 1, 'y': 2, 'key': key,
                                  'blob': 0}], [pixels]))
    data[0:4] = version.to_bytes(4, 'little')
    return bytes(data)


def other_pixels(value):
    """PIXELS with its sixth index recoloured: draws differently."""
    pixels = bytearray(PIXELS)
    pixels[5] = value
    return bytes(pixels)


def game(tmp_path, archives, loose=None):
    """A game folder: archives {file name: {member name: bytes}}, loose {path: bytes}."""
    folder = tmp_path / 'game'
    folder.mkdir()
    for name, members in archives.items():
        (folder / name).write_bytes(hpi_v1([packed(member.encode(), content)
                                           for member, content in members.items()]))
    for path, content in (loose or {}).items():
        (folder / path).write_bytes(content)
    return folder


def conflicts(run_gafcheck, folder, *options, code=None):
    result = run_gafcheck('conflicts', '--format', 'json', *options, folder, check_code=code)
    document = json.loads(result.stdout)
    jsonschema.validate(document, SCHEMA)
    return document


def winner_of(overlap, engine=None):
    index = overlap['winners'][engine] if engine else overlap['winner']
    return None if index is None else overlap['copies'][index]['source'].rsplit('/', 1)[-1]


def by_path(document):
    return {overlap['path']: overlap for overlap in document['conflicts']}


@pytest.fixture
def by_extension(tmp_path):
    """The same path in an .hpi, .ufo, .ccx and .gp3, each drawing differently."""
    return game(tmp_path, {name: {'unit.gaf': sprite(other_pixels(value))}
                           for value, name in enumerate(('a.hpi', 'b.ufo', 'c.ccx', 'd.gp3'),
                                                        100)})


@pytest.mark.parametrize('engine, winner', [
    ('ta', 'c.ccx!unit.gaf'), ('tadr', 'c.ccx!unit.gaf'), ('rwe', 'd.gp3!unit.gaf'),
    ('ta3d', 'd.gp3!unit.gaf'), ('swiftta', 'b.ufo!unit.gaf'), ('nta', 'b.ufo!unit.gaf'),
    ('kbot-io', 'b.ufo!unit.gaf'),
])
def test_winner_by_extension_under_each_engine(run_gafcheck, by_extension, engine, winner):
    document = conflicts(run_gafcheck, by_extension, '--engine', engine)
    (overlap,) = document['conflicts']
    assert overlap['path'] == 'unit.gaf'
    assert winner_of(overlap) == winner
    assert overlap['verdict'] == 'override'
    assert {copy['content'] for copy in overlap['copies']} == {'winner', 'differs'}


def test_engine_all_names_the_engine_dependent_winner(run_gafcheck, by_extension):
    document = conflicts(run_gafcheck, by_extension, '--engine', 'all')
    (overlap,) = document['conflicts']
    assert overlap['engine_dependent'] is True
    assert document['counts']['engine-dependent'] == 1
    assert winner_of(overlap, 'ta') == 'c.ccx!unit.gaf'
    assert winner_of(overlap, 'rwe') == 'd.gp3!unit.gaf'
    assert winner_of(overlap, 'swiftta') == 'b.ufo!unit.gaf'
    assert document['engine'] == 'ta' and 'rwe' in document['engines']


def test_case_folded_names_ordered_by_archive_name(run_gafcheck, tmp_path):
    # One rank, two archives: the first in name order wins under ta, the last under kbot-io.
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite(other_pixels(100))},
                             'b.hpi': {'UNIT.GAF': sprite(other_pixels(101))}})
    (overlap,) = conflicts(run_gafcheck, folder, '--engine', 'ta')['conflicts']
    assert overlap['path'] == 'unit.gaf'
    assert (winner_of(overlap), overlap['decided_by']) == ('a.hpi!unit.gaf', 'name order')
    (overlap,) = conflicts(run_gafcheck, folder, '--engine', 'kbot-io')['conflicts']
    assert winner_of(overlap) == 'b.hpi!UNIT.GAF'


def test_loose_file_beats_archives(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'x.gp3': {'unit.gaf': sprite(other_pixels(100))}},
                  loose={'Unit.gaf': sprite()})
    document = conflicts(run_gafcheck, folder, '--engine', 'all')
    (overlap,) = document['conflicts']
    assert winner_of(overlap) == 'Unit.gaf'
    assert overlap['copies'][overlap['winner']]['loose'] is True
    # SwiftTA reads no loose file: the archive's copy is its winner.
    assert winner_of(overlap, 'swiftta') == 'x.gp3!unit.gaf'
    assert overlap['engine_dependent'] is True


@pytest.mark.parametrize('shadowed, verdict, content', [
    (sprite(), 'identical', 'identical'),
    (sprite(key=200), 'drawn-same', 'drawn-same'),  # another transparency key no pixel uses
    (sprite(other_pixels(200)), 'override', 'differs'),
])
def test_shadowed_copy_content(run_gafcheck, tmp_path, shadowed, verdict, content):
    folder = game(tmp_path, {'a.ccx': {'unit.gaf': sprite()}, 'b.hpi': {'unit.gaf': shadowed}})
    (overlap,) = conflicts(run_gafcheck, folder, code=0)['conflicts']
    assert winner_of(overlap) == 'a.ccx!unit.gaf'
    assert overlap['verdict'] == verdict
    (copy,) = [c for c in overlap['copies'] if c['content'] != 'winner']
    assert copy['content'] == content
    assert ('diff' in copy) == (content != 'identical')
    if content == 'differs':
        assert copy['diff'].startswith("gafcheck diff '") and "b.hpi!unit.gaf'" in copy['diff']
        conflicts(run_gafcheck, folder, '--fail-on', 'override', code=1)


def test_finding_difference_is_called_out(run_gafcheck, tmp_path):
    # The loaded copy's version word is one the game never reads: a finding the shadowed copy
    # lacks, though both draw the same.
    folder = game(tmp_path, {'x.ufo': {'unit.gaf': sprite(version=0x00010200)},
                             'y.hpi': {'unit.gaf': sprite()}})
    document = conflicts(run_gafcheck, folder, '--engine', 'swiftta', code=1)
    (overlap,) = document['conflicts']
    assert overlap['findings_differ'] is True
    (copy,) = [c for c in overlap['copies'] if c['content'] != 'winner']
    assert copy['winner_only_findings'] == ['header.version-nonstandard']
    assert copy['call_out'].startswith('header.version-nonstandard comes from ')
    assert 'x.ufo!unit.gaf, which overrides ' in copy['call_out']
    conflicts(run_gafcheck, folder, '--engine', 'swiftta', '--fail-on', 'never', code=0)


def test_no_overlap_and_yaml_by_default(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'one.gaf': sprite()}, 'b.ufo': {'two.gaf': sprite()}})
    result = run_gafcheck('conflicts', folder, check_code=0)
    document = yaml.safe_load(result.stdout)
    assert document['kind'] == 'conflicts' and document['conflicts'] == []
    assert document['counts']['archives'] == 2


def test_json_is_stable(run_gafcheck, by_extension):
    first = run_gafcheck('conflicts', '--format', 'json', '--engine', 'all', by_extension).stdout
    again = run_gafcheck('conflicts', '--format', 'json', '--engine', 'all', by_extension).stdout
    assert first == again


def test_unreadable_archive_is_named(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite()}})
    (folder / 'broken.ufo').write_bytes(b'not an archive')
    result = run_gafcheck('conflicts', folder, check_code=3)
    assert 'broken.ufo: not an HPI-family archive' in result.stderr
    run_gafcheck('conflicts', tmp_path / 'missing', check_code=3)


def test_a_copy_that_does_not_decode_exactly_is_named_and_not_a_success(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite()}})
    content = sprite(other_pixels(9))
    body = zlib.compress(content)
    (folder / 'b.ufo').write_bytes(hpi_v1([(b'unit.gaf', len(content),
                                            [chunk(body, len(content), checksum=1)])]))
    result = run_gafcheck('conflicts', folder, check_code=3)
    assert 'b.ufo!unit.gaf: ' in result.stderr, result.stderr
    # Control: the same overlap with the checksum right is compared and is not a read failure.
    (folder / 'b.ufo').write_bytes(hpi_v1([packed(b'unit.gaf', content)]))
    result = run_gafcheck('conflicts', folder)
    assert result.returncode in (0, 1) and 'b.ufo!unit.gaf: ' not in result.stderr


def test_usage_errors(run_gafcheck, by_extension):
    run_gafcheck('conflicts', check_code=2)
    result = run_gafcheck('conflicts', '--engine', 'doom', by_extension, check_code=2)
    assert 'rwe' in result.stderr
    run_gafcheck('conflicts', '--fail-on', 'sometimes', by_extension, check_code=2)


def test_archives_in_subfolders_only_for_engines_that_search_them(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite()}})
    (folder / 'mods').mkdir()
    (folder / 'mods' / 'z.hpi').write_bytes(hpi_v1([packed(b'unit.gaf', sprite(other_pixels(9)))]))
    assert conflicts(run_gafcheck, folder, '--engine', 'ta')['conflicts'] == []
    (overlap,) = conflicts(run_gafcheck, folder, '--engine', 'kbot-io')['conflicts']
    assert winner_of(overlap) == 'z.hpi!unit.gaf'
    (overlap,) = conflicts(run_gafcheck, folder, '--engine', 'all')['conflicts']
    assert overlap['engine_dependent'] is True
    assert winner_of(overlap, 'ta') == 'a.hpi!unit.gaf'
    assert winner_of(overlap, 'kbot-io') == 'z.hpi!unit.gaf'
