"""The CI integrations run here as far as this machine allows:

- action.yml: its run steps are executed with bash the way GitHub runs a composite action's
  `shell: bash` step (bash --noprofile --norc -eo pipefail), with the variables GitHub sets
  (GITHUB_WORKSPACE, GITHUB_OUTPUT, RUNNER_TEMP, GITHUB_ACTION_PATH, ...), each step's `env:`
  expressions evaluated from the inputs and the earlier steps' outputs; the upload step (a `uses:`
  step) is checked for what it is handed. The SARIF must validate against the SARIF 2.1.0 schema
  and point at files of the repository, the JUnit XML against the Jenkins JUnit XSD.
- ci/gitlab/gafcheck.gitlab-ci.yml: the job's before_script and script, run as GitLab's runner
  does (one bash script, set -eo pipefail) with CI_* variables; its artifacts:reports files.
- .pre-commit-hooks.yaml: `pre-commit try-repo` in a scratch git repository with a staged GAF
  (skipped when Debian's pre-commit is not installed).
- debian/control builds with exactly scripts/bootstrap --build-only's packages.

gafcheck is put on PATH (a folder holding a link to the built binary): the integrations use a
gafcheck on PATH as it is, and building one from source is scripts/package's and CI's business.
"""
import atexit
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import urllib.parse
import xml.etree.ElementTree as ElementTree

import pytest
import yaml

import junit_schema
import sarif_schema
from conftest import GAFCHECK, ROOT

SEEDS = ROOT / 'corpus' / 'seed'
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-integrations-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)

# gafcheck on PATH, as an installed package would be
BIN = WORK / 'bin'
BIN.mkdir()
(BIN / 'gafcheck').symlink_to(GAFCHECK)
SYSTEM_PATH = os.environ.get('PATH', '/usr/bin:/bin')
PATH_WITH_GAFCHECK = f'{BIN}:{SYSTEM_PATH}'

HOSTILE = 'rle.reads-past-eof.gaf'   # the game reads past the end of the file: an error, crash
CLEAN = 'clean-rle.gaf'
EXPRESSION = re.compile(r'\$\{\{\s*(.*?)\s*\}\}')


def mod_repository(name, files):
    """A scratch repository: {relative path: seed name}."""
    base = WORK / name
    for relative, seed in files.items():
        target = base / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(SEEDS / seed, target)
    return base


def validate_sarif(log):
    try:
        validator = sarif_schema.load_validator()
    except RuntimeError as error:
        return f'SARIF schema not checked: {error}'
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.path))
    assert not errors, '\n'.join(f'{list(e.path)}: {e.message[:300]}' for e in errors[:10])
    return None


