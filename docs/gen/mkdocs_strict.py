#!/usr/bin/env python3
"""Builds the manual with `mkdocs build --strict` into a scratch directory, so a broken link, a
page missing from the nav or a bad configuration fails. Exit 77 (meson's skip) when mkdocs is not
installed (Debian's package `mkdocs`).

usage: mkdocs_strict.py MKDOCS_YML SITE_DIR"""
import shutil
import subprocess
import sys


def main():
    config, site = sys.argv[1:3]
    mkdocs = shutil.which('mkdocs')
    if mkdocs is None:
        print('SKIP: mkdocs is not installed (apt-get install mkdocs)')
        return 77
    result = subprocess.run([mkdocs, 'build', '--strict', '--config-file', config,
                             '--site-dir', site], check=False)
    return result.returncode


sys.exit(main())
