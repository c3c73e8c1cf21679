"""gafcheck at a terminal: check and census write the text format to a terminal (a verdict with
its reason per file, one line per finding, a summary with plurals), coloured unless NO_COLOR or
--color never says otherwise, and the YAML report to a pipe or a file; usage errors offer the
nearest option, rule id, profile or configuration key ("did you mean") and exit 2.
"""
import os
import subprocess

import yaml

from conftest import GAFCHECK, SEEDS, scratch_directory
from terminal_output import read_until_closed

ESCAPE = '\x1b['
CYCLE = SEEDS / 'composite.cycle.gaf'


def on_terminal(*args, env=None, cwd=None, stderr_too=False):
    """Runs gafcheck ARGS with standard output (and with STDERR_TOO standard error) on a
    pseudo-terminal: (exit code, what the terminal showed with CR LF as LF, standard error)."""
    controller, terminal = os.openpty()
    environment = dict(os.environ)
    environment.pop('NO_COLOR', None)
    environment.update(env or {})
    with subprocess.Popen([GAFCHECK, *map(str, args)], stdout=terminal,
                          stderr=terminal if stderr_too else subprocess.PIPE,
                          stdin=subprocess.DEVNULL, env=environment, cwd=cwd) as process:
        os.close(terminal)
        shown = read_until_closed(controller)
        stderr = b'' if stderr_too else process.stderr.read()
        code = process.wait(timeout=120)
    os.close(controller)
    return code, shown.decode().replace('\r\n', '\n'), stderr.decode()


def piped(*args, env=None, cwd=None):
    environment = dict(os.environ)
    environment.pop('NO_COLOR', None)
    environment.update(env or {})
    return subprocess.run([GAFCHECK, *map(str, args)], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=environment, cwd=cwd, timeout=120)


def test_a_terminal_gets_the_text_format_with_colour():
    code, shown, stderr = on_terminal('check', CYCLE)
    assert code == 1, stderr
    assert 'kind: header' not in shown and 'budgets:' not in shown, shown
    assert ESCAPE in shown, 'a terminal gets colour'
    plain = strip_colour(shown)
    lines = plain.splitlines()
    # The reason is the first error's message.
    assert lines[0] == (f'ERROR    {CYCLE}: frame header at 0x40 is reached 2 times '
                        '(entry[0]/frame[0], entry[0]/frame[0]/layer[1]); the game rebases its '
                        'data pointer each time'), plain
    assert ('  error   composite.cycle  offset 0x74 entry[0]/frame[0]/layer[1]: subframe pointer '
            'leads back to an ancestor: 0x40 -> 0x40') in plain, plain
    assert lines[-1].startswith('1 file checked: 1 with errors; '), plain
    assert lines[-1].endswith('; exit 1'), plain
    assert stderr == '', 'the text says what the verdict lines would: they are not repeated'


def test_no_color_and_color_never_leave_the_terminal_plain():
    for env, extra in (({'NO_COLOR': '1'}, []), ({}, ['--color', 'never'])):
        code, shown, _ = on_terminal('check', *extra, CYCLE, env=env)
        assert code == 1 and ESCAPE not in shown, (env, extra, shown)
        assert 'composite.cycle  offset 0x74' in shown
    # The control: an empty NO_COLOR is unset, and --color always wins over NO_COLOR.
    assert ESCAPE in on_terminal('check', CYCLE, env={'NO_COLOR': ''})[1]
    assert ESCAPE in on_terminal('check', '--color', 'always', CYCLE, env={'NO_COLOR': '1'})[1]


def test_a_pipe_and_a_file_get_yaml_without_colour():
    result = piped('check', CYCLE)
    assert result.returncode == 1
    docs = list(yaml.safe_load_all(result.stdout))
    assert [doc['kind'] for doc in docs] == ['header', 'file', 'summary']
    assert ESCAPE not in result.stdout and ESCAPE not in result.stderr
    # A format or -o chosen on a terminal is kept; a file never gets colour.
    code, shown, _ = on_terminal('check', '--format', 'yaml', CYCLE)
    assert code == 1 and shown.startswith('---\nkind: header'), shown
    out = scratch_directory('terminal') / 'r.txt'
    code, shown, _ = on_terminal('check', '--format', 'text', '-o', out, '--color', 'always',
                                 CYCLE)
    assert code == 1 and shown == ''
    assert ESCAPE not in out.read_text() and 'composite.cycle' in out.read_text()
    # --format text on a pipe: the same lines, plain.
    text = piped('check', '--format', 'text', CYCLE).stdout
    assert 'composite.cycle  offset 0x74 entry[0]/frame[0]/layer[1]' in text and ESCAPE not in text


