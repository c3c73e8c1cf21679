"""End-to-end tests of the output formats (--format yaml|json|gnu|junit, repeatable -o pairs):
a known finding reaches every format with its rule, offset and path; a clean file is clean in
each; one pass writes every output; standard output is claimed at most once; hostile names keep
JSON parsable, XML valid and GNU lines one per finding; JSON Lines equal the YAML documents and
validate against reports/schema, byte for byte the same across -j; --resume and merge carry
findings into every format; JUnit validates against a published JUnit XSD.
"""
import atexit
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

import jsonschema
import pytest
import yaml

import junit_schema
from conftest import GAFCHECK, ROOT

SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record', 'diff')}
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-formats-test-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)


def run(*args, check_code=None, env=None, cwd=None):
    result = subprocess.run([GAFCHECK, *[a if isinstance(a, bytes) else str(a) for a in args]],
                            capture_output=True, timeout=300, stdin=subprocess.DEVNULL, cwd=cwd,
                            env=dict(os.environ, **(env or {})))
    result.out = result.stdout.decode('utf-8')
    result.err = result.stderr.decode('utf-8', 'replace')
    if check_code is not None:
        assert result.returncode == check_code, (
            f'exit {result.returncode}, wanted {check_code}\nstderr: {result.err[-2000:]}')
    return result


def yaml_documents(path):
    docs = list(yaml.safe_load_all(pathlib.Path(path).read_text()))
    for doc in docs:
        jsonschema.validate(json.loads(json.dumps(doc)), SCHEMAS[doc['kind']])
    return docs


def json_lines(path):
    text = pathlib.Path(path).read_text(encoding='utf-8')
    assert text.endswith('\n')
    docs = [json.loads(line) for line in text.splitlines()]
    for doc in docs:
        jsonschema.validate(doc, SCHEMAS[doc['kind']])
    return docs


def as_json(docs):
    """What a JSON reader of the YAML stream sees (numeric keys become strings)."""
    return [json.loads(json.dumps(doc)) for doc in docs]


def escaped(name):
    """escape_bytes as the reports write names: printable ASCII and valid UTF-8 pass, a
    backslash doubles, every other byte is \\xNN (uppercase)."""
    text = ''
    for byte in name:
        if byte == 0x5C:
            text += '\\\\'
        elif 0x20 <= byte < 0x7F:
            text += chr(byte)
        else:
            text += f'\\x{byte:02X}'
    return text


def junit_xsd():
    """The published JUnit XSD (support/junit_schema.py); pytest.skip when it cannot be had."""
    try:
        return junit_schema.xsd_path()
    except RuntimeError as error:
        pytest.skip(str(error))


