"""gafcheck diff's pictures end to end: --format html writes one self-contained page with an
old | new | difference triple per changed frame; --images DIR writes those PNGs (the difference
marking exactly the changed pixels magenta), says how many on standard error, replaces its own
pictures on a second run, and refuses (exit 2, nothing written) when an input is at a picture's
name, whatever its name there (a hard link)."""
import os
import re

from conftest import GAFCHECK, scratch_directory
from gafcheck_run import run_gafcheck
from gaf_parts import gaf_shared
from png_reader import png_pixels

MAGENTA = (255, 0, 255, 255)
OLD_PIXELS = [bytes(range(20, 36)), bytes(range(40, 56))]
# Frame 0: two pixels recoloured (column 0 row 0, column 3 row 2); frame 1 as it was.
NEW_PIXELS = [bytes([200]) + OLD_PIXELS[0][1:11] + bytes([201]) + OLD_PIXELS[0][12:],
              OLD_PIXELS[1]]
PICTURES = ['0-new.gaf/0-ARMWALK/frame-0.difference.png', '0-new.gaf/0-ARMWALK/frame-0.new.png',
            '0-new.gaf/0-ARMWALK/frame-0.old.png']


def sprite(blobs):
    frames = [{'width': 4, 'height': 4, 'blob': 0}, {'width': 4, 'height': 4, 'blob': 1}]
    return gaf_shared([0], [(b'ARMWALK', [(0, 2), (1, 2)])], frames, blobs)


def sides(name):
    directory = scratch_directory(name)
    (directory / 'old.gaf').write_bytes(sprite(OLD_PIXELS))
    (directory / 'new.gaf').write_bytes(sprite(NEW_PIXELS))
    return directory


def listed(directory):
    return sorted(str(p.relative_to(directory)) for p in directory.rglob('*') if p.is_file())


def test_html_page_is_self_contained_with_one_triple_per_changed_frame():
    directory = sides('diff-page')
    page = directory / 'page.html'
    run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf', '--format',
                 'html', '-o', page, check_code=1)
    html = page.read_text()
    assert html.startswith('<!DOCTYPE html>')
    assert 'verdict-different' in html and 'ARMWALK' in html
    assert html.count('data:image/png;base64,') == 3
    assert not re.search(r'(src|href)="(?!data:)[a-z]+:', html), 'no external resource'


def test_images_without_dir_writes_into_the_o_directory_and_the_document_to_stdout():
    directory = sides('diff-images-o')
    pictures = directory / 'out'
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                          '-o', pictures, '--images', check_code=1)
    assert listed(pictures) == PICTURES
    assert result.stdout.startswith('---\nkind: content-diff')
    # Control: with no -o there is no directory to take.
    refused = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                           '--images', check_code=2)
    assert '--images without a DIR' in refused.stderr


def test_palette_without_pictures_is_a_usage_error():
    directory = sides('diff-page-usage')
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                          '--palette', directory / 'old.gaf', check_code=2)
    assert '--palette' in result.stderr


def test_images_writes_the_triple_and_marks_the_changed_pixels():
    directory = sides('diff-images')
    pictures = directory / 'pictures'
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                          '--images', pictures, '-o', directory / 'diff.yaml', check_code=1)
    assert listed(pictures) == PICTURES
    assert '3 pictures written' in result.stderr
    width, height, channels, rows = png_pixels(
        (pictures / '0-new.gaf/0-ARMWALK/frame-0.difference.png').read_bytes())
    assert (width, height, channels) == (4, 4, 4)
    marked = {(x, y) for y in range(height) for x in range(width)
              if tuple(rows[y][4 * x:4 * x + 4]) == MAGENTA}
    assert marked == {(0, 0), (3, 2)}
    # A second run replaces its own pictures.
    run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf', '--images',
                 pictures, '-o', directory / 'diff.yaml', check_code=1)
    assert listed(pictures) == PICTURES


def test_palette_colours_the_pictures():
    directory = sides('diff-palette')
    colours = bytearray(1024)
    colours[4 * 20:4 * 20 + 3] = bytes([1, 2, 3])  # index 20: the old frame's first pixel
    (directory / 'PALETTE.PAL').write_bytes(bytes(colours))
    pictures = directory / 'pictures'
    run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf', '--images',
                 pictures, '--palette', directory / 'PALETTE.PAL', '-o', directory / 'diff.yaml',
                 check_code=1)
    _, _, _, rows = png_pixels((pictures / PICTURES[2]).read_bytes())
    assert tuple(rows[0][0:4]) == (1, 2, 3, 255)
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                          '--images', pictures, '--palette', directory / 'old.gaf', check_code=2)
    assert 'is not usable' in result.stderr


def test_images_never_replace_an_input():
    directory = sides('diff-images-input')
    pictures = directory / 'pictures'
    run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf', '--images',
                 pictures, '-o', directory / 'diff.yaml', check_code=1)
    planted = pictures / PICTURES[2]
    planted.unlink()
    os.link(directory / 'new.gaf', planted)
    (directory / 'diff.yaml').unlink()
    before = (directory / 'new.gaf').read_bytes()
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old.gaf', directory / 'new.gaf',
                          '--images', pictures, '-o', directory / 'diff.yaml', check_code=2)
    assert 'refusing to write pictures' in result.stderr
    assert (directory / 'new.gaf').read_bytes() == before
    assert not (directory / 'diff.yaml').exists(), 'nothing was written'


def test_images_directory_is_outside_a_tree_side():
    directory = scratch_directory('diff-images-tree')
    for side, blobs in (('old', OLD_PIXELS), ('new', NEW_PIXELS)):
        (directory / side).mkdir()
        (directory / side / 'armwalk.gaf').write_bytes(sprite(blobs))
    result = run_gafcheck(GAFCHECK, 'diff', directory / 'old', directory / 'new', '--images',
                          directory / 'new' / 'pictures', '-o', directory / 'diff.yaml',
                          check_code=2)
    assert 'choose a directory outside both sides' in result.stderr
    assert not (directory / 'new' / 'pictures').exists()
    run_gafcheck(GAFCHECK, 'diff', directory / 'old', directory / 'new', '--images',
                 directory / 'pictures', '-o', directory / 'diff.yaml', check_code=1)
    assert listed(directory / 'pictures') == [
        '0-armwalk.gaf/0-ARMWALK/frame-0.difference.png', '0-armwalk.gaf/0-ARMWALK/frame-0.new.png',
        '0-armwalk.gaf/0-ARMWALK/frame-0.old.png']