def validate_junit(path):
    root = ElementTree.parse(path).getroot()
    try:
        xsd = junit_schema.xsd_path()
    except RuntimeError as error:
        return root, f'JUnit XSD not checked: {error}'
    result = subprocess.run(['xmllint', '--noout', '--schema', str(xsd), str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return root, None


# --- GitHub: action.yml ------------------------------------------------------------------------

ACTION = yaml.safe_load((ROOT / 'action.yml').read_text())


def read_outputs(path):
    outputs = {}
    for line in pathlib.Path(path).read_text().splitlines():
        key, _, value = line.partition('=')
        outputs[key] = value
    return outputs


def evaluate(text, context):
    """The `${{ }}` expressions the action uses: inputs.X, github.action_path, steps.S.outputs.K."""
    def value(match):
        expression = match.group(1)
        if expression.startswith('inputs.'):
            return context['inputs'][expression[len('inputs.'):]]
        if expression == 'github.action_path':
            return str(ROOT)
        if expression in ('github.action_repository', 'github.action_ref'):
            return context.get(expression, '')   # a local action (uses: ./) has neither
        step = re.fullmatch(r'steps\.([\w-]+)\.outputs\.([\w-]+)', expression)
        assert step, f'an expression the test does not know: {expression}'
        return context['steps'].get(step.group(1), {}).get(step.group(2), '')
    return EXPRESSION.sub(value, str(text))


CONDITION = re.compile(r"(steps\.[\w-]+\.outputs\.[\w-]+|inputs\.[\w-]+)\s*(==|!=)\s*'([^']*)'")


def condition_holds(condition, context):
    """A step's `if:` made of `steps.S.outputs.K == 'V'` (or inputs.X, or !=) joined by &&; an
    `always()` condition (the upload step) is left to the assertions on the uses: steps."""
    if condition is None or 'always()' in condition:
        return True
    for part in condition.split('&&'):
        match = CONDITION.fullmatch(part.strip())
        assert match, f'a condition the test does not know: {condition}'
        value = evaluate('${{ ' + match.group(1) + ' }}', context)
        if (value == match.group(3)) != (match.group(2) == '=='):
            return False
    return True


def run_action(workspace, inputs, path=PATH_WITH_GAFCHECK):
    """Runs every step; returns (the action's outputs, {step id: result}, the uses: steps)."""
    declared = ACTION['inputs']
    assert set(inputs) <= set(declared), set(inputs) - set(declared)
    context = {'inputs': {name: str(inputs.get(name, spec.get('default', '')))
                          for name, spec in declared.items()}, 'steps': {}}
    runner_temp = WORK / f'runner-temp-{workspace.name}-{len(os.listdir(WORK))}'
    runner_temp.mkdir()
    results, uses = {}, []
    assert ACTION['runs']['using'] == 'composite'
    for number, step in enumerate(ACTION['runs']['steps']):
        if not condition_holds(step.get('if'), context):
            continue
        if 'uses' in step:
            uses.append({'uses': step['uses'], 'if': step.get('if'),
                         'with': {k: evaluate(v, context) for k, v in step['with'].items()}})
            continue
        assert step['shell'] == 'bash', step
        assert '${{' not in step['run'], 'run scripts take inputs from env:, never from ${{ }}'
        output_file = runner_temp / f'output-{number}'
        output_file.touch()
        env = {'PATH': path, 'HOME': str(WORK), 'CI': 'true', 'GITHUB_ACTIONS': 'true',
               'GITHUB_WORKSPACE': str(workspace), 'GITHUB_OUTPUT': str(output_file),
               'GITHUB_ENV': str(runner_temp / 'env'), 'GITHUB_PATH': str(runner_temp / 'path'),
               'GITHUB_STEP_SUMMARY':
               str(runner_temp / 'summary'), 'RUNNER_TEMP': str(runner_temp),
               'GITHUB_ACTION_PATH': str(ROOT), 'RUNNER_OS': 'Linux'}
        env.update({k: evaluate(v, context) for k, v in step.get('env', {}).items()})
        result = subprocess.run(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c',
                                 step['run']], cwd=workspace, env=env, capture_output=True,
                                text=True, timeout=300, stdin=subprocess.DEVNULL)
        result.outputs = read_outputs(output_file)
        if 'id' in step:
            context['steps'][step['id']] = result.outputs
            results[step['id']] = result
        results[step['name']] = result
    outputs = {name: evaluate(spec['value'], context) for name, spec in ACTION['outputs'].items()}
    return outputs, results, uses


def assert_sarif_points_into(workspace, sarif_path, expected_files):
    log = json.loads(pathlib.Path(sarif_path).read_text())
    uris = set()
    for result in log['runs'][0]['results']:
        location = result['locations'][0]['physicalLocation']['artifactLocation']
        assert 'uriBaseId' not in location, location
        uris.add(urllib.parse.unquote(location['uri']))
    assert uris == expected_files, uris
    for uri in uris:
        assert (workspace / uri).is_file(), uri
    assert 'originalUriBaseIds' not in log['runs'][0]
    return validate_sarif(log)


def test_action_writes_sarif_and_junit_that_validate_and_fails_the_step_on_findings():
    workspace = mod_repository('mod', {'anims/bad.gaf': HOSTILE, 'units/ok.gaf': CLEAN})
    (workspace / 'readme.txt').write_text('not an input\n')
    outputs, steps, uses = run_action(workspace, {'paths': 'anims\nunits', 'category': 'mods'})
    install = steps['install']
    assert install.returncode == 0, install.stderr
    assert install.outputs['gafcheck'] == str(BIN / 'gafcheck'), 'the gafcheck on PATH is used'
    check = steps['check']
    assert check.returncode == 0, f'the exit code is kept for the last step\n{check.stderr}'
    assert outputs['exit-code'] == '1', outputs
    assert '[rle.reads-past-eof]' in check.stdout, check.stdout   # the findings, one line each
    notes = [assert_sarif_points_into(workspace, outputs['sarif'], {'anims/bad.gaf'})]
    junit, note = validate_junit(outputs['junit'])
    notes.append(note)
    cases = {case.get('name'): case for case in junit.iter('testcase')}
    assert set(cases) == {'anims/bad.gaf', 'units/ok.gaf'}, set(cases)
    assert cases['anims/bad.gaf'].find('failure') is not None
    assert cases['units/ok.gaf'].find('failure') is None
    verdict = steps['Verdict']
    assert verdict.returncode == 1 and '::error' in verdict.stdout, verdict.stdout
    assert uses == [{'uses': 'github/codeql-action/upload-sarif@v3',
                     'if': "always() && inputs.sarif-upload == 'on' && "
                           "steps.check.outputs.sarif != ''",
                     'with': {'sarif_file': outputs['sarif'], 'category': 'mods'}}], uses
    if any(notes):
        pytest.skip('every other assertion passed; ' + '; '.join(n for n in notes if n))


def test_action_passes_clean_files_and_honours_fail_on_and_config():
    workspace = mod_repository('clean-mod', {'ok.gaf': CLEAN, 'anims/bad.gaf': HOSTILE})
    # A configuration that ignores the defective folder: found by discovery, dropped by "none".
    (workspace / '.gafcheck.yaml').write_text('ignore:\n  - anims/\n')
    outputs, steps, _ = run_action(workspace, {})
    assert outputs['exit-code'] == '0', steps['check'].stderr
    assert steps['Verdict'].returncode == 0, steps['Verdict'].stdout
    assert_sarif_points_into(workspace, outputs['sarif'], set())
    outputs, steps, _ = run_action(workspace, {'config': 'none'})
    assert outputs['exit-code'] == '1', steps['check'].stderr
    assert_sarif_points_into(workspace, outputs['sarif'], {'anims/bad.gaf'})
    outputs, steps, _ = run_action(workspace, {'config': 'none', 'fail-on': 'never'})
    assert outputs['exit-code'] == '0' and steps['Verdict'].returncode == 0, outputs
    # a file named as a path: its location is still the repository path
    outputs, steps, _ = run_action(workspace, {'config': 'none', 'paths': './anims/bad.gaf'})
    assert outputs['exit-code'] == '1', steps['check'].stderr
    assert_sarif_points_into(workspace, outputs['sarif'], {'anims/bad.gaf'})


WARNING_ONLY = 'entry.name-duplicate.gaf'  # a warning (retail: dropped), no error


def test_an_unset_fail_on_leaves_the_decision_to_the_repository_configuration():
    # The repository asks for more than the default: warnings fail, directly or by a profile.
    for config in ('fail-on: warning\n', 'extends: strict\n'):
        workspace = mod_repository('strict-mod', {'anims/warn.gaf': WARNING_ONLY})
        (workspace / '.gafcheck.yaml').write_text(config)
        outputs, steps, _ = run_action(workspace, {})
        assert outputs['exit-code'] == '1', (config, steps['check'].stderr)
        assert steps['Verdict'].returncode == 1
        _, result = run_gitlab_job(workspace, {})
        assert result.returncode == 1, (config, result.stdout, result.stderr)
        # An input that is set is the command line's --fail-on, over the configuration.
        outputs, steps, _ = run_action(workspace, {'fail-on': 'error'})
        assert outputs['exit-code'] == '0', steps['check'].stderr
        _, result = run_gitlab_job(workspace, {'GAFCHECK_FAIL_ON': 'error'})
        assert result.returncode == 0, result.stderr
        shutil.rmtree(workspace)
    # The control: without a configuration an unset fail-on means error, as gafcheck's default.
    workspace = mod_repository('default-mod', {'anims/warn.gaf': WARNING_ONLY})
    outputs, steps, _ = run_action(workspace, {})
    assert outputs['exit-code'] == '0', steps['check'].stderr
    _, result = run_gitlab_job(workspace, {})
    assert result.returncode == 0, result.stderr
    assert ACTION['inputs']['fail-on']['default'] == '' and TEMPLATE['variables'][
        'GAFCHECK_FAIL_ON'] == ''


def test_action_fails_the_step_when_gafcheck_cannot_run():
    workspace = mod_repository('missing', {'ok.gaf': CLEAN})
    outputs, steps, _ = run_action(workspace, {'paths': 'no-such-dir'})
    assert outputs['exit-code'] == '3', outputs     # an input could not be read
    assert steps['Verdict'].returncode == 1 and 'exited 3' in steps['Verdict'].stdout


def test_example_workflow_uses_only_the_actions_inputs_and_grants_security_events():
    workflow = yaml.safe_load((ROOT / 'docs' / 'github-workflow-example.yml').read_text())
    assert workflow['permissions']['security-events'] == 'write', workflow['permissions']
    steps = workflow['jobs']['gafcheck']['steps']
    step = next(s for s in steps if s.get('uses', '').split('@')[0].endswith('/gafcheck'))
    assert set(step['with']) <= set(ACTION['inputs']), set(step['with']) - set(ACTION['inputs'])
    outputs = re.findall(r'steps\.gafcheck\.outputs\.([\w-]+)', json.dumps(workflow))
    assert outputs and set(outputs) <= set(ACTION['outputs']), outputs


def local_release(name, version):
    """A release folder as scripts/release writes one: the tarball (this build's gafcheck in
    bin/) and SHA256SUMS."""
    release = WORK / name
    top = f'gafcheck-{version}-x86_64-linux'
    (release / 'stage' / top / 'bin').mkdir(parents=True)
    shutil.copy(GAFCHECK, release / 'stage' / top / 'bin' / 'gafcheck')
    tarball = release / f'{top}.tar.gz'
    subprocess.run(['tar', '-C', release / 'stage', '-czf', tarball, top], check=True)
    shutil.rmtree(release / 'stage')
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    (release / 'SHA256SUMS').write_text(f'{digest}  {tarball.name}\n')
    return release, tarball


def project_version():
    info = subprocess.run(['meson', 'introspect', '--projectinfo', str(ROOT / 'meson.build')],
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(info.stdout)['version']


def test_action_installs_a_release_checked_against_its_sha256sums_and_refuses_a_mismatch():
    if shutil.which('gafcheck', path=SYSTEM_PATH):
        pytest.skip('gafcheck is installed on this machine: the action would use it as it is')
    release, tarball = local_release('release-good', project_version())
    workspace = mod_repository('action-release', {'anims/bad.gaf': HOSTILE})
    outputs, steps, uses = run_action(workspace, {'release': str(release)}, path=SYSTEM_PATH)
    install = steps['install']
    assert install.returncode == 0, install.stderr
    assert 'checked against its SHA256SUMS' in install.stderr, install.stderr
    assert install.outputs['gafcheck'].endswith('/gafcheck-release/bin/gafcheck'), install.outputs
    assert 'prepare' not in steps and not [u for u in uses if 'cache' in u['uses']], \
        'an installed release is not built'
    assert outputs['exit-code'] == '1' and '[rle.reads-past-eof]' in steps['check'].stdout

    # One byte changed after SHA256SUMS was written: the step fails and nothing runs gafcheck.
    data = bytearray(tarball.read_bytes())
    data[-1] ^= 1
    tarball.write_bytes(bytes(data))
    outputs, steps, _ = run_action(workspace, {'release': str(release)}, path=SYSTEM_PATH)
    install = steps['install']
    assert install.returncode == 1, install.stderr
    assert 'does not match its SHA256SUMS' in install.stderr, install.stderr
    assert not install.outputs.get('gafcheck') and not install.outputs.get('build')

    # A SHA256SUMS that does not list the tarball is refused too, never read as "no release".
    (release / 'SHA256SUMS').write_text('0' * 64 + '  other.tar.gz\n')
    _, steps, _ = run_action(workspace, {'release': str(release)}, path=SYSTEM_PATH)
    assert steps['install'].returncode == 1 and 'does not list' in steps['install'].stderr


def test_action_without_a_release_builds_once_per_ref_and_compiler_from_the_cache():
    """No release at the given folder (and no action ref: a local action): the install step asks
    for a build, and the cache step is keyed by the ref, the compiler and the sources."""
    if shutil.which('gafcheck', path=SYSTEM_PATH):
        pytest.skip('gafcheck is installed on this machine: the action would use it as it is')
    empty = WORK / 'release-empty'
    empty.mkdir()
    workspace = mod_repository('action-build', {'ok.gaf': CLEAN})
    install = next(s for s in ACTION['runs']['steps'] if s.get('id') == 'install')
    env = {'PATH': SYSTEM_PATH, 'GITHUB_OUTPUT': str(WORK / 'build-output'),
           'GITHUB_PATH': str(WORK / 'build-path'), 'RUNNER_TEMP': str(WORK),
           'GAFCHECK_SOURCE': str(ROOT), 'GAFCHECK_RELEASE': str(empty),
           'GAFCHECK_ACTION_REPOSITORY': '', 'GAFCHECK_ACTION_REF': ''}
    pathlib.Path(env['GITHUB_OUTPUT']).touch()
    result = subprocess.run(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c',
                             install['run']], cwd=workspace, env=env, capture_output=True,
                            text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert read_outputs(env['GITHUB_OUTPUT']) == {'build': 'true'}
    assert 'no SHA256SUMS' in result.stderr, result.stderr
    cache = next(s for s in ACTION['runs']['steps'] if s.get('id') == 'cache')
    assert cache['uses'].startswith('actions/cache@')
    assert cache['with']['key'] == '${{ steps.prepare.outputs.key }}'
    key = subprocess.run([ROOT / 'ci' / 'build-gafcheck', '--key', 'v1.2.3'], capture_output=True,
                         text=True, timeout=120, check=True).stdout.strip()
    assert re.fullmatch(r'gafcheck-Linux-x86_64-v1\.2\.3-\S+-\d+[.\d]*-[0-9a-f]{16}', key), key


# --- GitLab: ci/gitlab/gafcheck.gitlab-ci.yml ---------------------------------------------------

TEMPLATE = yaml.safe_load((ROOT / 'ci' / 'gitlab' / 'gafcheck.gitlab-ci.yml').read_text())


def run_gitlab_job(project, variables, path=PATH_WITH_GAFCHECK):
    job = dict(TEMPLATE[TEMPLATE['gafcheck']['extends']])
    job.update({k: v for k, v in TEMPLATE['gafcheck'].items() if k != 'extends'})
    lines = job['before_script'] + job['script']
    script = 'set -eo pipefail\n' + '\n'.join(lines) + '\n'
    env = {'PATH': path, 'HOME': str(WORK), 'CI': 'true', 'GITLAB_CI': 'true',
           'CI_PROJECT_DIR': str(project), 'CI_BUILDS_DIR': str(project.parent),
           'CI_JOB_NAME': 'gafcheck', 'CI_PIPELINE_SOURCE': 'merge_request_event'}
    env.update({k: str(v) for k, v in TEMPLATE['variables'].items()})
    env.update(variables)
    result = subprocess.run(['bash', '--noprofile', '--norc', '-c', script], cwd=WORK, env=env,
                            capture_output=True, text=True, timeout=300,
                            stdin=subprocess.DEVNULL)
    return job, result


def test_gitlab_job_publishes_code_quality_and_junit_and_fails_on_findings():
    project = mod_repository('gitlab-mod', {'anims/bad.gaf': HOSTILE, 'units/ok.gaf': CLEAN})
    job, result = run_gitlab_job(project, {})
    assert result.returncode == 1, result.stderr
    assert '[rle.reads-past-eof]' in result.stdout, result.stdout
    artifacts = job['artifacts']
    assert artifacts['when'] == 'always'
    reports = artifacts['reports']
    issues = json.loads((project / reports['codequality']).read_text())
    assert {issue['location']['path'] for issue in issues} == {'anims/bad.gaf'}, issues
    assert 'rle.reads-past-eof' in {issue['check_name'] for issue in issues}
    for issue in issues:
        for key in ('description', 'check_name', 'fingerprint', 'severity'):
            assert isinstance(issue[key], str) and issue[key], (key, issue)
        assert issue['severity'] in {'blocker', 'critical', 'major', 'minor', 'info'}
        assert issue['location']['lines']['begin'] == 1
    junit, note = validate_junit(project / reports['junit'])
    cases = {case.get('name'): case for case in junit.iter('testcase')}
    assert set(cases) == {'anims/bad.gaf', 'units/ok.gaf'}, set(cases)
    assert cases['anims/bad.gaf'].find('failure') is not None
    if note:
        pytest.skip(f'every other assertion passed; {note}')


def test_gitlab_job_passes_clean_files_and_says_how_to_get_gafcheck():
    project = mod_repository('gitlab-clean', {'ok.gaf': CLEAN, 'wip/bad.gaf': HOSTILE})
    (project / '.gafcheck.yaml').write_text('ignore:\n  - wip/\n')
    _, result = run_gitlab_job(project, {'GAFCHECK_FAIL_ON': 'warning'})
    assert result.returncode == 0, result.stderr
    assert json.loads((project / 'gl-code-quality-report.json').read_text()) == []
    junit, _ = validate_junit(project / 'gafcheck-junit.xml')
    cases = {case.get('name'): case for case in junit.iter('testcase')}
    assert cases['wip/bad.gaf'].find('skipped') is not None, 'an ignored file is a skipped case'
    if shutil.which('gafcheck', path=SYSTEM_PATH):
        pytest.skip('every other assertion passed; gafcheck is installed on this machine, so '
                    'the job without one on PATH cannot be tried')
    _, result = run_gitlab_job(project, {}, path=SYSTEM_PATH)
    assert result.returncode == 2 and 'GAFCHECK_REPOSITORY' in result.stderr, result.stderr


def test_gitlab_job_installs_the_release_of_its_ref_and_refuses_a_checksum_mismatch():
    """GAFCHECK_REPOSITORY is a scratch git repository holding what the job runs from gafcheck's
    checkout (ci/, scripts/bootstrap, meson.build), tagged v + the version; GAFCHECK_RELEASE a
    local release folder."""
    if shutil.which('gafcheck', path=SYSTEM_PATH):
        pytest.skip('gafcheck is installed on this machine: the job would use it as it is')
    if not shutil.which('git'):
        pytest.skip('git is not installed (scripts/bootstrap --all)')
    version = project_version()
    upstream = scratch_git_repository('gitlab-upstream')
    for relative in ('ci/install-release', 'ci/build-gafcheck', 'scripts/bootstrap', 'meson.build'):
        (upstream / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, upstream / relative)
    git(upstream, 'add', '-A')
    git(upstream, 'commit', '-q', '-m', 'what the GitLab job runs')
    git(upstream, 'tag', f'v{version}')
    release, tarball = local_release('gitlab-release', version)
    project = mod_repository('gitlab-release-mod', {'anims/bad.gaf': HOSTILE})
    variables = {'GAFCHECK_REPOSITORY': str(upstream), 'GAFCHECK_REF': f'v{version}',
                 'GAFCHECK_RELEASE': str(release)}
    _, result = run_gitlab_job(project, variables, path=SYSTEM_PATH)
    assert result.returncode == 1, result.stderr     # the installed gafcheck ran: findings
    assert 'checked against its SHA256SUMS' in result.stderr, result.stderr
    assert '[rle.reads-past-eof]' in result.stdout, result.stdout

    data = bytearray(tarball.read_bytes())
    data[len(data) // 2] ^= 1
    tarball.write_bytes(bytes(data))
    (project / 'gl-code-quality-report.json').unlink()
    _, result = run_gitlab_job(project, variables, path=SYSTEM_PATH)
    assert result.returncode == 1 and 'does not match its SHA256SUMS' in result.stderr, \
        result.stderr
    assert not (project / 'gl-code-quality-report.json').exists(), 'gafcheck never ran'


# --- pre-commit: .pre-commit-hooks.yaml ---------------------------------------------------------

def git(repository, *args):
    subprocess.run(['git', '-C', str(repository), *args], check=True, capture_output=True,
                   timeout=60, env=dict(os.environ, GIT_CONFIG_NOSYSTEM='1', HOME=str(WORK)))


def scratch_git_repository(name):
    repository = WORK / name
    repository.mkdir()
    git(repository, 'init', '-q', '-b', 'main')
    git(repository, 'config', 'user.email', 'test@example.invalid')
    git(repository, 'config', 'user.name', 'gafcheck test')
    git(repository, 'config', 'commit.gpgsign', 'false')
    return repository


@pytest.mark.external
def test_pre_commit_hook_fails_a_staged_hostile_gaf_and_passes_a_clean_one():
    if not shutil.which('pre-commit'):
        pytest.skip('pre-commit is not installed (Debian package pre-commit; scripts/bootstrap --all)')
    manifest = subprocess.run(['pre-commit', 'validate-manifest',
                               str(ROOT / '.pre-commit-hooks.yaml')],
                              capture_output=True, text=True, timeout=60,
                              env=dict(os.environ, PRE_COMMIT_HOME=str(WORK / 'pre-commit-home')))
    assert manifest.returncode == 0, manifest.stdout + manifest.stderr
    hooks = scratch_git_repository('hooks')
    shutil.copy(ROOT / '.pre-commit-hooks.yaml', hooks)
    git(hooks, 'add', '.pre-commit-hooks.yaml')
    git(hooks, 'commit', '-q', '-m', 'hooks')
    mod = scratch_git_repository('pre-commit-mod')
    env = dict(os.environ, PATH=PATH_WITH_GAFCHECK, HOME=str(WORK),
               PRE_COMMIT_HOME=str(WORK / 'pre-commit-home'), GIT_CONFIG_NOSYSTEM='1')

    def try_repo():
        return subprocess.run(['pre-commit', 'try-repo', str(hooks), 'gafcheck'], cwd=mod,
                              env=env, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)

    (mod / 'readme.txt').write_text('no sprites yet\n')
    git(mod, 'add', 'readme.txt')
    result = try_repo()
    assert result.returncode == 0 and 'no files to check' in result.stdout, result.stdout

    shutil.copy(SEEDS / CLEAN, mod / 'UNIT.GAF')   # the files pattern ignores case
    git(mod, 'add', 'UNIT.GAF')
    result = try_repo()
    assert result.returncode == 0 and 'Passed' in result.stdout, result.stdout + result.stderr

    shutil.copy(SEEDS / HOSTILE, mod / 'bad.gaf')
    git(mod, 'add', 'bad.gaf')
    result = try_repo()
    assert result.returncode == 1 and 'Failed' in result.stdout, result.stdout + result.stderr
    assert 'bad.gaf: offset 0x5F: error:' in result.stdout, result.stdout
    assert '[rle.reads-past-eof]' in result.stdout, result.stdout
    assert 'UNIT.GAF' not in result.stdout, 'a clean file prints nothing'


# --- Debian: debian/control ---------------------------------------------------------------------

def test_debian_build_depends_are_the_bootstrap_build_packages():
    bootstrap = (ROOT / 'scripts' / 'bootstrap').read_text()
    listed = re.search(r'^build_packages=\((.*?)^\)', bootstrap, re.M | re.S).group(1)
    build_packages = set(listed.split()) - {'g++'}   # build-essential, never a Build-Depends
    control = (ROOT / 'debian' / 'control').read_text()
    field = re.search(r'^Build-Depends:(.*?)^\S', control, re.M | re.S).group(1)
    depends = {item.split()[0] for item in field.replace('\n', ' ').split(',') if item.strip()}
    assert depends == build_packages | {'debhelper-compat'}, (
        f'only in debian/control: {depends - build_packages}; '
        f'only in bootstrap: {build_packages - depends}')

