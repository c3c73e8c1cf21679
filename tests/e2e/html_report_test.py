"""--format html end to end: a self-contained page (no network: every image a data: URI, no http(s)
link), hostile names escaped, thumbnails of frames with pixel findings within their bounds, the
census page's charts and order, and a real browser (headless Chromium, skipped when absent) that
loads the page, decodes every image and draws a page that is not blank.
"""
import html.parser
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys

import base64
import pytest

from conftest import GAFCHECK, ROOT, scratch_directory
from png_reader import png_pixels

SEEDS = ROOT / 'corpus' / 'seed'
WORK = scratch_directory('html')
RETAIL_ORDER = ['none', 'ignored', 'unknown', 'dropped', 'garbage', 'crash']


def run(*args):
    return subprocess.run([GAFCHECK, *map(str, args)], capture_output=True, timeout=300,
                          stdin=subprocess.DEVNULL)


class Page(html.parser.HTMLParser):
    """What the tests look at: every tag with its attributes, the text, the thumbnails of frames
    with pixel findings (images: the gallery's tiles are html_page_test's), every image, file
    sections."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags, self.images, self.all_images, self.sections, self.text = [], [], [], [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == 'img':
            self.all_images.append(attrs)
            if attrs.get('alt') in ('strict', 'retail', 'diff'):
                self.images.append(attrs)
        if tag == 'section' and 'file' in (attrs.get('class') or '').split():
            self.sections.append(attrs)

    def handle_data(self, data):
        self.text.append(data)


def report(name, *args, command='check'):
    out = WORK / f'{name}.html'
    result = run(command, '-q', '--format', 'html', '-o', out, *args)
    assert result.returncode in (0, 1), result.stderr.decode()[-2000:]
    return out, Page(out.read_text(encoding='utf-8'))

def test_page_is_self_contained_with_data_uri_images():
    _, page = report('seed', SEEDS)
    for tag, attrs in page.tags:
        for attribute in ('src', 'href'):
            value = (attrs.get(attribute) or '').strip().lower()
            assert not value.startswith(('http:', 'https:', '//')), (tag, attrs)
        assert tag not in ('link', 'iframe', 'object', 'embed'), tag
        if tag == 'script':
            assert 'src' not in attrs, attrs
    assert page.images, 'the seeds have pixel findings: there must be thumbnails'
    for image in page.images:
        assert image['src'].startswith('data:image/png;base64,'), image['src'][:40]
        png = base64.b64decode(image['src'].split(',', 1)[1], validate=True)
        width, height, _, _ = png_pixels(png)
        assert width > 0 and height > 0


def test_short_row_frame_has_strict_retail_and_diff_thumbnails_with_its_row_marked():
    _, page = report('short-row', SEEDS / 'rle.short-row.gaf')
    assert sorted(i['alt'] for i in page.images) == ['diff', 'retail', 'strict'], page.images
    text = ''.join(page.text)
    assert 'defective rows' in text and 'rle.short-row' in text
    strict = next(i for i in page.images if i['alt'] == 'strict')
    width, _, channels, rows = png_pixels(base64.b64decode(strict['src'].split(',', 1)[1]))
    marked = [y for y, row in enumerate(rows) if row[:channels] == b'\xff\x00\x00\xff'[:channels]]
    assert marked, 'a defective row carries the red bar on the left'
    assert len(marked) < len(rows), 'clean rows are not marked'


def test_clean_file_has_no_thumbnails():
    _, page = report('clean', SEEDS / 'clean-rle.gaf')
    assert page.images == [] and page.sections == []
    assert 'clean-rle.gaf' in ''.join(page.text)


def test_hex_excerpt_shows_the_bytes_at_the_finding():
    _, page = report('alias', SEEDS / 'entry.alias.gaf')
    text = ''.join(page.text)
    data = (SEEDS / 'entry.alias.gaf').read_bytes()
    row = ' '.join(f'{b:02x}' for b in data[0x10:0x20])
    assert '00000010  ' + row in text, text[:3000]


def test_hostile_name_is_escaped():
    tree = WORK / 'hostile'
    tree.mkdir()
    name = b'<script>alert(1)</script\x01\xe9&.gaf'.replace(b'/', b'')
    with open(os.path.join(os.fsencode(tree), name), 'wb') as file:
        file.write((SEEDS / 'rle.short-row.gaf').read_bytes())
    path, page = report('hostile', tree)
    scripts = [attrs for tag, attrs in page.tags if tag == 'script']
    assert len(scripts) == 1, 'only the report\'s own filter script'
    assert '<script>alert(1)<script\\x01\\xE9&.gaf' in ''.join(page.text)
    assert b'<script>alert' not in path.read_bytes()


def test_thumbnails_stay_within_their_bounds():
    _, page = report('bounded', '--html-max-thumbnails-per-file', '1', '--html-max-thumbnails', '2',
                     SEEDS)
    frames = {i['alt'] for i in page.images}
    assert 0 < len(page.images) <= 6 and frames <= {'strict', 'retail', 'diff'}, len(page.images)
    assert 'more frames with pixel findings not drawn' in ''.join(page.text)
    _, none = report('unbounded-zero', '--html-max-thumbnails', '0', SEEDS / 'rle.short-row.gaf')
    assert none.images == []


def test_census_page_has_charts_filters_and_worst_files_first():
    _, page = report('census', SEEDS, command='census')
    tags = [tag for tag, _ in page.tags]
    assert tags.count('svg') >= 1 and 'rect' in tags
    selects = [attrs['id'] for tag, attrs in page.tags if tag == 'select']
    assert selects == ['filter-rule', 'filter-severity']
    impacts = [RETAIL_ORDER.index(s['data-group-retail']) for s in page.sections]
    assert len(impacts) > 50 and impacts == sorted(impacts, reverse=True), impacts
    assert all(RETAIL_ORDER.index(s['data-retail']) <= RETAIL_ORDER.index(s['data-group-retail'])
               for s in page.sections)
    assert len(set(impacts)) > 2, 'the seeds span several retail impacts'


@pytest.mark.external
def test_chromium_loads_the_page_decodes_every_image_and_draws_it():
    browser = shutil.which('chromium')
    if not browser:
        pytest.skip('chromium is not installed (scripts/bootstrap --all installs it)')
    path, page = report('browser', SEEDS)
    marker = ('<script>window.addEventListener("load",function(){var n=0;'
              'document.querySelectorAll("img").forEach(function(i){'
              'if(i.complete&&i.naturalWidth>0)n++;});'
              'document.body.setAttribute("data-images-decoded",String(n));});</script>')
    marked = WORK / 'browser-marked.html'
    marked.write_text(path.read_text(encoding='utf-8').replace('</body>', marker + '</body>'),
                      encoding='utf-8')
    common = [browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
              f'--user-data-dir={WORK / "chromium-profile"}', '--virtual-time-budget=10000']
    dom = subprocess.run([*common, '--dump-dom', marked.as_uri()], capture_output=True,
                         timeout=180, stdin=subprocess.DEVNULL)
    text = dom.stdout.decode('utf-8', 'replace')
    assert '<h1>gafcheck check report</h1>' in text, dom.stderr.decode()[-2000:]
    found = [attrs for tag, attrs in Page(text).tags if tag == 'body']
    assert found and found[0].get('data-images-decoded') == str(len(page.all_images)), (
        found, len(page.all_images))
    shot = WORK / 'shot.png'
    subprocess.run([*common, '--window-size=1000,800', f'--screenshot={shot}', path.as_uri()],
                   capture_output=True, timeout=180, stdin=subprocess.DEVNULL)
    width, height, channels, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (1000, 800), (width, height)
    colours = {row[x:x + channels] for row in rows[::8] for x in range(0, len(row), channels * 8)}
    assert len(colours) > 2, f'the screenshot is blank: {colours}'



def without_run_line(text):
    """The page without its run line (command line, start time, wall seconds), which differs
    between two runs that draw the same files."""
    start = text.index('<h1>')
    end = text.index('</p>', start)
    return text[:start] + text[end:]


def drawn(report_path, *args):
    out = WORK / (pathlib.Path(report_path).stem + '-drawn.html')
    result = run('html', report_path, '-o', out, *args)
    return result, out


def assert_drawn_alike(redrawn, original):
    """The redrawn page is the original but for its run line and the gallery tiles of files it
    cannot look up again (an archive member a same-named member shadows), which it says."""
    def parts(text):
        start = text.index('<section id="gallery">')
        end = text.index('</section>', start) + len('</section>')
        return without_run_line(text[:start] + text[end:]), re.findall(
            r'<figure class="tile".*?</figure>', text[start:end])
    (redrawn_page, redrawn_tiles), (original_page, original_tiles) = parts(redrawn), parts(original)
    assert redrawn_page == original_page
    assert set(redrawn_tiles) <= set(original_tiles) and redrawn_tiles
    assert redrawn_tiles == original_tiles or 'thumbnails unavailable for 1 file' in redrawn


def test_html_command_draws_the_page_check_draws():
    checked = WORK / 'redraw-check.html'
    yaml_report = WORK / 'redraw-check.yaml'
    result = run('check', '-q', '-o', yaml_report, '--format', 'html', '-o', checked, SEEDS)
    assert result.returncode == 1, result.stderr.decode()[-2000:]
    result, page = drawn(yaml_report, '--root', '/')
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    original, redrawn = checked.read_text(encoding='utf-8'), page.read_text(encoding='utf-8')
    assert Page(redrawn).images, 'the seeds have pixel findings: the page must have thumbnails'
    assert [i['src'] for i in Page(redrawn).images] == [i['src'] for i in Page(original).images]
    assert_drawn_alike(redrawn, original)


def test_html_command_draws_a_census_report_as_census_draws_it():
    census = WORK / 'redraw-census.html'
    yaml_report = WORK / 'redraw-census.yaml'
    result = run('census', '-q', '-o', yaml_report, '--format', 'html', '-o', census, SEEDS)
    assert result.returncode in (0, 1), result.stderr.decode()[-2000:]
    result, page = drawn(yaml_report, '--root', '/')
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    original, redrawn = census.read_text(encoding='utf-8'), page.read_text(encoding='utf-8')
    assert Page(redrawn).images and len(Page(redrawn).sections) > 50
    assert_drawn_alike(redrawn, original)


def test_html_command_shows_a_missing_and_a_changed_file_as_such():
    tree = WORK / 'redraw-tree'
    tree.mkdir()
    for name in ('gone.gaf', 'changed.gaf', 'kept.gaf'):
        (tree / name).write_bytes((SEEDS / 'rle.short-row.gaf').read_bytes())
    yaml_report = WORK / 'redraw-tree.yaml'
    result = subprocess.run([os.path.abspath(GAFCHECK), 'check', '-q', '-o', yaml_report,
                             'redraw-tree'],
                            cwd=WORK, capture_output=True, timeout=300)
    assert result.returncode == 1, result.stderr.decode()[-2000:]
    (tree / 'gone.gaf').unlink()
    data = bytearray((tree / 'changed.gaf').read_bytes())
    data[-1] ^= 0xFF  # same size: only the sha256 tells
    (tree / 'changed.gaf').write_bytes(bytes(data))
    result, out = drawn(yaml_report, '--root', WORK)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    page = Page(out.read_text(encoding='utf-8'))
    text = ''.join(page.text)
    assert 'redraw-tree/gone.gaf cannot be read' in text, text[-3000:]
    assert 'redraw-tree/changed.gaf has changed since the report (its sha256 differs)' in text
    assert sorted(i['alt'] for i in page.images) == ['diff', 'retail', 'strict'], (
        'only kept.gaf is drawn')
    assert text.count('rle.short-row') >= 3, 'every file keeps its findings'
    # The control: with the files as checked, every one is drawn.
    (tree / 'gone.gaf').write_bytes((SEEDS / 'rle.short-row.gaf').read_bytes())
    (tree / 'changed.gaf').write_bytes((SEEDS / 'rle.short-row.gaf').read_bytes())
    result, out = drawn(yaml_report, '--root', WORK)
    page = Page(out.read_text(encoding='utf-8'))
    text = ''.join(page.text)
    assert len(page.images) == 3 and 'has changed' not in text, 'three alike files: one block'
    assert '3 files have these same findings' in text


def test_html_command_never_writes_its_page_over_a_file_the_report_names():
    tree = WORK / 'page-over-input'
    (tree / 'anims').mkdir(parents=True)
    seed = (SEEDS / 'rle.short-row.gaf').read_bytes()
    for name in ('a.gaf', 'b.gaf'):
        (tree / 'anims' / name).write_bytes(seed)
    (tree / 'elsewhere').mkdir()
    os.link(tree / 'anims' / 'b.gaf', tree / 'elsewhere' / 'b-link.html')
    yaml_report = WORK / 'page-over-input.yaml'
    result = subprocess.run([os.path.abspath(GAFCHECK), 'check', '-q', '-o', yaml_report, 'anims'],
                            cwd=tree, capture_output=True, timeout=300)
    assert result.returncode == 1, result.stderr.decode()[-2000:]
    # The page named as an input, and as a hard link to one outside the report's paths.
    for page in (tree / 'anims' / 'a.gaf', tree / 'elsewhere' / 'b-link.html'):
        result = run('html', yaml_report, '--root', tree, '-o', page)
        assert result.returncode == 2, (page, result.returncode, result.stderr.decode()[-2000:])
        assert b'the page would replace it' in result.stderr, result.stderr.decode()
        assert page.read_bytes() == seed, page
    # The control: a page beside them is written, and the inputs are untouched.
    result = run('html', yaml_report, '--root', tree, '-o', tree / 'page.html')
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert (tree / 'anims' / 'a.gaf').read_bytes() == seed
    drawn_page = Page((tree / 'page.html').read_text(encoding='utf-8'))
    assert len(drawn_page.images) == 3 and '2 files have these same findings' in ''.join(
        drawn_page.text)


def test_html_command_never_looks_outside_the_root():
    yaml_report = WORK / 'dotdot.yaml'
    result = run('check', '-q', '-o', yaml_report, SEEDS / 'rle.short-row.gaf')
    text = yaml_report.read_text(encoding='utf-8')
    escaped = str(SEEDS / 'rle.short-row.gaf')
    yaml_report.write_text(text.replace(escaped, 'sub/../' + escaped.lstrip('/')), encoding='utf-8')
    result, out = drawn(yaml_report, '--root', '/')
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    page = Page(out.read_text(encoding='utf-8'))
    assert page.images == [] and "'..' component" in ''.join(page.text)


def test_html_command_refuses_what_is_not_a_report():
    result, _ = drawn(SEEDS / 'rle.short-row.gaf', '--root', '/')
    assert result.returncode == 3, (result.returncode, result.stderr.decode())
    other = WORK / 'other.yaml'
    other.write_text('---\nkind: header\ntool: something-else\n', encoding='utf-8')
    result, out = drawn(other, '--root', '/')
    assert result.returncode == 3 and not out.exists(), result.stderr.decode()
    result, _ = drawn(WORK / 'no-such-report.yaml', '--root', '/')
    assert result.returncode == 3, result.stderr.decode()
    result = run('html', WORK / 'other.yaml')
    assert result.returncode == 2 and b'--root' in result.stderr


def test_census_thumbnails_at_the_cap_do_not_depend_on_workers():
    pages = []
    for jobs in ('1', '2'):
        out = WORK / f'capped-j{jobs}.html'
        result = run('census', '-q', '-j', jobs, '--html-max-thumbnails', '3',
                     '--html-max-thumbnails-per-file', '1', '--format', 'html', '-o', out, SEEDS)
        assert result.returncode in (0, 1), result.stderr.decode()[-2000:]
        pages.append(out.read_text(encoding='utf-8'))
    frames = {i['src'] for i in Page(pages[0]).images}
    assert 0 < len(Page(pages[0]).images) <= 9 and frames, len(Page(pages[0]).images)
    assert 'more frames with pixel findings not drawn' in pages[0]
    assert without_run_line(pages[0]) == without_run_line(pages[1])


def wide_rle_gaf(width, height, drawn_every=50, value=0x20, reserved=0):
    """One RLE frame WIDTH x HEIGHT in a small file: count-0 rows, every DRAWN_EVERYth row a
    full-width run of VALUE, and row 1 full width with a byte left over (rle.unused-payload);
    a RESERVED header word other than 0 is a finding of its own (header.reserved-nonzero)."""
    def full_row(extra=b''):
        commands = bytearray()
        left = width
        while left:
            run = min(64, left)
            commands += bytes([((run - 1) << 2) | 2, value])
            left -= run
        return struct.pack('<H', len(commands) + len(extra)) + bytes(commands) + extra
    rows = b''.join(full_row(b'\x03') if y == 1 else full_row() if y % drawn_every == 0
                    else b'\0\0' for y in range(height))
    header = struct.pack('<IIII', 0x00010100, 1, reserved, 16)
    entry = struct.pack('<HHI', 1, 1, 0) + b'WIDE'.ljust(32, b'\0') + struct.pack('<II', 64, 2)
    frame = struct.pack('<HHhhBBBBIII', width, height, 0, 0, 9, 1, 0, 0, 0, 88, 0)
    return header + entry + frame + rows


def peak_rss_kib(*args):
    """gafcheck ARGS in a child of a fresh Python, which reports its children's peak RSS."""
    code = ('import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True,'
            ' stdin=subprocess.DEVNULL); print(r.returncode, resource.getrusage('
            'resource.RUSAGE_CHILDREN).ru_maxrss)')
    out = subprocess.run([sys.executable, '-c', code, GAFCHECK, *map(str, args)],
                         capture_output=True, text=True, timeout=300).stdout.split()
    return int(out[0]), int(out[1])


