"""gafcheck rebuild end to end on the corpus seeds: guarantees 1-3 through the binary
(check --fail-on warning of OUT, identical retail PNGs of IN and OUT from gafcheck render,
rebuild(OUT) == OUT), refusals and their exit codes, directory mode determinism across -j, the
sidecar report, and the output guards (never inside the input, never over it).
"""
import filecmp
import json
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile

import jsonschema
import yaml

from conftest import GAFCHECK, MAKE_TREE, ROOT
from gafcheck_run import run_gafcheck, validated_documents
from png_reader import png_pixels

SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary')}

# Seeds whose outcome in the game is undefined: rebuild refuses them (refusal_rules.hpp).
REFUSED = {'composite.cycle', 'composite.table-shared', 'entry.alias', 'entry.out-of-bounds',
           'extent.rebase-overlap', 'frame.header-shared', 'frame.out-of-bounds',
           'header.truncated', 'rle.reads-past-eof', 'budget.exceeded', 'composite.nested',
           'format.unknown', 'ta3d.payload-out-of-bounds', 'format.foreign-variant',
           'format.container',  # a ZIP header: format.unknown under its own name, .gaf
           'ta3d.payload-encoding', 'ta3d.payload-size', 'taf.pixel-format-unknown'}
# Seeds holding an entry the game never loads (a folded duplicate name, a second truecolor
# sequence, a negative entry count): left out, a loss (exit 5) unless --drop-unreachable asks for it.
LOSES_UNREACHABLE = {'entry.name-duplicate', 'taf.sequence-count', 'header.entry-count-negative'}
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


def render_records(out):
    """index.json's records, a run of references to one image (frame_runs: [FIRST, LAST],
    [FIRST, LAST, DURATION] or with the anchor, [..., X_OFFSET, Y_OFFSET]) spread out to one
    record per frame."""
    records = []
    for record in json.loads((pathlib.Path(out) / 'index.json').read_text())['images']:
        for run in record.get('frame_runs', [None]):
            if run is None:
                records.append(record)
                continue
            for frame in range(run[0], run[1] + 1):
                one = {k: v for k, v in record.items() if k != 'frame_runs'}
                one['frame'] = frame
                if len(run) >= 3:  # a reference to a reason has no duration of its own
                    one['duration'] = run[2]
                if len(run) == 5:
                    one['x_offset'], one['y_offset'] = run[3], run[4]
                records.append(one)
    return records


def rendered(path, out):
    """The retail images of a file: {(entry name, frame): (record fields, decoded pixels)} for
    the entries the game reaches (loaded, first of a folded name). Pixels, not PNG bytes: an
    indexed PNG names the frame's key as its transparent entry, and a rebuild may set the key
    byte of a frame whose key the game ignores (an RLE frame) without changing what is drawn."""
    run('render', '-o', out, path)
    seen, images = {}, {}
    for record in render_records(out):
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
        # A frame drawn before (an equal header) is listed as the same image: its pixels.
        drawn = record.get('png', record.get('same_as'))
        png = png_pixels((pathlib.Path(out) / drawn).read_bytes())[3] if drawn else None
        images[(name, record['frame'])] = (fields, png)
    return images


def test_seeds_rebuild_clean_draw_the_same_and_are_idempotent():
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
            if stem in LOSES_UNREACHABLE:
                assert result.returncode == 5, (stem, result.returncode, result.stderr)
                assert 'dropped entry[' in result.stderr, (stem, result.stderr)
                out.unlink()
                result = run('rebuild', '--drop-unreachable', seed, '-o', out)
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


def test_undefined_outcome_is_refused_and_drop_unrenderable_drops_it():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        result = run('rebuild', SEEDS / 'composite.cycle.gaf', '-o', root / 'x.gaf',
                     check_code=1)
        assert 'composite.cycle' in result.stderr, result.stderr
        assert not (root / 'x.gaf').exists()
        # its one frame is all it draws: dropped, nothing would remain, refused all the same
        result = run('rebuild', '--drop-unrenderable', SEEDS / 'composite.cycle.gaf', '-o',
                     root / 'x.gaf', check_code=1)
        assert 'dropped entry[' in result.stderr, result.stderr
        assert not (root / 'x.gaf').exists()
        # one entry of two: dropped, the other written
        result = run('rebuild', '--drop-unrenderable', SEEDS / 'entry.out-of-bounds.gaf', '-o',
                     root / 'x.gaf', check_code=0)
        assert 'dropped entry[' in result.stderr, result.stderr
        run('check', '--fail-on', 'warning', root / 'x.gaf', check_code=0)


def test_sidecar_maps_every_finding_to_what_was_done():
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
        # (its one frame dropped, nothing would remain: refused all the same)
        run('rebuild', '--drop-unrenderable', '--report', root / 'd.yaml',
            SEEDS / 'composite.cycle.gaf', '-o', root / 'd.gaf', check_code=1)
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


