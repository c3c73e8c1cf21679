"""SARIF, SARIF-binary and GitLab Code Quality end to end: gafcheck check and census
write them in the same pass as the YAML report; they must list exactly the YAML report's findings
(rule, offset, member, structure path), validate against the official SARIF 2.1.0 JSON schema
(fetched from npm, see support/sarif_schema.py; the schema tests skip when it is neither cached
nor fetchable), keep every fingerprint when bytes are inserted before the findings, survive
hostile names, and not depend on the number of census threads.
"""
import atexit
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import urllib.parse

import pytest
import yaml

import sarif_schema
from conftest import GAFCHECK, MAKE_CORPUS, ROOT

WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-sarif-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)

# A GAF with five findings of four severities (info, error/garbage, warning, error/crash) whose
# RLE frames lie behind a raw PAD frame: a wider pad moves every RLE finding, never its path.
PADDED = '''description: padded defects for the SARIF tests
expect: [header.version-zero, rle.short-row, rle.unused-payload, rle.reads-past-eof]
gaf:
  version: 0
  entries:
    - {name: PAD, frames: [{frame: pad}]}
    - {name: BAD, frames: [{frame: bad}, {frame: tail}]}
  frames:
    - {id: pad, width: WIDTH, height: 4}
    - {id: bad, width: 4, height: 3, compressed: 1,
       rle_rows_hex: ["04 01 02", "0C 01 02 03 04 05 06", "0C 01 02 03 04"]}
    - {id: tail, width: 4, height: 2, compressed: 1, rle_rows_hex: ["0C 01 02 03 04", "04 01 02"]}
'''
HOSTILE = [b'ctl\x01.gaf', b'caf\xe9.gaf', b'new\nline.gaf', b'bang!x.gaf', b'sp ace%.gaf']
SEVERITY = {'error': 'critical', 'warning': 'major', 'info': 'info'}
LEVEL = {'error': 'error', 'warning': 'warning', 'info': 'note'}


def render_inputs():
    recipes = WORK / 'recipes'
    recipes.mkdir()
    for width in (4, 12):
        (recipes / f'padded{width}.yaml').write_text(PADDED.replace('WIDTH', str(width)))
    for name in ('clean-raw', 'clean-hpi-nested', 'clean-hpi-v1'):
        shutil.copy(ROOT / 'corpus' / 'recipes' / f'{name}.yaml', recipes)
    subprocess.run([MAKE_CORPUS, str(recipes), str(WORK / 'rendered')], check=True)
    return WORK / 'rendered'


RENDERED = render_inputs()


