"""gafcheck render's choices end to end: indexed PNGs for paletted frames (the frame's own
indices, the key transparent), which palette is used (--palette, --palette-from, GAFCHECK_PALETTE,
a --config's palette:, else the forensic one, said once), --origins on sheets, and what --game
changes for a TA3D file in render and show.
"""
import json
import pathlib
import subprocess
import tempfile

from conftest import GAFCHECK, PACK_TREE
from gafcheck_run import run_gafcheck
from png_reader import png_chunks, png_indices
from render_cli_test import (RAW_KEYED, SEEDS, SHORT_ROW, gaf, pal_bytes, read_png, rgba,
                             ta3d, zlib_payload)

NOTICE = 'drawn with the forensic palette; give --palette PALETTE.PAL'


def run(*args, check_code=None, env=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code,
                        env=dict({'GAFCHECK_PALETTE': ''}, **(env or {})))


def colour_type(path):
    return png_chunks(pathlib.Path(path).read_bytes())[0][1][9]


def drawn_with_palette(root, name, frame, *options):
    """Renders a one-entry GAF (entry NAME, one frame) with the test palette into root/name;
    returns the entry's folder."""
    (root / f'{name}.gaf').write_bytes(gaf([(name.encode(), frame)]))
    (root / 'palette.pal').write_bytes(pal_bytes())
    run('render', *options, '--palette', root / 'palette.pal', '-o', root / name,
        root / f'{name}.gaf', check_code=0)
    return root / name / f'0-{name}'


def test_a_paletted_frame_is_an_indexed_png_of_its_own_indices_with_the_key_transparent():
    with tempfile.TemporaryDirectory() as directory:
        png = drawn_with_palette(pathlib.Path(directory), 'RAW', RAW_KEYED) / '0.retail.png'
        width, height, rows, palette, trns = png_indices(png.read_bytes())
        assert (width, height) == (2, 2)
        assert [list(row) for row in rows] == [[9, 1], [2, 9]]  # the file's bytes, key 9 kept
        assert trns == [255] * 9 + [0], trns  # only the key is transparent
        assert palette[:10] == [rgba(i)[:3] for i in range(10)]
        assert read_png(png) == [[(0, 0, 0, 0), rgba(1)], [rgba(2), (0, 0, 0, 0)]]


def test_off_palette_colours_keep_rgba():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        folder = drawn_with_palette(root, 'SHORT', SHORT_ROW, '--policy', 'both', '--diff')
        # Strict marks missing pixels magenta, the diff is faint and red: RGBA (colour type 6).
        assert colour_type(folder / '0.strict.png') == 6
        assert colour_type(folder / '0.diff.png') == 6
        # Retail draws the key (9) opaque in this RLE frame: it cannot be the transparent index.
        assert colour_type(folder / '0.retail.png') == 6
        # Control: the raw frame (key transparent, no mark) is indexed.
        raw = drawn_with_palette(root, 'RAW', RAW_KEYED, '--policy', 'both')
        assert colour_type(raw / '0.retail.png') == 3
        assert colour_type(raw / '0.strict.png') == 3


def palette_sources(root):
    """Four palettes whose index 1 differs: plain, via an archive, the environment, a config."""
    for name, shade in (('given.pal', 10), ('env.pal', 20), ('config.pal', 30)):
        data = bytearray(pal_bytes())
        data[4:7] = bytes([shade, shade, shade])
        (root / name).write_bytes(bytes(data))
    (root / 'tree' / 'palettes').mkdir(parents=True)
    data = bytearray(pal_bytes())
    data[4:7] = bytes([40, 40, 40])
    (root / 'tree' / 'palettes' / 'PALETTE.PAL').write_bytes(bytes(data))
    subprocess.run([PACK_TREE, root / 'tree', root / 'packed'], check=True, capture_output=True)
    (root / 'conf').mkdir()
    (root / 'conf' / 'render.yaml').write_text('palette: ../config.pal\n')
    (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))


def test_the_palette_is_the_first_given_of_palette_archive_environment_config():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        palette_sources(root)
        archive = root / 'packed' / 'palettes.ufo'
        choices = [
            (['--palette', root / 'given.pal', '--palette-from', archive], {}, 10, '--palette'),
            (['--palette-from', archive], {'GAFCHECK_PALETTE': str(root / 'env.pal')}, 40,
             '--palette-from'),
            (['--config', root / 'conf' / 'render.yaml'],
             {'GAFCHECK_PALETTE': str(root / 'env.pal')}, 20, 'GAFCHECK_PALETTE'),
            (['--config', root / 'conf' / 'render.yaml'], {}, 30, 'config palette:'),
        ]
        for number, (options, env, shade, chosen_by) in enumerate(choices):
            out = root / f'out{number}'
            result = run('render', *options, '-o', out, root / 'raw.gaf', env=env, check_code=0)
            assert read_png(out / '0-RAW' / '0.retail.png')[0][1] == (shade, shade, shade, 255)
            index = json.loads((out / 'index.json').read_text())
            assert index['palette_chosen_by'] == chosen_by, index
            assert 'palette_note' not in index and NOTICE not in result.stderr, result.stderr
        # A palette the environment names that is not there is a usage error naming the source.
        result = run('render', '-o', root / 'bad', root / 'raw.gaf',
                     env={'GAFCHECK_PALETTE': str(root / 'missing.pal')}, check_code=2)
        assert 'GAFCHECK_PALETTE: cannot read palette' in result.stderr, result.stderr


