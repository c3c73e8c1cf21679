"""gafcheck conflicts' outputs besides YAML, end to end, on one game folder whose archives overlap
by name order (a.hpi before b.hpi), by case (SAME.GAF) and by extension (c.ccx over a.hpi): the
text format line by line (and the text default on a terminal, coloured unless NO_COLOR), the
SARIF log (stable, valid against the SARIF 2.1.0 schema, one result per override at the loaded
copy, its rule explained by gafcheck explain), the HTML page's table (and in headless Chromium,
when installed), census --conflicts, several formats from one
run written through temp files, and the JSON document stable and valid against its schema."""
import html
import html.parser
import json
import os
import re
import shutil
import subprocess

import jsonschema
import pytest

import sarif_schema
from conftest import GAFCHECK, ROOT
from conflicts_test import game, other_pixels, sprite
from terminal_output import read_until_closed

SCHEMA = json.loads((ROOT / 'reports' / 'schema' / 'conflicts.schema.json').read_text())


@pytest.fixture
def folder(tmp_path):
    """Under ta: drawn.gaf drawn the same (name order picks a.hpi), same.gaf identical (SAME.GAF
    by case), unit.gaf overridden by c.ccx (extension), warn.gaf overridden by a copy with a
    finding the shadowed one lacks; mod.gaf identical in c.ccx and d.ufo, whose winner depends on
    the engine (SwiftTA ranks .ufo above .ccx)."""
    return game(tmp_path, {
        'a.hpi': {'unit.gaf': sprite(other_pixels(100)), 'same.gaf': sprite(),
                  'drawn.gaf': sprite(), 'warn.gaf': sprite()},
        'b.hpi': {'SAME.GAF': sprite(), 'drawn.gaf': sprite(key=200)},
        'c.ccx': {'Unit.gaf': sprite(other_pixels(101)), 'warn.gaf': sprite(version=0x00010200),
                  'mod.gaf': sprite()},
        'd.ufo': {'mod.gaf': sprite()},
    })


def text_lines(run_gafcheck, folder, *options, code=1):
    result = run_gafcheck('conflicts', '--format', 'text', *options, folder, check_code=code)
    return result.stdout.replace(f'{folder}/', '<game>/').splitlines()


def test_text_is_one_line_per_path_and_a_summary(run_gafcheck, folder):
    assert text_lines(run_gafcheck, folder) == [
        'DRAWN-SAME drawn.gaf: loads <game>/a.hpi!drawn.gaf (by name order); shadows '
        '<game>/b.hpi!drawn.gaf (drawn-same)',
        'IDENTICAL  mod.gaf: loads <game>/c.ccx!mod.gaf (by rank); shadows '
        '<game>/d.ufo!mod.gaf (identical)',
        'IDENTICAL  same.gaf: loads <game>/a.hpi!same.gaf (by name order); shadows '
        '<game>/b.hpi!SAME.GAF (identical)',
        'OVERRIDE   unit.gaf: loads <game>/c.ccx!Unit.gaf (by rank); shadows '
        '<game>/a.hpi!unit.gaf (differs)',
        'FINDINGS   warn.gaf: loads <game>/c.ccx!warn.gaf (by rank); shadows '
        '<game>/a.hpi!warn.gaf (drawn-same); header.version-nonstandard comes from '
        '<game>/c.ccx!warn.gaf, which overrides <game>/a.hpi!warn.gaf',
        '5 paths supplied more than once (engine ta): 2 identical, 2 drawn the same, '
        '1 override, 1 with findings that differ; exit 1',
    ]


def test_text_summary_says_one_path_in_the_singular(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'x.gaf': sprite()}, 'b.hpi': {'X.GAF': sprite()}})
    assert text_lines(run_gafcheck, folder, code=0)[-1] == (
        '1 path supplied more than once (engine ta): 1 identical, 0 drawn the same, 0 overrides, '
        '0 with findings that differ; exit 0')