def test_directory_mode_mirrors_the_tree_the_same_for_any_j():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        tree = make_tree(root)
        # composite.cycle refused (1), entry.name-duplicate's twin left out (5): the highest
        run('rebuild', tree, '-o', root / 'one', '-j', '1', check_code=5)
        run('rebuild', tree, '-o', root / 'two', '-j', '3', check_code=5)
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


def test_generated_retail_like_tree_rebuilds_clean_the_same_and_to_itself():
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


def test_output_never_inside_or_over_the_input():
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


def test_other_files_are_refused_clearly():
    # Archives and TSF scripts are rebuilt: tests/archive_rebuild_cli_test.py.
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        run('rebuild', root / 'missing.gaf', '-o', root / 'y.gaf', check_code=3)
        (root / 'text.txt').write_text('hello')
        run('rebuild', root / 'text.txt', '-o', root / 'z.gaf', check_code=1)


def test_rebuild_has_help():
    result = run('rebuild', '--help', check_code=0)
    for words in ('--drop-unrenderable', '--keep-unknown', '--report', 'canonical', 'Exit codes',
                  'textures/', '5 written, but content', 'rebuild.copied_unchecked',
                  'symbolic link at OUT', '--max-heap'):
        assert words in result.stdout, words


def summary_of(report):
    documents = [d for d in yaml.safe_load_all(report.read_text()) if d]
    return [d for d in documents if d.get('kind') == 'file']


def with_entry_pointer(data, slot, value):
    """A GAF whose entry table slot points at value."""
    data = bytearray(data)
    struct.pack_into('<I', data, 12 + 4 * slot, value)
    return bytes(data)


def test_content_left_out_is_a_distinct_exit_status_and_named():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        # The later of two names equal under the game's folding is never loaded: left out,
        # written all the same, exit 5, named on stderr and counted in the sidecar.
        result = run('rebuild', '--report', root / 'r.yaml', SEEDS / 'entry.name-duplicate.gaf',
                     '-o', root / 'x.gaf', check_code=5)
        assert 'dropped entry[1]: unreachable' in result.stderr, result.stderr
        assert 'rebuild: 0 rebuilt, 1 written with content left out' in result.stderr
        assert (root / 'x.gaf').exists()
        files = summary_of(root / 'r.yaml')
        assert files[0]['summary']['rebuild']['lost'] == 1, files[0]['summary']
        # --drop-unrenderable asks for what it drops: exit 0, still named.
        result = run('rebuild', '--drop-unrenderable', SEEDS / 'entry.out-of-bounds.gaf', '-o',
                     root / 'asked.gaf', '--report', root / 'asked.yaml', check_code=0)
        assert 'dropped entry[1]: entry.out-of-bounds' in result.stderr, result.stderr
        messages = [f['message'] for f in summary_of(root / 'asked.yaml')[0]['findings']]
        # The bytes no structure refers to any more are not "fixed": they are gone.
        assert not any('laid out canonically' in m and 'belong to no structure' in m
                       for m in messages), messages
        assert any('belong to no structure' in m and '[rebuild: dropped: ' in m
                   for m in messages), messages
        # The control: a clean file is rebuilt whole, exit 0, nothing dropped.
        result = run('rebuild', SEEDS / 'clean-rle.gaf', '-o', root / 'clean.gaf', check_code=0)
        assert 'dropped' not in result.stderr and 'rebuild: 1 rebuilt, 0 copied' in result.stderr


def test_a_file_of_which_nothing_would_remain_is_refused_even_when_asked():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        clean = (SEEDS / 'clean-rle.gaf').read_bytes()
        count = struct.unpack_from('<I', clean, 4)[0]
        # Every entry pointer past the end of the file; and the file cut inside its first entry.
        wild = clean
        for slot in range(count):
            wild = with_entry_pointer(wild, slot, 0xFFFFFF00)
        (root / 'wild.gaf').write_bytes(wild)
        first = struct.unpack_from('<I', clean, 12)[0]
        (root / 'cut.gaf').write_bytes(clean[:first + 8])
        for name in ('wild.gaf', 'cut.gaf'):
            out = root / ('out-' + name)
            result = run('rebuild', '--drop-unrenderable', root / name, '-o', out, check_code=1)
            assert 'refused, not written' in result.stderr, (name, result.stderr)
            assert not out.exists(), name
        result = run('rebuild', '--drop-unrenderable', root / 'wild.gaf', '-o', root / 'w.gaf',
                     check_code=1)
        assert 'nothing would remain' in result.stderr, result.stderr


