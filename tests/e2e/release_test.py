"""The release: meson.build's project version is the only place the version is written, and
everything that names it agrees (gafcheck --version, --dump-cli, a report's header, the SARIF
driver, debian/changelog's top entry, the artefact names of scripts/release); scripts/release
refuses a tag or a changelog of another version before it builds anything; both forges' release
pipelines parse and run that one script (actionlint checks the workflow when it is installed: it
is not a Debian package). scripts/test --all builds and checks the artefacts themselves
(scripts/test.d/40-package).
"""
import json
import re
import shutil
import subprocess

import pytest
import yaml

from conftest import GAFCHECK, ROOT, scratch_directory

SEEDS = ROOT / 'corpus' / 'seed'


def run(*args, code=None, **kwargs):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL, **kwargs)
    if code is not None:
        assert result.returncode == code, (args, result.returncode, result.stderr[-2000:])
    return result


VERSION = json.loads(run('meson', 'introspect', '--projectinfo', ROOT / 'meson.build',
                         code=0).stdout)['version']


def test_every_place_that_names_the_version_says_meson_builds():
    assert re.fullmatch(r'\d+\.\d+\.\d+', VERSION), VERSION
    assert run(GAFCHECK, '--version', code=0).stdout.splitlines()[0] == f'gafcheck {VERSION}'
    assert json.loads(run(GAFCHECK, '--dump-cli', code=0).stdout)['version'] == VERSION
    scratch = scratch_directory('release-version')
    report, sarif = scratch / 'report.yaml', scratch / 'report.sarif'
    run(GAFCHECK, 'check', '-q', '-o', report, '--format', 'sarif', '-o', sarif,
        SEEDS / 'clean-rle.gaf', code=0)
    header = next(yaml.safe_load_all(report.read_text()))
    assert (header['kind'], header['tool'], header['version']) == ('header', 'gafcheck', VERSION)
    driver = json.loads(sarif.read_text())['runs'][0]['tool']['driver']
    assert driver['version'] == VERSION, driver
    top = (ROOT / 'debian' / 'changelog').read_text().splitlines()[0]
    assert re.match(r'gafcheck \(([^)]+)\)', top).group(1) == VERSION, top
    if shutil.which('dpkg-parsechangelog'):
        assert run('dpkg-parsechangelog', '-l', ROOT / 'debian' / 'changelog', '-S', 'Version',
                   code=0).stdout.strip() == VERSION
    names = run(ROOT / 'scripts' / 'release', '--names', code=0).stdout.split()
    assert names == [f'gafcheck_{VERSION}_amd64.deb', f'gafcheck-{VERSION}-x86_64-linux.tar.gz',
                     'SHA256SUMS'], names


def release_copy(changelog_version):
    """scripts/release with meson.build and a debian/changelog naming changelog_version."""
    root = scratch_directory('release-copy')
    for relative in ('scripts/release', 'meson.build', 'debian/changelog'):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / relative, root / relative)
    changelog = root / 'debian' / 'changelog'
    text = changelog.read_text()
    changelog.write_text(text.replace(f'gafcheck ({VERSION})', f'gafcheck ({changelog_version})',
                                      1))
    # Were the checks passed, scripts/package would run: a stand-in says so instead of building.
    package = root / 'scripts' / 'package'
    package.write_text('#!/bin/sh\necho "package: would build" >&2\nexit 7\n')
    package.chmod(0o755)
    return root


def test_release_refuses_a_changelog_or_tag_of_another_version_before_building():
    result = run(release_copy('9.9.9') / 'scripts' / 'release', scratch_directory('out'), code=1)
    assert "debian/changelog's top entry is 9.9.9, meson.build says " + VERSION in result.stderr
    assert 'would build' not in result.stderr
    root = release_copy(VERSION)
    for env in ({'GITHUB_REF_TYPE': 'tag', 'GITHUB_REF_NAME': 'v9.9.9'},
                {'CI_COMMIT_TAG': 'v9.9.9'}):
        result = run(root / 'scripts' / 'release', scratch_directory('out'), code=1,
                     env={'PATH': '/usr/bin:/bin', **env})
        assert f'the tag is v9.9.9 but meson.build\'s version is {VERSION}' in result.stderr
        assert 'would build' not in result.stderr
    # The control: the matching tag gets past the checks, to the package build.
    result = run(root / 'scripts' / 'release', scratch_directory('out'), code=7,
                 env={'PATH': '/usr/bin:/bin', 'CI_COMMIT_TAG': f'v{VERSION}'})
    assert 'would build' in result.stderr, result.stderr


def test_both_forges_release_tags_with_the_one_script_and_attach_sha256sums():
    workflow = yaml.safe_load((ROOT / '.github' / 'workflows' / 'release.yml').read_text())
    # PyYAML reads the key `on` as True (YAML 1.1); GitHub reads it as "on".
    assert workflow[True] == {'push': {'tags': ['v*']}}, workflow[True]
    job = workflow['jobs']['release']
    runs = [step['run'] for step in job['steps'] if 'run' in step]
    assert 'scripts/release dist' in runs and 'scripts/test' in runs, runs
    assert job['permissions'] == {'contents': 'write'}
    publish = next(step for step in job['steps'] if 'action-gh-release' in step.get('uses', ''))
    assert set(publish['with']['files'].split()) == {'dist/*.deb', 'dist/*.tar.gz',
                                                     'dist/SHA256SUMS'}

    gitlab = yaml.safe_load((ROOT / '.gitlab-ci.yml').read_text())
    build, release = gitlab['release-build'], gitlab['release']
    for job in (build, release):
        assert job['rules'] == [{'if': '$CI_COMMIT_TAG =~ /^v/'}], job['rules']
    script = '\n'.join(build['script'])
    assert 'scripts/release dist' in script and 'scripts/test' in script, script
    assert 'scripts/release --names' in script and 'packages/generic/gafcheck' in script
    links = {link['name'] for link in release['release']['assets']['links']}
    assert links == {'$GAFCHECK_DEB', '$GAFCHECK_TARBALL', 'SHA256SUMS'}, links
    assert release['needs'] == ['release-build']
    assert build['artifacts']['reports']['dotenv'] == 'release.env'

    if not shutil.which('actionlint'):
        pytest.skip('every other assertion passed; actionlint is not installed (not packaged by '
                    'Debian), so the workflow was parsed, not linted')
    run('actionlint', ROOT / '.github' / 'workflows' / 'release.yml', code=0)
