"""End-to-end tests of .gafcheck.yaml: discovery (upward from each input, trusted only inside the
working directory's tree unless --trust-config; nested configurations for the files beneath them;
$XDG_CONFIG_HOME, --config, --no-config, --profile), profiles changing the exit code on a known
finding, a named file never ignored, the verdict line and documents saying what a configuration
changed, errors that never print a file's text that is not a setting,
rule levels and --rule, suppressions kept listed with suppressed: true, ignores, errors as
FILE:LINE:COLUMN with exit 2, `gafcheck config`, the header's record of the configuration, and
the census (same results for -j 1 and -j 2, --resume refusing another configuration), with the
sandbox on and off.
"""
import hashlib
import json
import os
import pathlib
import shutil
import tempfile

import yaml

from conftest import GAFCHECK, ROOT
from gafcheck_run import run_gafcheck, validated_documents

SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record')}
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-config-test-'))
# No user-wide configuration leaks in from the machine running the tests.
EMPTY_XDG = WORK / 'xdg-empty'
EMPTY_XDG.mkdir()
SANDBOX = ([], ['--no-sandbox'])


def run(*args, check_code=None, env=None, cwd=WORK):
    # The trees below live in WORK: run from there, as a user runs gafcheck from the tree whose
    # configuration applies.
    return run_gafcheck(GAFCHECK, *args, check_code=check_code, cwd=cwd,
                        env={'XDG_CONFIG_HOME': str(EMPTY_XDG), **(env or {})})


def documents(text):
    return validated_documents(text, SCHEMAS)


def repo(name, config, seeds, subdir='anims'):
    """A tree WORK/name with .gafcheck.yaml (unless config is None) and seeds under subdir."""
    top = WORK / name
    (top / subdir).mkdir(parents=True)
    if config is not None:
        (top / '.gafcheck.yaml').write_text(config)
    for seed in seeds:
        shutil.copy(SEEDS / seed, top / subdir / seed)
    return top


def rules_of(doc):
    return [finding['rule'] for finding in doc['findings']]


