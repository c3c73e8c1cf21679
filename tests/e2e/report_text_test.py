"""Names in reports, end to end: real files, archive members, GAF entry names
and TSF values whose bytes hold YAML line breaks (U+0085, U+2028, U+2029 followed by '--- '),
non-printable characters (C0, DEL, C1, U+FEFF, U+FFFE, U+FFFF, noncharacters), encoded
surrogates, bytes that are not UTF-8 and literal backslash sequences. Every report must parse
with PyYAML (pure and libyaml loaders) as a whole, validate against reports/schema, give every
name back byte for byte once unescaped, and never give two names the same text. Ordinary ASCII
and UTF-8 names stay as they are.
"""
import atexit
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import tempfile

import jsonschema
import pytest
import yaml

from conftest import GAFCHECK, MAKE_CORPUS, ROOT

SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record', 'diff')}
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-report-text-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)

# One representative set per class of code point (as name bytes), and the clean control.
ESCAPED = {
    'report splitters': [b'ls\xe2\x80\xa8--- kind: summary', b'ps\xe2\x80\xa9--- x',
                         b'nel\xc2\x85--- y'],
    'C0 and DEL': [b'c0\x01\x1b[31m', b'tab\there', b'nl\nx', b'cr\rx', b'del\x7f'],
    'C1': [b'c1\xc2\x80\xc2\x9b'],
    'byte order mark': [b'bom\xef\xbb\xbf'],
    'U+FFFE and U+FFFF': [b'fffe\xef\xbf\xbe', b'ffff\xef\xbf\xbf'],
    'noncharacters': [b'nc\xef\xb7\x90', b'nc\xf0\x9f\xbf\xbe'],
    'encoded surrogates': [b'sur\xed\xa0\x80', b'sur\xed\xbf\xbf'],
    'not UTF-8': [b'bad\xff', b'bad\xc0\xaf', b'bad\xe2\x82', b'bad\xf4\x90\x80\x80'],
    'backslash lookalikes': [b'esc\xff', b'esc\\xff', b'esc\\xFF', b'esc\\\\xFF', b'esc\\'],
}
PLAIN = [b'plain', 'caf\u00e9'.encode(), '\u65e5\u672c'.encode(), '\U0001f600 nbsp\u00a0'.encode()]
# What no line of a report may hold: YAML 1.1 line breaks, the BOM and non-printable characters.
FORBIDDEN = re.compile('[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff'
                       '\ud800-\udfff]')


def random_names(count, seed=1130):
    generator = random.Random(seed)
    pieces = [b'\xe2\x80\xa8--- ', b'\xef\xbf\xbe', b'\\x', b'\xc3\xa9', b'\xed\xa0\x80']
    names = set()
    while len(names) < count:
        name = b''
        for _ in range(generator.randint(1, 8)):
            if generator.random() < 0.3:
                name += generator.choice(pieces)
            else:
                name += bytes([generator.choice([b for b in range(1, 256) if b != ord('/')])])
        if name not in (b'.', b'..'):
            names.add(name)
    return sorted(names)


