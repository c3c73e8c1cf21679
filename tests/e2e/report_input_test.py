"""Reports read back are untrusted input: diff, merge,
census --resume and --baseline refuse what is not a whole gafcheck report with exit 2 or 3 and a
message naming the document, never "internal error"; genuine reports still work. The hostile
reports are in tests/data/hostile_reports (regression inputs); a few are built here from a
genuine report.
"""
import atexit
import json
import pathlib
import shutil
import tempfile

import jsonschema
import yaml

from conftest import GAFCHECK, ROOT
from gafcheck_run import run_gafcheck, validated_documents

SEED = ROOT / 'corpus' / 'seed'
HOSTILE = ROOT / 'tests' / 'data' / 'hostile_reports'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record', 'diff')}
DIFF_SCHEMA = SCHEMAS['diff']
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-report-input-test-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
GENUINE = HOSTILE / 'genuine-minimal.yaml'


def run(*args, check_code=None):
    result = run_gafcheck(GAFCHECK, *args, check_code=check_code, timeout=60)
    assert 'internal error' not in result.stderr, result.stderr
    return result


def refused(args, code, *phrases):
    result = run(*args, check_code=code)
    for phrase in phrases:
        assert phrase in result.stderr, (phrase, result.stderr)
    return result


def diff_refuses(hostile, *phrases):
    # --reports: what the report reader says of a side (without it, a side that does not begin as
    # a gafcheck report is compared as content, and a report against content is a usage error).
    return refused(('diff', '--reports', GENUINE, hostile, '-o', WORK / 'diff.yaml'), 3,
                   str(hostile), *phrases)


def check_report():
    report = WORK / 'check.yaml'
    if not report.exists():
        run('check', '-q', '-o', report, SEED / 'clean-rle.gaf', SEED / 'budget.exceeded.gaf')
    return report


def census_report(tree_name='tree'):
    tree = WORK / tree_name
    if not tree.exists():
        tree.mkdir()
        for name in ('clean-rle.gaf', 'clean-raw.gaf', 'budget.exceeded.gaf',
                     'clean-composite.gaf'):
            shutil.copyfile(SEED / name, tree / name)
    report = WORK / f'{tree_name}.yaml'
    run('census', '-q', '-o', report, tree)
    return tree, report


def test_genuine_reports_still_diff_baseline_resume_and_merge():
    report = check_report()
    result = run('diff', report, report, '-o', WORK / 'same.yaml', check_code=0)
    assert 'no differences' in result.stderr, result.stderr
    jsonschema.validate(yaml.safe_load((WORK / 'same.yaml').read_text()), DIFF_SCHEMA)
    run('check', '-q', '--baseline', report, '-o', WORK / 'based.yaml',
        SEED / 'clean-rle.gaf', SEED / 'budget.exceeded.gaf', check_code=0)
    tree, census = census_report()
    run('census', '-q', '--resume', census, '-o', WORK / 'resumed.yaml', tree, check_code=1)
    for k in (1, 2):
        run('census', '-q', '--shard', f'{k}/2', '-o', WORK / f'shard{k}.yaml', tree)
    run('merge', '-o', WORK / 'merged.yaml', WORK / 'shard1.yaml', WORK / 'shard2.yaml',
        check_code=1)


def test_what_is_not_a_gafcheck_report_is_refused():
    empty = WORK / 'empty.yaml'
    empty.write_text('')
    diff_refuses(empty, 'is not a gafcheck report', 'holds no YAML document')
    diff_refuses(SEED / 'clean-rle.gaf', 'is not a gafcheck report')
    diff_refuses(HOSTILE / 'no-header.yaml', 'is not a gafcheck report',
                 'the first document is not a gafcheck header')
    diff_refuses(HOSTILE / 'foreign-tool.yaml', 'is not a gafcheck report', "field 'tool'")
    refused(('check', '-q', '--baseline', SEED / 'clean-rle.gaf', SEED / 'clean-rle.gaf'), 2,
            '--baseline', 'is not a gafcheck report')
    refused(('merge', SEED / 'clean-rle.gaf'), 2, 'is not a gafcheck report')


def test_an_incomplete_report_is_named_and_diffed_only_when_allowed():
    cut = HOSTILE / 'cut-after-first-file.yaml'
    diff_refuses(cut, 'is incomplete', 'no summary document', '--allow-incomplete')
    result = run('diff', '--allow-incomplete', GENUINE, cut, '-o', WORK / 'd.yaml', check_code=0)
    assert 'compared as far as it goes' in result.stderr, result.stderr
    # a real report cut after its first file document: the other file is not "removed", exit 0
    text = check_report().read_text()
    second_file = text.index('---\nkind: file', text.index('---\nkind: file') + 1)
    cut_real = WORK / 'cut-real.yaml'
    cut_real.write_text(text[:second_file])
    diff_refuses(cut_real, 'is incomplete')
    interrupted = WORK / 'interrupted.yaml'
    interrupted.write_text(GENUINE.read_text().replace('interrupted: false', 'interrupted: true'))
    diff_refuses(interrupted, 'is incomplete', 'interrupted')


