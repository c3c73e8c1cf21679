#!/usr/bin/env python3
"""gafcheck rebuild end to end (issue 17) on the corpus seeds: guarantees 1-3 through the binary
(check --fail-on warning of OUT, identical retail PNGs of IN and OUT from gafcheck render,
rebuild(OUT) == OUT), refusals and their exit codes, directory mode determinism across -j, the
sidecar report, and the output guards (never inside the input, never over it).

usage: rebuild_cli_test.py GAFCHECK SOURCE_ROOT MAKE_TREE
"""
import filecmp
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), 'support'))
import tap  # noqa: E402
from gafcheck_run import run_gafcheck, validated_documents  # noqa: E402

GAFCHECK = sys.argv[1]
ROOT = pathlib.Path(sys.argv[2])
MAKE_TREE = sys.argv[3]
SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary')}

# Seeds whose outcome in the game is undefined: rebuild refuses them (refusal_rules.hpp).
REFUSED = {'composite.cycle', 'composite.table-shared', 'entry.alias', 'entry.out-of-bounds',
           'extent.rebase-overlap', 'frame.header-shared', 'frame.out-of-bounds',
           'header.truncated', 'rle.reads-past-eof', 'budget.exceeded', 'composite.nested',
           'format.unknown', 'ta3d.payload-out-of-bounds', 'format.foreign-variant',
           'ta3d.payload-encoding', 'ta3d.payload-size', 'taf.pixel-format-unknown'}
# Warnings a rebuilt file keeps because they are what the game plays (the sidecar says "kept").
# format.extension-mismatch: the file's name is the caller's (a truecolor TAF named .gaf);
# taf.flag-nonstandard: a truecolor frame's +11 flag, whose meaning is unknown, is kept;
# layer.alt-blend: a tinted layer stays in its composite with its +11 byte (kept_composite.hpp).
KEPT = {'frame.empty', 'frame.duration-high-bits', 'format.extension-mismatch',
        'taf.flag-nonstandard', 'taf.no-frames', 'layer.alt-blend'}


def run(*args, check_code=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code)


def gaf_seeds():
    return sorted([*SEEDS.glob('*.gaf'), *SEEDS.glob('*.taf')])


def rendered(path, out):
    """The retail images of a file: {(entry name, frame): (record fields, PNG bytes)} for the
    entries the game reaches (loaded, first of a folded name)."""
    run('render', '-o', out, path)
    records = json.loads((pathlib.Path(out) / 'index.json').read_text())['images']
    seen, images = {}, {}
    for record in records:
        # a slot the game never loads, or (a truecolor TAF's second sequence) never reads
        if 'loads no entry' in record.get('reason', '') or record['frame'] is None:
            continue
        # A name without its NUL (32 bytes) is cut to 31 and terminated: the one change the
        # rebuild makes to what the game reads (finding_dispositions.cpp, entry.name-unterminated).
        name = record['name'].lower()[:31]
        if seen.setdefault(name, record['entry']) != record['entry']:
            continue
        fields = tuple(record.get(k) for k in ('frame', 'duration', 'width', 'height',
                                                'x_offset', 'y_offset'))
        png = (pathlib.Path(out) / record['png']).read_bytes() if 'png' in record else None
        images[(name, record['frame'])] = (fields, png)
    return images


@tap.test
def seeds_rebuild_clean_draw_the_same_and_are_idempotent():
    rebuilt = 0
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for seed in gaf_seeds():
            stem = seed.stem
            out = root / (stem + '.out' + seed.suffix)
            result = run('rebuild', seed, '-o', out)
            if stem in REFUSED:
                assert result.returncode == 1, (stem, result.returncode, result.stderr)
                assert not out.exists(), stem
                continue
            assert result.returncode == 0, (stem, result.stderr)
            rebuilt += 1
            report = yaml.safe_load_all(run('check', '--fail-on', 'never', out).stdout)
            files = [d for d in report if d and d.get('kind') == 'file']
            loud = {f['rule'] for f in files[0]['findings'] if f['severity'] != 'info'}
            assert loud <= KEPT, (stem, loud)
            if not loud:
                run('check', '--fail-on', 'warning', out, check_code=0)
            before = rendered(seed, root / (stem + '.in.render'))
            after = rendered(out, root / (stem + '.out.render'))
            assert before == after, (stem, set(before) ^ set(after))
            again = root / (stem + '.again' + seed.suffix)
            run('rebuild', out, '-o', again, check_code=0)
            assert again.read_bytes() == out.read_bytes(), stem
    assert rebuilt >= 20, rebuilt