def test_a_symbolic_link_at_the_output_name_is_never_written_through():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'elsewhere').mkdir()
        precious = root / 'elsewhere' / 'precious.gaf'
        precious.write_bytes(b'precious')
        (root / 'out').mkdir()
        link = root / 'out' / 'clean.gaf'
        link.symlink_to(precious)
        run('rebuild', SEEDS / 'clean-rle.gaf', '-o', link, check_code=2)
        assert precious.read_bytes() == b'precious' and link.is_symlink()
        result = run('rebuild', '--force', SEEDS / 'clean-rle.gaf', '-o', link, check_code=2)
        assert 'symbolic link' in result.stderr, result.stderr
        assert precious.read_bytes() == b'precious' and link.is_symlink()
        # The sidecar: the link is replaced by the report, the file it pointed at is untouched.
        report_link = root / 'out' / 'r.yaml'
        report_link.symlink_to(precious)
        run('rebuild', '--force', '--report', report_link, SEEDS / 'clean-rle.gaf', '-o',
            root / 'out' / 'real.gaf', check_code=0)
        assert precious.read_bytes() == b'precious'
        # A tree whose OUTDIR holds a link where a file goes; and OUTDIR itself a link.
        tree = root / 'tree'
        (tree / 'anims').mkdir(parents=True)
        shutil.copy(SEEDS / 'clean-rle.gaf', tree / 'anims' / 'unit.gaf')
        (root / 'outdir' / 'anims').mkdir(parents=True)
        (root / 'outdir' / 'anims' / 'unit.gaf').symlink_to(precious)
        run('rebuild', '--force', tree, '-o', root / 'outdir', check_code=2)
        assert precious.read_bytes() == b'precious'
        (root / 'linkdir').symlink_to(root / 'elsewhere')
        run('rebuild', '--force', tree, '-o', root / 'linkdir', check_code=2)
        assert sorted(os.listdir(root / 'elsewhere')) == ['precious.gaf']
        # The control: an existing regular file is replaced with --force.
        plain = root / 'out' / 'plain.gaf'
        plain.write_bytes(b'old')
        run('rebuild', '--force', SEEDS / 'clean-rle.gaf', '-o', plain, check_code=0)
        assert plain.read_bytes() != b'old' and not plain.is_symlink()


TSF_NAMING = (b'[Anim]\r\n{\r\n    Looping = 0;\r\n    [Frame0]\r\n    {\r\n        Delay = 2;\r\n'
              b'        [Layer0]\r\n        {\r\n            AnchorX = 0;\r\n'
              b'            AnchorY = 0;\r\n            Filename = %s;\r\n        }\r\n    }\r\n}\r\n')


def test_tree_mode_writes_nothing_check_flags_unless_marked_kept():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        tree = root / 'mod'
        (tree / 'gui').mkdir(parents=True)
        (tree / 'anims').mkdir()
        # Taken by check for their names, read as nothing rebuild knows: refused, not copied.
        (tree / 'gui' / 'nul.tsf').write_bytes(b'[Anim]\x00{ Looping = 0; }\r\n')
        (tree / 'anims' / 'words.gaf').write_bytes(b'this is not a sprite')
        # A script whose image is a FIFO (not copied): in OUTDIR its image would be missing.
        os.mkfifo(tree / 'gui' / 'pipe.bmp')
        (tree / 'gui' / 'piped.tsf').write_bytes(TSF_NAMING % b'PIPE.BMP')
        # A script whose image is a file in another case, which is copied: rebuilt (control).
        (tree / 'gui' / 'title.bmp').write_bytes(b'BM not checked')
        (tree / 'gui' / 'title.tsf').write_bytes(TSF_NAMING % b'Title.bmp')
        (tree / 'readme.txt').write_text('hello')
        out = root / 'clean'
        # Exit 5: the FIFO is left out of OUTDIR (named as dropped); 5 is above the refusals' 1.
        result = run('rebuild', '--report', root / 'r.yaml', tree, '-o', out, check_code=5)
        for refused in ('gui/nul.tsf', 'anims/words.gaf', 'gui/piped.tsf'):
            assert f'{refused}: refused, not written' in result.stderr, (refused, result.stderr)
            assert not (out / refused).exists(), refused
        assert 'tsf.missing-image' in result.stderr, result.stderr
        assert '1 special files' in result.stderr, result.stderr
        assert ('dropped gui/pipe.bmp: a special file (FIFO, socket, device): not in the rebuilt '
                'tree') in result.stderr, result.stderr
        assert (out / 'gui' / 'title.tsf').exists() and (out / 'readme.txt').read_text() == 'hello'
        files = {f['path']: f for f in summary_of(root / 'r.yaml')}
        assert files['readme.txt']['summary']['rebuild']['copied_unchecked'] == 1, files
        assert files['gui/title.bmp']['summary']['rebuild']['copied_unchecked'] == 1, files
        # The promise, for the tree: check of OUTDIR finds nothing.
        run('check', '--fail-on', 'warning', '-q', out, check_code=0)

