#!/usr/bin/env python3
"""Writes docs/reference/rules.md, the rule reference, from the rule catalogue
(rules/catalog.yaml).

usage: rules_markdown.py CATALOG OUTPUT         write OUTPUT
       rules_markdown.py --check CATALOG FILE   exit 1 when FILE is not what CATALOG gives"""
import sys

import yaml

REGENERATE = 'python3 rules/rules_markdown.py rules/catalog.yaml docs/reference/rules.md'


def cell(text):
    return str(text).replace('|', '\\|').replace('\n', ' ')


def markdown(catalog):
    rules = catalog['rules']
    families = []
    for rule in rules:
        family = rule['id'].split('.')[0]
        if family not in families:
            families.append(family)
    out = ['# gafcheck rules', '',
           '<!-- Generated from rules/catalog.yaml by rules/rules_markdown.py; do not edit. '
           'Regenerate with: ' + REGENERATE + ' -->', '',
           f'{len(rules)} rules. Each finding names one of these ids; `gafcheck explain ID` prints '
           'the entry, `gafcheck rules --ids` lists the ids. *Severity* is the default (a '
           'configuration or `--rule ID=LEVEL` changes it); *retail* is what the retail game '
           'does with such bytes: crash (it faults or reads memory it does not own), garbage '
           '(it draws wrong pixels), dropped (content silently unreachable), ignored (it skips '
           'the oddity), none (harmless), unknown (not established).', '']
    for family in families:
        out.append(f'- [{family}](#{family})')
    out.append('')
    for family in families:
        out += [f'## {family}', '', '| id | severity | retail | title |', '|---|---|---|---|']
        members = [rule for rule in rules if rule['id'].split('.')[0] == family]
        for rule in members:
            out.append(f"| [`{rule['id']}`](#{rule['id'].replace('.', '')}) | {rule['severity']} "
                       f"| {rule['retail']} | {cell(rule['title'])} |")
        out.append('')
        for rule in members:
            out += [f"### {rule['id']}", '',
                    f"**{cell(rule['title'])}** — severity {rule['severity']}, retail "
                    f"{rule['retail']}, spec {cell(rule.get('spec', ''))}", '',
                    str(rule['explanation']).strip(), '']
    return '\n'.join(out)


def main():
    if sys.argv[1] == '--check':
        with open(sys.argv[2], encoding='utf-8') as source:
            expected = markdown(yaml.safe_load(source))
        try:
            with open(sys.argv[3], encoding='utf-8') as committed:
                current = committed.read()
        except FileNotFoundError:
            current = None
        if current != expected:
            print(f'{sys.argv[3]} is stale (rules/catalog.yaml changed): regenerate it with\n  '
                  + REGENERATE)
            return 1
        print(f'{sys.argv[3]} matches rules/catalog.yaml')
        return 0
    with open(sys.argv[1], encoding='utf-8') as source:
        text = markdown(yaml.safe_load(source))
    with open(sys.argv[2], 'w', encoding='utf-8') as output:
        output.write(text)
    return 0


sys.exit(main())