def test_text_names_the_engine_dependent_winner(run_gafcheck, folder):
    lines = text_lines(run_gafcheck, folder, '--engine', 'all')
    (mod,) = [line for line in lines if ' mod.gaf: ' in line]
    assert mod.endswith('; the winner depends on the engine: ta, rwe, ta3d, tadr: '
                        '<game>/c.ccx!mod.gaf; kbot-io, swiftta, nta: <game>/d.ufo!mod.gaf'), mod
    # Within one rank, kbot-io takes the last archive in name order.
    assert lines[0].endswith('; kbot-io: <game>/b.hpi!drawn.gaf'), lines[0]
    assert not any('depends on the engine' in line for line in lines if ' unit.gaf: ' in line)
    assert lines[-1].endswith(', 3 whose winner depends on the engine; exit 1')


def on_terminal(*args, env=None):
    controller, terminal = os.openpty()
    environment = {k: v for k, v in os.environ.items() if k != 'NO_COLOR'}
    environment.update(env or {})
    with subprocess.Popen([GAFCHECK, *map(str, args)], stdout=terminal, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, env=environment) as process:
        os.close(terminal)
        shown = read_until_closed(controller)
        stderr = process.stderr.read().decode()
        code = process.wait(timeout=120)
    os.close(controller)
    return code, shown.decode().replace('\r\n', '\n'), stderr


def test_a_terminal_gets_coloured_text_unless_no_color(folder):
    code, shown, stderr = on_terminal('conflicts', folder)
    assert code == 1 and '\x1b[' in shown and 'kind: conflicts' not in shown, shown
    assert stderr == '', 'the text ends with the summary line: standard error does not repeat it'
    code, shown, _ = on_terminal('conflicts', folder, env={'NO_COLOR': '1'})
    assert '\x1b[' not in shown and shown.splitlines()[0].startswith('DRAWN-SAME drawn.gaf: ')
    code, shown, stderr = on_terminal('conflicts', '--color', 'never', '--format', 'json', folder)
    assert json.loads(shown)['kind'] == 'conflicts'
    assert stderr.startswith('conflicts: 5 paths supplied more than once (engine ta)')


def sarif(run_gafcheck, folder, *options, code=1):
    return json.loads(run_gafcheck('conflicts', '--format', 'sarif', *options, folder,
                                   check_code=code).stdout)


def test_sarif_has_one_result_per_override_at_the_loaded_copy(run_gafcheck, folder):
    log = sarif(run_gafcheck, folder)
    run = log['runs'][0]
    results = {r['properties']['path']: r for r in run['results']}
    assert sorted(results) == ['unit.gaf', 'warn.gaf']
    assert results['unit.gaf']['ruleId'] == 'conflicts.override'
    assert results['unit.gaf']['level'] == 'warning'
    assert results['warn.gaf']['ruleId'] == 'conflicts.findings-differ'
    assert results['warn.gaf']['level'] == 'error'
    (where,) = results['unit.gaf']['locations']
    assert where['physicalLocation']['artifactLocation'] == {'uri': 'c.ccx', 'uriBaseId': 'ROOT0'}
    assert where['logicalLocations'] == [{'fullyQualifiedName': 'Unit.gaf'}]
    (related,) = results['unit.gaf']['relatedLocations']
    assert related['physicalLocation']['artifactLocation']['uri'] == 'a.hpi'
    assert related['message']['text'] == 'shadowed copy: differs'
    assert 'header.version-nonstandard comes from ' in results['warn.gaf']['message']['text']
    rules = run['tool']['driver']['rules']
    for result in run['results']:
        assert rules[result['ruleIndex']]['id'] == result['ruleId']
    assert run['originalUriBaseIds']['ROOT0']['uri'] == f'file://{folder}/'
    assert run['invocations'][0]['exitCode'] == 1
    assert run['properties']['counts'] == {'archives': 4, 'sources': 10,
                                           'paths': 5, 'identical': 2, 'drawn-same': 2,
                                           'overrides': 1, 'not-read': 0,
                                           'findings-differ': 1, 'engine-dependent': 0}