@tap.test
def undefined_outcome_is_refused_and_drop_unrenderable_drops_it():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        result = run('rebuild', SEEDS / 'composite.cycle.gaf', '-o', root / 'x.gaf',
                     check_code=1)
        assert 'composite.cycle' in result.stderr, result.stderr
        assert not (root / 'x.gaf').exists()
        result = run('rebuild', '--drop-unrenderable', SEEDS / 'composite.cycle.gaf', '-o',
                     root / 'x.gaf', check_code=0)
        assert 'dropped entry[' in result.stderr, result.stderr
        run('check', '--fail-on', 'warning', root / 'x.gaf', check_code=0)


@tap.test
def sidecar_maps_every_finding_to_what_was_done():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        run('rebuild', '--report', root / 'r.yaml', SEEDS / 'rle.short-row.gaf', '-o',
            root / 'x.gaf', check_code=0)
        documents = list(yaml.safe_load_all((root / 'r.yaml').read_text()))
        for document in documents:
            jsonschema.validate(json.loads(json.dumps(document)), SCHEMAS[document['kind']])
        assert documents[0]['command'] == 'rebuild', documents[0]
        files = [d for d in documents if d and d.get('kind') == 'file']
        assert len(files) == 1
        findings = files[0]['findings']
        short = [f for f in findings if f['rule'] == 'rle.short-row']
        assert short and short[0]['message'].endswith(
            '[rebuild: fixed: rows re-encoded canonically from the pixels the game draws]'), short
        assert all('[rebuild: ' in f['message'] for f in findings), findings
        assert files[0]['summary']['rebuild']['fixed'] >= 1, files[0]['summary']
        run('rebuild', '--format', 'json', '--report', root / 'r.jsonl',
            SEEDS / 'rle.short-row.gaf', '-o', root / 'y.gaf', check_code=0)
        lines = (root / 'r.jsonl').read_text().splitlines()
        for line in lines:
            document = json.loads(line)
            jsonschema.validate(document, SCHEMAS[document['kind']])
        assert '[rebuild: fixed' in (root / 'r.jsonl').read_text()
        # a refused file: its crash findings say refused; with --drop-unrenderable, dropped
        run('rebuild', '--report', root / 'c.yaml', SEEDS / 'composite.cycle.gaf', '-o',
            root / 'c.gaf', check_code=1)
        cycle = [f for d in yaml.safe_load_all((root / 'c.yaml').read_text())
                 if d and d.get('kind') == 'file' for f in d['findings']
                 if f['rule'] == 'composite.cycle']
        assert cycle and '[rebuild: refused: ' in cycle[0]['message'], cycle
        run('rebuild', '--drop-unrenderable', '--report', root / 'd.yaml',
            SEEDS / 'composite.cycle.gaf', '-o', root / 'd.gaf', check_code=0)
        cycle = [f for d in yaml.safe_load_all((root / 'd.yaml').read_text())
                 if d and d.get('kind') == 'file' for f in d['findings']
                 if f['rule'] == 'composite.cycle']
        assert cycle and '[rebuild: dropped: ' in cycle[0]['message'], cycle


def make_tree(root):
    tree = root / 'mod'
    (tree / 'anims').mkdir(parents=True)
    (tree / 'textures').mkdir()
    for name in ('rle.short-row', 'clean-composite', 'composite.cycle', 'entry.name-duplicate',
                 'extent.slack', 'rle.overrun'):
        shutil.copy(SEEDS / (name + '.gaf'), tree / 'anims' / (name + '.gaf'))
    shutil.copy(SEEDS / 'clean-rle.gaf', tree / 'textures' / 'unit.gaf')
    (tree / 'readme.txt').write_bytes(b'not a sprite \x00\xff\n')
    return tree