def test_an_unreadable_file_says_why():
    missing = '/nonexistent/x.gaf'
    code, shown, _ = on_terminal('check', '--color', 'never', missing)
    assert code == 3
    assert shown.splitlines()[0] == f'REJECTED {missing}: cannot open: No such file or directory'
    assert shown.splitlines()[-1] == '1 file checked: 1 rejected; 1 error, 0 warnings, 0 info; exit 3'
    # The verdict line on standard error says why too, with singular counts.
    stderr = piped('check', missing).stderr
    assert (f'REJECTED {missing}: cannot open: No such file or directory (1 error, 0 warnings, '
            '0 info; retail: unknown)') in stderr, stderr
    code, shown, stderr = on_terminal('census', '--color', 'never', missing)
    assert code == 3
    assert f'REJECTED {missing}: cannot open: No such file or directory' in shown, shown
    assert 'census: 1 file checked (0 other files)' in stderr, stderr
    # On a pipe, the census's closing line names the unreadable input and why.
    stderr = piped('census', missing).stderr
    assert stderr.endswith('census: 1 file checked (0 other files); unreadable: '
                           f'{missing}: cannot open: No such file or directory; exit 3\n'), stderr


def test_census_draws_no_progress_through_the_text():
    code, shown, _ = on_terminal('census', '--color', 'never', SEEDS, stderr_too=True)
    assert code == 1
    assert 'ETA' not in shown and '\r' not in shown and 'counting files' not in shown, shown
    assert f'ERROR    {CYCLE}: frame header at 0x40 is reached 2 times' in shown, shown
    assert '\ncensus: ' in shown, 'the closing line on standard error stays'
    # The control: with the YAML report in a file, the progress is drawn.
    out = scratch_directory('progress') / 'r.yaml'
    assert 'census: counting files...' in on_terminal('census', '-o', out, SEEDS,
                                                      stderr_too=True)[1]


def test_counts_for_people_are_plural_but_for_one():
    folder = scratch_directory('plurals')
    for name in ('a.gaf', 'b.gaf'):
        (folder / name).write_bytes(CYCLE.read_bytes())
    shown = on_terminal('check', '--color', 'never', folder)[1]
    assert shown.splitlines()[-1].startswith('2 files checked: 2 with errors; '), shown
    stderr = piped('census', '-o', folder.parent / 'plurals.yaml', folder).stderr
    assert 'census: 2 files checked (0 other files)' in stderr, stderr
    assert piped('check', SEEDS / 'clean-raw.gaf').stderr.endswith(
        ': 0 errors, 0 warnings, 0 info\n')


def usage_error(*args, cwd=None):
    result = piped(*args, cwd=cwd)
    assert result.returncode == 2, (args, result.stderr)
    return result.stderr


def test_unknown_names_offer_the_nearest_one():
    assert ("unknown option '--fial-on'; did you mean '--fail-on'?"
            in usage_error('check', '--fial-on', 'warning', CYCLE))
    assert ("unknown option '--formt'; did you mean '--format'?"
            in usage_error('census', '--formt', 'json', SEEDS))
    assert ("no rule 'entry.name-trailing' (gafcheck rules --brief lists them); did you mean "
            "'entry.name-trailing-bytes'?" in usage_error('explain', 'entry.name-trailing'))
    assert "did you mean 'hpi.slack'?" in usage_error('explain', 'slack')
    assert ("unknown rule id 'entry.aliass' (gafcheck rules --brief lists them); did you mean "
            "'entry.alias'?" in usage_error('check', '--rule', 'entry.aliass=off', CYCLE))
    assert ("--profile: unknown profile 'uplaod'" in usage_error('check', '--profile', 'uplaod',
                                                                 CYCLE))
    assert "did you mean 'upload'?" in usage_error('check', '--profile', 'uplaod', CYCLE)
    assert "unknown command 'chek'; did you mean 'check'?" in usage_error('chek', CYCLE)
    assert "not 'jsno'; did you mean 'json'?" in usage_error('check', '--format', 'jsno', CYCLE)


def test_configuration_mistakes_offer_the_nearest_name():
    folder = scratch_directory('near-config')
    (folder / 'x.gaf').write_bytes(CYCLE.read_bytes())
    config = folder / '.gafcheck.yaml'
    config.write_text('fial-on: warning\n')
    stderr = usage_error('check', '--config', config, folder / 'x.gaf')
    assert "unknown key 'fial-on'" in stderr and "did you mean 'fail-on'?" in stderr, stderr
    config.write_text('rules:\n  entry.name-trailing: off\n')
    stderr = usage_error('check', '--config', config, folder / 'x.gaf')
    assert "did you mean 'entry.name-trailing-bytes'?" in stderr, stderr
    config.write_text('extends: strcit\n')
    stderr = usage_error('check', '--config', config, folder / 'x.gaf')
    assert "unknown profile 'strcit'" in stderr and "did you mean 'strict'?" in stderr, stderr


def test_names_far_from_every_name_get_no_suggestion():
    stderr = usage_error('check', '--frobnicate', CYCLE)
    assert "unknown option '--frobnicate'" in stderr and 'did you mean' not in stderr, stderr
    assert 'did you mean' not in usage_error('explain', 'zzzzzz')
    assert 'did you mean' not in usage_error('check', '--profile', 'lenient', CYCLE)
    folder = scratch_directory('far-config')
    config = folder / '.gafcheck.yaml'
    config.write_text('password-1234567890: hunter2\n')
    stderr = usage_error('check', '--config', config, CYCLE)
    assert 'did you mean' not in stderr and 'hunter2' not in stderr, stderr


def strip_colour(text):
    out, i = '', 0
    while i < len(text):
        if text.startswith(ESCAPE, i):
            i = text.index('m', i) + 1
        else:
            out += text[i]
            i += 1
    return out
