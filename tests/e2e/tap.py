"""A minimal TAP producer for the Python test scripts that meson runs with protocol 'tap'."""
import sys
import traceback

_tests = []


class Skip(Exception):
    """Raised by a test that cannot run here (e.g. offline); reported as a TAP SKIP."""


def test(function):
    _tests.append(function)
    return function


def run():
    print(f'1..{len(_tests)}', flush=True)
    failed = 0
    for number, function in enumerate(_tests, 1):
        name = function.__name__
        try:
            function()
            print(f'ok {number} - {name}', flush=True)
        except Skip as reason:
            print(f'ok {number} - {name} # SKIP {reason}', flush=True)
        except Exception:  # a failed assertion or an unexpected error both fail the test
            failed += 1
            print(f'not ok {number} - {name}', flush=True)
            for line in traceback.format_exc().splitlines():
                print(f'# {line}', flush=True)
    sys.exit(1 if failed else 0)
