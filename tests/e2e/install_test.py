"""meson install end to end: installed into a DESTDIR, gafcheck installs its binary,
gafcheck(1) and one page per command, the bash and zsh completions and the report schemas,
nothing else; the
installed binary checks the corpus and reports its versions; every page renders without a
warning and lists every option its command's --help does; the bash completion completes
commands, options, option values, rule ids and input files in a non-interactive bash (and the zsh
one in zsh, when zsh is installed).
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

import pytest

from conftest import BUILD, ROOT

SEEDS = ROOT / 'corpus' / 'seed'
DESTDIR = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-install-'))
atexit.register(shutil.rmtree, DESTDIR, ignore_errors=True)


def run(*args, code=None, env=None, timeout=120, **kwargs):
    result = subprocess.run(list(map(str, args)), capture_output=True, text=True, timeout=timeout,
                            stdin=subprocess.DEVNULL, env=env, **kwargs)
    if code is not None:
        assert result.returncode == code, (
            f'{args}: exit {result.returncode}, wanted {code}\n'
            f'stdout: {result.stdout[-2000:]}\nstderr: {result.stderr[-2000:]}')
    return result


meson = shutil.which('meson')
run(meson, 'install', '-C', BUILD, '--destdir', DESTDIR, '--no-rebuild', '--quiet', code=0)
INSTALLED = sorted(p for p in DESTDIR.rglob('*') if p.is_file() or p.is_symlink())


def installed(pattern):
    found = [p for p in INSTALLED if re.search(pattern, p.as_posix())]
    assert len(found) == 1, f'{pattern}: {found}'
    return found[0]


GAFCHECK = installed(r'/bin/gafcheck$')
CLI = json.loads(run(GAFCHECK, '--dump-cli', code=0).stdout)
COMMANDS = [command['name'] for command in CLI['commands']]
PAGES = {p.name: p for p in INSTALLED if p.parent.name == 'man1'}
BASH = installed(r'/completions/gafcheck$')
ZSH = installed(r'/_gafcheck$')
SCHEMAS = {p.name: p for p in INSTALLED if p.parent.name == 'schema'}


def test_installs_the_binary_pages_and_completions_only():
    expected = {GAFCHECK, BASH, ZSH, *PAGES.values(), *SCHEMAS.values()}
    assert set(INSTALLED) == expected, sorted(set(INSTALLED) - expected)
    assert GAFCHECK.parent.name == 'bin' and os.access(GAFCHECK, os.X_OK)
    assert ZSH.parent.name == 'site-functions', ZSH
    assert BASH.parent.as_posix().endswith('share/bash-completion/completions'), BASH


def test_installs_every_report_schema_under_share_gafcheck_schema():
    sources = sorted((ROOT / 'reports' / 'schema').glob('*.schema.json'))
    assert sorted(SCHEMAS) == [source.name for source in sources]
    for source in sources:
        installed_schema = SCHEMAS[source.name]
        assert installed_schema.parent.as_posix().endswith('/share/gafcheck/schema'), installed_schema
        assert installed_schema.read_bytes() == source.read_bytes(), source.name
    # Control: what a site validates a report with is the schema of its version.
    assert json.loads(SCHEMAS['header.schema.json'].read_text())['properties'][
        'schema_version']['const'] == 2


def test_installed_binary_checks_the_corpus():
    clean = run(GAFCHECK, 'check', '-q', SEEDS / 'clean-rle.gaf', code=0).stdout
    assert 'verdict: clean' in clean, clean
    census = run(GAFCHECK, 'census', '-q', '--format', 'json', '-o', '-', SEEDS, code=1).stdout
    documents = [json.loads(line) for line in census.splitlines()]
    rules = {finding['rule'] for document in documents if document.get('kind') == 'file'
             for finding in document.get('findings', [])}
    assert {'composite.cycle', 'entry.alias', 'rle.short-row'} <= rules, sorted(rules)
    assert documents[-1]['kind'] == 'summary', documents[-1]


def test_version_names_the_catalogue_build_and_libraries():
    text = run(GAFCHECK, '--version', code=0).stdout
    assert text.startswith('gafcheck ' + CLI['version'] + '\n'), text
    catalogue = hashlib.sha256((ROOT / 'rules' / 'catalog.yaml').read_bytes()).hexdigest()
    assert f'catalogue sha256: {catalogue}\n' in text, text
    assert re.search(r'^build type: \w+$', text, re.M) and re.search(r'^sanitizers: ', text, re.M)
    for library in ('boost', 'yaml-cpp', 'nlohmann-json', 'zlib', 'libdeflate', 'libpng',
                    'giflib', 'libseccomp', 'openssl', 'jemalloc'):
        assert re.search(rf'^  {library} +\S', text, re.M), (library, text)
    assert re.search(r'^  zlib +\d+\.\d+', text, re.M), text


def test_every_command_has_a_page():
    wanted = {'gafcheck.1'} | {f'gafcheck-{name}.1' for name in COMMANDS}
    missing = wanted - set(PAGES)
    assert not missing, (f'no man page for {sorted(missing)}: add the command to man_commands '
                         'in validator/cli/install/meson.build')
    assert set(PAGES) == wanted, sorted(set(PAGES) - wanted)
    usage = run(GAFCHECK, '--help', code=0).stdout
    for name in COMMANDS:
        assert re.search(rf'^  {name}\b', usage, re.M), f'{name} is not in gafcheck --help'


def render(page, width=80):
    env = dict(os.environ, MANWIDTH=str(width), MAN_KEEP_FORMATTING='', LC_ALL='C.UTF-8')
    result = run('man', '--warnings', '-l', page, env=env)
    return result.returncode, result.stdout, result.stderr


def plain(text):
    return re.sub(r'.\x08', '', text)


def test_every_page_renders_without_warnings():
    if not shutil.which('man'):
        pytest.skip('man is not installed (scripts/bootstrap installs man-db)')
    for name, page in sorted(PAGES.items()):
        code, out, err = render(page)
        assert code == 0 and err == '', (name, code, err)
        lines = plain(out).splitlines()
        assert len(lines) > 10, (name, out)
        too_wide = [line for line in lines if len(line) > 80]
        assert not too_wide, (name, too_wide)


def help_options(command):
    """Every option name the command's --help shows (Boost.Program_options' first column)."""
    text = run(GAFCHECK, command, '--help', code=0).stdout
    names = set()
    for line in text.splitlines():
        match = re.match(r'  (-\w)? ?(\[ )?(--[\w-]+)?', line)
        if match and (match.group(1) or match.group(3)):
            names |= {n for n in (match.group(1), match.group(3)) if n}
    return names


def test_every_option_is_on_its_page():
    if not shutil.which('man'):
        pytest.skip('man is not installed')
    for command in COMMANDS:
        options = help_options(command)
        described = {o['long'] for c in CLI['commands'] if c['name'] == command
                     for o in c['options']}
        assert {'--' + name for name in described} <= options, (command, described, options)
        assert '--help' in options and len(options) >= 2, (command, options)
        _, out, _ = render(PAGES[f'gafcheck-{command}.1'], width=1000)
        text = plain(out)
        missing = [name for name in options
                   if not re.search(r'(^|[\s,])' + re.escape(name) + r'([\s,=]|$)', text, re.M)]
        assert not missing, f'gafcheck-{command}(1) lacks {missing}'


def bash_complete(*words):
    """COMPREPLY for the command line `words`, the cursor at the end of the last word."""
    script = (f'source {BASH}\n'
              'COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))\n'
              'COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}\n'
              '_gafcheck gafcheck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"\n'
              'printf "%s\\n" "${COMPREPLY[@]}"\n')
    result = run('bash', '--norc', '--noprofile', '-c', script, 'bash', 'gafcheck', *words,
                 code=0, cwd=ROOT)
    return [line for line in result.stdout.splitlines() if line]


RULE_IDS = run(GAFCHECK, 'rules', '--ids', code=0).stdout.split()


def test_bash_completes_commands_and_rule_ids():
    assert bash_complete('ch') == ['check'], bash_complete('ch')
    assert set(bash_complete('')) >= set(COMMANDS) | {'--version'}
    rle = [rule for rule in RULE_IDS if rule.startswith('rle.')]
    assert len(rle) >= 3 and sorted(bash_complete('explain', 'rle.')) == sorted(rle)
    assert bash_complete('explain', 'no-such.') == []


def test_bash_completes_options_and_their_values():
    assert bash_complete('check', '--fail') == ['--fail-on']
    assert bash_complete('check', '--fail-on', 'w') == ['warning']
    assert sorted(bash_complete('check', '--game', '')) == ['ta', 'ta3d', 'tak']
    assert sorted(bash_complete('render', '--game', '')) == ['ta', 'ta3d', 'tak']
    assert bash_complete('check', '--game', '=', 'ta3') == ['ta3d']  # --game=ta3 as readline splits it
    assert sorted(bash_complete('check', '--format', '')) == sorted(CLI['formats'])
    assert sorted(bash_complete('diff', '--format', '')) == ['html', 'json', 'text', 'yaml']
    assert bash_complete('census', '--resume-verify', 'h') == ['hash']
    assert 'entry.alias' in bash_complete('check', '--rule', 'entry.al')
    assert sorted(bash_complete('check', '--rule', 'entry.alias', '=', '')) == [
        'error', 'info', 'off', 'warning']
    assert bash_complete('check', '--max-pixels', '') == []


def test_bash_completes_the_files_gafcheck_reads():
    seeds = bash_complete('check', 'corpus/seed/clean-')
    assert 'corpus/seed/clean-rle.gaf' in seeds and 'corpus/seed/clean-hpi-v1.hpi' in seeds, seeds
    assert 'corpus/seed/clean-taf-argb1555.taf' in seeds, seeds
    others = bash_complete('check', 'corpus/')
    assert 'corpus/seed' in others, others
    assert not [f for f in others if f.endswith(('.py', '.md', '.build'))], others
    assert 'corpus/README.md' in bash_complete('diff', 'corpus/RE') or not (
        ROOT / 'corpus' / 'README.md').exists()


def test_completion_values_are_ones_the_binary_takes():
    for option in next(c for c in CLI['commands'] if c['name'] == 'check')['options']:
        for choice in option['choices']:
            args = ['check', '-q', f"--{option['long']}={choice}"]
            args += ['-o', '/dev/null'] if option['long'] == 'format' else []
            result = run(GAFCHECK, *args, SEEDS / 'clean-rle.gaf')
            assert result.returncode in (0, 1), (option['long'], choice, result.stderr)


# An interactive zsh on a pseudo-terminal (zsh/zpty) with the installed completion on its fpath:
# each case types a line and TAB, and waits (no timeout but the test's) until the completed text
# appears.
ZSH_DRIVER = r"""
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z "PS1='RE''ADY> '; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D; cd $2"
zpty -r z out '*READY> *' || exit 3
shift 2
while (( $# )); do
  zpty -w -n z $'\C-u'"$1"$'\t'
  zpty -r z out "*${(b)2}*" || exit 4
  print -r -- "completed: $2"
  shift 2
done
zpty -d z
"""


def test_zsh_completion_completes():
    if not shutil.which('zsh'):
        pytest.skip('zsh is not installed: the zsh completion is only generated')
    run('zsh', '-n', ZSH, code=0)
    # (a completed word's suffix, the space or '=', is drawn highlighted, so no case expects it)
    cases = [('gafcheck ch', 'gafcheck check'),
             ('gafcheck explain rle.short-r', 'explain rle.short-row'),
             ('gafcheck check --fail-o', '--fail-on'),
             ('gafcheck check --game=ta3', '--game=ta3d'),
             ('gafcheck check --rule entry.ali', '--rule entry.alias'),
             ('gafcheck check --rule entry.alias=war', 'entry.alias=warning'),
             ('gafcheck check corpus/seed/clean-taf-argb15', 'clean-taf-argb1555.taf')]
    result = run('zsh', '-f', '-c', ZSH_DRIVER, 'zsh', ZSH.parent, ROOT,
                 *[word for case in cases for word in case], code=0)
    assert result.stdout.count('completed: ') == len(cases), result.stdout