def unescape(text):
    """The inverse of gafcheck's escaping: \\\\ and \\xNN are bytes, everything else is UTF-8."""
    out, i = bytearray(), 0
    while i < len(text):
        if text.startswith('\\\\', i):
            out += b'\\'
            i += 2
        elif re.match(r'\\x[0-9A-F]{2}', text[i:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            out += text[i].encode('utf-8')  # a lone surrogate here fails the test
            i += 1
    return bytes(out)


def run(*args, check_code=None):
    result = subprocess.run([GAFCHECK, *args], capture_output=True, timeout=300,
                            stdin=subprocess.DEVNULL)
    if check_code is not None:
        assert result.returncode == check_code, (
            f'exit {result.returncode}, wanted {check_code}\nstderr: {result.stderr[-2000:]}')
    return result


def documents(raw):
    """Every document of a report, parsed by both PyYAML loaders and checked against the schemas."""
    text = raw.decode('utf-8')  # strict: a report is UTF-8
    for number, line in enumerate(text.split('\n'), 1):
        assert not FORBIDDEN.search(line), f'line {number} holds {FORBIDDEN.search(line)!r}'
    docs = list(yaml.load_all(text, Loader=yaml.SafeLoader))
    assert docs == list(yaml.load_all(text, Loader=yaml.CSafeLoader))
    assert text.count('\n---\n') + text.startswith('---\n') == len(docs), 'a document was split'
    for doc in docs:
        jsonschema.validate(json.loads(json.dumps(doc)), SCHEMAS[doc['kind']])
    return docs


def make_tree(directory, names, content):
    os.makedirs(directory)
    for name in names:
        with open(os.path.join(bytes(directory), name + b'.gaf'), 'wb') as out:
            out.write(content)


def render(recipes):
    """Renders {name: recipe} with gafcheck-make-corpus; returns the output directory."""
    recipe_dir, out_dir = WORK / 'recipes', WORK / 'rendered'
    shutil.rmtree(recipe_dir, ignore_errors=True)
    recipe_dir.mkdir()
    for name, recipe in recipes.items():
        (recipe_dir / f'{name}.yaml').write_text(json.dumps(recipe))
    subprocess.run([MAKE_CORPUS, recipe_dir, out_dir], check=True, timeout=60)
    return out_dir


def expect_bijection(docs, expected, key='path'):
    """The documents' texts are distinct and unescape to exactly the expected byte strings."""
    texts = [doc[key] for doc in docs]
    assert len(set(texts)) == len(texts) == len(expected), (len(set(texts)), len(expected))
    assert sorted(unescape(text) for text in texts) == sorted(expected)


ALL_NAMES = sorted({name for names in ESCAPED.values() for name in names}) + PLAIN
TREE = WORK / 'tree'
make_tree(TREE, ALL_NAMES + random_names(60), (SEEDS / 'composite.cycle.gaf').read_bytes())
TREE_PATHS = sorted(os.path.join(bytes(TREE), name) for name in os.listdir(bytes(TREE)))


def test_check_report_gives_every_file_name_back_distinctly():
    docs = documents(run('check', TREE, check_code=1).stdout)
    files = [doc for doc in docs if doc['kind'] == 'file']
    expect_bijection(files, TREE_PATHS)
    command_line = docs[0]['command_line'].split(' ')
    assert unescape(command_line[-1]) == bytes(TREE), command_line


def test_ordinary_names_are_written_as_they_are():
    paths = {doc['path'] for doc in documents(run('check', TREE).stdout) if doc['kind'] == 'file'}
    for name in PLAIN:
        assert f'{TREE}/{name.decode()}.gaf' in paths, name
    assert f'{TREE}/esc\\\\xff.gaf' in paths and f'{TREE}/esc\\xFF.gaf' in paths


@pytest.mark.slow
def test_census_report_parses_whole_and_resumes_by_the_same_names():
    report = WORK / 'census.yaml'
    run('census', '--per-file', 'all', '-o', report, TREE, check_code=1)
    docs = documents(report.read_bytes())
    expect_bijection([doc for doc in docs if doc['kind'] == 'record'], TREE_PATHS)
    expect_bijection([doc for doc in docs if doc['kind'] == 'file'], TREE_PATHS)
    assert docs[-1]['files']['total'] == len(TREE_PATHS)
    resumed = run('census', '--per-file', 'all', '--resume', report, '-o', WORK / 'resumed.yaml',
                  TREE, check_code=1)
    assert f', {len(TREE_PATHS)} taken over from'.encode() in resumed.stderr, resumed.stderr
    shards = [WORK / f'shard{k}.yaml' for k in (1, 2)]
    for k, shard in enumerate(shards, 1):
        run('census', '--shard', f'{k}/2', '-o', shard, TREE)
    merged = WORK / 'merged.yaml'
    run('merge', *shards, '-o', merged, check_code=1)
    expect_bijection([d for d in documents(merged.read_bytes()) if d['kind'] == 'record'],
                     TREE_PATHS)


def test_baseline_and_diff_match_every_name_to_itself():
    old = WORK / 'old.yaml'
    run('check', '-o', old, TREE, check_code=1)
    again = documents(run('check', '--baseline', old, TREE, check_code=0).stdout)
    files = [doc for doc in again if doc['kind'] == 'file']
    assert len(files) == len(TREE_PATHS) and all(doc['findings'] == [] for doc in files)
    assert all(doc['baseline_matched'] > 0 for doc in files)
    diff = yaml.safe_load(run('diff', old, old, check_code=0).stdout.decode())
    jsonschema.validate(diff, SCHEMAS['diff'])
    assert diff['counts'] == {key: 0 for key in diff['counts']}, diff['counts']


def duplicate_names(name):
    """Two 32-byte GAF entry names equal under the game's A-Z folding."""
    return [{'hex': ('A' + name).hex()}, {'hex': ('a' + name).hex()}]


def test_archive_member_and_gaf_entry_names_come_back_exactly():
    members = [b'anims/' + name + b'.gaf' for name in ESCAPED['report splitters'] +
               ESCAPED['backslash lookalikes'] + [b'fffe\xef\xbf\xbe', b'sur\xed\xa0\x80']]
    entry = '\u2028--- \ufffe\\xff'.encode('utf-8').decode('latin-1') + '\xff'
    # A third entry named after the member keeps the members' bytes apart (identical members are
    # checked once, hpi.shared-data).
    files = [{'path_hex': member.hex(), 'method': 'stored',
              'gaf': [{'hex': ('A' + entry).encode('latin-1').hex()},
                      {'hex': ('a' + entry).encode('latin-1').hex()},
                      {'hex': ('m%d' % index).encode().hex()}]}
             for index, member in enumerate(members)]
    rendered = render({'hostile': {'hpi': {'files': files}}})
    archive = rendered / 'hostile.hpi'
    docs = documents(run('check', archive).stdout)
    listed = docs[1]['members']
    expect_bijection(listed, members)
    inner = [doc for doc in docs[2:-1] if doc['kind'] == 'file']
    expect_bijection(inner, [str(archive).encode() + b'!' + member for member in members])
    for doc in inner:
        assert doc['member_of'] == str(archive)
        message = next(f['message'] for f in doc['findings'] if f['rule'] == 'entry.name-duplicate')
        shown = message.split("'")[1]
        assert unescape(shown) == b'a' + entry.encode('latin-1'), message
        assert shown == 'a\\xE2\\x80\\xA8--- \\xEF\\xBF\\xBE\\\\xff\\xFF', shown


def test_tsf_values_reach_their_messages_escaped():
    script = WORK / 'scripts'
    script.mkdir()
    value = b'\xe2\x80\xa8--- \xc2\x85\xef\xbf\xbf\\xff\xff'
    name = os.path.join(bytes(script), b'menu\xe2\x80\xa8--- .tsf')
    with open(name, 'wb') as out:
        out.write(b'[Anim]\n{\n    Looping = ' + value + b';\n    [Frame0]\n    {\n'
                  b'        [Layer0]\n        {\n            Filename = a.png;\n        }\n'
                  b'    }\n}\n')
    report = WORK / 'tsf.yaml'
    assert run('census', '--per-file', 'all', '-o', report, script).returncode in (0, 1)
    docs = documents(report.read_bytes())
    file = next(doc for doc in docs if doc['kind'] == 'file')
    assert unescape(file['path']) == name and file['format'] == 'tsf'
    message = next(f['message'] for f in file['findings'] if f['rule'] == 'tsf.value')
    assert unescape(message.split("'")[1]) == value, message

