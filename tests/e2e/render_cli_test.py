"""gafcheck render end to end: index.json, PNG pixels decoded here with zlib and
compared with images written down from the bytes, reasons for frames the game cannot draw,
hostile entry names and planted symlinks, --max-pixels, and every palette format.
"""
import json
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile
import zlib

from conftest import GAFCHECK, PACK_TREE, ROOT
from gafcheck_run import run_gafcheck, validated_documents
from gaf_parts import gaf_shared
from hand_built_hpi import chunk, hpi_v1, packed
from png_reader import png_pixels

SEEDS = ROOT / 'corpus' / 'seed'

MAGENTA = (255, 0, 255, 255)
YELLOW = (255, 255, 0, 255)
CLEAR = (0, 0, 0, 0)


def run(*args, check_code=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code)


# --- a GAF writer: entries of one frame each, laid out header, entries, frame headers, data ---

def gaf(entries, count_word=None):
    """entries: (name_bytes, frame) with frame a dict: width, height, x, y, key, compressed, data.
    """
    out = bytearray(struct.pack('<III', 0x00010100,
                                len(entries) if count_word is None else count_word, 0))
    entry_at = 12 + 4 * len(entries)
    frame_at = entry_at + 48 * len(entries)
    data_at = frame_at + 24 * len(entries)
    for i in range(len(entries)):
        out += struct.pack('<I', entry_at + 48 * i)
    for i, (name, _) in enumerate(entries):
        out += struct.pack('<HHI', 1, 1, 0) + name[:32].ljust(32, b'\0')
        out += struct.pack('<II', frame_at + 24 * i, 2)
    datas = []
    for name, frame in entries:
        out += struct.pack('<HHhhBBBBIII', frame['width'], frame['height'], frame.get('x', 0),
                           frame.get('y', 0), frame.get('key', 9), frame.get('compressed', 1), 0,
                           0, 0, data_at + sum(len(d) for d in datas), 0)
        datas.append(bytes.fromhex(frame['data']) if isinstance(frame['data'], str)
                     else frame['data'])
    for data in datas:
        out += data
    return bytes(out)


# Row 0 (count 2): a 2-px repeat of 5, then the game reads row 1's count word 06 00 as a 2-px
# repeat of 0; row 1: literal 1 2 3 and a 1-px repeat of 9.
SHORT_ROW = {'width': 4, 'height': 2, 'data': '02 00 06 05  06 00 08 01 02 03 02 09'}
# 2x2 raw, key 9: 9 1 / 2 9.
RAW_KEYED = {'width': 2, 'height': 2, 'compressed': 0, 'data': bytes([9, 1, 2, 9])}


# --- a PNG reader: 8-bit RGBA or indexed, not interlaced (what render writes) ---

def read_png(path):
    """Rows of (R, G, B, A) pixels of a PNG render wrote (an indexed one expanded)."""
    width, _, channels, rows = png_pixels(pathlib.Path(path).read_bytes())
    assert channels == 4
    return [[tuple(row[x * 4:x * 4 + 4]) for x in range(width)] for row in rows]


def read_gif(path):
    """(width, height, loops, frames): frames are (delay_cs, transparent, rows of RGBA)."""
    data = pathlib.Path(path).read_bytes()
    assert data[:6] == b'GIF89a', data[:6]
    width, height, packed = struct.unpack_from('<HHB', data, 6)
    at, table = 13, []
    if packed & 0x80:
        size = 2 << (packed & 7)
        table = [tuple(data[at + 3 * i:at + 3 * i + 3]) for i in range(size)]
        at += 3 * size

    def blocks(at):
        out = b''
        while data[at]:
            out += data[at + 1:at + 1 + data[at]]
            at += 1 + data[at]
        return out, at + 1

    frames, loops, delay, transparent = [], False, 0, None
    while data[at] != 0x3B:
        if data[at] == 0x21:
            label = data[at + 1]
            body, at = blocks(at + 2)
            if label == 0xF9:
                delay = body[1] | body[2] << 8
                transparent = body[3] if body[0] & 1 else None
            elif label == 0xFF and body.startswith(b'NETSCAPE2.0'):
                loops = True
            continue
        assert data[at] == 0x2C
        left, top, w, h, flags = struct.unpack_from('<HHHHB', data, at + 1)
        assert (left, top, w, h, flags & 0xC0) == (0, 0, width, height, 0)
        minimum = data[at + 10]
        stream, at = blocks(at + 11)
        indices = lzw(stream, minimum)
        rows = [[(0, 0, 0, 0) if i == transparent else table[i] + (255,)
                 for i in indices[y * w:(y + 1) * w]] for y in range(h)]
        frames.append((delay, transparent, rows))
    return width, height, loops, frames


def lzw(stream, minimum):
    clear, end = 1 << minimum, (1 << minimum) + 1
    bits = int.from_bytes(stream, 'little')
    position, size, out, table, previous = 0, minimum + 1, [], None, None
    while position + size <= len(stream) * 8:
        code = (bits >> position) & ((1 << size) - 1)
        position += size
        if code == clear:
            table = [[i] for i in range(clear)] + [None, None]
            size, previous = minimum + 1, None
            continue
        if code == end:
            break
        if previous is None:
            entry = table[code]
        else:
            entry = table[code] if code < len(table) else previous + previous[:1]
            table.append(previous + entry[:1])
            if len(table) == 1 << size and size < 12:
                size += 1
        out += entry
        previous = entry
    return out


def colour(i):
    """The test palettes' colour i."""
    return (i, 255 - i, i * 7 % 256)


def rgba(i):
    return colour(i) + (255,)


def pal_bytes():
    return b''.join(bytes(colour(i) + (0,)) for i in range(256))


def images(directory):
    return json.loads((pathlib.Path(directory) / 'index.json').read_text())['images']


def expanded(records):
    """index.json's records with each run of references spread out: one record per frame (or
    entry slot) a reference group covers, as if render had listed each reference on its own."""
    out = []
    for record in records:
        runs_name = ('frame_runs' if 'frame_runs' in record else
                     'entry_runs' if 'entry_runs' in record else None)
        if runs_name is None:
            out.append(record)
            continue
        for run in record[runs_name]:
            for index in range(run[0], run[1] + 1):
                one = {k: v for k, v in record.items() if k != runs_name}
                one['frame' if runs_name == 'frame_runs' else 'entry'] = index
                if len(run) >= 3:
                    one['duration'] = run[2]
                if len(run) == 5:
                    one['x_offset'], one['y_offset'] = run[3:]
                out.append(one)
    return out


def by_policy(records):
    return {record['policy']: record for record in records}