def scaled_thumbnails(page, full):
    """The page's pictures: each at most 512 a side, each captioned as FULL scaled down."""
    text = ''.join(page.text)
    assert page.images, text[-2000:]
    for image in page.images:
        width, height, _, _ = png_pixels(base64.b64decode(image['src'].split(',', 1)[1]))
        assert 0 < width <= 512 + 3 and 0 < height <= 512, (width, height)
    assert text.count(f'{full} scaled to ') == len(page.images), text[-2000:]


def test_a_huge_frame_is_drawn_scaled_down_within_the_heap_budget():
    """A 60001x1300 RLE frame (157 MB of full-size canvas per policy) in a 50 KB file: strict,
    retail and diff thumbnails scaled to fit 512x512, drawn under --max-heap 24M (less than one
    full canvas), the defective row marked, and the run's peak memory nowhere near a canvas."""
    tree = WORK / 'wide'
    tree.mkdir()
    (tree / 'wide.gaf').write_bytes(wide_rle_gaf(60001, 1300))
    _, page = report('wide', '--max-heap', '24M', tree / 'wide.gaf')
    assert sorted(i['alt'] for i in page.images) == ['diff', 'retail', 'strict'], page.images
    scaled_thumbnails(page, '60001x1300')
    strict = next(i for i in page.images if i['alt'] == 'strict')
    width, height, channels, rows = png_pixels(base64.b64decode(strict['src'].split(',', 1)[1]))
    assert (width, height) == (512 + 3, 11), (width, height)
    assert rows[0][:channels] == b'\xff\x00\x00\xff'[:channels], 'row 1 falls in thumbnail row 0'
    assert 'defective rows 1' in ''.join(page.text)
    code, rss = peak_rss_kib('check', '-q', '--format', 'html', '-o', WORK / 'wide-rss.html',
                             tree / 'wide.gaf')
    assert code == 0 and rss < 100 * 1024, (code, rss)


