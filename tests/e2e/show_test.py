"""gafcheck show end to end: the structure tree at known offsets, hexdumps of an
offset, a finding and a structure path labelled from the extent map, slack, colour only when
asked or on a terminal, hostile entry names escaped, usage errors, and archive members; --format
json says the same as one document, valid against reports/schema/show.schema.json.
"""
import json
import pathlib
import struct
import subprocess
import tempfile

import jsonschema

from conftest import GAFCHECK, ROOT

SEEDS = ROOT / 'corpus' / 'seed'
SHOW_SCHEMA = json.loads((ROOT / 'reports' / 'schema' / 'show.schema.json').read_text())


def show(*args, code=0, colour='never'):
    extra = [] if colour is None else ['--color', colour]
    result = subprocess.run([GAFCHECK, 'show', *map(str, args), *extra], capture_output=True,
                            timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == code, (
        f'exit {result.returncode}, wanted {code}\nstderr: {result.stderr[-2000:]!r}')
    return result.stdout.decode('utf-8'), result.stderr.decode('utf-8')


def rows(text):
    """The hexdump rows: offset -> the row's text."""
    return {int(line[:10], 16): line for line in text.splitlines() if line.startswith('0x')
            and '|' in line}


def one_entry_gaf(name):
    """One entry of one 2x2 raw frame: header 0, table 0xC, entry 0x10, frame table 0x38,
    frame header 0x40, pixels 0x58..0x5B."""
    out = bytearray(struct.pack('<III', 0x00010100, 1, 0))
    out += struct.pack('<I', 0x10)
    out += struct.pack('<HHI', 1, 1, 0) + name[:32].ljust(32, b'\0')
    out += struct.pack('<II', 0x40, 1)
    out += struct.pack('<HHhhBBBBIII', 2, 2, 0, 0, 9, 0, 0, 0, 0, 0x58, 0)
    out += bytes([1, 2, 3, 4])
    return bytes(out)


def test_tree_lists_the_entry_table_entries_and_frames_at_their_offsets():
    out, _ = show(SEEDS / 'entry.alias.gaf')
    lines = out.splitlines()
    assert any(line.startswith('0x0000000C          8  entry_table') for line in lines), out
    assert any(line.startswith('0x00000014         40  entry[0]  name "TWICE"') for line in lines)
    assert any(line.startswith('0x00000044         24    entry[0]/frame[0]  frame header 4x4')
               for line in lines), out
    assert any(line.startswith('0x00000014         40  entry[1]  same header as entry[0]')
               for line in lines), out
    assert '[0] entry.alias (error, retail crash) at 0x00000010+4 entry[1]' in out


def test_tree_lists_slack_only_where_there_is_some():
    out, _ = show(SEEDS / 'extent.slack.gaf')
    assert '0x00000068         20  slack' in out, out
    assert 'coverage: 104 bytes claimed, 20 slack' in out
    clean, _ = show(SEEDS / 'clean-raw.gaf')
    assert '  slack  ' not in clean and ' 0 slack' in clean, clean


def test_finding_0_shows_its_rule_under_the_row_of_its_offset():
    out, _ = show(SEEDS / 'entry.alias.gaf', '--finding', 0)
    assert 'bytes 0x00000000..0x00000033 (finding 0)' in out, out
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith('0x00000010'))
    # The entry table slot 1 (0x10..0x13) is the focus, and its row says who owns it.
    assert '14*00*00*00*' in lines[at] and 'entry_table (entry table)' in lines[at], lines[at]
    assert lines[at + 1].lstrip().startswith('^ [0] entry.alias (error, retail crash)'), out
    assert 'the game rebases' in lines[at + 1]
    # The finding is listed once, under its own row only.
    assert out.count('] entry.alias') == 1


def test_unknown_finding_number_is_a_usage_error():
    _, err = show(SEEDS / 'entry.alias.gaf', '--finding', 1, code=2)
    assert 'check lists 1 finding for this file' in err, err
    show(SEEDS / 'entry.alias.gaf', '--finding', 0)


def test_at_inside_slack_says_slack_and_inside_pixels_does_not():
    out, _ = show(SEEDS / 'extent.slack.gaf', '--at', '0x70', '--context', 0)
    row = rows(out)[0x70]
    assert 'slack (no structure claims these bytes)' in row, out
    assert '^ [0] extent.slack' in out  # the slack finding reaches into the range
    pixels, _ = show(SEEDS / 'extent.slack.gaf', '--at', '88', '--context', 0)
    row = rows(pixels)[0x58]
    assert 'entry[0]/frame[0] (raw pixels)' in row and 'slack' not in row, pixels


