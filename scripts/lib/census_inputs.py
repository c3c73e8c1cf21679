"""Whether `gafcheck census ARGS` names no input (no DIR, no --files-from), for the ./gafcheck
wrapper: the binary needs a DIR, and the wrapper's quick start then checks the bundled corpus.

The arguments are read against the options the binary itself describes (`gafcheck --dump-cli`),
so an option's value (`-o report.yaml`, `--jobs 2`) is never taken for a DIR.
Usage: census_inputs.py GAFCHECK ARG...  (exit 0: no input named; 1: a DIR, a list or --help).
"""
import json
import subprocess
import sys


def valued_options(description):
    """The long and the short names of census's options that take a value."""
    census = next(c for c in description['commands'] if c['name'] == 'census')
    valued = [option for option in census['options'] if option['value']]
    return ({option['long'] for option in valued},
            {option['short'] for option in valued if option['short']})


def names_no_input(arguments, long_names, short_names):
    """True when ARGUMENTS (census's, after the command) hold no DIR, --files-from or --help."""
    i = 0
    while i < len(arguments):
        argument = arguments[i]
        i += 1
        if argument == '--':
            return not arguments[i:]
        if argument in ('-h', '--help') or argument.startswith('--files-from'):
            return False
        if argument.startswith('--'):
            name = argument[2:]
            # boost takes a long option's unambiguous prefix too
            if '=' not in name and any(long == name or long.startswith(name)
                                       for long in long_names):
                i += 1
        elif argument.startswith('-') and len(argument) > 1:
            if len(argument) == 2 and argument[1] in short_names:
                i += 1
        else:
            return False
    return True


def main():
    description = json.loads(subprocess.run([sys.argv[1], '--dump-cli'], check=True,
                                            capture_output=True, text=True).stdout)
    return 0 if names_no_input(sys.argv[2:], *valued_options(description)) else 1


if __name__ == '__main__':
    sys.exit(main())
