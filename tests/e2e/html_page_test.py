"""The HTML page as a collection owner reads it: a gallery with a tile per entry (the entry's first
frame as a data: URI image, its name, the file's sha256, format and writer) that a text box
filters (the writer too) and a budget bounds, with the game's palette under --palette and in
gafcheck html when the files are there; files that say the same thing as one block with "N
files"; survey charts with axes, tick labels and the count on each bar; and in the rules table the
severity the findings were reported with. Headless Chromium (skipped when absent) loads the page,
filters the gallery, finds the labels, and its screenshot is neither blank nor wider than the
window.
"""
import base64
import html.parser
import shutil
import subprocess

import pytest

from conftest import GAFCHECK, ROOT, scratch_directory
from png_reader import png_pixels

SEEDS = ROOT / 'corpus' / 'seed'
WORK = scratch_directory('html-page')


class Page(html.parser.HTMLParser):
    """Every tag with its attributes, the text, and the text of each element with an id."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.tags, self.text, self.open = [], [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)

    def of(self, tag, **wanted):
        return [attrs for name, attrs in self.tags if name == tag and
                all(wanted[key] in (attrs.get(key) or '').split() for key in wanted)]


def run(*args):
    return subprocess.run([GAFCHECK, *map(str, args)], capture_output=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def page_of(name, *args, command='check'):
    out = WORK / f'{name}.html'
    result = run(command, '-q', '--format', 'html', '-o', out, *args)
    assert result.returncode in (0, 1), result.stderr.decode()[-2000:]
    text = out.read_text(encoding='utf-8')
    return out, text, Page(text)


def tree(name, files):
    directory = WORK / name
    directory.mkdir()
    for target, source in files.items():
        (directory / target).write_bytes((SEEDS / source).read_bytes())
    return directory


def tile_pixels(image):
    return png_pixels(base64.b64decode(image['src'].split(',', 1)[1], validate=True))


def test_gallery_has_a_tile_per_entry_with_its_picture_name_sha256_and_format():
    _, text, page = page_of('gallery', SEEDS / 'clean-rle.gaf', SEEDS / 'clean-composite.gaf')
    tiles = page.of('figure', **{'class': 'tile'})
    assert len(tiles) >= 2, text[:3000]
    images = [attrs for attrs in page.of('img') if attrs.get('alt') is not None]
    assert images and all(i['src'].startswith('data:image/png;base64,') for i in images)
    for image in images:
        width, height, _, _ = tile_pixels(image)
        assert 0 < width <= 96 and 0 < height <= 96
    import hashlib
    sha = hashlib.sha256((SEEDS / 'clean-rle.gaf').read_bytes()).hexdigest()
    assert sha in text and 'class="tile-format">gaf<' in text
    assert 'class="tile-writer" title="writer: ' in text
    assert 'id="gallery-filter"' in text and 'gallery shows the first' not in text
    assert all('gaf' in tile['data-search'] for tile in tiles)


def test_the_gallery_budget_caps_the_tiles_and_says_how_many_of_how_many():
    _, text, page = page_of('gallery-bound', '--max-gallery-thumbnails', '2', SEEDS)
    assert len(page.of('figure', **{'class': 'tile'})) == 2
    bound = next(attrs for attrs in page.of('p', **{'class': 'gallery-bound'}))
    assert bound is not None
    assert 'gallery shows the first 2 of ' in text and '(--max-gallery-thumbnails' in text
    _, _, none = page_of('gallery-none', '--max-gallery-thumbnails', '0', SEEDS / 'clean-rle.gaf')
    assert none.of('figure', **{'class': 'tile'}) == []


def test_palette_draws_the_gallery_in_the_games_colours():
    colours = bytearray(1024)
    for index in range(256):
        colours[4 * index:4 * index + 3] = bytes([1, 2, 3])
    palette = WORK / 'PALETTE.PAL'
    palette.write_bytes(bytes(colours))
    drawn = {}
    for name, args in (('forensic', ()), ('game', ('--palette', palette))):
        _, _, page = page_of(f'palette-{name}', *args, SEEDS / 'clean-raw.gaf')
        image = next(i for i in page.of('img') if i['src'].startswith('data:'))
        _, _, channels, rows = tile_pixels(image)
        drawn[name] = {row[x:x + 3] for row in rows for x in range(0, len(row), channels)}
    assert b'\x01\x02\x03' in drawn['game'] and b'\x01\x02\x03' not in drawn['forensic']
    result = run('check', '-q', '--format', 'html', '-o', WORK / 'bad-palette.html', '--palette',
                 WORK / 'no-such.pal', SEEDS / 'clean-raw.gaf')
    assert result.returncode == 2 and b'palette' in result.stderr


def test_files_with_the_same_findings_are_one_block_with_the_file_count():
    directory = tree('same', {f'ta3d-{i}.gaf': 'format.foreign-variant.gaf' for i in range(3)} |
                     {'alias.gaf': 'entry.alias.gaf'})
    _, text, page = page_of('same', directory, command='census')
    sections = [attrs for name, attrs in page.tags if name == 'section' and
                'file' in (attrs.get('class') or '').split()]
    assert len(sections) == 2, sections
    grouped = [s for s in sections if s.get('data-files')]
    assert [s['data-files'] for s in grouped] == ['3']
    assert '<b>3 files</b>' in text and text.count('<details class="block-files">') == 1
    for i in range(3):
        assert f'ta3d-{i}.gaf</li>' in text


def rule_severities(page_text):
    """rule id -> the rules table's severity cell, and rule id -> severities of its findings."""
    class Rules(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.table, self.found, self.rule, self.cell = {}, {}, None, None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == 'tr' and (attrs.get('id') or '').startswith('rule-'):
                self.rule = attrs['id'][5:]
            if tag == 'tr' and 'finding' in (attrs.get('class') or '').split():
                self.found.setdefault(attrs['data-rule'], set()).add(attrs['data-severity'])
            if tag == 'td' and attrs.get('class') == 'rule-severity':
                self.cell = self.rule
                self.table[self.rule] = ''

        def handle_endtag(self, tag):
            if tag == 'td':
                self.cell = None

        def handle_data(self, data):
            if self.cell:
                self.table[self.cell] += data

    rules = Rules()
    rules.feed(page_text)
    return rules.table, rules.found


def test_the_rules_table_shows_the_severity_the_findings_were_reported_with():
    _, text, _ = page_of('severity', SEEDS / 'format.foreign-variant.gaf',
                         SEEDS / 'entry.alias.gaf', SEEDS / 'rle.short-row.gaf')
    table, found = rule_severities(text)
    assert found.get('format.foreign-variant') == {'error'}, found
    assert table['format.foreign-variant'] == 'error', table
    for rule, severities in found.items():
        shown = {part.split(' ')[0] for part in table[rule].split(', ')}
        assert shown == severities, (rule, table[rule], severities)


def test_html_command_draws_the_gallery_from_the_files_or_says_they_are_unavailable():
    directory = tree('redraw', {'a.gaf': 'clean-rle.gaf', 'b.gaf': 'rle.short-row.gaf'})
    report = WORK / 'redraw.yaml'
    assert run('check', '-q', '-o', report, directory).returncode in (0, 1)
    drawn = WORK / 'redraw.html'
    result = run('html', report, '--root', '/', '-o', drawn)
    assert result.returncode == 0, result.stderr.decode()
    page = Page(drawn.read_text(encoding='utf-8'))
    assert len(page.of('figure', **{'class': 'tile'})) >= 2
    empty = WORK / 'empty-root'
    empty.mkdir()
    missing = WORK / 'redraw-missing.html'
    assert run('html', report, '--root', empty, '-o', missing).returncode == 0
    text = missing.read_text(encoding='utf-8')
    assert 'thumbnails unavailable for 2 files' in text
    assert Page(text).of('figure', **{'class': 'tile'}) == []


@pytest.mark.external
def test_chromium_shows_the_gallery_filters_it_and_the_page_fits_the_window():
    browser = shutil.which('chromium')
    if not browser:
        pytest.skip('chromium is not installed (scripts/bootstrap --all installs it)')
    directory = tree('browser', {f'ta3d-{i}.gaf': 'format.foreign-variant.gaf' for i in range(3)} |
                     {'clean.gaf': 'clean-rle.gaf', 'composite.gaf': 'clean-composite.gaf',
                      'short.gaf': 'rle.short-row.gaf', 'alias.gaf': 'entry.alias.gaf'})
    path, text, page = page_of('browser', directory, command='census')
    probe = ('<script>window.addEventListener("load",function(){var b=document.body,'
             'q=function(s){return document.querySelectorAll(s).length;},'
             'shown=function(){var n=0;document.querySelectorAll("#gallery .tile").forEach('
             'function(t){if(t.offsetParent!==null)n++;});return n;};'
             'b.setAttribute("data-tiles",String(shown()));'
             'b.setAttribute("data-tile-images",String(q("#gallery .tile img[src^=\'data:image/png\']")));'
             'b.setAttribute("data-axis-labels",String(q("svg .axis-label")));'
             'b.setAttribute("data-bar-values",String(q("svg .bar-value")));'
             'b.setAttribute("data-fits",String(document.documentElement.scrollWidth<=window.innerWidth));'
             'var f=document.getElementById("gallery-filter");f.value="composite.gaf";'
             'f.dispatchEvent(new Event("input"));'
             'b.setAttribute("data-filtered",String(shown()));'
             'f.value="";f.dispatchEvent(new Event("input"));'
             'b.setAttribute("data-unfiltered",String(shown()));'
             'var w=document.querySelector("#gallery .tile .tile-writer");'
             'b.setAttribute("data-writer",w?w.textContent:"");'
             'f.value="writer-free-text-matches-nothing";f.dispatchEvent(new Event("input"));'
             'b.setAttribute("data-unmatched",String(shown()));'
             'f.value="create_gaf";f.dispatchEvent(new Event("input"));'
             'b.setAttribute("data-by-writer",String(shown()));});</script>')
    marked = WORK / 'browser-marked.html'
    marked.write_text(text.replace('</body>', probe + '</body>'), encoding='utf-8')
    common = [browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
              f'--user-data-dir={WORK / "chromium-profile"}', '--virtual-time-budget=10000',
              '--window-size=1000,800']
    dom = subprocess.run([*common, '--dump-dom', marked.as_uri()], capture_output=True,
                         timeout=180, stdin=subprocess.DEVNULL)
    body = next(attrs for tag, attrs in Page(dom.stdout.decode('utf-8', 'replace')).tags
                if tag == 'body')
    tiles = len(page.of('figure', **{'class': 'tile'}))
    assert tiles >= 5 and body.get('data-tiles') == str(tiles), (body, tiles)
    assert int(body['data-tile-images']) >= 5, body
    assert 0 < int(body['data-filtered']) < tiles, body
    assert body['data-unfiltered'] == str(tiles), body
    # Each tile names the tool that wrote its file (or unknown), and the filter matches it: only
    # the TA3D GAFs' tiles name TA3D create_gaf, which neither their path nor format says.
    assert body.get('data-writer'), body
    assert body['data-unmatched'] == '0', body
    assert 0 < int(body['data-by-writer']) < tiles, body
    assert 'class="tile-writer" title="writer: TA3D create_gaf' in text
    assert int(body['data-axis-labels']) >= 2 and int(body['data-bar-values']) >= 1, body
    assert body['data-fits'] == 'true', 'the page is wider than the window'
    assert '<b>3 files</b>' in text
    shot = WORK / 'page.png'
    subprocess.run([*common, f'--screenshot={shot}', path.as_uri()], capture_output=True,
                   timeout=180, stdin=subprocess.DEVNULL)
    width, height, channels, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (1000, 800), (width, height)
    colours = {row[x:x + channels] for row in rows[::8] for x in range(0, len(row), channels * 8)}
    assert len(colours) > 2, f'the screenshot is blank: {colours}'