def test_the_65535x1700_frame_crasher_gets_bounded_thumbnails_in_bounded_memory():
    """corpus/crashers: one 65535x1700 RLE frame in 5.5 KB (437 MiB of full-size canvases once)."""
    crasher = ROOT / 'corpus' / 'crashers' / 'html-budget.heap-65535x1700-rle-frame-thumbnail.bin'
    out = WORK / 'crasher.html'
    code, rss = peak_rss_kib('check', '-q', '--format', 'html', '-o', out, crasher)
    assert code == 0 and rss < 100 * 1024, (code, rss)
    page = Page(out.read_text(encoding='utf-8'))
    assert sorted(i['alt'] for i in page.images) == ['diff', 'retail', 'strict'], page.images
    scaled_thumbnails(page, '65535x1700')


def test_huge_frames_stay_bounded_in_a_parallel_census_and_in_the_html_command():
    """Three files each with a 65000x1200 frame (and its own reserved word, so that each has a
    block of its own): census -j 2 draws all three scaled down, and gafcheck html draws them again
    from the report, each run far below one full-size canvas."""
    tree = WORK / 'wide-three'
    tree.mkdir()
    for name in ('a', 'b', 'c'):
        (tree / f'{name}.gaf').write_bytes(wide_rle_gaf(65000, 1200, drawn_every=7 + len(name),
                                                        reserved=ord(name)))
    yaml_report = WORK / 'wide-three.yaml'
    # --min-severity info: the reserved words are info findings, which a census hides by default.
    code, rss = peak_rss_kib('census', '-q', '-j', '2', '--min-severity', 'info', '-o', yaml_report,
                             '--format', 'html', '-o', WORK / 'wide-three.html', tree)
    assert code == 0 and rss < 150 * 1024, (code, rss)
    page = Page((WORK / 'wide-three.html').read_text(encoding='utf-8'))
    assert len(page.images) == 9, len(page.images)
    scaled_thumbnails(page, '65000x1200')
    code, rss = peak_rss_kib('html', yaml_report, '--root', '/', '-o', WORK / 'wide-drawn.html')
    assert code == 0 and rss < 150 * 1024, (code, rss)
    drawn_page = (WORK / 'wide-drawn.html').read_text(encoding='utf-8')
    assert without_run_line(drawn_page) == without_run_line(
        (WORK / 'wide-three.html').read_text(encoding='utf-8'))