def sha256(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def test_config_found_upward_applies_and_is_recorded_with_the_sandbox_on_and_off():
    top = repo('upward', 'rules:\n  entry.alias: off\n', ['entry.alias.gaf'])
    target = top / 'anims' / 'entry.alias.gaf'
    for sandbox in SANDBOX:
        result = run('check', *sandbox, target, check_code=0)
        header, file_doc = documents(result.stdout)[:2]
        assert header['config'] == [{'path': str(top / '.gafcheck.yaml'),
                                     'sha256': sha256(top / '.gafcheck.yaml')}], header
        assert header['profile'] == 'retail'
        assert header['sandbox']['enabled'] == (not sandbox), header['sandbox']
        assert 'entry.alias' not in rules_of(file_doc), file_doc
        assert file_doc['findings_off'] == 1 and file_doc['verdict'] == 'clean', file_doc
    # The control: --no-config sees the error again, and the header names no configuration.
    result = run('check', '--no-config', target, check_code=1)
    header, file_doc = documents(result.stdout)[:2]
    assert 'config' not in header and 'entry.alias' in rules_of(file_doc)


def test_explicit_config_and_the_user_wide_one():
    top = repo('explicit', None, ['entry.alias.gaf'])
    target = top / 'anims' / 'entry.alias.gaf'
    elsewhere = WORK / 'elsewhere.yaml'
    elsewhere.write_text('rules: {entry.alias: off}\n')
    run('check', target, check_code=1)  # nothing found upward, no user-wide configuration
    run('check', '--config', elsewhere, target, check_code=0)
    xdg = WORK / 'xdg'
    (xdg / 'gafcheck').mkdir(parents=True)
    (xdg / 'gafcheck' / 'config.yaml').write_text('rules: {entry.alias: warning}\n')
    result = run('check', target, env={'XDG_CONFIG_HOME': str(xdg)}, check_code=0)
    header, file_doc = documents(result.stdout)[:2]
    assert header['config'][0]['path'] == str(xdg / 'gafcheck' / 'config.yaml')
    assert [f['severity'] for f in file_doc['findings'] if f['rule'] == 'entry.alias'] == [
        'warning']
    home = WORK / 'home'
    (home / '.config' / 'gafcheck').mkdir(parents=True)
    (home / '.config' / 'gafcheck' / 'config.yaml').write_text('rules: {entry.alias: off}\n')
    run('check', target, env={'XDG_CONFIG_HOME': '', 'HOME': str(home)}, check_code=0)
    # A configuration found upward wins over the user-wide one.
    (top / '.gafcheck.yaml').write_text('rules: {entry.alias: error}\n')
    run('check', target, env={'XDG_CONFIG_HOME': str(xdg)}, check_code=1)


def test_each_profile_changes_the_exit_code_on_a_known_finding():
    # entry.name-duplicate: a warning whose retail impact is dropped; upload fails on it.
    cases = [('upload', 'entry.name-duplicate.gaf', 0, 1),
             # extent.slack: info only; strict makes it a warning and fails on warnings.
             ('strict', 'extent.slack.gaf', 0, 1),
             # entry.alias: an error; census fails on nothing.
             ('census', 'entry.alias.gaf', 1, 0)]
    for profile, seed, retail_exit, profile_exit in cases:
        top = repo(f'profile-{profile}', f'extends: {profile}\n', [seed])
        run('check', '--no-config', top / 'anims' / seed, check_code=retail_exit)
        result = run('check', top / 'anims' / seed, check_code=profile_exit)
        header = documents(result.stdout)[0]
        assert header['profile'] == profile, header
    # --fail-on on the command line wins over the profile's.
    run('check', '--fail-on', 'error', WORK / 'profile-strict' / 'anims' / 'extent.slack.gaf',
        check_code=0)


def test_budgets_and_game_come_from_the_configuration_under_the_command_line():
    top = repo('budgets', 'max-file-size: 100\ngame: tak\n', ['clean-raw.gaf'])
    target = top / 'anims' / 'clean-raw.gaf'  # 216 bytes
    result = run('check', target, check_code=1)
    header, file_doc = documents(result.stdout)[:2]
    assert header['budgets']['file_size'] == 100 and header['game'] == 'tak', header
    assert file_doc['verdict'] == 'rejected' and rules_of(file_doc) == ['budget.exceeded']
    result = run('check', '--max-file-size', '1K', '--game', 'ta', target, check_code=0)
    header = documents(result.stdout)[0]
    assert header['budgets']['file_size'] == 1024 and header['game'] == 'ta', header
    # Two roots whose configurations disagree on a run-wide setting: a usage error.
    other = repo('budgets-other', 'max-file-size: 200\n', ['clean-raw.gaf'])
    result = run('check', target, other / 'anims' / 'clean-raw.gaf', check_code=2)
    assert 'disagree on game' in result.stderr, result.stderr


def test_a_suppressed_finding_stays_listed_and_does_not_fail():
    seed = 'entry.alias.gaf'
    digest = sha256(SEEDS / seed)
    top = repo('suppressed', 'suppress:\n'
               '  - rule: entry.alias\n'
               '    path: anims/entry.alias.gaf\n'
               f'    sha256: {digest}\n'
               '    justification: "retail file: the game loads it"\n', [seed])
    result = run('check', top / 'anims' / seed, check_code=0)
    file_doc = documents(result.stdout)[1]
    alias = [f for f in file_doc['findings'] if f['rule'] == 'entry.alias']
    assert alias and all(f['suppressed'] is True and
                         f['justification'] == 'retail file: the game loads it' for f in alias)
    assert file_doc['verdict'] != 'errors', file_doc['verdict']
    assert 'suppressed' in result.stderr
    # The control: the file changes, the suppression expires, the error counts again.
    data = bytearray((top / 'anims' / seed).read_bytes())
    data += b'\0\0\0\0'
    (top / 'anims' / seed).write_bytes(bytes(data))
    result = run('check', top / 'anims' / seed, check_code=1)
    alias = [f for f in documents(result.stdout)[1]['findings'] if f['rule'] == 'entry.alias']
    assert alias and not any(f.get('suppressed') for f in alias)


def test_rule_on_the_command_line_beats_the_configuration():
    top = repo('rule-override', 'rules: {entry.alias: off}\n', ['entry.alias.gaf'])
    target = top / 'anims' / 'entry.alias.gaf'
    run('check', target, check_code=0)
    result = run('check', '--rule', 'entry.alias=error', target, check_code=1)
    assert 'entry.alias' in rules_of(documents(result.stdout)[1])
    result = run('check', '--rule', 'entry.bogus=off', target, check_code=2)
    assert "unknown rule id 'entry.bogus'" in result.stderr
    result = run('check', '--rule', 'entry.alias=loud', target, check_code=2)


def test_ignored_files_are_not_checked_and_are_counted():
    top = repo('ignoring', 'ignore:\n  - old/\n', ['entry.alias.gaf'], subdir='old')
    shutil.copy(SEEDS / 'clean-raw.gaf', top / 'clean-raw.gaf')
    result = run('check', top, check_code=0)
    docs = documents(result.stdout)
    assert [d['path'] for d in docs if d['kind'] == 'file'] == [str(top / 'clean-raw.gaf')]
    assert docs[-1]['files']['ignored'] == 1, docs[-1]['files']
    assert 'IGNORED  ' + str(top / 'old' / 'entry.alias.gaf') in result.stderr
    # The control: without the configuration the file is checked.
    result = run('check', '--no-config', top, check_code=1)
    assert 'ignored' not in documents(result.stdout)[-1]['files']


def test_configuration_errors_name_file_line_and_column_and_exit_2():
    cases = [('rules: {}\nbogus: 1\n', ':2:1: unknown key'),
             ('rules:\n  entry.bogus: off\n', ':2:3: unknown rule id'),
             ('rules:\n  entry.alias: loud\n', ':2:16: bad level'),
             ("ignore: ['[ab']\n", ':1:10: bad glob'),
             ('suppress:\n  - {rule: entry.alias, path: x}\n', ':2:5: a suppression without a '
                                                               'justification'),
             ('- just\n- a list\n', ':1:1: a configuration must be a map'),
             ('a: &x 1\nb: *x\n', ':1:4: an anchor')]
    for number, (text, expected) in enumerate(cases):
        top = repo(f'broken-{number}', text, ['clean-raw.gaf'])
        for sandbox in SANDBOX:
            output = top / 'report.yaml'
            result = run('check', *sandbox, '-o', output, top / 'anims', check_code=2)
            assert str(top / '.gafcheck.yaml') + expected in result.stderr, result.stderr
            assert not output.exists(), 'nothing is written on a configuration error'
    # The control: a valid configuration in the same place checks.
    top = repo('valid', 'rules: {extent.slack: off}\n', ['clean-raw.gaf'])
    run('check', top / 'anims', check_code=0)


def test_config_command_prints_the_effective_configuration():
    top = repo('printed', 'extends: upload\nrules: {extent.slack: off}\nignore: [old/]\n'
               "per-file: {'anims/*.gaf': {entry.alias: warning}}\n"
               'suppress:\n  - {rule: entry.no-frames, path: x.gaf, justification: ok}\n',
               ['clean-raw.gaf'])
    result = run('config', top / 'anims' / 'clean-raw.gaf', check_code=0)
    printed = yaml.safe_load(result.stdout)
    assert printed['source'] == str(top / '.gafcheck.yaml')
    assert printed['sha256'] == sha256(top / '.gafcheck.yaml')
    assert printed['profile'] == 'upload' and printed['fail-on'] == 'error'
    assert printed['game'] == 'ta' and printed['budgets']['max-findings'] == 10000
    assert printed['rules']['extent.slack'] == 'off'
    assert printed['rules']['entry.alias'] == 'warning'  # per-file matches this path
    assert printed['rules']['entry.name-duplicate'] == 'error'  # upload: retail dropped
    assert printed['ignore'] == ['old/'] and printed['ignored'] is False
    assert printed['per-file'] == [{'glob': 'anims/*.gaf', 'matches': True,
                                    'rules': {'entry.alias': 'warning'}}]
    assert printed['suppress'] == [{'rule': 'entry.no-frames', 'path': 'x.gaf',
                                    'justification': 'ok'}]
    # The control: with --no-config nothing differs from the catalogue.
    printed = yaml.safe_load(run('config', '--no-config', top, check_code=0).stdout)
    assert printed['source'] is None and printed['rules'] == {} and printed['profile'] == 'retail'
    help_text = run('config', '--help', check_code=0).stdout
    assert 'extends:' in help_text and 'justification' in help_text and 'upload' in help_text


def test_census_with_a_configuration_is_the_same_on_one_and_two_jobs():
    top = repo('census-tree', 'rules: {entry.alias: off}\nignore: [skip/]\n'
               'suppress:\n  - {rule: extent.slack, path: anims/extent.slack.gaf, '
               'justification: padding}\n',
               ['entry.alias.gaf', 'extent.slack.gaf', 'clean-raw.gaf', 'header.truncated.gaf'])
    (top / 'skip').mkdir()
    shutil.copy(SEEDS / 'composite.cycle.gaf', top / 'skip' / 'composite.cycle.gaf')
    reports = []
    for jobs in ('1', '2'):
        output = WORK / f'census-{jobs}.yaml'
        run('census', '-j', jobs, '--per-file', 'all', '--min-severity', 'info', '-o', output, top,
            check_code=1)
        docs = documents(output.read_text())
        reports.append([d for d in docs if d['kind'] in ('file', 'record')])
        header, summary = docs[0], docs[-1]
        assert header['census']['config_sha256'] == [sha256(top / '.gafcheck.yaml')]
        assert summary['files']['ignored'] == 1
        assert summary['files']['not_inputs'] == 1  # the .gafcheck.yaml itself
    assert reports[0] == reports[1]
    files = {pathlib.Path(d['path']).name: d for d in reports[0] if d['kind'] == 'file'}
    assert 'composite.cycle.gaf' not in files
    assert 'entry.alias' not in rules_of(files['entry.alias.gaf'])
    slack = [f for f in files['extent.slack.gaf']['findings'] if f['rule'] == 'extent.slack']
    assert slack and all(f['suppressed'] for f in slack)
    # With --per-file findings, a file whose findings are all suppressed still gets its
    # document, so the suppression stays visible; a file whose findings are off does not.
    output = WORK / 'census-findings.yaml'
    run('census', '--min-severity', 'info', '-o', output, top, check_code=1)
    names = sorted(pathlib.Path(d['path']).name for d in documents(output.read_text())
                   if d['kind'] == 'file')
    assert names == ['extent.slack.gaf', 'header.truncated.gaf'], names
    # --resume with another configuration is refused, as other settings mismatches are.
    (top / '.gafcheck.yaml').write_text('rules: {entry.alias: warning}\n')
    result = run('census', '-o', WORK / 'resumed.yaml', '--resume', WORK / 'census-1.yaml',
                 '--per-file', 'all', '--min-severity', 'info',
                 top, check_code=2)
    assert 'another configuration' in result.stderr, result.stderr
    result = run('census', '-o', WORK / 'resumed.yaml', '--resume', WORK / 'census-1.yaml',
                 '--per-file', 'all', '--min-severity', 'info',
                 '--no-config', top, check_code=2)
    assert 'without a configuration file' not in result.stderr and 'configuration' in result.stderr


def test_census_profile_lists_every_file_with_findings_and_fails_on_none():
    top = repo('census-profile', 'extends: census\n', ['entry.alias.gaf', 'extent.slack.gaf'])
    output = WORK / 'census-profile.yaml'
    run('census', '-o', output, top, check_code=0)
    docs = documents(output.read_text())
    assert docs[0]['census']['min_severity'] == 'info'
    names = sorted(pathlib.Path(d['path']).name for d in docs if d['kind'] == 'file')
    assert names == ['entry.alias.gaf', 'extent.slack.gaf'], names
    # The control: the retail profile leaves the info-only file without a document.
    run('census', '--no-config', '-o', output, top, check_code=1)
    docs = documents(output.read_text())
    names = sorted(pathlib.Path(d['path']).name for d in docs if d['kind'] == 'file')
    assert names == ['entry.alias.gaf'], names


def test_suppressed_findings_survive_diff_and_merge_readers():
    top = repo('carried', 'suppress:\n  - {rule: entry.alias, path: "**", justification: x}\n',
               ['entry.alias.gaf'])
    shard_reports = []
    for shard in ('1/2', '2/2'):
        output = WORK / f'carried-{shard[0]}.yaml'
        run('census', '--shard', shard, '--per-file', 'all', '-o', output, top)
        shard_reports.append(output)
    merged = WORK / 'carried-merged.yaml'
    run('merge', '-o', merged, *shard_reports, check_code=0)
    docs = documents(merged.read_text())
    alias = [f for d in docs if d['kind'] == 'file' for f in d['findings']
             if f['rule'] == 'entry.alias']
    assert alias and all(f['suppressed'] and f['justification'] == 'x' for f in alias)
    run('diff', merged, merged, check_code=0)
    # A shard written under another configuration is not merged with them.
    (top / '.gafcheck.yaml').write_text('rules: {entry.alias: warning}\n')
    other = WORK / 'carried-other-2.yaml'
    run('census', '--shard', '2/2', '--per-file', 'all', '-o', other, top)
    result = run('merge', '-o', WORK / 'carried-refused.yaml', shard_reports[0], other,
                 check_code=2)
    assert 'another configuration' in result.stderr, result.stderr



TRUNCATED = 'header.truncated.gaf'  # an error the retail game crashes on


def stderr_line(result, name):
    lines = [line for line in result.stderr.splitlines() if name in line]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_a_file_named_on_the_command_line_is_checked_whatever_ignore_says():
    for number, ignore in enumerate(["['**']", "['*.gaf']", "[anims/]", "['/anims/*']"]):
        top = repo(f'named-{number}', f'ignore: {ignore}\n', [TRUNCATED, 'clean-raw.gaf'])
        named = top / 'anims' / TRUNCATED
        result = run('check', named, check_code=1)
        file_doc = documents(result.stdout)[1]
        assert file_doc['path'] == str(named), file_doc
        assert file_doc['verdict'] in ('errors', 'rejected'), file_doc
        assert 'IGNORED' not in result.stderr, result.stderr
        # The control: files found by walking the directory are still left out.
        result = run('check', top, check_code=0)
        docs = documents(result.stdout)
        assert not [d for d in docs if d['kind'] == 'file'], docs
        # ('**' leaves out the .gafcheck.yaml too, which is otherwise counted as not an input)
        assert docs[-1]['files']['ignored'] == (3 if ignore == "['**']" else 2), docs[-1]
        assert f'IGNORED  {named} (ignore: in the configuration {top / ".gafcheck.yaml"})' \
            in result.stderr, result.stderr


def test_a_configuration_that_came_with_an_input_from_outside_the_tree_is_not_obeyed():
    upload = repo('uploaded', 'rules: {header.truncated: off}\nignore: [anims/]\n', [TRUNCATED])
    (upload / 'anims' / '.gafcheck.yaml').write_text('rules: {header.truncated: off}\n')
    target = upload / 'anims' / TRUNCATED
    site = WORK / 'site'
    (site / 'incoming').mkdir(parents=True)
    (site / 'incoming' / 'link').symlink_to(upload)
    spellings = [(str(target), site),                                    # absolute, elsewhere
                 (os.path.relpath(target, site / 'incoming'), site / 'incoming'),  # ../x
                 ('incoming/link/anims/' + TRUNCATED, site)]             # a symlink out
    for path, cwd in spellings:
        for command in (('check',), ('check', '--no-sandbox')):
            result = run(*command, path, cwd=cwd, check_code=1)
            header, file_doc = documents(result.stdout)[:2]
            assert 'config' not in header and 'config' not in file_doc, (path, header)
            assert TRUNCATED.split('.gaf')[0] in rules_of(file_doc), (path, file_doc)
        printed = yaml.safe_load(run('config', path, cwd=cwd, check_code=0).stdout)
        assert printed['source'] is None, (path, printed)
        output = site / 'census.yaml'
        run('census', '-o', output, os.path.dirname(path) or '.', cwd=cwd, check_code=1)
        assert 'config' not in documents(output.read_text())[0]
        # --trust-config obeys the nearest one, as before.
        result = run('check', '--trust-config', path, cwd=cwd, check_code=0)
        header, file_doc = documents(result.stdout)[:2]
        assert file_doc['config'] == str(upload / 'anims' / '.gafcheck.yaml'), file_doc
    # The control: from inside the tree it applies, and says so in the verdict line, the
    # header and the file document.
    result = run('check', 'anims/' + TRUNCATED, cwd=upload, check_code=0)
    header, file_doc = documents(result.stdout)[:2]
    nearest = upload / 'anims' / '.gafcheck.yaml'
    assert header['config'] == [{'path': str(nearest), 'sha256': sha256(nearest)}], header
    assert file_doc['config'] == str(nearest) and file_doc['findings_off'] == 1, file_doc
    assert stderr_line(result, TRUNCATED).endswith(
        f'(configuration {nearest} turned off 1 finding)'), result.stderr
    # From a directory above the tree (the tree lies below it, on the way to the input) too.
    run('check', upload.relative_to(WORK) / 'anims' / TRUNCATED, cwd=WORK, check_code=0)


def test_the_verdict_line_names_the_configuration_that_lowered_or_suppressed():
    top = repo('lowered', 'rules: {entry.alias: info}\n'
               'suppress:\n  - {rule: extent.slack, path: "**", justification: padding}\n',
               ['entry.alias.gaf', 'extent.slack.gaf', 'clean-raw.gaf'])
    result = run('check', top / 'anims', check_code=0)
    config = top / '.gafcheck.yaml'
    docs = {pathlib.Path(d['path']).name: d for d in documents(result.stdout)
            if d['kind'] == 'file'}
    alias = docs['entry.alias.gaf']
    assert alias['findings_lowered'] >= 1 and alias['config'] == str(config), alias
    assert f'(configuration {config} lowered ' in stderr_line(result, 'entry.alias.gaf')
    assert f'(configuration {config} suppressed ' in stderr_line(result, 'extent.slack.gaf')
    # The control: a file the configuration changed nothing in gets no such note, and the
    # document still says which configuration rated it.
    assert '(configuration' not in stderr_line(result, 'clean-raw.gaf'), result.stderr
    assert docs['clean-raw.gaf']['config'] == str(config)
    assert 'findings_lowered' not in docs['clean-raw.gaf']


def test_profile_flag_discovers_no_configuration():
    top = repo('profile-flag', 'extends: census\nrules: {entry.name-duplicate: off}\n',
               ['entry.name-duplicate.gaf'])
    target = top / 'anims' / 'entry.name-duplicate.gaf'
    run('check', target, check_code=0)  # the tree's configuration turns the finding off
    result = run('check', '--profile', 'upload', target, check_code=1)
    header, file_doc = documents(result.stdout)[:2]
    assert header['profile'] == 'upload' and 'config' not in header, header
    assert 'entry.name-duplicate' in rules_of(file_doc) and 'config' not in file_doc
    printed = yaml.safe_load(run('config', '--profile', 'upload', target, check_code=0).stdout)
    assert printed['source'] is None and printed['profile'] == 'upload', printed
    output = WORK / 'profile-flag.yaml'
    run('census', '--profile', 'upload', '-o', output, top, check_code=1)
    assert documents(output.read_text())[0]['profile'] == 'upload'
    # With --config, that file applies under the flag's profile (over its extends:).
    own = WORK / 'profile-flag-own.yaml'
    own.write_text('extends: census\nrules: {entry.alias: off}\n')
    result = run('check', '--profile', 'upload', '--config', own, target, check_code=1)
    header = documents(result.stdout)[0]
    assert header['profile'] == 'upload' and header['config'][0]['path'] == str(own), header
    run('check', '--profile', 'retail', '--config', own, target, check_code=0)
    result = run('check', '--profile', 'lenient', target, check_code=2)
    assert "unknown profile 'lenient'" in result.stderr and 'upload' in result.stderr
    assert '--profile' in run('check', '--help', check_code=0).stdout


def test_nested_configurations_apply_to_the_files_beneath_them_in_every_command():
    top = repo('nested', 'rules: {extent.slack: warning}\n', ['entry.alias.gaf', 'extent.slack.gaf'])
    sub = top / 'anims' / 'vendor'
    sub.mkdir()
    for seed in ('entry.alias.gaf', 'extent.slack.gaf'):
        shutil.copy(SEEDS / seed, sub / seed)
    (sub / '.gafcheck.yaml').write_text('rules: {entry.alias: off}\nignore: [skipped/]\n')
    (sub / 'skipped').mkdir()
    shutil.copy(SEEDS / TRUNCATED, sub / 'skipped' / TRUNCATED)
    outer, inner = top / '.gafcheck.yaml', sub / '.gafcheck.yaml'

    def expect(docs):
        files = {d['path']: d for d in docs if d['kind'] == 'file'}
        for directory, config in ((top / 'anims', outer), (sub, inner)):
            printed = yaml.safe_load(run('config', directory / 'entry.alias.gaf').stdout)
            assert printed['source'] == str(config), printed
            alias = files.get(str(directory / 'entry.alias.gaf'))
            if config == inner:
                assert alias is None or ('entry.alias' not in rules_of(alias)
                                         and alias['config'] == str(inner)), alias
            else:
                assert 'entry.alias' in rules_of(alias) and alias['config'] == str(outer)
            slack = files.get(str(directory / 'extent.slack.gaf'))
            severities = {f['severity'] for f in (slack or {}).get('findings', [])
                          if f['rule'] == 'extent.slack'}
            # The outer file raises extent.slack to a warning; the nested one leaves it info.
            assert severities == ({'warning'} if config == outer else {'info'}), (config, slack)
        assert str(sub / 'skipped' / TRUNCATED) not in files
        assert docs[-1]['files']['ignored'] == 1, docs[-1]
        header = docs[0]
        assert sorted(c['path'] for c in header['config']) == sorted([str(outer), str(inner)])

    for sandbox in SANDBOX:
        result = run('check', *sandbox, top, check_code=1)
        expect(documents(result.stdout))
        for jobs in ('1', '2'):
            output = WORK / f'nested-{jobs}.yaml'
            run('census', *sandbox, '-j', jobs, '--per-file', 'all', '--min-severity', 'info',
                '-o', output, top, check_code=1)
            expect(documents(output.read_text()))
    # --files-from gets the same configurations.
    listing = WORK / 'nested-list.txt'
    listing.write_text(''.join(f'{p}\n' for p in sorted(top.rglob('*.gaf'))))
    output = WORK / 'nested-list.yaml'
    run('census', '--files-from', listing, '--per-file', 'all', '--min-severity', 'info',
        '-o', output, check_code=1)
    expect(documents(output.read_text()))


def test_nested_configurations_that_disagree_on_a_run_wide_setting_are_a_usage_error():
    top = repo('nested-game', 'game: ta\n', ['clean-raw.gaf'])
    (top / 'ta3d').mkdir()
    shutil.copy(SEEDS / 'clean-raw.gaf', top / 'ta3d' / 'clean-raw.gaf')
    (top / 'ta3d' / '.gafcheck.yaml').write_text('game: ta3d\n')
    for command in ('check', 'census'):
        result = run(command, '-o', WORK / 'nested-game.yaml', top, check_code=2)
        assert 'disagree on game' in result.stderr, result.stderr
        assert str(top / '.gafcheck.yaml') in result.stderr, result.stderr
        assert str(top / 'ta3d' / '.gafcheck.yaml') in result.stderr, result.stderr
    # The controls: each part alone, or the game on the command line, checks.
    run('check', top / 'ta3d', check_code=0)
    result = run('check', top / 'anims', check_code=0)
    assert documents(result.stdout)[0]['game'] == 'ta'
    result = run('check', '--game', 'ta3d', top, check_code=0)
    assert documents(result.stdout)[0]['game'] == 'ta3d'
    (top / 'ta3d' / '.gafcheck.yaml').write_text('fail-on: warning\n')
    result = run('check', top, check_code=2)
    assert 'disagree on fail-on' in result.stderr, result.stderr


def test_a_configuration_of_huge_globs_is_refused_by_position():
    top = repo('huge-globs', None, ['clean-raw.gaf'])
    glob = '/'.join(['*'] * 2040)
    (top / '.gafcheck.yaml').write_text('ignore:\n' + ''.join(f"  - '{glob}'\n" for _ in range(64)))
    result = run('check', top, check_code=2)
    assert f'{top / ".gafcheck.yaml"}:6:5: globs of more than 8192 path components' \
        in result.stderr, result.stderr
    # The control: four of them are within the bound, and check a deep path.
    (top / '.gafcheck.yaml').write_text('ignore:\n' + ''.join(f"  - '{glob}'\n" for _ in range(4)))
    run('check', top, check_code=0)


def test_a_file_named_as_configuration_by_mistake_is_never_printed():
    secrets = WORK / 'secrets.env'
    secrets.write_text('github_token_8f14e45fceea167a5a36dedd4bea2543: x\n')
    shadow = WORK / 'shadow'
    shadow.write_text('root:$6$Zq3vN8$Kf0tQ8cRw0bYfJm1.4sdEo9/:19655:0:99999:7:::\n'
                      'daemon:*:19655:0:99999:7:::\n')
    binary = WORK / 'binary.bin'
    binary.write_bytes(b'\x7fELF\x02\x01\x01' + bytes(range(256)) + b'Zecret: 1\n')
    yaml_secret = WORK / 'vault.yaml'
    yaml_secret.write_text('db:\n  Password: "Tr0ub4dor&3"\n')
    target = SEEDS / 'clean-raw.gaf'
    for path, leaks in ((secrets, ['github_token', '8f14e45f']),
                        (shadow, ['root', 'Zq3vN8', 'daemon', '19655']),
                        (binary, ['ELF', 'Zecret']),
                        (yaml_secret, ['Tr0ub4dor', 'Password'])):
        for command in ('check', 'config'):
            result = run(command, '--config', path, target, check_code=2)
            assert result.stderr.startswith(f'{path}:') or f'{path}:' in result.stderr, result.stderr
            message = result.stderr.replace(str(path), 'FILE')
            for leak in leaks:
                assert leak not in message, (leak, result.stderr)
    # The control: a typo in a real configuration is named, so it can be fixed.
    typo = WORK / 'typo.yaml'
    typo.write_text('fail-onn: warning\n')
    result = run('check', '--config', typo, target, check_code=2)
    assert f"{typo}:1:1: unknown key 'fail-onn'" in result.stderr, result.stderr