def test_sarif_is_stable_and_valid(run_gafcheck, folder):
    first = run_gafcheck('conflicts', '--format', 'sarif', folder, check_code=1).stdout
    assert run_gafcheck('conflicts', '--format', 'sarif', folder, check_code=1).stdout == first
    try:
        validator = sarif_schema.load_validator()
    except RuntimeError as error:
        pytest.skip(f'the SARIF 2.1.0 schema is not cached and cannot be fetched: {error}')
    errors = list(validator.iter_errors(json.loads(first)))
    assert not errors, [e.message[:200] for e in errors[:5]]


def test_no_override_gives_no_result(run_gafcheck, tmp_path):
    folder = game(tmp_path, {'a.hpi': {'x.gaf': sprite()}, 'b.hpi': {'X.GAF': sprite()}})
    assert sarif(run_gafcheck, folder, code=0)['runs'][0]['results'] == []


@pytest.mark.parametrize('rule', ['conflicts.override', 'conflicts.findings-differ'])
def test_sarif_rules_are_explained(run_gafcheck, rule):
    text = run_gafcheck('explain', rule).stdout
    assert text.startswith(rule + ': ') and 'spec:     docs/guide/conflicts.md' in text


class Table(html.parser.HTMLParser):
    """The rows of table.conflicts: each a list of its cells' text, and the row's class."""

    def __init__(self):
        super().__init__()
        self.rows, self.inside, self.cell = [], False, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == 'table':
            self.inside = attrs.get('class') == 'conflicts'
        elif self.inside and tag == 'tr':
            self.rows.append((attrs.get('class'), []))
        elif self.inside and tag in ('td', 'th'):
            self.cell = ''

    def handle_endtag(self, tag):
        if tag == 'table':
            self.inside = False
        elif self.inside and tag in ('td', 'th'):
            self.rows[-1][1].append(self.cell)
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def test_html_page_has_the_table(run_gafcheck, folder, tmp_path):
    page_path = tmp_path / 'conflicts.html'
    run_gafcheck('conflicts', '--engine', 'all', '--format', 'html', '-o', page_path, folder,
                 check_code=1)
    page = page_path.read_text()
    assert page.startswith('<!DOCTYPE html>') and page.rstrip().endswith('</html>')
    assert 'src="http' not in page and '<link' not in page, 'self-contained'
    table = Table()
    table.feed(page)
    header, *rows = table.rows
    assert header[1] == ['path', 'class', 'loaded copy (ta)', 'copies', 'call-outs']
    by_path = {cells[0]: (kind, cells) for kind, cells in rows}
    assert sorted(by_path) == ['drawn.gaf', 'mod.gaf', 'same.gaf', 'unit.gaf', 'warn.gaf']
    assert by_path['warn.gaf'][1][1] == 'findings-differ'
    assert 'header.version-nonstandard comes from' in by_path['warn.gaf'][1][4]
    assert by_path['mod.gaf'][0] == 'engine-dependent'
    assert 'engine-dependent:' in by_path['mod.gaf'][1][2]
    assert by_path['unit.gaf'][0] is None
    assert by_path['same.gaf'][1][1] == 'identical'


def test_several_formats_from_one_run(run_gafcheck, folder, tmp_path):
    out = tmp_path / 'out'
    out.mkdir()
    run_gafcheck('conflicts', '--format', 'json', '-o', out / 'c.json', '--format', 'sarif', '-o',
                 out / 'c.sarif', '--format', 'text', '-o', out / 'c.txt', folder, check_code=1)
    assert sorted(p.name for p in out.iterdir()) == ['c.json', 'c.sarif', 'c.txt'], 'no temp left'
    document = json.loads((out / 'c.json').read_text())
    jsonschema.validate(document, SCHEMA)
    assert '\x1b[' not in (out / 'c.txt').read_text(), 'a file is never coloured'
    again = run_gafcheck('conflicts', '--format', 'json', folder, check_code=1).stdout
    assert json.loads(again) == document