def test_path_selects_a_frame_header_and_labels_its_bytes():
    out, _ = show(SEEDS / 'composite.nested.gaf', '--path', 'entry[0]/frame[0]', '--context', 0)
    assert 'bytes 0x00000040..0x00000057 (entry[0]/frame[0], frame header)' in out, out
    dump = rows(out)
    assert sorted(dump) == [0x40, 0x50], out
    for line in dump.values():
        assert line.rstrip().endswith('entry[0]/frame[0] (frame header)'), line
    pixels, _ = show(SEEDS / 'clean-raw.gaf', '--path', 'entry[0]/frame[0]/pixels', '--context', 0)
    assert '(entry[0]/frame[0]/pixels, raw pixels)' in pixels, pixels
    # An aliased slot shows the entry header it shares.
    alias, _ = show(SEEDS / 'entry.alias.gaf', '--path', 'entry[1]', '--context', 0)
    assert rows(alias)[0x14].endswith('entry[0] (entry header)'), alias
    # A layer slot leading back to a header another path reached first (the cycle's finding path).
    cycle, _ = show(SEEDS / 'composite.cycle.gaf', '--path', 'entry[0]/frame[0]/layer[1]',
                    '--context', 0)
    assert rows(cycle)[0x40].endswith('entry[0]/frame[0] (frame header)'), cycle
    _, err = show(SEEDS / 'composite.nested.gaf', '--path', 'entry[0]/frame[9]', code=2)
    assert "no structure at path 'entry[0]/frame[9]'" in err, err


def test_colour_only_when_asked_or_on_a_terminal():
    piped, _ = show(SEEDS / 'entry.alias.gaf', '--finding', 0, colour=None)
    assert '\x1b' not in piped
    coloured, _ = show(SEEDS / 'entry.alias.gaf', '--finding', 0, colour='always')
    assert '\x1b[31mentry.alias\x1b[0m' in coloured, repr(coloured[:400])
    # A row label paints the structure path, not what follows it.
    assert '\x1b[36mentry_table\x1b[0m (entry table)' in coloured, repr(coloured[:600])
    # --format json never carries colour, whatever --color says.
    assert '\x1b' not in show(SEEDS / 'entry.alias.gaf', '--finding', 0, '--format', 'json',
                               colour='always')[0]
    _, err = show(SEEDS / 'entry.alias.gaf', colour='sometimes', code=2)
    assert '--color is always, never or auto' in err


def test_hostile_entry_name_is_escaped_never_raw():
    with tempfile.TemporaryDirectory() as directory:
        path = pathlib.Path(directory) / 'hostile.gaf'
        path.write_bytes(one_entry_gaf(b'\x1b[31mEVIL\n\x07\x9b2J'))
        for colour in ('never', 'always'):
            out, _ = show(path, colour=colour)
            assert 'name "\\x1B[31mEVIL\\x0A\\x07\\x9B2J"' in out, out
            assert '\x1b[31mEVIL' not in out and '\x07' not in out and '\x9b' not in out
        plain, _ = show(path)
        assert '\x1b' not in plain
        control, _ = show(SEEDS / 'clean-raw.gaf')
        assert '\\x' not in control


def test_offset_outside_the_file_is_a_usage_error():
    _, err = show(SEEDS / 'entry.alias.gaf', '--at', 108, code=2)
    assert 'outside the file (108 bytes' in err, err
    show(SEEDS / 'entry.alias.gaf', '--at', 'twelve', code=2)
    out, _ = show(SEEDS / 'entry.alias.gaf', '--at', '0x6B', '--context', 0)
    assert list(rows(out)) == [0x6B], out


def test_archive_member_offsets_are_in_its_decoded_bytes():
    archive = SEEDS / 'clean-hpi-v2.hpi'
    listing, _ = show(archive)
    assert 'zlib     anims/aramon.gaf' in listing, listing
    out, _ = show(f'{archive}!anims/aramon.gaf')
    assert '(an archive member: offsets are in its decoded bytes)' in out, out
    assert '0x0000000C          4  entry_table' in out
    dump, _ = show(f'{archive}!anims/aramon.gaf', '--at', 0x40, '--context', 0)
    assert "offsets in the member's decoded bytes" in dump
    assert 'entry[0]/frame[0] (frame header)' in rows(dump)[0x40], dump
    _, err = show(f'{archive}!anims/missing.gaf', code=1)
    assert "no member 'anims/missing.gaf'" in err, err


