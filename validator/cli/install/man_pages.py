"""Writes gafcheck(1) and one gafcheck-COMMAND(1) page per command, in roff, from
`gafcheck --dump-cli`: the usage texts and option tables the binary itself parses with.

usage: man_pages.py CLI.json OUTDIR COMMAND..."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_model  # noqa: E402


def escape(text):
    """Roff text: backslashes, hyphens as \\- (options stay copyable), non-ASCII as \\[uXXXX]."""
    text = text.replace('\\', '\\e').replace('-', '\\-')
    return ''.join(c if ord(c) < 128 else '\\[u%04X]' % ord(c) for c in text)


def text_line(text):
    line = escape(text.strip())
    return '\\&' + line if line[:1] in ('.', "'") else line


def item(text):
    """One indented line of a usage text (and its continuation lines) as a paragraph."""
    if text.startswith('gafcheck '):  # an example: its comment column does not fit a page
        text = re.sub(r' {2,}#', '  #', text)
    if text.startswith('- '):
        return ['.IP \\(bu 2', text_line(text[2:])]
    tagged = re.match(r'(\S+) {2,}(.*)', text, re.S)
    if tagged:
        return ['.TP', '\\fB' + escape(tagged.group(1)) + '\\fR', text_line(tagged.group(2))]
    return ['.IP "" 4', text_line(text)]


def split_lead_ins(text):
    """'Examples: gafcheck ...' with the next examples indented under the first: the lead-in on
    a line of its own, the first example indented like the others."""
    lines = text.split('\n')
    out = []
    for index, line in enumerate(lines):
        lead_in = re.match(r'([A-Z][\w ]*: )(\S.*)', line)
        following = lines[index + 1] if index + 1 < len(lines) else ''
        if lead_in and following.startswith(' ' * len(lead_in.group(1))) and \
                not following.startswith(' ' * (len(lead_in.group(1)) + 1)):
            out += [lead_in.group(1).strip(), ' ' * len(lead_in.group(1)) + lead_in.group(2)]
        else:
            out.append(line)
    return '\n'.join(out)


def prose(text):
    """A hard-wrapped usage text: paragraphs at blank lines; lines at the margin are filled,
    indented lines are list items whose deeper-indented lines continue them."""
    text = split_lead_ins(text)
    out = []
    for paragraph in re.split(r'\n\s*\n', text.strip('\n')):
        lines = paragraph.split('\n')
        out.append('.PP')
        index = 0
        while index < len(lines):
            line = lines[index]
            if not line.startswith(' '):
                out.append(text_line(line))
                index += 1
                continue
            indent = len(line) - len(line.lstrip())
            parts = [line.strip()]
            index += 1
            while index < len(lines) and len(lines[index]) - len(lines[index].lstrip()) > indent:
                parts.append(lines[index].strip())
                index += 1
            out += item(' '.join(parts))
            if index < len(lines) and not lines[index].startswith(' '):
                out.append('.PP')
    return out


def option_entry(option):
    names = []
    if option['short']:
        names.append('\\fB\\-' + escape(option['short']) + '\\fR')
    names.append('\\fB\\-\\-' + escape(option['long']) + '\\fR')
    head = ', '.join(names)
    if option['value'] is not None:
        head += ' \\fI' + escape(option['value']) + '\\fR'
    out = ['.TP', head]
    lines = option['description'].split('\n')
    out.append(text_line(lines[0]))
    default = option['default'] not in (None, '')
    if len(lines) > 1:  # a list of values ("  ta    Total Annihilation ..."), one per line
        out.append('.RS')
        for line in lines[1:]:
            out += item(line.strip().replace('\t', ' '))
        out.append('.RE')
        if default:
            out.append('.IP')
    if default:
        out.append('(default: ' + escape(option['default']) + ')')
    return out


def header(name, version):
    # left-adjusted, no hyphenation: option names and paths stay whole and copyable
    return ['.TH ' + escape(name.upper()) + ' 1 "" "gafcheck ' + escape(version) +
            '" "gafcheck manual"', '.ad l', '.nh']


def command_page(cli, name, summaries):
    described = cli_model.command(cli, name)
    groups = cli_model.option_groups(described)
    synopsis, description, title = cli_model.split_usage(groups[0][0])
    summary = summaries.get(name, (None, ''))[1] or description.split('.')[0]
    out = header('gafcheck-' + name, cli['version'])
    out += ['.SH NAME', escape('gafcheck-' + name) + ' \\- ' + escape(summary)]
    out.append('.SH SYNOPSIS')
    for index, line in enumerate(synopsis):
        if index:
            out.append('.br')
        out.append(text_line(line))
    out.append('.SH DESCRIPTION')
    out += prose(description)
    out.append('.SH OPTIONS')
    for index, (caption, options) in enumerate(groups):
        # "Budgets (per file; ...)": the title, and what the parentheses say as a paragraph
        note = re.fullmatch(r'(.*?) \((.*)\)', caption, re.S) if index else None
        out.append('.SS ' + escape(title if index == 0 else note.group(1) if note else caption))
        if note:
            out += prose(note.group(2)[0].upper() + note.group(2)[1:] + '.')
        for option in options:
            out += option_entry(option)
    epilogue, _, examples = described['epilogue'].strip('\n').partition('\nExamples:')
    if epilogue.strip():
        out.append('.SH EXIT STATUS' if epilogue.startswith('Exit codes') else '.SH NOTES')
        out += prose(epilogue)
    if examples.strip():
        out.append('.SH EXAMPLES')
        # each example an indented item, as the help's "Examples: a\n          b" lines are
        out += prose(split_lead_ins('Examples:' + examples).split('\n', 1)[1])
    out += ['.SH SEE ALSO', '.BR gafcheck (1)']
    return out


def main_page(cli, names, summaries):
    intro, after = cli_model.usage_sections(cli['usage'])
    out = header('gafcheck', cli['version'])
    out += ['.SH NAME', 'gafcheck \\- validate and dissect Total Annihilation GAF, TAF, TSF '
            'and HPI files']
    out += ['.SH SYNOPSIS', '\\fBgafcheck\\fR \\fICOMMAND\\fR [\\fIoptions\\fR] [\\fIARGS\\fR]',
            '.br', '\\fBgafcheck \\-\\-help\\fR | \\fB\\-\\-version\\fR']
    out.append('.SH DESCRIPTION')
    out += prose(intro)
    out.append('.SH COMMANDS')
    for name in names:
        synopsis, summary = summaries.get(name, (name, ''))
        out += ['.TP', '\\fBgafcheck ' + escape(synopsis) + '\\fR',
                text_line(summary + ' (gafcheck-' + name + '(1))') if summary else
                text_line('see gafcheck-' + name + '(1)')]
    if after:
        out.append('.SH NOTES')
        out += prose(after)
    out.append('.SH SEE ALSO')
    for index, name in enumerate(names):
        out.append('.BR gafcheck\\-' + escape(name) + ' (1)' + (',' if index + 1 < len(names)
                                                               else ''))
    return out


def main():
    cli = cli_model.load(sys.argv[1])
    outdir = sys.argv[2]
    names = sys.argv[3:]
    summaries = cli_model.command_summaries(cli['usage'])
    pages = {'gafcheck.1': main_page(cli, names, summaries)}
    for name in names:
        pages['gafcheck-' + name + '.1'] = command_page(cli, name, summaries)
    for file_name, lines in pages.items():
        with open(os.path.join(outdir, file_name), 'w', encoding='ascii') as page:
            page.write('\n'.join(lines) + '\n')


main()
