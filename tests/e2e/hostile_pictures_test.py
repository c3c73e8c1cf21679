"""The pages people look at, given names an upload chose to deceive a reader: every HTML page
(check and census --format html, gafcheck html, diff --format html, conflicts --format html)
shows a name carrying a bidirectional control (U+202E RIGHT-TO-LEFT OVERRIDE and its kin) with
the control written as visible escapes, so "evil<RLO>fig.gaf" cannot display as another name;
markup in names stays text. And the page stays bounded for a census of many damaged files: at
most html_findings_per_page finding rows in all, the rest counted in a note per file.
"""
import json
import re
import struct

from conftest import GAFCHECK, scratch_directory
from gafcheck_run import run_gafcheck
from hand_built_hpi import hpi_v1_tree

WORK = scratch_directory('hostile-pictures')
RLO = '\u202e'
BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069',
        '\u200e', '\u200f', '\u061c']


def run(*args, cwd=None):
    return run_gafcheck(GAFCHECK, *args, cwd=cwd)


def gaf(names, width=4, height=2, data=bytes.fromhex('02 00 06 05  06 00 08 01 02 03 02 09')):
    """Entries of one 4x2 RLE frame each whose row 0 is short (an rle.short-row finding)."""
    entry_at = 12 + 4 * len(names)
    frame_at = entry_at + 48 * len(names)
    data_at = frame_at + 24 * len(names)
    out = bytearray(struct.pack('<III', 0x00010100, len(names), 0))
    for i in range(len(names)):
        out += struct.pack('<I', entry_at + 48 * i)
    for i, name in enumerate(names):
        out += struct.pack('<HHI', 1, 1, 0) + name[:32].ljust(32, b'\0')
        out += struct.pack('<II', frame_at + 24 * i, 2)
    for i in range(len(names)):
        out += struct.pack('<HHhhBBBBIII', width, height, 0, 0, 9, 1, 0, 0, 0,
                           data_at + len(data) * i, 0)
    return bytes(out + data * len(names))


ENTRY = 'evil' + RLO + 'fig.gaf'
FILE = 'upload' + RLO + 'gpj.gaf'


def hostile_tree(name, flip=0):
    directory = WORK / name
    directory.mkdir()
    entries = [ENTRY.encode(), b'"><img src=x onerror=alert(1)>'] + \
        [('b' + c + 'x').encode() for c in BIDI]
    data = bytes.fromhex('02 00 06 05  06 00 08 01 02 03 02 09')
    data = data[:-1] + bytes([data[-1] ^ flip])
    (directory / FILE).write_bytes(gaf(entries, data=data))
    return directory


def assert_names_shown_not_obeyed(text):
    for control in BIDI:
        assert control not in text, f'U+{ord(control):04X} raw in the page'
    escaped = ''.join(f'\\x{b:02X}' for b in RLO.encode())
    assert 'evil' + escaped + 'fig.gaf' in text
    assert 'upload' + escaped + 'gpj.gaf' in text
    assert 'onerror=alert(1)' not in re.sub(r'&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;', '',
                                            text)


def test_check_and_census_pages_show_bidi_controls_in_names_as_escapes():
    tree = hostile_tree('check')
    for command in ('check', 'census'):
        page = WORK / f'{command}.html'
        result = run(command, '-q', '--format', 'html', '-o', page, tree)
        assert result.returncode == 1, result.stderr
        assert_names_shown_not_obeyed(page.read_text(encoding='utf-8'))


def test_the_html_command_shows_bidi_controls_in_names_as_escapes():
    tree = hostile_tree('redraw')
    report = WORK / 'redraw.yaml'
    assert run('check', '-q', '-o', report, FILE, cwd=tree).returncode == 1
    page = WORK / 'redraw.html'
    result = run('html', report, '--root', tree, '-o', page)
    assert result.returncode == 0, result.stderr
    assert_names_shown_not_obeyed(page.read_text(encoding='utf-8'))


def test_diff_and_conflicts_pages_show_bidi_controls_in_names_as_escapes():
    old, new = hostile_tree('old'), hostile_tree('new', flip=1)
    # diff: the files differ (1); conflicts: one override whose findings are the same (0)
    for command, code in (('diff', 1), ('conflicts', 0)):
        page = WORK / f'{command}.html'
        result = run(command, '--format', 'html', '-o', page, old, new)
        assert result.returncode == code, result.stderr
        text = page.read_text(encoding='utf-8')
        for control in BIDI:
            assert control not in text, f'{command}: U+{ord(control):04X} raw in the page'
        assert 'upload\\xE2\\x80\\xAEgpj.gaf' in text, command