def test_formats_it_does_not_write_are_usage_errors(run_gafcheck, folder):
    result = run_gafcheck('conflicts', '--format', 'junit', folder, check_code=2)
    assert 'yaml, json, text, sarif, html' in result.stderr
    run_gafcheck('conflicts', '--color', 'sometimes', folder, check_code=2)


def census_summary(run_gafcheck, folder, tmp_path, *options, code=1):
    report = tmp_path / 'census.jsonl'
    page = tmp_path / 'census.html'
    result = run_gafcheck('census', '-q', '--format', 'json', '-o', report, '--format', 'html',
                          '-o', page, *options, folder, check_code=code)
    (summary,) = [d for d in map(json.loads, report.read_text().splitlines())
                  if d['kind'] == 'summary']
    return summary, page.read_text(), result.stderr


def test_census_carries_the_conflict_table(run_gafcheck, folder, tmp_path):
    summary, page, stderr = census_summary(run_gafcheck, folder, tmp_path, '--conflicts')
    section = summary['conflicts']
    jsonschema.validate(section, SCHEMA)
    alone = json.loads(run_gafcheck('conflicts', '--format', 'json', folder,
                                    check_code=1).stdout)
    assert section == alone, 'the same document gafcheck conflicts writes'
    assert summary['exit_code'] == 1
    assert 'census: conflicts: 5 paths supplied more than once (engine ta)' in stderr
    table = Table()
    table.feed(page)
    assert sorted(cells[0] for _, cells in table.rows[1:]) == ['drawn.gaf', 'mod.gaf', 'same.gaf',
                                                               'unit.gaf', 'warn.gaf']


def test_census_text_lists_the_overlaps_above_its_summary(run_gafcheck, folder):
    result = run_gafcheck('census', '-q', '--format', 'text', '--conflicts', folder, check_code=1)
    lines = result.stdout.replace(f'{folder}/', '<game>/').splitlines()
    conflicts = text_lines(run_gafcheck, folder)
    assert lines[-7:-2] == conflicts[:-1], 'the same overlap lines gafcheck conflicts prints'
    assert lines[-2] == ('conflicts: 5 paths supplied more than once (engine ta): 2 identical, '
                         '2 drawn the same, 1 override, 1 with findings that differ')
    assert lines[-1].endswith('; exit 1')
    plain = run_gafcheck('census', '-q', '--format', 'text', folder, check_code=0).stdout
    assert 'IDENTICAL' not in plain and 'conflicts:' not in plain


def test_census_conflicts_exit_follows_findings_differ(run_gafcheck, tmp_path):
    # An override that differs in drawing only: conflicts' default --fail-on does not count it,
    # and the archives themselves are clean, so the census exits 0.
    folder = game(tmp_path, {'a.hpi': {'unit.gaf': sprite(other_pixels(100))},
                             'c.ccx': {'unit.gaf': sprite(other_pixels(101))}})
    summary, _, _ = census_summary(run_gafcheck, folder, tmp_path, '--conflicts', '--engine',
                                   'all', code=0)
    assert summary['conflicts']['counts']['overrides'] == 1
    assert summary['conflicts']['engines'][0] == 'ta' and len(summary['conflicts']['engines']) > 1
    summary, page, _ = census_summary(run_gafcheck, folder, tmp_path, code=0)
    assert 'conflicts' not in summary and 'class="conflicts"' not in page


def test_census_conflicts_usage_errors(run_gafcheck, folder, tmp_path):
    run_gafcheck('census', '--engine', 'rwe', folder, check_code=2)
    run_gafcheck('census', '--conflicts', '--engine', 'doom', folder, check_code=2)
    run_gafcheck('census', '--conflicts', '--shard', '1/2', folder, check_code=2)