def test_short_row_renders_as_the_game_draws_it_and_as_encoded():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'sprite.gaf').write_bytes(gaf([(b'SPRITE', SHORT_ROW)]))
        (root / 'test.pal').write_bytes(pal_bytes())
        run('render', '--policy', 'both', '--diff', '--palette', root / 'test.pal', '-o',
            root / 'out', root / 'sprite.gaf', check_code=0)
        records = by_policy(images(root / 'out'))
        assert set(records) == {'retail', 'strict', 'diff'}, records
        retail = records['retail']
        assert retail['png'] == '0-SPRITE/0.retail.png', retail
        assert (retail['entry'], retail['name'], retail['frame'], retail['duration']) == (
            0, 'SPRITE', 0, 2), retail
        assert (retail['width'], retail['height'], retail['x_offset'], retail['y_offset']) == (
            4, 2, 0, 0), retail
        assert read_png(root / 'out' / retail['png']) == [
            [rgba(5), rgba(5), rgba(0), rgba(0)],
            [rgba(1), rgba(2), rgba(3), rgba(9)]]
        assert read_png(root / 'out' / records['strict']['png']) == [
            [rgba(5), rgba(5), MAGENTA, MAGENTA],
            [rgba(1), rgba(2), rgba(3), rgba(9)]]
        assert records['strict']['defects'] == [
            {'path': 'entry[0]/frame[0]', 'row': 0, 'column': 2, 'kind': 'short_row'}]
        diff = read_png(root / 'out' / records['diff']['png'])
        assert diff[0][2:] == [YELLOW, YELLOW] and diff[0][0] == colour(5) + (64,), diff
        assert records['diff']['read_through_pixels'] == 2
        assert records['diff']['differing_pixels'] == 0


def test_raw_key_is_transparent_and_forensic_palette_is_the_default():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))
        result = run('render', '-o', root / 'out', root / 'raw.gaf', check_code=0)
        assert '1 images written' in result.stderr, result.stderr
        index = json.loads((root / 'out' / 'index.json').read_text())
        assert index['palette'] == 'forensic'
        pixels = read_png(root / 'out' / '0-RAW' / '0.retail.png')
        assert pixels[0][0] == CLEAR and pixels[1][1] == CLEAR, pixels
        assert pixels[0][1][3] == 255 and pixels[0][1] != pixels[1][0], pixels


def test_frame_the_game_cannot_draw_is_listed_with_its_reason():
    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory) / 'out'
        run('render', '--policy', 'both', '-o', out, SEEDS / 'rle.reads-past-eof.gaf',
            check_code=1)
        records = by_policy(images(out))
        assert 'png' not in records['retail'], records
        assert 'past the end of the file' in records['retail']['reason'], records
        assert (out / records['strict']['png']).is_file()
        assert not (out / '0-EOFROW' / '0.retail.png').exists()
        # A cycle: no image under either policy.
        run('render', '--policy', 'both', '--force', '-o', out, SEEDS / 'composite.cycle.gaf',
            check_code=1)
        assert all('reason' in record and 'png' not in record for record in images(out))


def test_hostile_entry_names_stay_inside_the_directory():
    names = [b'../../escape', b'/abs', b'a/b\\c', b'..', b'.', b'Dup', b'dup', b'\x01\x1b[31m\xff',
             b'']
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'names.gaf').write_bytes(gaf([(name, RAW_KEYED) for name in names]))
        run('render', '-o', root / 'deep' / 'out', root / 'names.gaf', check_code=2)  # one level
        (root / 'deep').mkdir()
        run('render', '-o', root / 'deep' / 'out', root / 'names.gaf', check_code=0)
        outside = sorted(p.relative_to(root).as_posix() for p in root.rglob('*')
                         if 'deep/out' not in p.as_posix())
        assert outside == ['deep', 'names.gaf'], outside
        records = images(root / 'deep' / 'out')
        folders = [pathlib.PurePosixPath(record['png']).parent.as_posix() for record in records]
        assert len(set(folders)) == len(names), folders
        for record, folder in zip(records, folders):
            assert '/' not in folder and not folder.startswith('.'), folder
            assert (root / 'deep' / 'out' / record['png']).is_file()
        assert folders[0] == '0-_._.._escape' and folders[5] == '5-Dup' and folders[6] == '6-dup'
        assert records[7]['name'] == '\\x01\\x1B[31m\\xFF', records[7]['name']


def test_planted_symlinks_are_not_followed():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))
        (root / 'out').mkdir()
        (root / 'elsewhere').mkdir()
        os.symlink(root / 'elsewhere', root / 'out' / '0-RAW')
        result = run('render', '-o', root / 'out', root / 'raw.gaf', check_code=1)
        assert 'symbolic link' in result.stderr, result.stderr
        assert list((root / 'elsewhere').iterdir()) == []
        assert 'symbolic link' in images(root / 'out')[0]['reason']
        # The directory itself a symlink: refused as a usage error, nothing written.
        os.symlink(root / 'elsewhere', root / 'linked')
        run('render', '-o', root / 'linked', root / 'raw.gaf', check_code=2)
        assert list((root / 'elsewhere').iterdir()) == []
        # Control: a second run does not replace the images without --force, and does with it.
        run('render', '-o', root / 'fresh', root / 'raw.gaf', check_code=0)
        again = run('render', '-o', root / 'fresh', root / 'raw.gaf', check_code=1)
        assert 'exists' in again.stderr, again.stderr
        run('render', '--force', '-o', root / 'fresh', root / 'raw.gaf', check_code=0)


def test_max_pixels_hit_is_reported_not_a_crash():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'sprite.gaf').write_bytes(gaf([(b'A', SHORT_ROW), (b'B', RAW_KEYED)]))
        run('render', '--max-pixels', '6', '-o', root / 'out', root / 'sprite.gaf', check_code=1)
        records = images(root / 'out')
        assert 'budget.exceeded: pixels' in records[0]['reason'], records
        assert records[1]['png'] == '1-B/0.retail.png', records  # 4 pixels still fit
        # A frame of 65535 x 65535 in a tiny file: refused before anything is allocated.
        huge = {'width': 65535, 'height': 65535, 'data': '00 00'}
        (root / 'huge.gaf').write_bytes(gaf([(b'HUGE', huge)]))
        run('render', '-o', root / 'huge', root / 'huge.gaf', check_code=1)
        assert 'budget.exceeded' in images(root / 'huge')[0]['reason']