def test_anchors_aliases_tags_and_deep_nesting_are_refused():
    diff_refuses(HOSTILE / 'alias-bomb-summary.yaml', 'document 3', 'anchor')
    diff_refuses(HOSTILE / 'python-tag.yaml', 'document 2', "tag 'tag:yaml.org,2002:python/name")
    diff_refuses(HOSTILE / 'deep-nesting.yaml', 'document 2', 'nesting deeper than')
    # A gafcheck report (its header says so) that is damaged is an input error, exit 3; a file
    # that is no gafcheck report at all stays a usage error, exit 2.
    refused(('check', '-q', '--baseline', HOSTILE / 'alias-bomb-summary.yaml',
             SEED / 'clean-rle.gaf'), 3, '--baseline', 'anchor')


def test_report_reads_are_bounded():
    diff_refuses('/dev/zero', 'longer than 1 MiB')
    long_scalar = WORK / 'long-scalar.yaml'
    long_scalar.write_text(GENUINE.read_text().replace('"x.gaf"', '"' + 'x' * (2 << 20) + '"'))
    diff_refuses(long_scalar, 'line 15', 'longer than 1 MiB')
    report = check_report()
    refused(('diff', '--max-report-size', '1K', report, report), 3,
            'report size limit of 1024 bytes (--max-report-size)')
    run('diff', '--max-report-size', '1M', report, report, '-o', WORK / 'd.yaml', check_code=0)


def test_malformed_reports_are_input_errors_never_internal_errors():
    diff_refuses(HOSTILE / 'complex-key.yaml', 'document 3 (summary?), line 32',
                 'a key that is not a scalar')
    # Fields written after it are there: a hole, not a summary cut short by a killed writer.
    result = diff_refuses(HOSTILE / 'summary-without-interrupted.yaml',
                          "document 3 (summary, line 24): field 'interrupted' is missing")
    assert 'incomplete' not in result.stderr, result.stderr
    diff_refuses(HOSTILE / 'count-not-a-number.yaml',
                 "document 2 (file, line 13, path x.gaf): field 'size'")
    tree, census = census_report()
    text = census.read_text()
    last_record = text.rindex('{kind: record, path: ')  # the summary follows it
    broken = WORK / 'broken-middle.yaml'
    broken.write_text(text[:last_record] + text[last_record:].replace('size: ', 'size: x', 1))
    refused(('census', '-q', '--resume', broken, '-o', WORK / 'r.yaml', tree), 3,
            str(broken), '(record, line', "field 'size' is not a count")
    shard = WORK / 'shard-broken.yaml'
    run('census', '-q', '--shard', '1/2', '-o', shard, tree)
    text = shard.read_text()
    shard.write_text(text.replace('{kind: record, ', '{kind: record, ? [a, b]: 1, ', 1))
    refused(('merge', '-o', WORK / 'm.yaml', shard), 3, str(shard), 'a key that is not a scalar')


def without_top_level_field(text, start, key):
    """text with the line 'key: ...' (and its indented lines) of the document at start removed."""
    at = text.index(f'\n{key}:', start) + 1
    end = text.index('\n', at) + 1
    while end < len(text) and text[end] == ' ':
        end = text.index('\n', end) + 1
    return text[:at] + text[end:]


