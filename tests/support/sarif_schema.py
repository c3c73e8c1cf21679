#!/usr/bin/env python3
"""The official SARIF 2.1.0 JSON schema, fetched, never written by hand: the npm package
@microsoft/jest-sarif (pinned below, tarball checked against its registry integrity) ships it as
lib/schemas/sarif-2.1.0-rtm.5.json. It is fetched with `npm pack` once into a cache directory
($GAFCHECK_CACHE_DIR, else $XDG_CACHE_HOME/gafcheck, else ~/.cache/gafcheck) and read from there.

usage: sarif_schema.py   prints the cached schema's path (fetching it first if needed); exit 1
                         with the reason when it is not cached and cannot be fetched (offline,
                         no npm).
"""
import base64
import hashlib
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = '@microsoft/jest-sarif'
VERSION = '1.0.0-beta.0'
# dist.integrity of that version in the npm registry (`npm view @microsoft/jest-sarif@1.0.0-beta.0
# dist.integrity`): a different tarball is refused.
INTEGRITY = ('sha512-A1fOhPd6Ic5iDk4F9YPw1qNB4XF+7+IviR7xl8r2F6QzQkx5cpY9LsGk2rExiFIEcBbjpVnSmwWGBu'
             'kASkiQ9A==')
MEMBER = 'package/lib/schemas/sarif-2.1.0-rtm.5.json'


def npm_cache():
    """Where the tests keep what they fetch from npm (the SARIF Multitool too)."""
    if os.environ.get('GAFCHECK_CACHE_DIR'):
        base = pathlib.Path(os.environ['GAFCHECK_CACHE_DIR'])
    elif os.environ.get('XDG_CACHE_HOME'):
        base = pathlib.Path(os.environ['XDG_CACHE_HOME']) / 'gafcheck'
    else:
        base = pathlib.Path.home() / '.cache' / 'gafcheck'
    return base / 'npm'


def cache_dir():
    return npm_cache() / f'jest-sarif-{VERSION}'


def _integrity(data):
    return 'sha512-' + base64.b64encode(hashlib.sha512(data).digest()).decode()


def _fetch(target):
    npm = shutil.which('npm')
    if not npm:
        raise RuntimeError('npm is not installed')
    with tempfile.TemporaryDirectory(prefix='gafcheck-npm-') as work:
        done = subprocess.run([npm, 'pack', f'{PACKAGE}@{VERSION}', '--pack-destination', work,
                               '--silent'], capture_output=True, text=True, timeout=120,
                              cwd=work)
        tarballs = list(pathlib.Path(work).glob('*.tgz'))
        if done.returncode != 0 or len(tarballs) != 1:
            raise RuntimeError(f'npm pack {PACKAGE}@{VERSION} failed: '
                               f'{(done.stderr or done.stdout).strip()[-400:]}')
        data = tarballs[0].read_bytes()
    if _integrity(data) != INTEGRITY:
        raise RuntimeError(f'{PACKAGE}@{VERSION}: tarball integrity {_integrity(data)} is not the '
                           f'pinned {INTEGRITY}')
    with tarfile.open(fileobj=io.BytesIO(data), mode='r:gz') as archive:
        schema = archive.extractfile(MEMBER).read()
    json.loads(schema)  # a schema that does not parse is not cached
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix('.partial')
    partial.write_bytes(schema)
    partial.replace(target)


def schema_path():
    """The cached schema's path, fetched if needed; raises RuntimeError saying why not."""
    target = cache_dir() / pathlib.PurePosixPath(MEMBER).name
    if not target.is_file():
        _fetch(target)
    return target


def load_validator():
    """A jsonschema validator for the schema's own draft (the SARIF schema declares draft-04)."""
    import jsonschema
    schema = json.loads(schema_path().read_text())
    validator = jsonschema.validators.validator_for(schema)
    if schema.get('$schema', '').rstrip('#') != 'http://json-schema.org/draft-04/schema':
        raise RuntimeError(f'unexpected schema draft {schema.get("$schema")}')
    validator.check_schema(schema)
    return validator(schema)


if __name__ == '__main__':
    try:
        print(schema_path())
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        print(f'sarif_schema: {error}', file=sys.stderr)
        sys.exit(1)