def test_max_images_bounds_what_one_run_writes_and_lists():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'many.gaf').write_bytes(gaf([(b'E%d' % i, RAW_KEYED) for i in range(300)]))
        run('render', '--max-images', '100', '-o', root / 'out', root / 'many.gaf', check_code=1)
        index = json.loads((root / 'out' / 'index.json').read_text())
        assert len(index['images']) == 100 and index['images_left_out'] == 200, index.keys()
        assert len(list((root / 'out').iterdir())) == 101  # 100 entry folders and index.json
        # Control: within the bound, nothing is left out.
        run('render', '-o', root / 'all', root / 'many.gaf', check_code=0)
        index = json.loads((root / 'all' / 'index.json').read_text())
        assert len(index['images']) == 300 and index['images_left_out'] == 0


# --- what one render run writes grows with the input's bytes, not with its references ---

def raw_frame(blob, x=0, y=0):
    return {'width': 8, 'height': 4, 'blob': blob, 'x': x, 'y': y}


BLOBS = [bytes(range(1, 33)), bytes(range(40, 72)), bytes(range(80, 112))]


def written_files(directory):
    return sorted(str(p.relative_to(directory)) for p in pathlib.Path(directory).rglob('*'))


def test_a_frame_reached_many_times_is_drawn_and_written_once():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        # Forty entries whose frame tables all name one frame header, three times each.
        entries = [(b'E%d' % i, [(0, 1), (0, 2), (0, 3)]) for i in range(40)]
        (root / 'refs.gaf').write_bytes(gaf_shared(range(40), entries, [raw_frame(0)], BLOBS))
        run('render', '--policy', 'both', '-o', root / 'out', root / 'refs.gaf', check_code=0)
        assert written_files(root / 'out') == [
            '0-E0', '0-E0/0.retail.png', '0-E0/0.strict.png', 'index.json'], written_files(
                root / 'out')
        listed = images(root / 'out')
        # One record per image, and per entry and policy one for the references reaching it.
        assert len(listed) == 2 + 40 * 2, len(listed)
        records = expanded(listed)
        assert len(records) == 40 * 3 * 2
        assert sorted((r['entry'], r['frame'], r['policy']) for r in records) == sorted(
            (e, k, p) for e in range(40) for k in range(3) for p in ('retail', 'strict'))
        written = [r for r in records if 'png' in r]
        assert [r['png'] for r in written] == ['0-E0/0.retail.png', '0-E0/0.strict.png']
        for record in records:
            assert record['duration'] == record['frame'] + 1, record
            if 'png' not in record:
                assert record['same_as'] == f"0-E0/0.{record['policy']}.png", record
                assert (record['width'], record['height']) == (8, 4), record

        # Ten frame headers that differ only in their anchor share one pixel block: one image,
        # each reference listed with its own anchor.
        frames = [raw_frame(0, x=i, y=-i) for i in range(10)]
        (root / 'anchors.gaf').write_bytes(
            gaf_shared([0], [(b'A', [(i, 1) for i in range(10)])], frames, BLOBS))
        result = run('render', '-o', root / 'anchors', root / 'anchors.gaf', check_code=0)
        records = expanded(images(root / 'anchors'))
        assert [r.get('png') for r in records] == ['0-A/0.retail.png'] + [None] * 9
        assert [(r['x_offset'], r['y_offset']) for r in records] == [(i, -i) for i in range(10)]
        assert '1 images written, 9 listed as the same image' in result.stderr, result.stderr


def test_alias_slots_are_listed_as_their_entry_not_drawn_again():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        # 3,000 slots of the entry table aimed at one entry (check: entry.alias).
        (root / 'alias.gaf').write_bytes(
            gaf_shared([0] * 3000, [(b'ONE', [(0, 1)])], [raw_frame(0)], BLOBS))
        run('render', '--policy', 'both', '--diff', '--sheet', '-o', root / 'out',
            root / 'alias.gaf', check_code=0)
        files = written_files(root / 'out')
        assert files == ['0-ONE', '0-ONE/0.diff.png', '0-ONE/0.retail.png', '0-ONE/0.strict.png',
                         '0-ONE/sheet.retail.png', '0-ONE/sheet.strict.png', 'index.json'], files
        listed = images(root / 'out')
        # The 2,999 slots are one record per policy: their slots as one run.
        assert [r['entry_runs'] for r in listed if 'entry_runs' in r] == [[[1, 2999]]] * 3, listed
        records = expanded(listed)
        aliases = [r for r in records if r['entry'] != 0]
        assert len(aliases) == 2999 * 3
        assert all(r['same_as'] == '0-ONE/' and r['alias_of'] == 0 for r in aliases), aliases[0]


def test_distinct_frames_are_each_written_control():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        frames = [raw_frame(0), raw_frame(1), raw_frame(2)]
        (root / 'three.gaf').write_bytes(gaf_shared(
            [0, 1], [(b'A', [(0, 1), (1, 1)]), (b'B', [(2, 1)])], frames, BLOBS))
        run('render', '--policy', 'both', '-o', root / 'out', root / 'three.gaf', check_code=0)
        records = images(root / 'out')
        assert all('png' in r and 'same_as' not in r for r in records) and len(records) == 6
        assert read_png(root / 'out' / '0-A/0.retail.png') != read_png(
            root / 'out' / '0-A/1.retail.png')


def test_output_budgets_stop_an_input_with_a_reason_never_silently():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        blobs = [bytes([i + 1]) * 32 for i in range(20)]
        frames = [raw_frame(i) for i in range(20)]
        (root / 'twenty.gaf').write_bytes(
            gaf_shared([0], [(b'T', [(i, 1) for i in range(20)])], frames, blobs))
        # Five files and folders: the entry folder and four images.
        result = run('render', '--max-output-files', '5', '-o', root / 'files',
                     root / 'twenty.gaf', check_code=1)
        assert len(written_files(root / 'files')) == 6  # and index.json
        index = json.loads((root / 'files' / 'index.json').read_text())
        refused = [r for r in index['images'] if 'reason' in r]
        assert len(refused) == 1 and 'budget.exceeded: output_files' in refused[0]['reason']
        assert index['images_left_out'] == 15, index['images_left_out']
        assert 'budget.exceeded: output_files' in result.stderr, result.stderr
        # Bytes (an image and its index.json record): the first image fits, the second does not.
        run('render', '-o', root / 'one', '--frame', '0', root / 'twenty.gaf', check_code=0)
        size = (root / 'one' / '0-T' / '0.retail.png').stat().st_size
        record = len(json.dumps(images(root / 'one')[0], separators=(',', ':')))
        run('render', '--max-output-bytes', str(size + record + 20), '-o', root / 'bytes',
            root / 'twenty.gaf', check_code=1)
        reasons = [r.get('reason', '') for r in images(root / 'bytes')]
        assert reasons[0] == '' and 'budget.exceeded: output_bytes' in reasons[1], reasons
        # Control: within the budgets, every image is written.
        run('render', '-o', root / 'all', root / 'twenty.gaf', check_code=0)
        assert len(written_files(root / 'all')) == 22


