"""Writes gafcheck's bash or zsh completion from `gafcheck --dump-cli`: the commands, each
command's options (from the tables it parses with), the values of options with a fixed list
(--format, --game, --fail-on, ...), the rule ids (explain, --rule RULE=LEVEL) and the file
extensions the detector knows.

usage: completions.py CLI.json bash|zsh OUTPUT"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_model  # noqa: E402

# What a command's arguments are: input files (the detector's extensions, and directories) unless
# named here.
POSITIONAL = {'explain': 'rule', 'rules': 'none', 'merge': 'file', 'diff': 'file',
              'config': 'file'}
FILE_VALUES = {'FILE', 'REPORT', 'LIST', 'PALETTE', 'arg'}
RULE_LEVELS = ['off', 'info', 'warning', 'error']


def value_kind(option):
    if option['value'] is None:
        return 'none'
    if option['choices']:
        return 'choices'
    if option['value'] in FILE_VALUES:
        return 'file'
    if option['value'] == 'DIR':
        return 'dir'
    if option['value'] == 'RULE=LEVEL':
        return 'rule-level'
    return 'free'


def names(option):
    return (['-' + option['short']] if option['short'] else []) + ['--' + option['long']]


def quote(word):
    return "'" + word.replace("'", "'\\''") + "'"


def bash(cli):
    commands = [c['name'] for c in cli['commands']]
    extensions = '|'.join('*.' + e for e in cli['extensions'])
    out = ['# bash completion for gafcheck, generated from `gafcheck --dump-cli` '
           '(validator/cli/install/completions.py)',
           '_gafcheck_rules=' + quote(' '.join(cli['rules'])),
           '',
           '_gafcheck_files() {',
           '  local f',
           '  compopt -o filenames 2>/dev/null',
           '  while IFS= read -r f; do COMPREPLY+=("$f"); done < <(compgen -d -- "$1")',
           '  while IFS= read -r f; do',
           '    [[ -d $f ]] && continue',
           '    if [[ $2 == inputs ]]; then',
           '      case ${f,,} in ' + extensions + ') ;; *) continue ;; esac',
           '    fi',
           '    COMPREPLY+=("$f")',
           '  done < <(compgen -f -- "$1")',
           '}',
           '',
           '_gafcheck() {',
           '  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}',
           '  local before=${COMP_WORDS[COMP_CWORD-2]} option="" value',
           '  COMPREPLY=()',
           '  if (( COMP_CWORD == 1 )); then',
           '    COMPREPLY=($(compgen -W ' + quote(' '.join(commands + ['--help', '--version']))
           + ' -- "$cur"))',
           '    return',
           '  fi',
           '  local command=${COMP_WORDS[1]}',
           '  # --option VALUE, and --option=VALUE (readline splits it at the =)',
           '  value=$cur',
           '  if [[ $cur == = ]]; then option=$prev; value=""',
           '  elif [[ $prev == = ]]; then option=$before',
           '  elif [[ $prev == -* ]]; then option=$prev',
           '  fi',
           '  # --rule RULE=LEVEL: the rule ids, then after the = the levels',
           '  if [[ $option == --rule ]]; then',
           '    COMPREPLY=($(compgen -W "$_gafcheck_rules" -- "$value"))',
           '    compopt -o nospace 2>/dev/null',
           '    return',
           '  fi',
           '  if [[ ( $cur == = && $before == --rule ) ||'
           ' ( $prev == = && ${COMP_WORDS[COMP_CWORD-3]} == --rule ) ]]; then',
           '    COMPREPLY=($(compgen -W ' + quote(' '.join(RULE_LEVELS)) + ' -- "$value"))',
           '    return',
           '  fi',
           '  case "$command $option" in']
    for described in cli['commands']:
        name = described['name']
        for option in described['options']:
            kind = value_kind(option)
            if kind in ('none', 'free', 'rule-level'):
                continue
            patterns = '|'.join(quote(name + ' ' + n) for n in names(option))
            if kind == 'choices':
                action = 'COMPREPLY=($(compgen -W ' + quote(' '.join(option['choices'])) + \
                         ' -- "$value"))'
            elif kind == 'dir':
                action = 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$value"))'
            else:
                action = '_gafcheck_files "$value" all'
            out.append(f'    {patterns}) {action}; return ;;')
    out.append('  esac')
    out.append('  case "$command" in')
    for described in cli['commands']:
        name = described['name']
        takes = [n for o in described['options'] if value_kind(o) not in ('none',)
                 for n in names(o)]
        out.append(f'    {quote(name)})')
        if takes:
            out.append('      case $prev in ' + '|'.join(takes) + ') return ;; esac')
        words = ' '.join(n for o in described['options'] for n in names(o))
        out.append('      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W ' + quote(words) +
                   ' -- "$cur")); return; fi')
        positional = POSITIONAL.get(name, 'inputs')
        if positional == 'rule':
            out.append('      COMPREPLY=($(compgen -W "$_gafcheck_rules" -- "$cur"))')
        elif positional in ('file', 'inputs'):
            out.append(f'      _gafcheck_files "$cur" {"all" if positional == "file" else "inputs"}')
        out.append('      ;;')
    out += ['  esac', '}', '', 'complete -F _gafcheck gafcheck']
    return out


def zsh_text(text):
    """An option description for _arguments: the first sentence, its brackets and colons
    escaped."""
    text = re.split(r'(?<=[a-z)])[.;:] |\n|, e\.g\.', text, maxsplit=1)[0]
    if len(text) > 72:
        text = text[:69].rsplit(' ', 1)[0] + '...'
    return text.replace('\\', '\\\\').replace('[', '\\[').replace(']', '\\]').replace(':', '\\:')


def zsh_spec(option):
    kind = value_kind(option)
    description = '[' + zsh_text(option['description']) + ']'
    suffix = ''
    if kind != 'none':
        message = option['value'].lower().replace(':', ' ')
        action = {'choices': '(' + ' '.join(option['choices']) + ')', 'file': '_files',
                  'dir': '_files -/', 'rule-level': '_gafcheck_rule_levels',
                  'free': ' '}[kind]
        suffix = ':' + message + ':' + action
    specs = []
    for name in names(option):
        marker = '' if kind == 'none' else ('+' if len(name) == 2 else '=')
        prefix = '*' if option['repeatable'] else ''
        exclusion = '' if option['repeatable'] or len(names(option)) == 1 else \
            '(' + ' '.join(names(option)) + ')'
        specs.append(quote(exclusion + prefix + name + marker + description + suffix))
    return specs


def zsh(cli):
    out = ['#compdef gafcheck',
           '# zsh completion for gafcheck, generated from `gafcheck --dump-cli` '
           '(validator/cli/install/completions.py)',
           '',
           '_gafcheck_rule_ids() {',
           '  local -a rules=(' + ' '.join(cli['rules']) + ')',
           "  compadd -a rules",
           '}',
           '',
           '_gafcheck_rule_levels() {',
           "  if compset -P '*='; then",
           '    compadd -- ' + ' '.join(RULE_LEVELS),
           '  else',
           '    local -a rules=(' + ' '.join(cli['rules']) + ')',
           "    compadd -S '=' -a rules",
           '  fi',
           '}',
           '',
           '_gafcheck_inputs() {',
           "  _files -g '*.(#i)(" + '|'.join(cli['extensions']) + ")(-.)'",
           '}',
           '',
           '_gafcheck() {',
           '  local -a subcommands=(']
    summaries = cli_model.command_summaries(cli['usage'])
    for described in cli['commands']:
        summary = summaries.get(described['name'], ('', ''))[1]
        out.append('    ' + quote(described['name'] + ':' + zsh_text(summary)))
    out += ['  )',
            '  if (( CURRENT == 2 )); then',
            "    _describe -t commands 'gafcheck command' subcommands",
            '    return',
            '  fi',
            '  local command=$words[2]',
            '  shift words',
            '  (( CURRENT-- ))',
            '  case $command in']
    for described in cli['commands']:
        name = described['name']
        positional = {'rule': "'1:rule id:_gafcheck_rule_ids'", 'none': '',
                      'file': "'*:file:_files'",
                      'inputs': "'*:input:_gafcheck_inputs'"}[POSITIONAL.get(name, 'inputs')]
        specs = [spec for option in described['options'] for spec in zsh_spec(option)]
        if positional:
            specs.append(positional)
        out.append(f'    {quote(name)})')
        out.append('      _arguments -s \\')
        out += ['        ' + spec + ' \\' for spec in specs[:-1]]
        out.append('        ' + specs[-1])
        out.append('      ;;')
    out += ['  esac', '}', '', '_gafcheck "$@"']
    return out


def main():
    cli = cli_model.load(sys.argv[1])
    lines = bash(cli) if sys.argv[2] == 'bash' else zsh(cli)
    with open(sys.argv[3], 'w', encoding='utf-8') as output:
        output.write('\n'.join(lines) + '\n')


main()