def validate_junit(path):
    result = subprocess.run(['xmllint', '--noout', '--schema', str(junit_xsd()), str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return ElementTree.parse(path).getroot()


def well_formed_junit(path):
    """Parses (so it is well-formed XML) and, when the XSD can be had, validates."""
    try:
        return validate_junit(path)
    except pytest.skip.Exception:
        return ElementTree.parse(path).getroot()


def testcases(root):
    return {case.get('name'): case for case in root.iter('testcase')}


def all_formats(out, stem):
    """--format/-o pairs for every built format, files under out named stem.EXT."""
    return ['-o', out / f'{stem}.yaml', '--format', 'json', '-o', out / f'{stem}.jsonl',
            '--format', 'gnu', '-o', out / f'{stem}.gnu', '--format', 'junit', '-o',
            out / f'{stem}.xml']


def test_known_finding_reaches_every_format_from_one_pass():
    out = WORK / 'known'
    out.mkdir()
    seed = SEEDS / 'entry.alias.gaf'
    result = run('check', *all_formats(out, 'r'), seed, check_code=1)
    assert result.err.count('entry.alias.gaf') == 1, result.err  # one pass, one verdict line
    docs = yaml_documents(out / 'r.yaml')
    finding = docs[1]['findings'][0]
    assert (finding['rule'], finding['offset'], finding['path']) == ('entry.alias', 16, 'entry[1]')
    lines = json_lines(out / 'r.jsonl')
    assert lines == as_json(docs)  # the same documents, fields and values
    assert lines[1]['findings'][0]['rule'] == 'entry.alias'
    gnu = (out / 'r.gnu').read_text().splitlines()
    assert len(gnu) == 1 and gnu[0].startswith(f'{seed}: offset 0x10: error: entry[1]: '), gnu
    assert gnu[0].endswith(' [entry.alias]'), gnu
    case = testcases(well_formed_junit(out / 'r.xml'))['entry.alias.gaf']
    assert case.get('classname') == 'gafcheck.gaf'
    failure = case.find('failure')
    assert failure is not None and failure.get('type') == 'error'
    assert failure.text.startswith('offset 0x10: error: entry[1]: ') and '[entry.alias]' in \
        failure.text, failure.text


def test_clean_file_is_clean_in_every_format():
    out = WORK / 'clean'
    out.mkdir()
    run('check', *all_formats(out, 'r'), SEEDS / 'clean-raw.gaf', check_code=0)
    docs = yaml_documents(out / 'r.yaml')
    assert docs[1]['verdict'] == 'clean' and docs[1]['findings'] == []
    assert json_lines(out / 'r.jsonl') == as_json(docs)
    assert (out / 'r.gnu').read_text() == ''
    root = well_formed_junit(out / 'r.xml')
    case = testcases(root)['clean-raw.gaf']
    assert list(case) == [], 'a clean file is a passed testcase, with nothing inside'
    suite = root.find('testsuite')
    assert (suite.get('tests'), suite.get('failures'), suite.get('skipped')) == ('1', '0', '0')


def test_archive_members_are_named_archive_bang_member():
    out = WORK / 'member'
    out.mkdir()
    seed = SEEDS / 'clean-hpi-nested.hpi'
    run('check', *all_formats(out, 'r'), seed, check_code=0)
    member = f'{seed}!anims/twins.gaf'
    gnu = (out / 'r.gnu').read_text().splitlines()
    assert gnu == [line for line in gnu if line.startswith(member + ': ')], gnu
    assert any(line.startswith(f'{member}: offset 0x4C: warning: entry[1]/name: ') and
               line.endswith('[entry.name-duplicate]') for line in gnu), gnu
    files = [d for d in json_lines(out / 'r.jsonl') if d['kind'] == 'file']
    twins = [d for d in files if d['path'] == member]
    assert len(twins) == 1 and twins[0]['member_of'] == str(seed)
    case = testcases(well_formed_junit(out / 'r.xml'))['clean-hpi-nested.hpi!anims/twins.gaf']
    assert case.find('failure') is None, 'a warning is below --fail-on error'
    assert '[entry.name-duplicate]' in case.find('system-out').text


def test_suppressed_findings_are_listed_in_json_and_skipped_in_junit():
    out = WORK / 'suppressed'
    out.mkdir()
    shutil.copy(SEEDS / 'entry.alias.gaf', out / 'x.gaf')
    (out / '.gafcheck.yaml').write_text(
        'suppress:\n  - {rule: entry.alias, path: x.gaf, justification: "retail file"}\n')
    # Run from the tree: a .gafcheck.yaml is obeyed only inside the working directory's tree.
    run('check', *all_formats(out, 'r'), out / 'x.gaf', check_code=0, cwd=out)
    docs = yaml_documents(out / 'r.yaml')
    lines = json_lines(out / 'r.jsonl')
    assert lines == as_json(docs)
    finding = lines[1]['findings'][0]
    assert (finding['rule'], finding['suppressed'], finding['justification']) == \
        ('entry.alias', True, 'retail file'), finding
    case = testcases(well_formed_junit(out / 'r.xml'))['x.gaf']
    assert case.find('skipped') is not None and case.find('failure') is None
    # The control: without the configuration the same file fails and is not skipped.
    run('check', '--no-config', '--format', 'junit', '-o', out / 'plain.xml', out / 'x.gaf',
        check_code=1)
    case = testcases(well_formed_junit(out / 'plain.xml'))['x.gaf']
    assert case.find('skipped') is None and case.find('failure') is not None


def test_ignored_files_are_skipped_test_cases_in_junit():
    out = WORK / 'ignored'
    (out / 'tree').mkdir(parents=True)
    shutil.copy(SEEDS / 'entry.alias.gaf', out / 'tree' / 'a.gaf')
    shutil.copy(SEEDS / 'entry.alias.gaf', out / 'tree' / 'b.gaf')
    (out / 'tree' / '.gafcheck.yaml').write_text('ignore:\n  - b.gaf\n')
    for command in ('check', 'census'):
        run(command, '-o', out / f'{command}.yaml', '--format', 'junit', '-o',
            out / f'{command}.xml', out / 'tree', check_code=1, cwd=out)
        root = well_formed_junit(out / f'{command}.xml')
        cases = testcases(root)
        assert set(cases) == {'a.gaf', 'b.gaf'}, cases
        assert cases['b.gaf'].get('classname') == 'gafcheck.ignored'
        assert cases['b.gaf'].find('skipped') is not None
        assert cases['a.gaf'].find('failure') is not None  # the control: checked and failing
        assert root.find('testsuite').get('skipped') == '1'


def test_fail_on_decides_the_junit_failures():
    out = WORK / 'failon'
    out.mkdir()
    seed = SEEDS / 'frame.empty.gaf'  # one warning
    run('check', '--format', 'junit', '-o', out / 'default.xml', seed, check_code=0)
    case = testcases(well_formed_junit(out / 'default.xml'))['frame.empty.gaf']
    assert case.find('failure') is None and '[frame.empty]' in case.find('system-out').text
    run('check', '--fail-on', 'warning', '--format', 'junit', '-o', out / 'warning.xml', seed,
        check_code=1)
    root = well_formed_junit(out / 'warning.xml')
    failure = testcases(root)['frame.empty.gaf'].find('failure')
    assert failure is not None and failure.get('type') == 'warning' and '[frame.empty]' in \
        failure.text
    assert root.find('testsuite').get('failures') == '1'


def test_junit_names_stay_unique_across_roots_holding_the_same_path():
    parent = WORK / 'two-roots'
    for root in ('one', 'two'):
        (parent / root / 'anims').mkdir(parents=True)
        shutil.copyfile(SEEDS / 'entry.alias.gaf', parent / root / 'anims' / 'x.gaf')
    report = WORK / 'two-roots.xml'
    run('census', '-q', '--format', 'junit', '-o', report, parent / 'one', parent / 'two')
    assert sorted(testcases(well_formed_junit(report))) == ['one/anims/x.gaf', 'two/anims/x.gaf']
    # Control: one root, the path inside it.
    run('census', '-q', '--format', 'junit', '-o', report, parent / 'one')
    assert list(testcases(well_formed_junit(report))) == ['anims/x.gaf']


def test_standard_output_is_claimed_at_most_once():
    seed = SEEDS / 'entry.alias.gaf'
    result = run('check', '--format', 'json', '--format', 'gnu', seed, check_code=2)
    assert 'standard output' in result.err and result.stdout == b''
    run('check', '-o', '-', '--format', 'json', seed, check_code=2)
    run('check', '-o', '-', '--format', 'json', '-o', '/dev/stdout', seed, check_code=2)
    same = WORK / 'same.out'
    result = run('check', '-o', same, '--format', 'json', '-o', same, seed, check_code=2)
    assert 'both write to' in result.err and not same.exists()
    result = run('check', '-o', WORK / 'a.yaml', '-o', WORK / 'b.yaml', seed, check_code=2)
    assert not (WORK / 'a.yaml').exists() and not (WORK / 'b.yaml').exists()
    # Every format is built (the SARIF and Code Quality writers came from issue15-sarif).
    assert json.loads(run('check', '--format', 'sarif', seed, check_code=1).out)['version'] == '2.1.0'
    assert "not 'xml'" in run('check', '--format', 'xml', seed, check_code=2).err
    # Controls: one format on standard output, each of them.
    lone = run('check', '--format', 'json', seed, check_code=1)
    assert [json.loads(line)['kind'] for line in lone.out.splitlines()] == [
        'header', 'file', 'summary']
    assert run('check', '--format', 'gnu', seed, check_code=1).out.count('\n') == 1


def test_hostile_names_survive_every_format():
    tree = WORK / 'hostile'
    tree.mkdir()
    name = b'evil\x01\xe9\n<&"\\>.gaf'
    with open(os.path.join(os.fsencode(tree), name), 'wb') as file:
        file.write((SEEDS / 'entry.alias.gaf').read_bytes())
    out = WORK / 'hostile-out'
    out.mkdir()
    run('check', *all_formats(out, 'r'), tree, check_code=1)
    docs = yaml_documents(out / 'r.yaml')
    expected = f'{tree}/{escaped(name)}'
    assert docs[1]['path'] == expected, (docs[1]['path'], expected)
    lines = json_lines(out / 'r.jsonl')
    assert lines == as_json(docs) and lines[1]['path'] == expected
    gnu = (out / 'r.gnu').read_bytes()
    assert gnu.count(b'\n') == 1 and gnu.startswith(expected.encode() + b': offset 0x10: '), gnu
    root = well_formed_junit(out / 'r.xml')
    case = testcases(root)[escaped(name)]  # the XML parser gives the escaped name back whole
    assert '[entry.alias]' in case.find('failure').text


@pytest.mark.slow
def test_json_lines_match_the_yaml_documents_in_census_and_are_the_same_across_jobs():
    reports = {}
    for jobs in ('1', '2'):
        out = WORK / f'jobs-{jobs}'
        out.mkdir()
        run('census', '-q', '-j', jobs, '--per-file', 'all', *all_formats(out, 'r'), SEEDS)
        reports[jobs] = out
        lines = json_lines(out / 'r.jsonl')
        assert lines == as_json(yaml_documents(out / 'r.yaml'))
        assert sum(d['kind'] == 'record' for d in lines) > 90
    one, two = ((reports[j] / 'r.jsonl').read_text().splitlines() for j in ('1', '2'))
    assert len(one) == len(two)
    assert one[1:-1] == two[1:-1]  # every file and record line byte for byte
    run_fields = ('command_line', 'started_at', 'wall_seconds', 'bytes_per_second')
    for a, b in ((one[0], two[0]), (one[-1], two[-1])):
        a, b = json.loads(a), json.loads(b)
        for field in run_fields:
            a.pop(field, None), b.pop(field, None)
        assert a == b
    assert (reports['1'] / 'r.gnu').read_bytes() == (reports['2'] / 'r.gnu').read_bytes()


def without_run_fields(path):
    """A report's text without what differs between two runs of the same census."""
    text = pathlib.Path(path).read_text()
    text = re.sub(r'"(command_line|started_at|wall_seconds|bytes_per_second)":[^,}]*', '', text)
    text = re.sub(r' (time|timestamp)="[^"]*"', '', text)
    return re.sub(r'<property name="command_line" value="[^"]*"/>', '', text)


def test_resume_carries_earlier_findings_into_every_format():
    tree = WORK / 'resume-tree'
    shutil.copytree(SEEDS, tree)
    reference = WORK / 'resume-reference'
    reference.mkdir()
    run('census', '-q', '-j', '2', *all_formats(reference, 'r'), tree)
    out = WORK / 'resume-killed'
    out.mkdir()
    killed = run('census', '-q', '-j', '2', *all_formats(out, 'r'), tree,
                 env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '40:KILL'})
    assert killed.returncode == -signal.SIGKILL
    assert (out / 'r.yaml').exists() and not (out / 'r.jsonl').exists(), \
        'only the YAML journal is written in place; the other formats at the end'
    result = run('census', '-q', '-j', '2', '--resume', out / 'r.yaml', *all_formats(out, 'r'),
                 tree)
    assert 'taken over' in result.err, result.err
    for extension in ('jsonl', 'gnu', 'xml'):
        assert without_run_fields(out / f'r.{extension}') == \
            without_run_fields(reference / f'r.{extension}'), extension
    assert (out / 'r.gnu').read_text().count('\n') > 40  # findings of the carried groups too


def test_interrupted_census_commits_every_format_marked_interrupted():
    out = WORK / 'interrupted'
    out.mkdir()
    result = run('census', '-q', '-j', '1', *all_formats(out, 'r'), SEEDS,
                 env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '10:INT'})
    assert result.returncode == 128 + signal.SIGINT, result.err
    lines = json_lines(out / 'r.jsonl')
    assert lines[-1]['kind'] == 'summary' and lines[-1]['interrupted'] is True
    assert lines[-1]['exit_code'] == result.returncode, 'every format states the process status'
    assert lines == as_json(yaml_documents(out / 'r.yaml'))
    root = well_formed_junit(out / 'r.xml')
    assert 'interrupted' in root.find('testsuite/system-err').text
    assert 10 <= len(list(root.iter('testcase'))) < 93