def test_max_images_counts_every_image_in_every_policy():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        blobs = [bytes([i + 1]) * 32 for i in range(5)]
        (root / 'five.gaf').write_bytes(gaf_shared(
            [0], [(b'F', [(i, 1) for i in range(5)])], [raw_frame(i) for i in range(5)], blobs))
        for options, per_frame, extra in ((['--policy', 'both'], 2, 0),
                                          (['--policy', 'both', '--diff'], 3, 0),
                                          (['--policy', 'strict', '--diff'], 2, 0),
                                          (['--diff'], 2, 0),
                                          (['--policy', 'both', '--sheet', '--animate'], 2, 4)):
            for bound in (1, 3, 4):
                out = root / ('%s-%d' % ('_'.join(options), bound))
                result = run('render', *options, '--max-images', str(bound), '-o', out,
                             root / 'five.gaf', check_code=1)
                pictures = [f for f in written_files(out) if f.endswith(('.png', '.gif'))]
                assert len(pictures) == bound, (options, bound, pictures)
                index = json.loads((out / 'index.json').read_text())
                assert len(index['images']) == bound
                assert index['images_left_out'] == 5 * per_frame + extra - bound, (
                    options, bound, index['images_left_out'])
                assert 'left out' in result.stderr
            # Control: a bound that holds them all writes them all, exit 0.
            out = root / ('%s-all' % '_'.join(options))
            run('render', *options, '--max-images', str(5 * per_frame + extra), '-o', out,
                root / 'five.gaf', check_code=0)
            assert len([f for f in written_files(out) if f.endswith(('.png', '.gif'))]) == (
                5 * per_frame + extra)


# --- no writer of a render run replaces a file the run reads ---

def test_render_never_replaces_an_input_or_a_palette():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        unit = gaf([(b'U', RAW_KEYED)])
        out = root / 'u'
        out.mkdir()
        # An input named like the index.
        (out / 'index.json').write_bytes(unit)
        result = run('render', '-o', out, out / 'index.json', check_code=2)
        assert 'index.json' in result.stderr and 'is the input' in result.stderr, result.stderr
        assert (out / 'index.json').read_bytes() == unit
        assert written_files(out) == ['index.json']
        run('render', '--force', '-o', out, out / 'index.json', check_code=2)
        assert (out / 'index.json').read_bytes() == unit
        # A palette named like the index.
        palette = pal_bytes()
        (out / 'index.json').write_bytes(palette)
        (root / 'unit.gaf').write_bytes(unit)
        result = run('render', '--palette', out / 'index.json', '-o', out, root / 'unit.gaf',
                     check_code=2)
        assert 'is the palette' in result.stderr, result.stderr
        assert (out / 'index.json').read_bytes() == palette
        # A hard link to the input at the index's name.
        (out / 'index.json').unlink()
        os.link(root / 'unit.gaf', out / 'index.json')
        run('render', '--force', '-o', out, root / 'unit.gaf', check_code=2)
        assert (root / 'unit.gaf').read_bytes() == unit
        (out / 'index.json').unlink()
        # --force onto image names that are hard links to the input and to the palette: those
        # images are refused and named, the rest is written.
        (root / 'pal.pal').write_bytes(palette)
        (out / '0-U').mkdir()
        os.link(root / 'unit.gaf', out / '0-U' / '0.retail.png')
        os.link(root / 'pal.pal', out / '0-U' / '0.strict.png')
        result = run('render', '--force', '--policy', 'both', '--diff', '--palette',
                     root / 'pal.pal', '-o', out, root / 'unit.gaf', check_code=1)
        assert "0.retail.png' is the input" in result.stderr, result.stderr
        assert "0.strict.png' is the palette" in result.stderr, result.stderr
        assert (root / 'unit.gaf').read_bytes() == unit
        assert (root / 'pal.pal').read_bytes() == palette
        assert (out / '0-U' / '0.diff.png').is_file() and (out / 'index.json').is_file()
        # Control: names that are not inputs are replaced with --force.
        (out / '0-U' / '0.retail.png').unlink()
        (out / '0-U' / '0.strict.png').unlink()
        run('render', '--force', '--policy', 'both', '--diff', '--palette', root / 'pal.pal',
            '-o', out, root / 'unit.gaf', check_code=0)
        assert read_png(out / '0-U' / '0.retail.png')[0][1] == rgba(1)
        assert json.loads((out / 'index.json').read_text())['images'][0]['png'] == (
            '0-U/0.retail.png')


def test_crashers_that_multiplied_images_write_each_image_once():
    crashers = ROOT / 'corpus' / 'crashers'
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for name, options, pictures, records, index_bytes in (
                ('fuzz_render-same-image-ten-headers-one-block.bin', [], 1, 10, 4096),
                ('fuzz_render-same-image-1024-alias-slots.bin', [], 1, 1024, 4096),
                ('fuzz_render-same-image-4000-references.bin',
                 ['--policy', 'both', '--diff'], 3, 12000, 4096),
                # No two neighbouring references alike: a short run per reference and image.
                ('fuzz_render-index-4000-alternating-references.bin',
                 ['--policy', 'both', '--diff'], 6, 12000, 8 * 32180)):
            out = root / name
            shutil.copyfile(crashers / name, root / 'input.gaf')
            run('render', *options, '-o', out, root / 'input.gaf', check_code=0)
            files = written_files(out)
            assert len([f for f in files if f.endswith('.png')]) == pictures, (name, files)
            assert len(files) == pictures + 2, (name, files)  # one folder, index.json
            assert len(expanded(images(out))) == records, name
            # The index lists one record per image and per entry's references to it.
            assert len(images(out)) <= 3 * pictures + 6, (name, len(images(out)))
            assert (out / 'index.json').stat().st_size < index_bytes, name


def tree_files(directory):
    """Every file below DIRECTORY: relative path to bytes."""
    directory = pathlib.Path(directory)
    return {str(path.relative_to(directory)): path.read_bytes()
            for path in sorted(directory.rglob('*')) if path.is_file()}


def assert_same_trees(a, b):
    files_a, files_b = tree_files(a), tree_files(b)
    assert sorted(files_a) == sorted(files_b), set(files_a) ^ set(files_b)
    differing = [name for name in files_a if files_a[name] != files_b[name]]
    assert not differing, differing