def tree(name, files):
    """A directory WORK/name holding {relative path (bytes): rendered input name}."""
    base = WORK / name
    for relative, source in files.items():
        target = os.path.join(os.fsencode(base), relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy(RENDERED / source, target)
    return base


MIXED = tree('mixed', {b'units/padded.gaf': 'padded4.gaf', b'mods/mod.hpi': 'clean-hpi-nested.hpi',
                       b'clean.gaf': 'clean-raw.gaf',
                       **{b'hostile/' + name: 'padded4.gaf' for name in HOSTILE}})
CLEAN = tree('clean', {b'a.gaf': 'clean-raw.gaf', b'b.hpi': 'clean-hpi-v1.hpi'})


def run(command, root, formats, *extra):
    """Runs gafcheck COMMAND with --format F -o FILE for each format (and yaml), in WORK, with the
    root given relative to WORK; returns {format: bytes written}."""
    out = WORK / 'out'
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    arguments = [GAFCHECK, command, '-q']
    for name in ('yaml', *formats):
        arguments += ['--format', name, '-o', str(out / name)]
    arguments += [*extra, os.path.relpath(root, WORK)]
    done = subprocess.run(arguments, cwd=WORK, capture_output=True)
    assert done.returncode in (0, 1), (done.returncode, done.stderr.decode(errors='replace'))
    return {name: (out / name).read_bytes() for name in ('yaml', *formats)}


def parse_json(data):
    return json.loads(data.decode('utf-8'))  # strict: any byte that is not UTF-8 fails


def yaml_findings(data):
    """(rule, offset, length, member, structure path, severity, retail, sha256 of the file) of
    every finding listed in a YAML report, members named by their path inside their input."""
    expected = []
    top = None
    for document in yaml.safe_load_all(data):
        if document.get('kind') != 'file':
            continue
        if 'member_of' not in document:
            top = document['path']
        member = document['path'][len(top) + 1:] if 'member_of' in document else ''
        for finding in document['findings']:
            expected.append((finding['rule'], finding['offset'], finding['length'], member,
                             finding['path'], finding['severity'], finding['retail']))
    return sorted(expected)


def validator():
    try:
        return sarif_schema.load_validator()
    except RuntimeError as error:
        pytest.skip('every other assertion passed; the SARIF 2.1.0 schema check did not run: '
                    f'the schema is not cached and cannot be fetched: {error}')


def assert_valid(log):
    errors = sorted(validator().iter_errors(log), key=lambda error: list(error.path))
    assert not errors, '\n'.join(f'{list(e.path)}: {e.message[:300]}' for e in errors[:10])


def sarif_findings(log):
    results = log['runs'][0]['results']
    return sorted((r['ruleId'], r['properties']['offset'], r['properties']['length'],
                   r['properties']['member'], r['properties']['structurePath'], r['level'],
                   r['properties']['retail']) for r in results)


def as_levels(findings):
    return sorted((rule, offset, length, member, path, LEVEL[severity], retail)
                  for rule, offset, length, member, path, severity, retail in findings)


def test_sarif_lists_the_yaml_findings_and_validates():
    written = run('check', MIXED, ['sarif'])
    log = parse_json(written['sarif'])
    expected = yaml_findings(written['yaml'])
    assert any(f[0] == 'entry.name-duplicate' and f[3] == 'anims/twins.gaf' for f in expected)
    assert sarif_findings(log) == as_levels(expected)
    run_ = log['runs'][0]
    for result in run_['results']:
        location = result['locations'][0]
        assert location['physicalLocation']['region'] == {'startLine': 1}, result
        assert location['physicalLocation']['artifactLocation']['uriBaseId'] == 'ROOT0', result
        fingerprint = result['partialFingerprints']['primaryLocationLineHash']
        assert len(fingerprint.split(':')[0]) == 64, fingerprint
        rule = run_['tool']['driver']['rules'][result['ruleIndex']]
        assert rule['id'] == result['ruleId'], (rule['id'], result['ruleId'])
    twins = [r for r in run_['results'] if r['ruleId'] == 'entry.name-duplicate'][0]
    assert twins['locations'][0]['physicalLocation']['artifactLocation']['uri'] == 'mods/mod.hpi'
    assert (twins['locations'][0]['logicalLocations'][0]['fullyQualifiedName'] ==
            'anims/twins.gaf!entry[1]/name'), twins
    assert run_['invocations'][0]['exitCode'] == 1
    assert 'artifacts' not in run_
    assert_valid(log)


def test_sarif_binary_nests_members_and_validates():
    written = run('check', MIXED, ['sarif-binary'])
    log = parse_json(written['sarif-binary'])
    run_ = log['runs'][0]
    assert sarif_findings(log) == as_levels(yaml_findings(written['yaml']))
    artifacts = run_['artifacts']
    by_uri = {a['location']['uri']: (i, a) for i, a in enumerate(artifacts)}
    archive_index, archive = by_uri['mods/mod.hpi']
    assert 'parentIndex' not in archive and archive['location']['uriBaseId'] == 'ROOT0'
    inner_index, inner = by_uri['inner.ufo']
    assert inner['parentIndex'] == archive_index
    nested = [a for a in artifacts if a['location']['uri'] == 'anims/inner.gaf'][0]
    assert nested['parentIndex'] == inner_index, nested
    hashes = {d['path']: d['sha256'] for d in yaml.safe_load_all(written['yaml'])
              if d.get('kind') == 'file'}
    assert archive['hashes']['sha-256'] == hashes['mixed/mods/mod.hpi']
    assert nested['hashes']['sha-256'] == hashes['mixed/mods/mod.hpi!inner.ufo!anims/inner.gaf']
    for result in run_['results']:
        physical = result['locations'][0]['physicalLocation']
        assert physical['region'] == {'byteOffset': result['properties']['offset'],
                                      'byteLength': result['properties']['length']}, result
        artifact = artifacts[physical['artifactLocation']['index']]
        assert artifact['location']['uri'] == physical['artifactLocation']['uri']
    assert_valid(log)


def test_codeclimate_has_gitlabs_fields_and_severities():
    written = run('check', MIXED, ['codeclimate'])
    issues = parse_json(written['codeclimate'])
    expected = yaml_findings(written['yaml'])
    assert len(issues) == len(expected) and len(expected) > 5
    seen = set()
    for issue in issues:
        for key in ('description', 'check_name', 'fingerprint', 'severity'):
            assert isinstance(issue[key], str) and issue[key], (key, issue)
        assert isinstance(issue['location']['path'], str), issue
        assert issue['location']['lines']['begin'] == 1, issue
        seen.add(issue['fingerprint'])
    assert len(seen) == len(issues), 'every issue has its own fingerprint'
    wanted = sorted((rule, 'blocker' if retail == 'crash' else SEVERITY[severity])
                    for rule, _, _, _, _, severity, retail in expected)
    assert sorted((i['check_name'], i['severity']) for i in issues) == wanted
    assert {'blocker', 'critical', 'major', 'info'} <= {i['severity'] for i in issues}


def test_fingerprints_survive_bytes_inserted_before_the_findings():
    # One file under one root, before and after the edit: a file's identity includes its root.
    formats = ['sarif', 'sarif-binary', 'codeclimate']
    narrow = run('check', tree('edited', {b'units/x.gaf': 'padded4.gaf'}), formats)
    wide = run('check', tree('edited', {b'units/x.gaf': 'padded12.gaf'}), formats)
    for name in ('sarif', 'sarif-binary'):
        before, after = ({(r['ruleId'], r['properties']['structurePath']):
                          (r['properties']['offset'], r['partialFingerprints'])
                          for r in parse_json(side[name])['runs'][0]['results']}
                         for side in (narrow, wide))
        assert before.keys() == after.keys() and len(before) == 5, before
        moved = [key for key in before if before[key][0] != after[key][0]]
        assert len(moved) == 4, f'every RLE finding moved: {moved}'
        for key in before:
            assert before[key][1] == after[key][1], (name, key)
        assert len({str(value[1]) for value in before.values()}) == 5
    issues = [sorted(i['fingerprint'] for i in parse_json(side['codeclimate']))
              for side in (narrow, wide)]
    assert issues[0] == issues[1] and len(set(issues[0])) == 5


def test_one_name_under_two_roots_is_two_files():
    """Identity is (root, path, member): left/units/x.gaf and right//units/x.gaf (and the members
    of an archive copied under both) get two locations and two fingerprints."""
    for name in ('left', 'right'):
        tree(name, {b'units/x.gaf': 'padded4.gaf', b'mod.hpi': 'clean-hpi-nested.hpi'})
    out = WORK / 'two-roots'
    out.mkdir(exist_ok=True)
    done = subprocess.run([GAFCHECK, 'check', '-q', '--format', 'sarif', '-o', str(out / 's'),
                           '--format', 'codeclimate', '-o', str(out / 'c'), 'left', './right//'],
                          cwd=WORK, capture_output=True)
    assert done.returncode == 1, done.stderr
    run_ = parse_json((out / 's').read_bytes())['runs'][0]
    seen = {}
    for result in run_['results']:
        location = result['locations'][0]['physicalLocation']['artifactLocation']
        key = (result['ruleId'], result['properties']['structurePath'], location['uri'],
               result['properties']['member'])
        seen.setdefault(key, []).append((location['uriBaseId'],
                                         result['partialFingerprints']['primaryLocationLineHash']))
    assert seen and all(len(v) == 2 for v in seen.values()), seen
    for pair in seen.values():
        assert {base for base, _ in pair} == {'ROOT0', 'ROOT1'}, pair
        assert pair[0][1] != pair[1][1], pair
    issues = parse_json((out / 'c').read_bytes())
    paths = {i['location']['path'] for i in issues}
    assert {'left/units/x.gaf', 'right/units/x.gaf'} <= paths, paths
    assert all(p.startswith(('left/', 'right/')) for p in paths), paths
    assert len({i['fingerprint'] for i in issues}) == len(issues)


def test_clean_files_give_empty_results():
    written = run('check', CLEAN, ['sarif', 'sarif-binary', 'codeclimate'])
    assert yaml_findings(written['yaml']) == []
    assert parse_json(written['codeclimate']) == []
    for name in ('sarif', 'sarif-binary'):
        log = parse_json(written[name])
        assert log['runs'][0]['results'] == []
        assert log['runs'][0]['invocations'][0]['exitCode'] == 0
        assert log['runs'][0]['invocations'][0]['executionSuccessful'] is True
    files = [d for d in yaml.safe_load_all(written['yaml']) if d.get('kind') == 'file']
    assert len(files) > 2, 'the archive has members'
    assert len(parse_json(written['sarif-binary'])['runs'][0]['artifacts']) == len(files)
    assert_valid(parse_json(written['sarif']))


def test_hostile_names_keep_every_format_valid_json():
    written = run('check', MIXED, ['sarif', 'sarif-binary', 'codeclimate'])
    log = parse_json(written['sarif'])
    uris = {urllib.parse.unquote_to_bytes(r['locations'][0]['physicalLocation']
                                          ['artifactLocation']['uri'])
            for r in log['runs'][0]['results']}
    for name in HOSTILE:
        assert b'hostile/' + name in uris, (name, uris)
    # Code Quality names the real file from the working directory: a UTF-8 name as it is (JSON
    # escapes the line break), a name that is not UTF-8 escaped as in the report.
    paths = {i['location']['path'] for i in parse_json(written['codeclimate'])}
    assert 'mixed/hostile/new\nline.gaf' in paths and 'mixed/hostile/caf\\xE9.gaf' in paths, paths
    parse_json(written['sarif-binary'])


def test_census_writes_the_same_results_on_one_and_two_threads():
    def results(jobs):
        written = run('census', MIXED, ['sarif-binary', 'codeclimate'], '-j', str(jobs),
                      '--per-file', 'all')
        log = parse_json(written['sarif-binary'])
        del log['runs'][0]['invocations']  # the command line and start time differ
        return log, written['codeclimate']
    one, two = results(1), results(2)
    assert one == two
    assert len(one[0]['runs'][0]['results']) > 5
    assert_valid(one[0])

