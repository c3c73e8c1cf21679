#!/usr/bin/env python3
"""Microsoft's SARIF Multitool, the validator behind GitHub code scanning's SARIF rules: the npm
package @microsoft/sarif-multitool-linux (pinned below; a self-contained .NET program, no node
needed to run it) installed with `npm install` once into a project-local cache directory
($GAFCHECK_CACHE_DIR, else $XDG_CACHE_HOME/gafcheck, else ~/.cache/gafcheck), never globally.
scripts/bootstrap --test installs it; a test that cannot find or install it is skipped with the
reason.

usage: sarif_multitool.py   installs it if needed and prints the program's path; exit 1 with the
                            reason when it cannot be installed (offline, no npm).
"""
import os
import pathlib
import shutil
import subprocess
import sys

import sarif_schema

PACKAGE = '@microsoft/sarif-multitool-linux'
VERSION = '5.7.0'
# The rules GitHub applies to an upload, as well as the SARIF specification's own.
RULE_KINDS = 'Sarif;Gh;Ghas'


def install_dir():
    return sarif_schema.npm_cache() / f'sarif-multitool-{VERSION}'


def _program(prefix):
    return prefix / 'node_modules' / '@microsoft' / 'sarif-multitool-linux' / 'Sarif.Multitool'


def _install(prefix):
    npm = shutil.which('npm')
    if not npm:
        raise RuntimeError('npm is not installed')
    prefix.mkdir(parents=True, exist_ok=True)
    # --ignore-scripts: the package's only script makes the program executable, done below.
    done = subprocess.run([npm, 'install', '--prefix', str(prefix), '--no-save', '--no-audit',
                           '--no-fund', '--ignore-scripts', '--silent', f'{PACKAGE}@{VERSION}'],
                          capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not _program(prefix).is_file():
        raise RuntimeError(f'npm install {PACKAGE}@{VERSION} failed: '
                           f'{(done.stderr or done.stdout).strip()[-400:]}')


def program_path():
    """The Multitool's path, installed if needed; raises RuntimeError saying why not."""
    prefix = install_dir()
    program = _program(prefix)
    if not program.is_file():
        _install(prefix)
    program.chmod(program.stat().st_mode | 0o100)
    return program


def validate(sarif_path, output_path):
    """Runs `validate --rule-kind Sarif;Gh;Ghas` on one log; returns (exit code, the results it
    wrote as a SARIF log of its own, its console output)."""
    import json
    output = pathlib.Path(output_path)
    output.unlink(missing_ok=True)  # the Multitool refuses to overwrite its output
    done = subprocess.run([str(program_path()), 'validate', '--rule-kind', RULE_KINDS, '--level',
                           'Error;Warning', '--output', str(output), str(sarif_path)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, 'DOTNET_CLI_TELEMETRY_OPTOUT': '1'})
    log = json.loads(output.read_text(encoding='utf-8-sig'))
    return done.returncode, log, done.stdout + done.stderr


if __name__ == '__main__':
    try:
        print(program_path())
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        sys.exit(f'sarif_multitool: {error}')  # on standard error, exit 1