def test_jobs_do_not_change_the_images_or_the_index():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        inputs = []
        for number in range(7):
            path = root / f'in{number}.gaf'
            path.write_bytes(gaf([(b'E%d' % e, SHORT_ROW if (number + e) % 2 else RAW_KEYED)
                                  for e in range(number + 1)]))
            inputs.append(path)
        (root / 'junk.gaf').write_bytes(b'not a GAF at all' * 4)  # fails: not a GAF or TAF
        inputs[3:3] = [root / 'junk.gaf', SEEDS / 'rle.reads-past-eof.gaf']
        for extra in ([], ['--max-images', '40'], ['--max-images', '9']):
            runs = []
            for jobs in ('1', '2', '3'):
                out = root / f'out-j{jobs}-{len(extra)}{"".join(extra[1:])}'
                result = run('render', '--policy', 'both', '--diff', '--sheet', '-j', jobs, *extra,
                             '-o', out, *inputs, check_code=1)
                runs.append((out, result.stderr.replace(str(out), 'OUT')))
            index = json.loads((runs[0][0] / 'index.json').read_text())
            files = [r['file'] for r in index['images']]
            assert files == sorted(files, key=lambda f: [str(p) for p in inputs].index(f)), files
            assert 'not a GAF' in runs[0][1], runs[0][1]
            if extra:
                assert len(index['images']) < 120 and index['images_left_out'] > 0, index
            else:
                assert 'past the end' in json.dumps(index) and index['images_left_out'] == 0
            for out, stderr in runs[1:]:
                assert_same_trees(runs[0][0], out)
                assert stderr == runs[0][1], (stderr, runs[0][1])


def test_entry_and_frame_select():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'two.gaf').write_bytes(gaf([(b'First', RAW_KEYED), (b'Second', SHORT_ROW)]))
        run('render', '--entry', 'SECOND', '-o', root / 'a', root / 'two.gaf', check_code=0)
        assert [r['png'] for r in images(root / 'a')] == ['1-Second/0.retail.png']
        run('render', '--entry', '0', '--frame', '0', '-o', root / 'b', root / 'two.gaf',
            check_code=0)
        assert [r['png'] for r in images(root / 'b')] == ['0-First/0.retail.png']
        result = run('render', '--entry', 'third', '-o', root / 'c', root / 'two.gaf',
                     check_code=1)
        assert "no entry 'third'" in result.stderr, result.stderr
        run('render', '--frame', '1', '-o', root / 'd', root / 'two.gaf', check_code=1)
        run('render', '--policy', 'sometimes', '-o', root / 'e', root / 'two.gaf', check_code=2)


def palette_files(root):
    """Every palette format, made here, each holding colour(i) at index i."""
    act = b''.join(bytes(colour(i)) for i in range(256))
    pcx = bytes([0x0A, 5, 1, 8]) + bytes(124) + bytes(16) + b'\x0c' + act
    jasc = 'JASC-PAL\r\n0100\r\n256\r\n' + ''.join(
        '%d %d %d\r\n' % colour(i) for i in range(256))
    files = {'palette.pal': pal_bytes(), 'palette.act': act,
             'counted.act': act + bytes([1, 0, 0xFF, 0xFF]), 'palette.pcx': pcx,
             'jasc.pal': jasc.encode()}
    for name, data in files.items():
        (root / name).write_bytes(data)
    return [root / name for name in files]


def test_every_palette_format_loads():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'sprite.gaf').write_bytes(gaf([(b'SPRITE', SHORT_ROW)]))
        paths = palette_files(root)
        # An archive member: palettes/PALETTE.PAL packed into palettes.ufo.
        (root / 'tree' / 'palettes').mkdir(parents=True)
        (root / 'tree' / 'palettes' / 'PALETTE.PAL').write_bytes(pal_bytes())
        subprocess.run([PACK_TREE, root / 'tree', root / 'packed'], check=True,
                       capture_output=True)
        members = [str(root / 'packed' / 'palettes.ufo') + '!palettes/palette.pal']
        for number, palette in enumerate(paths + members):
            out = root / f'out{number}'
            run('render', '--palette', palette, '-o', out, root / 'sprite.gaf', check_code=0)
            pixels = read_png(out / '0-SPRITE' / '0.retail.png')
            assert pixels[1] == [rgba(1), rgba(2), rgba(3), rgba(9)], (palette, pixels)
            assert str(palette).split('/')[-1] in json.loads(
                (out / 'index.json').read_text())['palette']


def test_bad_palette_is_a_usage_error_with_the_reason():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'sprite.gaf').write_bytes(gaf([(b'SPRITE', SHORT_ROW)]))
        (root / 'bad.pal').write_bytes(bytes(100))
        result = run('render', '--palette', root / 'bad.pal', '-o', root / 'out',
                     root / 'sprite.gaf', check_code=2)
        assert 'not a palette: 100 bytes' in result.stderr, result.stderr
        (root / 'bad.jasc').write_text('JASC-PAL\n0100\n2\n1 2 3\n')
        result = run('render', '--palette', root / 'bad.jasc', '-o', root / 'out2',
                     root / 'sprite.gaf', check_code=2)
        assert '2 colours declared, 1' in result.stderr, result.stderr
        result = run('render', '--palette', root / 'missing.pal', '-o', root / 'out3',
                     root / 'sprite.gaf', check_code=2)
        assert 'cannot read palette' in result.stderr, result.stderr


def test_archive_members_render_and_several_inputs_get_their_own_folders():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'tree' / 'anims').mkdir(parents=True)
        (root / 'tree' / 'anims' / 'Sprite.gaf').write_bytes(gaf([(b'SPRITE', SHORT_ROW)]))
        subprocess.run([PACK_TREE, root / 'tree', root / 'packed'], check=True,
                       capture_output=True)
        member = str(root / 'packed' / 'anims.ufo') + '!ANIMS/sprite.gaf'
        (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))
        run('render', '-o', root / 'out', member, root / 'raw.gaf', check_code=0)
        records = images(root / 'out')
        assert [r['png'] for r in records] == ['0-Sprite.gaf/0-SPRITE/0.retail.png',
                                               '1-raw.gaf/0-RAW/0.retail.png'], records
        assert records[0]['file'].endswith('anims.ufo!anims/Sprite.gaf'), records[0]['file']
        missing = run('render', '-o', root / 'out2', str(root / 'packed' / 'anims.ufo') + '!x.gaf',
                      check_code=1)
        assert "no member 'x.gaf'" in missing.stderr, missing.stderr
        run('render', '-o', root / 'out3', root / 'nothing.gaf', check_code=3)