@pytest.mark.external
def test_chromium_shows_the_table_within_the_window(run_gafcheck, folder, tmp_path):
    browser = shutil.which('chromium')
    if not browser:
        pytest.skip('chromium is not installed (scripts/bootstrap --all installs it)')
    page = tmp_path / 'conflicts.html'
    run_gafcheck('conflicts', '--engine', 'all', '--format', 'html', '-o', page, folder,
                 check_code=1)
    probe = ('<script>window.addEventListener("load",function(){var b=document.body,'
             'q=function(s){return document.querySelectorAll(s).length;};'
             'b.setAttribute("data-rows",String(q("table.conflicts tr")));'
             'b.setAttribute("data-marked",String(q("tr.engine-dependent")));'
             'var m=document.querySelector("tr.engine-dependent td");'
             'b.setAttribute("data-edge",getComputedStyle(m).borderLeftWidth);'
             'b.setAttribute("data-fits",String(document.documentElement.scrollWidth<='
             'window.innerWidth));});</script>')
    marked = tmp_path / 'marked.html'
    marked.write_text(page.read_text().replace('</body>', probe + '</body>'))
    dom = subprocess.run([browser, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                          f'--user-data-dir={tmp_path / "profile"}', '--virtual-time-budget=5000',
                          '--window-size=1000,800', '--dump-dom', marked.as_uri()],
                         capture_output=True, timeout=180, stdin=subprocess.DEVNULL)
    body = re.search(r'<body([^>]*)>', dom.stdout.decode('utf-8', 'replace')).group(1)
    attrs = dict(re.findall(r'data-([a-z]+)="([^"]*)"', body))
    assert attrs == {'rows': '6', 'marked': '3', 'edge': '4px', 'fits': 'true'}, attrs


def test_listing_stops_at_max_findings_copies_and_says_how_many_were_not_listed(run_gafcheck,
                                                                                tmp_path):
    """Three archives holding the same four paths: twelve copies. Each copy is a line item whose
    names can be far longer than the directory entry that made it, so the outputs list the first
    paths whose copies fit in --max-findings and count the rest; every path is still classified,
    so the counts and the exit status cover the ones not listed (m3.gaf, overridden, is one)."""
    members = {f'm{i}.gaf': sprite() for i in range(4)}
    folder = game(tmp_path, {'a.hpi': members, 'b.hpi': members,
                             'c.hpi': dict(members, **{'m3.gaf': sprite(other_pixels(7))})})
    bound = ('--max-findings', '7', '--fail-on', 'override')
    result = run_gafcheck('conflicts', '--format', 'json', *bound, folder, check_code=1)
    parsed = json.loads(result.stdout)
    jsonschema.validate(parsed, SCHEMA)
    assert [overlap['path'] for overlap in parsed['conflicts']] == ['m0.gaf', 'm1.gaf']
    assert parsed['counts']['paths'] == 4 and parsed['counts']['not-listed'] == 2
    assert parsed['counts']['overrides'] == 1 and parsed['counts']['identical'] == 3
    note = '2 paths (6 copies) counted, not listed: over --max-findings copies listed'
    assert note in result.stderr
    lines = run_gafcheck('conflicts', '--format', 'text', *bound, folder,
                         check_code=1).stdout.splitlines()
    assert [line.split()[1] for line in lines[:-1]] == ['m0.gaf:', 'm1.gaf:']
    assert lines[-1].endswith(f'1 override, 0 with findings that differ; {note}; exit 1')
    log = json.loads(run_gafcheck('conflicts', '--format', 'sarif', *bound, folder,
                                  check_code=1).stdout)
    assert log['runs'][0]['results'] == []
    assert log['runs'][0]['properties']['counts']['not-listed'] == 2
    page = run_gafcheck('conflicts', '--format', 'html', *bound, folder, check_code=1).stdout
    assert '<tr><th>not-listed</th><td>2</td></tr>' in page and html.escape(note) in page
    assert 'm1.gaf' in page and 'm2.gaf' not in page and 'm3.gaf' not in page
    # Control: within the bound, every path is listed and nothing says otherwise.
    result = run_gafcheck('conflicts', '--format', 'json', '--max-findings', '12', '--fail-on',
                          'override', folder, check_code=1)
    parsed = json.loads(result.stdout)
    assert len(parsed['conflicts']) == 4 and 'not-listed' not in parsed['counts']
    assert 'not listed' not in result.stderr