def test_a_document_without_a_required_field_is_refused_naming_it():
    tree, _ = census_report()
    shard = WORK / 'shard-required.yaml'
    run('census', '-q', '--per-file', 'all', '--shard', '1/2', '-o', shard, tree)
    other = WORK / 'shard-required-2.yaml'
    run('census', '-q', '--per-file', 'all', '--shard', '2/2', '-o', other, tree)
    text = shard.read_text()
    summary_at = text.index('---\nkind: summary')
    summary = yaml.safe_load(text[summary_at:])
    required = [key for key in SCHEMAS['summary']['required'] if key != 'kind']
    assert set(required) <= set(summary), summary.keys()
    holed = WORK / 'shard-holed.yaml'
    # Every required summary field but the last (which a writer killed at a line end leaves out:
    # the shard is then cut short, merged as incomplete).
    for key in required[:-1]:
        holed.write_text(without_top_level_field(text, summary_at, key))
        result = refused(('merge', '-o', WORK / 'm.yaml', holed, other), 3, str(holed),
                         'document', '(summary, line', f"field '{key}' is missing")
        assert 'incomplete' not in result.stderr, result.stderr
    # A header and a file document lacking one required field each.
    for kind, key in (('header', 'game'), ('header', 'catalog_sha256'), ('file', 'retail'),
                      ('file', 'size')):
        start = text.index(f'kind: {kind}')
        holed.write_text(without_top_level_field(text, start, key))
        refused(('merge', '-o', WORK / 'm.yaml', holed, other), 3, str(holed),
                f'({kind}, line', f"field '{key}' is missing")
    report = check_report()
    check_text = report.read_text()
    holed.write_text(without_top_level_field(check_text, check_text.index('kind: file'), 'verdict'))
    refused(('diff', report, holed, '-o', WORK / 'd.yaml'), 3, str(holed), "field 'verdict'")
    refused(('check', '-q', '--baseline', holed, '-o', WORK / 'b.yaml', SEED / 'clean-rle.gaf'),
            3, str(holed), "field 'verdict' is missing")
    # Control: the shards as written merge.
    run('merge', '-o', WORK / 'm.yaml', shard, other, check_code=1)


def test_gafcheck_sees_the_documents_every_yaml_reader_sees():
    hidden = HOSTILE / 'hidden-inline-document.yaml'
    seen_by_pyyaml = [d['path'] for d in yaml.safe_load_all(hidden.read_text())
                      if d['kind'] == 'file']
    assert seen_by_pyyaml == ['x.gaf', 'hidden.gaf'], seen_by_pyyaml
    result = run('diff', GENUINE, hidden, '-o', WORK / 'hidden-diff.yaml', check_code=1)
    diff = yaml.safe_load((WORK / 'hidden-diff.yaml').read_text())
    assert diff['files_added'] == ['hidden.gaf'], (diff, result.stderr)
    result = run('diff', GENUINE, HOSTILE / 'bare-document-after-end-marker.yaml', '-o',
                 WORK / 'bare-diff.yaml', check_code=1)
    assert yaml.safe_load((WORK / 'bare-diff.yaml').read_text())['files_added'] == ['bare.gaf']
    diff_refuses(HOSTILE / 'directive.yaml', 'line 25', 'directive')
    ls_break = WORK / 'ls-break.yaml'
    ls_break.write_text(GENUINE.read_text().replace(
        'findings: []', '# note\u2028--- {kind: summary}\nfindings: []'))
    diff_refuses(ls_break, 'line 23', 'U+2028')


def test_values_are_checked_against_what_gafcheck_writes():
    diff_refuses(HOSTILE / 'verdict-not-an-enum.yaml', "field 'verdict' is '3'")
    diff_refuses(HOSTILE / 'size-quoted.yaml', "field 'size' is not a count")
    severity = WORK / 'severity.yaml'
    text = check_report().read_text()
    severity.write_text(text.replace('severity: warning', 'severity: fatal', 1))
    diff_refuses(severity, "field 'findings[0].severity' is 'fatal'")
    result = run('diff', check_report(), GENUINE, '-o', WORK / 'valid.yaml')
    assert result.returncode in (0, 1), result.stderr
    jsonschema.validate(yaml.safe_load((WORK / 'valid.yaml').read_text()), DIFF_SCHEMA)


def valid_report(path):
    """The report parses for PyYAML and validates against the schemas, and gafcheck (yaml-cpp and
    its own checks) reads it back."""
    docs = list(yaml.safe_load_all(pathlib.Path(path).read_text()))
    for doc in docs:
        jsonschema.validate(json.loads(json.dumps(doc)), SCHEMAS[doc['kind']])
    run('diff', path, path, '-o', WORK / 'self-diff.yaml', check_code=0)
    return docs