def test_truecolor_taf_frames_expand_their_pixels():
    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory) / 'out'
        run('render', '-o', out, SEEDS / 'clean-taf-argb4444.taf', check_code=0)
        records = images(out)
        assert len(records) == 2 and all('png' in r for r in records), records
        pixels = read_png(out / records[0]['png'])
        data = (SEEDS / 'clean-taf-argb4444.taf').read_bytes()
        # The frame header the first frame reference points at, and its 16-bit pixels.
        entry = struct.unpack_from('<I', data, 12)[0]
        frame = struct.unpack_from('<I', data, entry + 40)[0]
        width, height = struct.unpack_from('<HH', data, frame)
        offset = struct.unpack_from('<I', data, frame + 16)[0]
        for y in range(height):
            for x in range(width):
                word = struct.unpack_from('<H', data, offset + 2 * (y * width + x))[0]
                a, r, g, b = (word >> 12) & 15, (word >> 8) & 15, (word >> 4) & 15, word & 15
                assert pixels[y][x] == (r * 17, g * 17, b * 17, a * 17), (x, y)


def pcx_with(colours):
    """A PCX of a 1x1 image whose 256-colour trailer holds colours[i] at index i."""
    return (bytes([0x0A, 5, 1, 8]) + bytes(124) + bytes(1) + b'\x0c' +
            b''.join(bytes(c) for c in colours))


def test_kingdoms_palette_lookup_follows_the_games_order():
    shades = {name: [(i, base, 255 - i) for i in range(256)]
              for name, base in (('beside', 10), ('named', 20), ('side', 30), ('default', 40))}
    with tempfile.TemporaryDirectory() as directory:
        game = pathlib.Path(directory) / 'game'
        (game / 'anims').mkdir(parents=True)
        (game / 'Palettes').mkdir()
        for name in ('Foo', 'aradragon', 'plain', 'both'):
            (game / 'anims' / f'{name}.gaf').write_bytes(gaf([(b'SPRITE', SHORT_ROW)]))
        (game / 'anims' / 'FOO.PCX').write_bytes(pcx_with(shades['beside']))
        (game / 'anims' / 'both.pcx').write_bytes(pcx_with(shades['beside']))
        (game / 'Palettes' / 'both.pal').write_bytes(
            b''.join(bytes(c + (0,)) for c in shades['named']))
        (game / 'Palettes' / 'aramon.pcx').write_bytes(pcx_with(shades['side']))
        (game / 'Palettes' / 'palette.pal').write_bytes(
            b''.join(bytes(c + (0,)) for c in shades['default']))
        out = pathlib.Path(directory) / 'out'
        files = [game / 'anims' / f'{name}.gaf' for name in ('Foo', 'aradragon', 'plain', 'both')]
        run('render', '--game', 'tak', '-o', out, *files, check_code=0)
        records = images(out)
        wanted = ['beside', 'side', 'default', 'beside']
        for record, shade, path in zip(records, wanted, files):
            pixels = read_png(out / record['png'])
            assert pixels[1][0] == shades[shade][1] + (255,), (path, shade, record['palette'])
        assert 'FOO.PCX (pcx)' in records[0]['palette'], records[0]['palette']
        # --palette wins over the lookup; --game ta never looks.
        run('render', '--game', 'tak', '--palette', game / 'Palettes' / 'palette.pal', '-o',
            out / 'given', files[0], check_code=0)
        assert read_png(out / 'given' / '0-SPRITE' / '0.retail.png')[1][0] == (1, 40, 254, 255)
        run('render', '-o', out / 'ta', files[0], check_code=0)
        assert json.loads((out / 'ta' / 'index.json').read_text())['palette'] == 'forensic'


def test_sheet_aligns_the_frames_on_their_origins():
    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory) / 'out'
        # explode1: frame 0 is 16x8 with its origin at (0,0), frame 1 9x5 with it at (-2,-1), so
        # frame 1 stands 2 right and 1 down in a 16x8 cell.
        run('render', '--sheet', '--origins', '-o', out, SEEDS / 'clean-rle.gaf', check_code=0)
        records = images(out)
        sheet = [r for r in records if r.get('sheet')]
        assert len(sheet) == 1 and sheet[0]['png'] == '0-explode1/sheet.retail.png', records
        assert (sheet[0]['width'], sheet[0]['height'], sheet[0]['cell_width']) == (32, 8, 16)
        assert (sheet[0]['x_offset'], sheet[0]['y_offset']) == (0, 0)
        pixels = read_png(out / sheet[0]['png'])
        frames = [read_png(out / '0-explode1' / f'{k}.retail.png') for k in (0, 1)]
        cyan = (0, 255, 255, 255)
        assert pixels[0][0] == cyan and pixels[0][16] == cyan
        for y in range(8):
            for x in range(16):
                if (x <= 2 and y == 0) or (x == 0 and y <= 2):
                    continue  # the origin's mark
                assert pixels[y][x] == frames[0][y][x], (x, y)
        for y in range(5):
            for x in range(9):
                assert pixels[1 + y][16 + 2 + x] == frames[1][y][x], (x, y)
        assert pixels[0][16 + 3] == (0, 0, 0, 0)  # beyond the mark, above frame 1: empty


def test_animation_plays_at_the_games_timing():
    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory) / 'out'
        # explode1: durations 1 and 3 ticks (1/30 s each), loop word 1.
        run('render', '--animate', '-o', out, SEEDS / 'clean-rle.gaf', check_code=0)
        record = [r for r in images(out) if r.get('animation')][0]
        assert record['gif'] == '0-explode1/anim.retail.gif', record
        # 1 tick = 3.33 cs -> 3; 4 ticks = 13.33 cs -> 13, so 10 for the second frame.
        assert record['delays_cs'] == [3, 10] and record['loop'] is True, record
        width, height, loops, frames = read_gif(out / record['gif'])
        assert (width, height, loops, len(frames)) == (16, 8, True, 2)
        assert [f[0] for f in frames] == [3, 10]
        pngs = [read_png(out / '0-explode1' / f'{k}.retail.png') for k in (0, 1)]
        for y in range(8):
            for x in range(16):
                assert frames[0][2][y][x] == pngs[0][y][x], (x, y)
        # Frame 1 (9x5, origin at (-2,-1)) stands 2 right and 1 down; around it, transparent.
        for y in range(8):
            for x in range(16):
                inside = 2 <= x < 11 and 1 <= y < 6
                wanted = pngs[1][y - 1][x - 2] if inside else (0, 0, 0, 0)
                assert frames[1][2][y][x] == wanted, (x, y)


def test_render_has_help():
    result = run('render', '--help', check_code=0)
    assert 'Usage: gafcheck render' in result.stdout and 'PALETTE.PAL' in result.stdout


# --- TA3D truecolor GAFs, laid out as corpus/builder/ta3d_builder.hpp (TA3D's create_gaf) does ---

