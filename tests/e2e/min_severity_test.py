"""--min-severity, the display threshold: one file with an info and an error finding, checked in
one pass into every format. With the threshold at warning each writer leaves the info finding out
and the summary counts it (hidden: {below: warning, info: N}); without it both are listed; the
exit code is the same either way (the threshold never changes a verdict). The configuration's
min-severity: applies unless the command line gives one; census defaults to warning and merge
carries the shards' counts.
"""
import json
import re
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
import yaml

from conftest import GAFCHECK, MAKE_CORPUS, ROOT, scratch_directory
from gafcheck_run import load_schemas, run_gafcheck, validated_documents

INFO = 'entry.name-trailing-bytes'
ERROR = 'rle.reads-past-eof'
# A name with bytes after its NUL (info) over an RLE frame that decodes past the end of the file
# (rle.short-row and rle.reads-past-eof, errors: the game reads past the file).
MIXED = f'''description: an info and an error finding in one file
expect: [{INFO}, {ERROR}]
gaf:
  entries:
    - name_hex: "41 52 4D 00 DE AD BE EF 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
      frames: [{{frame: a}}]
  frames:
    - {{id: a, width: 4, height: 2, compressed: 1, rle_rows_hex: ["0C 01 02 03 04", "04 01 02"]}}
'''
WORK = scratch_directory('min-severity')


def render_tree():
    recipes = WORK / 'recipes'
    recipes.mkdir()
    (recipes / 'mixed.yaml').write_text(MIXED)
    subprocess.run([MAKE_CORPUS, str(recipes), str(WORK / 'tree')], check=True)
    return WORK / 'tree'


TREE = render_tree()


def formats():
    """Every report format this build writes (the text format too when it is there)."""
    help_text = run_gafcheck(GAFCHECK, 'check', '--help', check_code=0).stdout
    known = ['yaml', 'json', 'sarif', 'sarif-binary', 'junit', 'gnu', 'codeclimate', 'html']
    if re.search(r'^\s+text\s', help_text, re.M):
        known.append('text')
    return known


FORMATS = formats()


def check(*extra, command='check', code=1):
    out = scratch_directory('min-severity-out')
    arguments = [command, '-q']
    for name in FORMATS:
        arguments += ['--format', name, '-o', out / name]
    run_gafcheck(GAFCHECK, *arguments, *extra, TREE, check_code=code, cwd=WORK)
    return {name: (out / name).read_text(encoding='utf-8') for name in FORMATS}


def yaml_rules(text):
    return [f['rule'] for d in yaml.safe_load_all(text) if d and d.get('kind') == 'file'
            for f in d['findings']]


def json_rules(text):
    documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [f['rule'] for d in documents if d.get('kind') == 'file' for f in d['findings']]


def sarif_rules(text):
    return [r['ruleId'] for r in json.loads(text)['runs'][0]['results']]


def junit_rules(text):
    listed = ''.join(element.text or '' for element in ElementTree.fromstring(text).iter()
                     if element.tag in ('failure', 'system-out'))
    return re.findall(r'\[([a-z0-9.-]+)\]$', listed, re.M)


def gnu_rules(text):
    return re.findall(r'\[([a-z0-9.-]+)\]$', text, re.M)


def codeclimate_rules(text):
    return [issue['check_name'] for issue in json.loads(text)]


def html_rules(text):
    return re.findall(r'<tr class="finding[^"]*" data-rule="([^"]+)"', text)


def text_rules(text):
    return [rule for rule in (INFO, ERROR, 'rle.short-row') if rule in text]


LISTED = {'yaml': yaml_rules, 'json': json_rules, 'sarif': sarif_rules,
          'sarif-binary': sarif_rules, 'junit': junit_rules, 'gnu': gnu_rules,
          'codeclimate': codeclimate_rules, 'html': html_rules, 'text': text_rules}


def summary(text):
    return [d for d in yaml.safe_load_all(text) if d and d.get('kind') == 'summary'][0]


