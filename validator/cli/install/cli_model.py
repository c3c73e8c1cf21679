"""Reads `gafcheck --dump-cli` (validator/cli/cli_description.hpp) for the man page and shell
completion generators: the commands, the option groups as --help prints them, and the main usage
text split into its parts."""
import json
import re


def load(path):
    with open(path, encoding='utf-8') as stream:
        return json.load(stream)


def command(cli, name):
    for described in cli['commands']:
        if described['name'] == name:
            return described
    raise SystemExit(f'gafcheck --dump-cli describes no command {name!r}')


def option_groups(described):
    """[(caption, [option, ...])] in --help order. Boost.Program_options keeps group captions
    private, so they are read back from the printed help: a group prints a blank line, its
    caption and ':', then its options, each on a line starting with two spaces and its names."""
    text = '\n' + described['help']
    groups = []
    position = 0
    for option in described['options']:
        needle = '\n  ' + option['display']
        at = text.find(needle, position)
        while at >= 0 and text[at + len(needle):at + len(needle) + 1] not in (' ', '\n'):
            at = text.find(needle, at + 1)
        if at < 0:
            raise SystemExit(f"{described['name']}: option {option['display']!r} not in its help")
        between = text[position:at]
        caption = None
        if not groups:
            caption = between.strip('\n')
        elif '\n\n' in between:
            caption = between[between.index('\n\n') + 2:].strip('\n')
        if caption is not None:
            groups.append([caption[:-1] if caption.endswith(':') else caption, []])
        groups[-1][1].append(option)
        position = at + 1
    return [(caption, options) for caption, options in groups]


def split_usage(caption):
    """The first group's caption is 'Usage: ...' lines, the description, and a last short
    paragraph that titles the options ('Options'): (synopsis lines, description, title)."""
    lines = caption.split('\n')
    synopsis = []
    while lines and (lines[0].startswith('Usage: ') or (synopsis and lines[0].startswith(' '))):
        synopsis.append(lines.pop(0).replace('Usage: ', '', 1).strip())
    paragraphs = re.split(r'\n\s*\n', '\n'.join(lines).strip('\n'))
    title = 'Options'
    if paragraphs and '\n' not in paragraphs[-1] and len(paragraphs[-1]) < 40:
        title = paragraphs.pop()
    return synopsis, '\n\n'.join(paragraphs), title


def command_summaries(usage):
    """{name: (synopsis, summary)} from the main usage's 'Commands:' list."""
    summaries = {}
    in_list = False
    current = None
    for line in usage.split('\n'):
        if line == 'Commands:':
            in_list = True
            continue
        if not in_list:
            continue
        if not line.strip():
            if summaries:
                break
            continue
        if re.match(r'  \S', line):
            synopsis, _, summary = re.split(r'( {2,}|$)', line.strip(), maxsplit=1)
            current = synopsis.split()[0]
            summaries[current] = [synopsis, summary.strip()]
        elif current:
            summaries[current][1] = (summaries[current][1] + ' ' + line.strip()).strip()
    return {name: tuple(value) for name, value in summaries.items()}


def usage_sections(usage):
    """The main usage without its 'Usage:' line and 'Commands:' list: (intro, after)."""
    before, _, rest = usage.partition('Commands:\n')
    intro = '\n'.join(line for line in before.split('\n') if not line.startswith('Usage: '))
    after = rest.split('\n\n', 1)[1] if '\n\n' in rest else ''
    return intro.strip('\n'), after.strip('\n')