def ta3d(frames):
    """One entry; frames: (width, height, transparency byte, payload after the header)."""
    entry_at = 16
    table_at = entry_at + 40
    out = bytearray(struct.pack('<III', 0x00010101, 1, 0) + struct.pack('<I', entry_at))
    out += struct.pack('<HHI', len(frames), 1, 0) + b'armcom_gadget'.ljust(32, b'\0')
    at = table_at + 8 * len(frames)
    headers = bytearray()
    for width, height, alpha, payload in frames:
        out += struct.pack('<II', at, 0)
        headers += struct.pack('<HHhhBBHIII', width, height, 1, -2, alpha, 1, 0, 0, at + 24, 0)
        headers += payload
        at += 24 + len(payload)
    return bytes(out + headers)


def zlib_payload(pixel_bytes):
    stream = zlib.compress(bytes(pixel_bytes), 9)
    return struct.pack('<I', len(stream)) + stream


TA3D_RGBA = [[(255, 0, 0, 255), (0, 255, 0, 128)],
             [(0, 0, 255, 0), (10, 20, 30, 255)]]
TA3D_RGB = [[(1, 2, 3), (4, 5, 6), (7, 8, 9)]]


def test_ta3d_zlib_frames_render_their_pixels_with_game_ta3d():
    rgba = bytes(c for row in TA3D_RGBA for pixel in row for c in pixel)
    rgb = bytes(c for row in TA3D_RGB for pixel in row for c in pixel)
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'unit.gaf').write_bytes(ta3d([(2, 2, 1, zlib_payload(rgba)),
                                              (3, 1, 0, zlib_payload(rgb))]))
        run('render', '--game', 'ta3d', '--policy', 'both', '-o', root / 'out', root / 'unit.gaf',
            check_code=0)
        drawn = {(r['frame'], r['policy']): r for r in images(root / 'out')}
        assert read_png(root / 'out' / drawn[(0, 'retail')]['png']) == TA3D_RGBA
        assert read_png(root / 'out' / drawn[(0, 'strict')]['png']) == TA3D_RGBA
        assert (drawn[(0, 'retail')]['x_offset'], drawn[(0, 'retail')]['y_offset']) == (1, -2)
        # Transparency byte 0 and a stream of 3-byte pixels: RGB, every pixel opaque.
        assert read_png(root / 'out' / drawn[(1, 'retail')]['png']) == [
            [p + (255,) for p in TA3D_RGB[0]]]
        # The control: TA draws the compressed bytes as palette pixels.
        run('render', '--policy', 'retail', '-o', root / 'ta', root / 'unit.gaf')
        ta = {(r['frame'], r['policy']): r for r in images(root / 'ta')}
        assert 'png' not in ta[(0, 'retail')] or (
            read_png(root / 'ta' / ta[(0, 'retail')]['png']) != TA3D_RGBA)


def test_ta3d_payloads_not_drawn_are_listed_with_the_reason():
    jpeg = b'\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9'
    short = zlib_payload(bytes(12))  # 2x2 wants 16 bytes
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'old.gaf').write_bytes(ta3d([(2, 2, 0, struct.pack('<I', len(jpeg)) + jpeg),
                                             (2, 2, 1, short),
                                             (2, 2, 1, zlib_payload(bytes(16)))]))
        run('render', '--game', 'ta3d', '--max-pixels', '7', '-o', root / 'out', root / 'old.gaf')
        records = images(root / 'out')
        reasons = {r['frame']: r.get('reason', '') for r in records}
        assert 'JPEG' in reasons[0], reasons
        assert 'inflates to 12 bytes' in reasons[1], reasons
        assert 'png' not in records[1] and 'png' in records[2], records
        run('render', '--game', 'ta3d', '--max-pixels', '3', '-o', root / 'tight',
            root / 'old.gaf')
        tight = {r['frame']: r.get('reason', '') for r in images(root / 'tight')}
        assert tight[2].startswith('budget.exceeded: pixels'), tight


# --- a damaged archive member is not drawn as if it were what was packed ---

def bad_checksum(name, content):
    body = zlib.compress(content)
    return (name, len(content), [chunk(body, len(content), checksum=(sum(body) + 1) & 0xFFFFFFFF)])


def damaged_archive(root):
    """good.gaf decodes exactly; checksum.gaf has every byte right but its chunk's checksum (the
    GAF inside is perfect, so only the archive can tell); long.gaf is 64 bytes longer in the
    directory than its chunks decode to; inner.hpi is a sound archive in a chunk whose checksum
    is wrong; pal.pal a palette with a wrong checksum."""
    sprite = gaf([(b'SPRITE', RAW_KEYED)])
    inner = hpi_v1([packed(b'x.gaf', sprite)])
    path = root / 'damaged.hpi'
    path.write_bytes(hpi_v1([
        packed(b'good.gaf', sprite),
        bad_checksum(b'checksum.gaf', sprite),
        (b'long.gaf', len(sprite) + 64, [chunk(zlib.compress(sprite), len(sprite) + 64)]),
        bad_checksum(b'inner.hpi', inner),
        packed(b'innerok.hpi', inner),
        bad_checksum(b'pal.pal', pal_bytes()),
    ]))
    return str(path)


def pictures(directory):
    return [f for f in written_files(directory) if f.endswith(('.png', '.gif'))]


def test_damaged_archive_members_are_listed_not_drawn():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        archive = damaged_archive(root)
        for member, rule in (('checksum.gaf', 'hpi.chunk-checksum'),
                             ('long.gaf', 'hpi.chunk-size'),
                             ('inner.hpi!x.gaf', 'hpi.chunk-checksum')):
            out = root / member.replace('!', '_')
            result = run('render', '--policy', 'both', '-o', out, archive + '!' + member,
                         check_code=1)
            assert rule in result.stderr and 'not drawn' in result.stderr, result.stderr
            assert 'damaged archive members' in result.stderr, result.stderr
            assert pictures(out) == [], (member, written_files(out))
            records = images(out)
            assert [r['policy'] for r in records] == ['retail', 'strict'], records
            for record in records:
                assert rule in record['damaged'], record
                assert record['reason'].startswith('damaged archive member'), record
                assert 'png' not in record and record['frame'] is None, record
        # Control: the sound member, and a sound member of a sound nested archive, are drawn.
        for member in ('good.gaf', 'innerok.hpi!x.gaf'):
            out = root / ('ok-' + member.replace('!', '_'))
            result = run('render', '-o', out, archive + '!' + member, check_code=0)
            assert 'damaged' not in result.stderr, result.stderr
            records = images(out)
            assert [r['png'] for r in records] == ['0-SPRITE/0.retail.png'], records
            assert all('damaged' not in r for r in records), records