def test_names_without_controls_are_shown_as_they_are_control():
    directory = WORK / 'plain'
    directory.mkdir()
    (directory / 'r\u00e9sum\u00e9 \u05e9\u05dc\u05d5\u05dd.gaf').write_bytes(gaf([b'plain']))
    page = WORK / 'plain.html'
    assert run('check', '-q', '--format', 'html', '-o', page, directory).returncode == 1
    text = page.read_text(encoding='utf-8')
    assert 'r\u00e9sum\u00e9 \u05e9\u05dc\u05d5\u05dd.gaf' in text and '\\x' not in text


PAGE_FINDINGS = 20000  # html_findings_per_page


def many_findings_tree(name, files):
    directory = WORK / name
    directory.mkdir()
    for i, entries in enumerate(files):
        (directory / f'f{i}.gaf').write_bytes(gaf([b'e%05d' % k for k in range(entries)]))
    return directory


def listed_and_noted(text):
    rows = text.count('<tr class="finding ')
    noted = [int(n) for n in re.findall(
        r'<p class="note">(\d+) more findings counted, not listed on this page', text)]
    return rows, noted


def test_a_census_page_lists_a_bounded_number_of_findings_and_counts_the_rest():
    tree = many_findings_tree('many', [8000, 8001, 8002, 8003])
    page, lines = WORK / 'many.html', WORK / 'many.jsonl'
    result = run('census', '-q', '--format', 'html', '-o', page, '--format', 'json', '-o', lines,
                 tree)
    assert result.returncode == 1, result.stderr
    documents = [json.loads(line) for line in lines.read_text().splitlines()]
    total = sum(len(d.get('findings', [])) for d in documents if d.get('kind') == 'file')
    assert total > PAGE_FINDINGS
    text = page.read_text(encoding='utf-8')
    rows, noted = listed_and_noted(text)
    assert rows == PAGE_FINDINGS
    assert rows + sum(noted) == total
    assert f'findings not listed on this page</th><td>{total - PAGE_FINDINGS}' in text
    # the files are listed in path order: the last file's findings are the ones left out
    assert re.search(r'<h2>[^<]*f3\.gaf</h2>', text)


def test_a_page_under_the_findings_bound_lists_every_finding_control():
    tree = many_findings_tree('few', [30, 31])
    page = WORK / 'few.html'
    assert run('census', '-q', '--format', 'html', '-o', page, tree).returncode == 1
    text = page.read_text(encoding='utf-8')
    rows, noted = listed_and_noted(text)
    assert rows >= 61 and noted == [] and 'not listed on this page' not in text
    assert '<!--gafcheck' not in text


def diff_page_rows(text):
    """Rows of the changes tables (entries, frames) and items of the findings lists shown."""
    rows = sum(table.count('<tr') - 1 for table in
               re.findall(r'<table class="changes">.*?</table>', text, re.S))
    items = sum(lst.count('<li>') for lst in
                re.findall(r'<ul class="findings [a-z]+">.*?</ul>', text, re.S))
    noted = [int(n) for n in re.findall(r'<p class="note">(\d+) more rows of this file not '
                                        r'shown on this page', text)]
    return rows + items, noted


def diff_rows_in(document):
    rows = 0
    for file in document['files']:
        for entry in file.get('entries', []):
            rows += 1 + (1 if entry['change'] in ('added', 'removed') else
                         len(entry.get('frames', [])))
        findings = file.get('findings', {})
        rows += len(findings.get('added', [])) + len(findings.get('resolved', []))
    return rows


def test_a_diff_page_shows_a_bounded_number_of_rows_and_counts_the_rest():
    old, new = WORK / 'diff-old', WORK / 'diff-new'
    for side, flip in ((old, 0), (new, 1)):
        side.mkdir()
        for i in range(3):
            names = [b'e%05d' % k for k in range(4000 + i)]
            data = bytes.fromhex('02 00 06 05  06 00 08 01 02 03 02') + bytes([9 ^ flip])
            (side / f'f{i}.gaf').write_bytes(gaf(names, data=data))
    page, document = WORK / 'diff-many.html', WORK / 'diff-many.json'
    assert run('diff', '--format', 'html', '-o', page, old, new).returncode == 1
    assert run('diff', '--format', 'json', '-o', document, old, new).returncode == 1
    total = diff_rows_in(json.loads(document.read_text()))
    assert total > PAGE_FINDINGS
    text = page.read_text(encoding='utf-8')
    shown, noted = diff_page_rows(text)
    assert shown <= PAGE_FINDINGS and shown + sum(noted) == total
    assert f'{total - shown} more rows not shown: the page shows {PAGE_FINDINGS} at most' in text