def test_a_thumbnail_over_the_heap_budget_is_a_note_naming_it():
    """--max-heap below what one strip of a wide frame needs: the thumbnails are notes naming the
    heap budget, the page and the run go on (no abort, exit as the findings say). The control: the
    same file with the default budget has all three pictures."""
    wide = WORK / 'wide-budget.gaf'
    wide.write_bytes(wide_rle_gaf(40000, 900))
    result = run('check', '-q', '--max-heap', '200K', '--format', 'html', '-o',
                 WORK / 'wide-budget.html', wide)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    page = Page((WORK / 'wide-budget.html').read_text(encoding='utf-8'))
    text = ''.join(page.text)
    assert page.images == [] and text.count('budget.exceeded: heap') >= 2, text[-2000:]
    assert '--max-heap 204800' in text
    _, control = report('wide-budget-control', wide)
    assert len(control.images) == 3


def test_the_pages_pictures_together_stay_within_the_heap_budget():
    """Twenty files with pictures (each its own reserved word, so their findings differ and none
    shares another's block): under a --max-heap that each file's own thumbnails fit but the
    page's twenty do not, the first files (path order) keep theirs, the rest get a note naming the
    budget, and the page is the same with -j 1 and -j 2. The control: the default budget draws
    them all."""
    tree = WORK / 'many-pictures'
    tree.mkdir()
    for k in range(20):
        data = bytearray((SEEDS / 'rle.short-row.gaf').read_bytes())
        data[8:12] = k.to_bytes(4, 'little')
        (tree / f'{k:02}.gaf').write_bytes(bytes(data))
    # --min-severity info: the reserved words are info findings, which a census hides by default.
    _, full = report('many-full', '--min-severity', 'info', tree, command='census')
    assert len(full.images) == 60
    per_frame = len((WORK / 'many-full.html').read_text(encoding='utf-8')) // 20
    pages = []
    for jobs in ('1', '2'):
        out = WORK / f'many-capped-j{jobs}.html'
        result = run('census', '-q', '-j', jobs, '--min-severity', 'info', '--max-heap',
                     str(8 * per_frame // 3), '--format', 'html', '-o', out, tree)
        assert result.returncode == 1, result.stderr.decode()[-2000:]  # short rows are errors
        pages.append(out.read_text(encoding='utf-8'))
    page = Page(pages[0])
    assert 0 < len(page.images) < 60 and len(page.images) % 3 == 0, len(page.images)
    assert 'not drawn: budget.exceeded: heap (the page\'s pictures would pass --max-heap' in \
        ''.join(page.text)
    assert without_run_line(pages[0]) == without_run_line(pages[1])


def forged_tree(name):
    """ROOT/inside.gaf, OUTSIDE/secret.gaf (a short-row GAF: it has thumbnails), beside each
    other under WORK/NAME."""
    base = WORK / name
    (base / 'root').mkdir(parents=True)
    (base / 'outside').mkdir()
    (base / 'outside' / 'secret.gaf').write_bytes((SEEDS / 'rle.short-row.gaf').read_bytes())
    (base / 'root' / 'inside.gaf').write_bytes((SEEDS / 'rle.short-row.gaf').read_bytes())
    return base


def forged_report(base, names):
    """A check report of outside/secret.gaf whose file documents name NAMES instead (relative
    paths, looked up under --root root)."""
    real = base / 'real.yaml'
    result = run('check', '-q', '-o', real, base / 'outside' / 'secret.gaf')
    assert result.returncode == 1, result.stderr.decode()[-2000:]
    text = real.read_text(encoding='utf-8')
    header, file_doc, summary = text.split('\n---\n')
    escaped = '"' + str(base / 'outside' / 'secret.gaf') + '"'
    assert escaped in file_doc
    docs = [file_doc.replace(escaped, '"' + name + '"') for name in names]
    forged = base / 'forged.yaml'
    forged.write_text('\n---\n'.join([header, *docs, summary]), encoding='utf-8')
    return forged


def test_html_root_never_follows_a_symlink_out_of_the_root_even_without_the_sandbox():
    """A forged report names root/link.gaf -> ../outside/secret.gaf, root/abs.gaf -> the same by
    its absolute path, root/dir -> ../outside (dir/secret.gaf), root/deep/up.gaf ->
    ../../outside/secret.gaf: with --no-sandbox (and with it) none of them shows the outside
    file's pictures or bytes, and the page names the link that leads out. The control: a relative
    link that stays beneath the root (root/sub/ok.gaf -> ../inside.gaf) is drawn."""
    base = forged_tree('forged-links')
    root = base / 'root'
    (root / 'link.gaf').symlink_to('../outside/secret.gaf')
    (root / 'abs.gaf').symlink_to(base / 'outside' / 'secret.gaf')
    (root / 'dir').symlink_to('../outside')
    (root / 'deep').mkdir()
    (root / 'deep' / 'up.gaf').symlink_to('../../outside/secret.gaf')
    (root / 'sub').mkdir()
    (root / 'sub' / 'ok.gaf').symlink_to('../inside.gaf')
    secret_hex = ' '.join(f'{b:02x}' for b in (SEEDS / 'rle.short-row.gaf').read_bytes()[:16])
    outside = ['link.gaf', 'abs.gaf', 'dir/secret.gaf', 'deep/up.gaf']
    for sandbox in (['--no-sandbox'], []):
        forged = forged_report(base, outside)
        result, out = drawn(forged, '--root', root, *sandbox)
        assert result.returncode == 0, result.stderr.decode()[-2000:]
        page = Page(out.read_text(encoding='utf-8'))
        text = ''.join(page.text)
        assert page.images == [], (sandbox, len(page.images))
        assert secret_hex not in text, sandbox
        assert text.count('nothing outside the root is read') == 4, (sandbox, text[-3000:])
        assert "'link.gaf'" in text and "'dir'" in text and "'up.gaf'" in text, text[-3000:]
        assert 'outside --root' in text
        # The control: the same file through a link that stays beneath the root is drawn.
        forged = forged_report(base, ['sub/ok.gaf'])
        result, out = drawn(forged, '--root', root, *sandbox)
        control = Page(out.read_text(encoding='utf-8'))
        assert sorted(i['alt'] for i in control.images) == ['diff', 'retail', 'strict'], (
            sandbox, ''.join(control.text)[-2000:])