def test_draw_damaged_draws_it_apart_and_marked_still_exit_1():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        archive = damaged_archive(root)
        result = run('render', '--draw-damaged', '-o', root / 'one', archive + '!checksum.gaf',
                     check_code=1)
        assert 'hpi.chunk-checksum' in result.stderr and 'drawn damaged' in result.stderr
        assert pictures(root / 'one') == ['damaged/0-SPRITE/0.retail.png'], written_files(
            root / 'one')
        records = images(root / 'one')
        assert records[0]['damaged'] == ['hpi.chunk-checksum'] and 'png' in records[0], records
        # With several inputs, the damaged one's folder says so; the sound one is unmarked.
        result = run('render', '--draw-damaged', '-o', root / 'two', archive + '!good.gaf',
                     archive + '!long.gaf', check_code=1)
        assert pictures(root / 'two') == ['0-good.gaf/0-SPRITE/0.retail.png',
                                          '1-long.gaf.damaged/0-SPRITE/0.retail.png'], (
            written_files(root / 'two'))
        records = images(root / 'two')
        assert 'damaged' not in records[0] and records[1]['damaged'] == ['hpi.chunk-size']


def test_a_damaged_palette_is_refused_and_show_marks_a_damaged_member():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        archive = damaged_archive(root)
        (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))
        result = run('render', '--palette', archive + '!pal.pal', '-o', root / 'p',
                     root / 'raw.gaf', check_code=2)
        assert 'hpi.chunk-checksum' in result.stderr and 'damaged' in result.stderr
        assert not (root / 'p' / 'index.json').exists()
        result = run('render', '--draw-damaged', '--palette', archive + '!pal.pal', '-o',
                     root / 'q', root / 'raw.gaf', check_code=1)
        index = json.loads((root / 'q' / 'index.json').read_text())
        assert 'damaged member: hpi.chunk-checksum' in index['palette'], index['palette']
        # show: the damaged member is shown, marked, exit 1; the sound one exit 0.
        shown = run('show', '--color', 'never', archive + '!checksum.gaf', check_code=1)
        assert 'DAMAGED' in shown.stdout and 'hpi.chunk-checksum' in shown.stderr, shown
        sound = run('show', '--color', 'never', archive + '!good.gaf', check_code=0)
        assert 'DAMAGED' not in sound.stdout and 'damaged' not in sound.stderr, sound


def test_html_does_not_draw_a_damaged_member():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        sprite = gaf([(b'SHORT', SHORT_ROW)])  # a short row: findings, so thumbnails
        other = gaf([(b'OTHER', SHORT_ROW)])  # not the same content: each is checked
        (root / 'mod.hpi').write_bytes(hpi_v1([packed(b'good.gaf', sprite),
                                               bad_checksum(b'bad.gaf', other)]))
        report = root / 'report.yaml'
        result = subprocess.run([os.path.abspath(GAFCHECK), 'check', '-q', '-o', str(report),
                                 'mod.hpi'], cwd=root, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 1, result.stderr
        run('html', report, '--root', root, '-o', root / 'page.html', check_code=0)
        page = (root / 'page.html').read_text(encoding='utf-8')
        assert 'mod.hpi!bad.gaf is a damaged archive member' in page, page[-3000:]
        assert 'hpi.chunk-checksum' in page
        # Control: the sound member is drawn.
        assert 'mod.hpi!good.gaf is a damaged' not in page
        assert page.count('<img') >= 1, page[-3000:]


# --- index.json grows with the input's tables, and is charged to --max-output-bytes ---

def alternating(references):
    """Two distinct 8x4 images, referenced alternately by two entries, every reference with its
    own duration: no two neighbours in a frame table are alike."""
    refs = [(i % 2, 1 + i) for i in range(references)]
    return gaf_shared([0, 1], [(b'A', refs), (b'B', refs)], [raw_frame(0), raw_frame(1)], BLOBS)


def test_index_grows_with_the_input_not_with_its_references():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for name, data in (('alternating.gaf', alternating(6000)),
                           ('same.gaf', gaf_shared([0, 1], [(b'A', [(0, 1)] * 6000),
                                                            (b'B', [(0, 1)] * 6000)],
                                                   [raw_frame(0)], BLOBS))):
            (root / name).write_bytes(data)
            out = root / name.replace('.gaf', '')
            run('render', '--policy', 'both', '--diff', '-o', out, root / name, check_code=0)
            size = (out / 'index.json').stat().st_size
            # Every reference is there, three images each...
            records = expanded(images(out))
            assert len(records) == 2 * 6000 * 3, (name, len(records))
            assert {(r['entry'], r['frame'], r['policy']) for r in records} == {
                (e, k, p) for e in (0, 1) for k in range(6000) for p in ('retail', 'strict',
                                                                        'diff')}
            for record in records:
                wanted = f"0-A/{record['frame'] % 2}.{record['policy']}.png"
                if name == 'same.gaf':
                    wanted = f"0-A/0.{record['policy']}.png"
                assert record.get('png', record.get('same_as')) == wanted, record
            # ...in a few bytes per input byte: at worst (no two neighbours alike) a run of a
            # few digits per reference and image, three images per 8-byte reference.
            assert size < 8 * len(data), (name, size, len(data))
            if name == 'same.gaf':
                assert size < 4096, size


def test_index_bytes_are_charged_to_max_output_bytes():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'alt.gaf').write_bytes(alternating(3000))
        run('render', '-o', root / 'all', root / 'alt.gaf', check_code=0)
        whole = sum(f.stat().st_size for f in (root / 'all').rglob('*') if f.is_file())
        # A budget the images fit in but the index does not: budget.exceeded listed, exit 1,
        # index.json still one JSON document, and what is written stays within the budget.
        budget = whole // 2
        result = run('render', '--max-output-bytes', str(budget), '-o', root / 'cut',
                     root / 'alt.gaf', check_code=1)
        index = json.loads((root / 'cut' / 'index.json').read_text())
        reasons = [r for r in index['images'] if 'budget.exceeded: output_bytes' in
                   r.get('reason', '')]
        assert len(reasons) == 1 and index['images_left_out'] > 0, index['images_left_out']
        assert 'budget.exceeded: output_bytes' in result.stderr, result.stderr
        assert 'left out' in result.stderr, result.stderr
        written = sum(f.stat().st_size for f in (root / 'cut').rglob('*') if f.is_file())
        assert written <= budget + 1024, (written, budget)
        assert len(pictures(root / 'cut')) == 2
        # Control: the same input within its budget lists every reference, exit 0.
        run('render', '--max-output-bytes', str(whole + 1024), '-o', root / 'fits',
            root / 'alt.gaf', check_code=0)
        assert len(expanded(images(root / 'fits'))) == 6000