def test_a_small_diff_page_shows_every_row_control():
    old, new = hostile_tree('diff-small-old'), hostile_tree('diff-small-new', flip=1)
    page, document = WORK / 'diff-small.html', WORK / 'diff-small.json'
    assert run('diff', '--format', 'html', '-o', page, old, new).returncode == 1
    assert run('diff', '--format', 'json', '-o', document, old, new).returncode == 1
    shown, noted = diff_page_rows(page.read_text(encoding='utf-8'))
    assert shown == diff_rows_in(json.loads(document.read_text())) and noted == []
    assert 'more rows not shown' not in page.read_text(encoding='utf-8')


# --- archive members two names reach under case folding ---

PALETTE = bytes(b for i in range(256) for b in (i, 255 - i, i * 7 % 256, 0))
DARK = bytes(1024)


def palette_archive(name, tree):
    path = WORK / name
    path.write_bytes(hpi_v1_tree(tree))
    return path


def rendered(*args):
    out = scratch_directory('hostile-pictures-render')
    result = run('render', '-o', out / 'o', *args)
    index = out / 'o' / 'index.json'
    return result, json.loads(index.read_text()) if index.exists() else None


def test_a_palette_member_two_members_share_under_case_folding_is_refused_naming_both():
    sprite = WORK / 'sprite.gaf'
    sprite.write_bytes(gaf([b'one']))
    archive = palette_archive('twins.hpi', [(b'palettes', [(b'PALETTE.PAL', DARK)]),
                                            (b'PALETTES', [(b'palette.pal', PALETTE)])])
    for args in (('--palette-from', archive), ('--palette', f'{archive}!PALETTES/palette.pal'),
                 ('--palette', f'{archive}!palettes/PALETTE.PAL')):
        result, index = rendered(*args, sprite)
        assert result.returncode == 2 and index is None, (args, result.stderr)
        assert "2 members on 'palettes/palette.pal' under case folding" in result.stderr, args
        assert "'palettes/PALETTE.PAL'" in result.stderr, args
        assert "'PALETTES/palette.pal'" in result.stderr, args
    check = run('check', '-q', '--format', 'html', '-o', WORK / 'twins.html', '--palette',
                f'{archive}!palettes/PALETTE.PAL', sprite)
    assert check.returncode == 2 and 'under case folding' in check.stderr


def test_a_sprite_member_two_members_share_is_drawn_only_when_named_as_spelled():
    archive = palette_archive('twin-sprites.ufo', [(b'anims', [(b'A.GAF', gaf([b'dark'])),
                                                               (b'a.gaf', gaf([b'light']))])])
    # spelled as neither: as a member that is not there (exit 1, standard error says why)
    result, index = rendered(f'{archive}!anims/A.gaf')
    assert result.returncode == 1 and index['images'] == [], result.stderr
    assert "2 members on 'anims/a.gaf' under case folding" in result.stderr
    assert "'anims/A.GAF'" in result.stderr and "'anims/a.gaf'" in result.stderr
    # spelled as one of them: that one, not the first on the folded path
    for spelled, entry in (('anims/a.gaf', 'light'), ('anims/A.GAF', 'dark')):
        result, index = rendered(f'{archive}!{spelled}')
        assert result.returncode == 0, result.stderr
        assert [image['name'] for image in index['images']] == [entry]


def test_a_palette_member_of_its_own_path_is_used_control():
    sprite = WORK / 'sprite-control.gaf'
    sprite.write_bytes(gaf([b'one']))
    archive = palette_archive('single.hpi', [(b'palettes', [(b'PALETTE.PAL', PALETTE)]),
                                             (b'other', [(b'PALETTE.PAL', DARK)])])
    result, index = rendered('--palette-from', archive, sprite)
    assert result.returncode == 0, result.stderr
    assert index['palette'] == f'{archive}!palettes/PALETTE.PAL (pal)'
    assert index['palette_chosen_by'] == '--palette-from'


def security_policy(text):
    head = text[:text.index('</head>')]
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', head)
    return found and found.group(1)