def test_truecolor_taf_lists_its_sequence_and_16_bit_pixels():
    out, _ = show(SEEDS / 'clean-taf-argb1555.taf')
    assert ('0x00000050         24    entry[0]/frame[0]  frame header 10x8 at (5,4), ARGB1555'
            in out), out
    assert '0x00000098        160      entry[0]/frame[0]  16-bit pixels' in out
    dump, _ = show(SEEDS / 'clean-taf-argb1555.taf', '--at', 0x10, '--context', 0)
    assert rows(dump)[0x10].endswith('entry[0] (sequence header)'), dump


def test_budget_hit_is_shown_not_a_crash():
    out, _ = show(SEEDS / 'clean-raw.gaf', '--max-entries', 0)
    assert 'stopped: budget.exceeded: entries (limit 0)' in out, out
    assert 'no extent map' in out
    dump, _ = show(SEEDS / 'clean-raw.gaf', '--max-entries', 0, '--at', 0)
    assert 'rows are not labelled' in dump, dump



def show_json(*args, code=0):
    """show --format json: the one document on standard output, validated against its schema."""
    out, _ = show(*args, '--format', 'json', code=code, colour=None)
    assert out.endswith('\n') and out.count('\n') == 1, out
    document = json.loads(out)
    jsonschema.validate(document, SHOW_SCHEMA)
    return document


def test_json_tree_holds_what_the_text_tree_prints():
    document = show_json(SEEDS / 'entry.alias.gaf')
    assert (document['kind'], document['format'], document['size']) == ('show', 'gaf', 108)
    assert document['dump'] is None and document['tree']['archive'] is None
    structures = {}  # the first row of each path (a frame header before its pixels)
    for row in document['tree']['gaf']['structures']:
        structures.setdefault(row['path'], row)
    assert structures['entry_table'] == {'offset': 0x0C, 'size': 8, 'depth': 0,
                                         'path': 'entry_table', 'detail': '2 slots walked',
                                         'in_file': True}
    assert structures['entry[0]']['detail'].startswith('name "TWICE"')
    assert structures['entry[0]/frame[0]']['offset'] == 0x44
    assert structures['entry[0]/frame[0]']['detail'].startswith('frame header 4x4')
    assert structures['entry[1]']['detail'] == 'same header as entry[0]'
    finding = document['findings'][0]
    assert (finding['number'], finding['rule'], finding['offset'], finding['path']) == (
        0, 'entry.alias', 0x10, 'entry[1]')
    # The text stays the default, and says the same.
    text, _ = show(SEEDS / 'entry.alias.gaf')
    assert '0x0000000C          8  entry_table  2 slots walked' in text


def test_json_tree_lists_slack_and_coverage():
    gaf = show_json(SEEDS / 'extent.slack.gaf')['tree']['gaf']
    assert gaf['slack'] == [{'offset': 0x68, 'size': 20}]
    assert gaf['coverage']['claimed'] == 104 and gaf['coverage']['slack'] == 20
    clean = show_json(SEEDS / 'clean-raw.gaf')['tree']['gaf']
    assert clean['slack'] == [] and clean['coverage']['slack'] == 0
    stopped = show_json(SEEDS / 'clean-raw.gaf', '--max-entries', 0)['tree']['gaf']
    assert stopped['stopped'] == 'budget.exceeded: entries (limit 0)' and stopped['coverage'] is None


def test_json_dump_of_a_finding_has_its_rows_labels_and_finding():
    document = show_json(SEEDS / 'entry.alias.gaf', '--finding', 0)
    dump = document['dump']
    assert document['tree'] is None
    assert (dump['what'], dump['begin'], dump['end']) == ('finding 0', 0, 0x34)
    assert (dump['focus_begin'], dump['focus_end']) == (0x10, 0x14)
    row = next(row for row in dump['rows'] if row['offset'] == 0x10)
    assert row['bytes'].startswith('14000000') and len(row['bytes']) == 32
    assert 'entry_table (entry table)' in row['labels'] and row['findings'] == [0]
    assert sum(len(r['findings']) for r in dump['rows']) == 1, 'listed under one row only'


def test_json_archive_tree_and_member_dump():
    archive = SEEDS / 'clean-hpi-v2.hpi'
    tree = show_json(archive)['tree']
    assert tree['gaf'] is None
    assert {'method': 'zlib', 'path': 'anims/aramon.gaf'}.items() <= next(
        m for m in tree['archive']['members'] if m['path'] == 'anims/aramon.gaf').items()
    member = show_json(f'{archive}!anims/aramon.gaf', '--at', 0x40, '--context', 0)
    assert member['member'] is True and member['damaged'] is None
    assert member['dump']['rows'][0]['labels'][0] == 'entry[0]/frame[0] (frame header)'


def test_json_format_is_text_or_json():
    _, err = show(SEEDS / 'clean-raw.gaf', '--format', 'yaml', code=2)
    assert "--format takes text or json, not 'yaml'" in err, err