def hidden_counts(written):
    """What each format that has a summary says it hid."""
    json_summary = [json.loads(line) for line in written['json'].splitlines()][-1]
    junit = ElementTree.fromstring(written['junit'])
    junit_hidden = [p.get('value') for p in junit.iter('property') if p.get('name') == 'hidden']
    html = re.search(r'<th>findings hidden</th><td>([^<]*)</td>', written['html'])
    return {'yaml': summary(written['yaml']).get('hidden'), 'json': json_summary.get('hidden'),
            'sarif': json.loads(written['sarif'])['runs'][0]['properties'].get('hidden'),
            'junit': junit_hidden, 'html': html.group(1) if html else None}


def test_without_a_threshold_every_writer_lists_the_info_and_the_error_finding():
    written = check()
    for name in FORMATS:
        listed = LISTED[name](written[name])
        assert INFO in listed and ERROR in listed, (name, listed)
    assert hidden_counts(written) == {'yaml': None, 'json': None, 'sarif': None, 'junit': [],
                                      'html': None}


@pytest.mark.parametrize('how', [('--min-severity', 'warning'), ('--min-severity=warning',)])
def test_at_warning_every_writer_leaves_the_info_finding_out_and_the_summary_counts_it(how):
    written = check(*how)  # the same exit code as without the threshold: 1, for the error
    for name in FORMATS:
        listed = LISTED[name](written[name])
        assert ERROR in listed and INFO not in listed, (name, listed)
        assert 'rle.short-row' in listed, (name, listed)
    assert hidden_counts(written) == {
        'yaml': {'below': 'warning', 'info': 1}, 'json': {'below': 'warning', 'info': 1},
        'sarif': {'below': 'warning', 'info': 1}, 'junit': ['below warning: 1 info'],
        'html': 'below warning: 1 info'}
    # The summary still counts every finding per rule, and the report is schema-valid.
    assert summary(written['yaml'])['findings'][INFO] == {'occurrences': 1, 'files': 1}
    validated_documents(written['yaml'],
                        load_schemas(ROOT, ['header', 'file', 'record', 'summary']))


def test_at_error_warnings_are_hidden_too():
    written = check('--min-severity', 'error')
    assert yaml_rules(written['yaml']) == ['rle.short-row', ERROR]
    assert summary(written['yaml'])['hidden'] == {'below': 'error', 'info': 1, 'warning': 0}


def test_the_threshold_never_changes_the_exit_code_or_the_verdict():
    # --fail-on info fails on the hidden info finding; --fail-on never passes with the error shown.
    assert check('--min-severity', 'error', '--fail-on', 'info')
    written = check('--min-severity', 'error', '--fail-on', 'never', code=0)
    file_document = [d for d in yaml.safe_load_all(written['yaml']) if d and d['kind'] == 'file']
    assert file_document[0]['verdict'] == 'errors'
    assert summary(written['yaml'])['exit_code'] == 0


def test_a_configuration_sets_it_and_the_command_line_wins():
    (TREE / '.gafcheck.yaml').write_text('min-severity: warning\n')
    try:
        assert yaml_rules(check()['yaml']).count(INFO) == 0
        assert yaml_rules(check('--min-severity', 'info')['yaml']).count(INFO) == 1
        # The configuration cannot weaken the verdict with it.
        assert check('--fail-on', 'info')
    finally:
        (TREE / '.gafcheck.yaml').unlink()


def test_a_bad_level_is_a_usage_error():
    done = run_gafcheck(GAFCHECK, 'check', '--min-severity', 'never', TREE, check_code=2)
    assert "--min-severity takes error, warning or info, not 'never'" in done.stderr


def test_census_lists_from_warning_by_default_and_merge_carries_the_counts():
    written = check(command='census')
    assert INFO not in yaml_rules(written['yaml']) and ERROR in yaml_rules(written['yaml'])
    assert summary(written['yaml'])['hidden'] == {'below': 'warning', 'info': 1}
    everything = check('--min-severity', 'info', command='census')
    assert INFO in yaml_rules(everything['yaml']) and 'hidden' not in summary(everything['yaml'])
    shards = []
    for shard in ('1/2', '2/2'):
        output = WORK / f'shard{shard[0]}.yaml'
        run_gafcheck(GAFCHECK, 'census', '-q', '--shard', shard, '-o', output, TREE, cwd=WORK)
        shards.append(output)
    merged = WORK / 'merged.yaml'
    run_gafcheck(GAFCHECK, 'merge', '-o', merged, *shards, check_code=1)
    assert summary(merged.read_text())['hidden'] == {'below': 'warning', 'info': 1}