def test_every_page_may_load_nothing_from_anywhere():
    old, new = hostile_tree('policy-old'), hostile_tree('policy-new', flip=1)
    report = WORK / 'policy.yaml'
    pages = {}
    for name, args in (('check', ('check', '-q', '-o', report, '--format', 'html', '-o')),
                       ('census', ('census', '-q', '--format', 'html', '-o')),
                       ('diff', ('diff', '--format', 'html', '-o')),
                       ('conflicts', ('conflicts', '--format', 'html', '-o'))):
        pages[name] = WORK / f'policy-{name}.html'
        sides = (old,) if name in ('check', 'census') else (old, new)
        assert run(*args, pages[name], *sides).returncode in (0, 1), name
    pages['html'] = WORK / 'policy-html.html'
    assert run('html', report, '--root', '/', '-o', pages['html']).returncode == 0
    for name, page in pages.items():
        policy = security_policy(page.read_text(encoding='utf-8'))
        assert policy and policy.startswith("default-src 'none'; img-src data:;"), (name, policy)


def test_an_archive_that_is_a_fifo_or_a_device_is_named_as_such_never_read():
    import os
    fifo = WORK / 'totala1.hpi'
    os.mkfifo(fifo, 0o600)
    sprite = WORK / 'sprite-fifo.gaf'
    sprite.write_bytes(gaf([b'one']))
    for args in (('--palette-from', fifo), ('--palette', f'{fifo}!palettes/PALETTE.PAL'),
                 ('--palette-from', '/dev/zero')):
        result, index = rendered(*args, sprite)
        assert result.returncode == 2 and index is None, (args, result.stderr)
        assert ('a FIFO' if 'hpi' in str(args[1]) else 'a character device') in result.stderr
        assert 'No such file' not in result.stderr
    # a member of a FIFO named as the FILE to draw: not read, and said
    result, index = rendered(f'{fifo}!anims/x.gaf')
    assert result.returncode != 0 and 'a FIFO' in result.stderr, result.stderr


# --- a palette that gives fewer than 256 colours ---

def test_a_palette_of_fewer_colours_says_which_indices_keep_the_forensic_colours():
    sprite = WORK / 'sprite-short-palette.gaf'
    sprite.write_bytes(gaf([b'one']))
    jasc = WORK / 'sixteen.pal'
    jasc.write_text('JASC-PAL\n0100\n16\n' + '1 2 3\n' * 16)
    act = WORK / 'eight.act'
    act.write_bytes(bytes(768) + bytes([0, 8, 0xFF, 0xFF]))
    for palette, given in ((jasc, 16), (act, 8)):
        result, index = rendered('--palette', palette, sprite)
        assert result.returncode == 0, result.stderr
        said = (f'gives {given} colours: indices {given} to 255 are drawn with the forensic '
                "palette's colours")
        assert said in index['palette'], index['palette']
        assert said in result.stderr and 'palette_note' in index and said in index['palette_note']


def test_a_palette_of_256_colours_says_nothing_more_control():
    sprite = WORK / 'sprite-full-palette.gaf'
    sprite.write_bytes(gaf([b'one']))
    jasc = WORK / 'full.pal'
    jasc.write_text('JASC-PAL\n0100\n256\n' + '1 2 3\n' * 256)
    result, index = rendered('--palette', jasc, sprite)
    assert result.returncode == 0 and index['palette'] == f'{jasc} (jasc)'
    assert 'palette_note' not in index and 'forensic' not in result.stderr


def test_every_picture_page_names_the_palette_it_draws_with():
    tree = hostile_tree('palette-named')
    jasc = WORK / 'page-sixteen.pal'
    jasc.write_text('JASC-PAL\n0100\n16\n' + '1 2 3\n' * 16)
    report = WORK / 'palette-named.yaml'
    said = {}
    for name, args in (('forensic', ()), ('jasc', ('--palette', jasc))):
        page = WORK / f'palette-named-{name}.html'
        assert run('check', '-q', '-o', report, '--format', 'html', '-o', page, *args,
                   tree).returncode == 1
        redrawn = WORK / f'palette-named-{name}-redrawn.html'
        assert run('html', report, '--root', '/', '-o', redrawn, *args).returncode == 0
        census = WORK / f'palette-named-{name}-census.html'
        assert run('census', '-q', '--format', 'html', '-o', census, *args, tree).returncode == 1
        said[name] = [re.search(r'<p class="note palette">([^<]*)</p>',
                                p.read_text(encoding='utf-8')).group(1)
                      for p in (page, redrawn, census)]
    assert all(s.startswith('Pictures drawn with the forensic palette') for s in said['forensic'])
    for text in said['jasc']:
        assert f'the palette {jasc} (jasc)' in text and 'gives 16 colours: indices 16 to 255' in text