def test_the_forensic_palette_is_said_once_and_recorded():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'a.gaf').write_bytes(gaf([(b'A', RAW_KEYED)]))
        (root / 'b.gaf').write_bytes(gaf([(b'B', RAW_KEYED)]))
        result = run('render', '-o', root / 'out', root / 'a.gaf', root / 'b.gaf', check_code=0)
        assert result.stderr.count(NOTICE) == 1, result.stderr
        index = json.loads((root / 'out' / 'index.json').read_text())
        assert index['palette'] == 'forensic' and index['palette_chosen_by'] == 'forensic'
        assert index['palette_note'].startswith(NOTICE), index


def test_a_config_palette_is_read_relative_to_the_config_and_a_bad_key_is_refused():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        palette_sources(root)
        (root / 'conf' / 'empty.yaml').write_text('palette: ""\n')
        result = run('render', '--config', root / 'conf' / 'empty.yaml', '-o', root / 'out',
                     root / 'raw.gaf', check_code=2)
        assert 'palette names a file' in result.stderr, result.stderr
        # A .gafcheck.yaml beside the input is not read by render: forensic, and said so.
        (root / '.gafcheck.yaml').write_text('palette: config.pal\n')
        result = run('render', '-o', root / 'out2', root / 'raw.gaf', check_code=0)
        assert NOTICE in result.stderr, result.stderr


def test_sheet_origins_are_drawn_only_with_origins():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        cyan = (0, 255, 255, 255)
        run('render', '--sheet', '-o', root / 'clean', SEEDS / 'clean-rle.gaf', check_code=0)
        sheet = read_png(root / 'clean' / '0-explode1' / 'sheet.retail.png')
        assert cyan not in [pixel for row in sheet for pixel in row]
        run('render', '--sheet', '--origins', '-o', root / 'marked', SEEDS / 'clean-rle.gaf',
            check_code=0)
        marked = read_png(root / 'marked' / '0-explode1' / 'sheet.retail.png')
        assert marked[0][0] == cyan and marked[0][16] == cyan
        result = run('render', '--origins', '-o', root / 'alone', SEEDS / 'clean-rle.gaf',
                     check_code=2)
        assert '--origins marks the origins of a --sheet' in result.stderr, result.stderr


def test_ta3d_sheets_and_animations_are_refused_not_ignored():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'unit.gaf').write_bytes(ta3d([(1, 1, 1, zlib_payload(bytes(4)))]))
        for option in ('--sheet', '--animate'):
            result = run('render', '--game', 'ta3d', option, '-o', root / 'out', root / 'unit.gaf',
                         check_code=2)
            assert f'{option} is not drawn with --game ta3d' in result.stderr, result.stderr
        assert not (root / 'out').exists()


def test_truecolor_taf_sheets_and_animations_are_listed_as_not_drawn_not_ignored():
    taf = SEEDS / 'clean-taf-argb4444.taf'
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        run('render', '-o', root / 'frames', taf, check_code=0)  # control: frames alone are drawn
        for option, kind in (('--sheet', 'sheet'), ('--animate', 'animation')):
            out = root / option.strip('-')
            result = run('render', option, '-o', out, taf, check_code=1)
            records = json.loads((out / 'index.json').read_text())['images']
            left_out = [r for r in records if r.get(kind)]
            assert left_out and all('built from palette frames' in r['reason'] for r in left_out)
            assert 'not drawn' in result.stderr, result.stderr
            assert any(r.get('png', '').endswith('.png') for r in records), records  # frames drawn


def test_a_ta3d_file_rendered_as_ta_gets_the_hint():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'unit.gaf').write_bytes(ta3d([(1, 1, 1, zlib_payload(bytes(4)))]))
        result = run('render', '-o', root / 'ta', root / 'unit.gaf')
        assert 'looks like a TA3D file' in result.stderr and 'add --game ta3d' in result.stderr
        result = run('render', '--game', 'ta3d', '-o', root / 'ta3d', root / 'unit.gaf',
                     check_code=0)
        assert 'looks like a TA3D file' not in result.stderr, result.stderr
        # Control: a TA GAF gets no hint.
        (root / 'raw.gaf').write_bytes(gaf([(b'RAW', RAW_KEYED)]))
        result = run('render', '-o', root / 'raw', root / 'raw.gaf', check_code=0)
        assert 'TA3D' not in result.stderr, result.stderr


def test_show_takes_game_and_lists_a_ta3d_file_with_its_own_findings():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'unit.gaf').write_bytes(ta3d([(1, 1, 1, zlib_payload(bytes(4)))]))
        as_ta = run_gafcheck(GAFCHECK, 'show', '--color', 'never', root / 'unit.gaf')
        as_ta3d = run_gafcheck(GAFCHECK, 'show', '--color', 'never', '--game', 'ta3d',
                               root / 'unit.gaf', check_code=0)
        assert 'format.foreign-variant' in as_ta.stdout, as_ta.stdout
        assert 'format.foreign-variant' not in as_ta3d.stdout, as_ta3d.stdout
        result = run_gafcheck(GAFCHECK, 'show', '--game', 'ta4', root / 'unit.gaf', check_code=2)
        assert 'ta, tak or ta3d' in result.stderr, result.stderr