@tap.test
def directory_mode_mirrors_the_tree_the_same_for_any_j():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        tree = make_tree(root)
        run('rebuild', tree, '-o', root / 'one', '-j', '1', check_code=1)
        run('rebuild', tree, '-o', root / 'two', '-j', '3', check_code=1)
        compared = filecmp.dircmp(root / 'one', root / 'two')
        assert not compared.left_only and not compared.right_only and not compared.diff_files
        for sub in ('anims', 'textures'):
            inner = filecmp.cmpfiles(root / 'one' / sub, root / 'two' / sub,
                                     os.listdir(root / 'one' / sub), shallow=False)
            assert not inner[1] and not inner[2], inner
        assert (root / 'one' / 'readme.txt').read_bytes() == b'not a sprite \x00\xff\n'
        assert not (root / 'one' / 'anims' / 'composite.cycle.gaf').exists()
        run('check', '--fail-on', 'warning', root / 'one' / 'textures' / 'unit.gaf',
            check_code=0)
        # the unit texture is written raw: compressed byte of its first frame header is 0
        data = (root / 'one' / 'textures' / 'unit.gaf').read_bytes()
        assert data[64 + 9] == 0


@tap.test
def generated_retail_like_tree_rebuilds_clean_the_same_and_to_itself():
    # 24 retail-like GAFs from corpus/tree (shaded sprites, composites, textures): the rebuilt
    # tree checks clean, draws the same as the original, and rebuilds to itself byte for byte.
    # (48 files cost 160 s in the sanitizer build and showed nothing 24 do not.)
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        subprocess.run([MAKE_TREE, root / 'tree', '24', '7'], check=True, capture_output=True)
        run('rebuild', root / 'tree', '-o', root / 'once', '-j', '2', check_code=0)
        run('check', '--fail-on', 'warning', '-o', root / 'once.yaml', root / 'once', check_code=0)
        run('rebuild', root / 'once', '-o', root / 'twice', '-j', '1', check_code=0)
        sprites = sorted(p.relative_to(root / 'tree') for p in (root / 'tree').rglob('*')
                         if p.suffix.lower() in ('.gaf', '.taf'))
        assert len(sprites) >= 20, sprites
        for relative in sprites:
            assert ((root / 'once' / relative).read_bytes()
                    == (root / 'twice' / relative).read_bytes()), relative
        (root / 'png-in').mkdir()
        (root / 'png-out').mkdir()
        for number, relative in enumerate(sprites[:8]):
            original = rendered(root / 'tree' / relative, root / 'png-in' / str(number))
            rebuilt = rendered(root / 'once' / relative, root / 'png-out' / str(number))
            assert original == rebuilt, relative


@tap.test
def output_never_inside_or_over_the_input():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        tree = make_tree(root)
        result = run('rebuild', tree, '-o', tree / 'out', check_code=2)
        assert 'must not contain' in result.stderr, result.stderr
        assert not (tree / 'out').exists()
        run('rebuild', tree / 'anims', '-o', tree, check_code=2)
        target = tree / 'anims' / 'rle.overrun.gaf'
        before = target.read_bytes()
        run('rebuild', target, '-o', target, check_code=2)
        run('rebuild', '--force', target, '-o', target, check_code=2)
        assert target.read_bytes() == before
        out = root / 'x.gaf'
        out.write_bytes(b'old')
        run('rebuild', target, '-o', out, check_code=2)
        assert out.read_bytes() == b'old'
        run('rebuild', '--force', target, '-o', out, check_code=0)
        assert out.read_bytes() != b'old'


@tap.test
def other_files_are_refused_clearly():
    # Archives and TSF scripts are rebuilt: tests/archive_rebuild_cli_test.py.
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        run('rebuild', root / 'missing.gaf', '-o', root / 'y.gaf', check_code=3)
        (root / 'text.txt').write_text('hello')
        run('rebuild', root / 'text.txt', '-o', root / 'z.gaf', check_code=1)


@tap.test
def rebuild_has_help():
    result = run('rebuild', '--help', check_code=0)
    for words in ('--drop-unrenderable', '--keep-unknown', '--report', 'canonical', 'Exit codes',
                  'textures/'):
        assert words in result.stdout, words


tap.run()