def test_merge_writes_every_format_as_one_census_would():
    single = WORK / 'merge-single'
    single.mkdir()
    run('census', '-q', *all_formats(single, 'r'), SEEDS)
    shards = []
    for k in (1, 2):
        shard = WORK / f'shard-{k}.yaml'
        run('census', '-q', '--shard', f'{k}/2', '-o', shard, SEEDS)
        shards.append(shard)
    merged = WORK / 'merge-out'
    merged.mkdir()
    run('merge', *all_formats(merged, 'r'), *shards)
    assert (merged / 'r.gnu').read_text() == (single / 'r.gnu').read_text()
    records = [d for d in json_lines(merged / 'r.jsonl') if d['kind'] != 'header']
    expected = [d for d in json_lines(single / 'r.jsonl') if d['kind'] != 'header']
    for docs in (records, expected):
        for field in ('wall_seconds', 'bytes_per_second'):
            docs[-1].pop(field)
    assert records == expected
    assert testcases(well_formed_junit(merged / 'r.xml')).keys() == \
        testcases(well_formed_junit(single / 'r.xml')).keys()


def test_diff_writes_yaml_or_json():
    old, new = WORK / 'diff-old.yaml', WORK / 'diff-new.yaml'
    run('check', '-o', old, SEEDS / 'clean-raw.gaf')
    run('check', '-o', new, SEEDS / 'clean-raw.gaf', SEEDS / 'entry.alias.gaf')
    out = WORK / 'diff.jsonl'
    result = run('diff', '-o', WORK / 'diff.yaml', '--format', 'json', '-o', out, old, new,
                 check_code=1)
    lines = json_lines(out)
    assert len(lines) == 1 and lines[0]['kind'] == 'diff', result.err
    assert lines == as_json(yaml_documents(WORK / 'diff.yaml'))
    assert lines[0]['files_added'] == [str(SEEDS / 'entry.alias.gaf')]
    assert 'writes yaml, json' in run('diff', '--format', 'gnu', old, new, check_code=2).err