# tests/data/hostile_reports/carry-*.yaml: a census of entry.alias.gaf and clean-hpi-v1.hpi
# (shard 1/1, so merge takes it alone), each edited in one carried document; @ROOT@ and @CATALOG@
# stand for the tree and this build's catalogue. Each is refused naming report, document, path
# and field, by merge and by --resume alike; what is accepted is written again by gafcheck.
CARRY_REFUSALS = {
    'carry-unknown-top-level-key': ('entry.alias.gaf', "field 'colour' is not a field gafcheck"),
    'carry-unknown-finding-key': ('entry.alias.gaf', "field 'findings[0].note' is not a field"),
    'carry-unknown-member-key': ('clean-hpi-v1.hpi', "field 'members[0].owner' is not a field"),
    'carry-unknown-counter-name': ('entry.alias.gaf',
                                   "field 'summary.coverage.Colour' is not a counter name"),
    'carry-unknown-record-key': ('entry.alias.gaf', "(record, line", "field 'colour' is not a"),
    'carry-count-as-string': ('entry.alias.gaf', "field 'size' is not a count"),
    'carry-offset-as-list': ('entry.alias.gaf', "field 'findings[0].offset' is not a count"),
    'carry-unknown-severity': ('entry.alias.gaf', "field 'findings[0].severity' is 'fatal'"),
    'carry-unknown-retail': ('entry.alias.gaf', "(record, line", "field 'retail' is 'explodes'"),
    'carry-record-counter-not-a-count': ('entry.alias.gaf',
                                         "field 'summary' holds a count that is not one"),
    # Valid for the schema, but a rule this build does not know: it could not be written again.
    'carry-unknown-rule': ('entry.alias.gaf', "field 'findings[0].rule' names a rule this build"
                           " does not know: future.rule"),
    'carry-record-unknown-rule': ('entry.alias.gaf', "field 'findings' names a rule this build"),
    'carry-python-tag': ("tag 'tag:yaml.org,2002:python/name",),
    'carry-unknown-kind': ('entry.alias.gaf', "field 'kind' is 'verdict', not one gafcheck"),
}


def first_message(docs):
    return [d for d in docs if d['kind'] == 'file' and d['findings']][0]['findings'][0]['message']


def carry_setup():
    tree = WORK / 'carry-tree'
    if not tree.exists():
        tree.mkdir()
        for name in ('entry.alias.gaf', 'clean-hpi-v1.hpi'):
            shutil.copyfile(SEED / name, tree / name)
    catalog = yaml.safe_load(check_report().read_text().split('\n---\n')[0])['catalog_sha256']
    return tree, catalog


def carried(name, tree, catalog):
    data = (HOSTILE / f'{name}.yaml').read_bytes()
    path = WORK / f'{name}.yaml'
    path.write_bytes(data.replace(b'@ROOT@', str(tree).encode())
                     .replace(b'@CATALOG@', catalog.encode()))
    return path


def merge_and_resume(report, tree, name):
    merged = run('merge', '-o', WORK / f'{name}-merged.yaml', report)
    resumed = run('census', '-q', '--per-file', 'all', '--shard', '1/1', '--resume', report,
                  '-o', WORK / f'{name}-resumed.yaml', tree)
    return {'merge': (merged, WORK / f'{name}-merged.yaml'),
            'resume': (resumed, WORK / f'{name}-resumed.yaml')}


def test_carried_documents_with_unknown_fields_or_values_are_refused():
    tree, catalog = carry_setup()
    for name, phrases in CARRY_REFUSALS.items():
        report = carried(name, tree, catalog)
        for command, (result, _) in merge_and_resume(report, tree, name).items():
            assert result.returncode == 3, (name, command, result.returncode, result.stderr)
            for phrase in (str(report), 'document ') + phrases:
                assert phrase in result.stderr, (name, command, phrase, result.stderr)
            if phrases[0].endswith(('.gaf', '.hpi')):
                assert f'path {tree}/{phrases[0]}' in result.stderr, (name, result.stderr)


def test_carried_documents_are_written_again_by_gafcheck():
    tree, catalog = carry_setup()
    # Control: the genuine report merges and resumes to valid reports.
    for command, (result, out) in merge_and_resume(
            carried('carry-genuine', tree, catalog), tree, 'carry-genuine').items():
        assert result.returncode == 1, (command, result.stderr)  # entry.alias is an error
        valid_report(out)
    # YAML escapes that decode to control characters and a line separator: the old text copied
    # as it was would not validate (text allows neither); written again, they are escaped.
    report = carried('carry-control-escape', tree, catalog)
    raw = yaml.safe_load_all(report.read_text())
    assert first_message(raw).startswith('\x01\u2028\x1b')
    result, out = merge_and_resume(report, tree, 'carry-control-escape')['merge']
    assert result.returncode == 1, result.stderr
    assert first_message(valid_report(out)).startswith('\\x01\\xE2\\x80\\xA8\\x1B')
    # A raw byte that is not UTF-8: merge refuses the group, --resume checks the file again.
    report = carried('carry-raw-e9', tree, catalog)
    outcomes = merge_and_resume(report, tree, 'carry-raw-e9')
    result = outcomes['merge'][0]
    assert result.returncode == 3 and 'holds bytes gafcheck never writes' in result.stderr, (
        result.stderr)
    result, out = outcomes['resume']
    assert result.returncode == 1, result.stderr
    assert b'\xe9' not in out.read_bytes() and 'caf' not in out.read_text()
    valid_report(out)