@pytest.mark.external
def test_junit_validates_against_the_published_xsd():
    xsd = junit_xsd()  # skips (with the reason) when npm cannot fetch the package
    report = WORK / 'seeds.xml'
    run('check', '-q', '--format', 'junit', '-o', report, SEEDS)
    result = subprocess.run(['xmllint', '--noout', '--schema', str(xsd), str(report)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    root = ElementTree.parse(report).getroot()
    cases = list(root.iter('testcase'))
    failures = [case for case in cases if case.find('failure') is not None]
    suite = root.find('testsuite')
    assert suite.get('tests') == str(len(cases)) and suite.get('failures') == str(len(failures))
    assert len(cases) > 90 and 0 < len(failures) < len(cases)
    names = [case.get('name') for case in cases]
    assert len(set(names)) == len(names), 'testcase names are unique'
    # Control: the schema does reject what it should (a testcase without a name).
    broken = WORK / 'broken.xml'
    broken.write_text(report.read_text().replace(' name="clean-raw.gaf"', '', 1))
    result = subprocess.run(['xmllint', '--noout', '--schema', str(xsd), str(broken)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0


def test_help_teaches_the_format_options():
    for command in ('check', 'census', 'merge'):
        text = run(command, '--help', check_code=0).out
        for word in ('--format', 'json', 'junit', 'gnu', 'sarif'):
            assert word in text, (command, word)
    assert '--format' in run('diff', '--help', check_code=0).out

