"""gafcheck rebuild of archives and TSF scripts end to end, on the corpus seeds: the
rebuilt archive checks clean (--fail-on warning, members included), is the same on every run and
when rebuilt again, is not encrypted; unsafe paths and case-folded duplicates are left out and
listed (each against a clean control); v2 archives and crash findings are refused; the sidecar
maps the archive's findings; TSF scripts are normalised to exact bytes or refused; directory mode
rebuilds archives and scripts.
"""
import pathlib
import struct
import tempfile

import yaml

from conftest import GAFCHECK, ROOT
from gafcheck_run import run_gafcheck, validated_documents

SEEDS = ROOT / 'corpus' / 'seed'


def run(*args, check_code=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code)


def member_paths(archive):
    lines = run('ls', archive, check_code=0).stdout.splitlines()[1:]
    return [line.split()[-1] for line in lines]


def rebuilt(seed, root, *options, code=0):
    out = root / (seed.stem + '.out.ufo')
    result = run('rebuild', *options, seed, '-o', out, check_code=code)
    return out, result


def test_clean_archives_rebuild_clean_the_same_every_time():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for name in ('clean-hpi-v1.hpi', 'clean-hpi-encrypted.hpi', 'clean-hpi-nested.hpi'):
            # twins.gaf in the nested seed holds an entry the game never loads: asked for
            out, result = rebuilt(SEEDS / name, root, '--drop-unreachable')
            assert 'refused' not in result.stderr.split('rebuild:')[0], result.stderr
            run('check', '--fail-on', 'warning', '-q', out, check_code=0)
            data = out.read_bytes()
            assert data[:4] == b'HAPI' and struct.unpack_from('<I', data, 4)[0] == 0x00010000
            assert struct.unpack_from('<I', data, 12)[0] == 0, name  # header key: no encryption
            assert b'Copyright' in data[-64:] and b'Cavedog Entertainment' in data[-64:]
            again = root / 'again.ufo'
            run('rebuild', out, '-o', again, check_code=0)
            assert again.read_bytes() == data, f'{name}: rebuilding the output changed it'
            second = root / 'second.ufo'
            run('rebuild', '--drop-unreachable', SEEDS / name, '-o', second, check_code=0)
            assert second.read_bytes() == data, f'{name}: two runs differ'
            again.unlink()
            second.unlink()
        assert member_paths(root / 'clean-hpi-nested.out.ufo') == ['anims/twins.gaf', 'inner.ufo']


def test_unsafe_paths_are_left_out_and_listed():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        # a member left out that no option asked for: written, exit 5
        out, result = rebuilt(SEEDS / 'hpi.path-traversal.hpi', root, code=5)
        assert ("dropped ../../evil.txt: unsafe path: it has a '..' component "
                '(hpi.path-traversal)') in result.stderr, result.stderr
        assert member_paths(out) == ['anims/armcom.gaf']
        run('check', '--fail-on', 'warning', '-q', out, check_code=0)
        # Control: a clean archive loses nothing.
        _, clean = rebuilt(SEEDS / 'clean-hpi-v1.hpi', root)
        assert 'dropped' not in clean.stderr, clean.stderr


def test_case_folded_duplicates_keep_the_first():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        before = member_paths(SEEDS / 'hpi.duplicate-path.hpi')
        out, result = rebuilt(SEEDS / 'hpi.duplicate-path.hpi', root, code=5)
        assert 'same path as an earlier member under case folding; the first is kept ' \
               '(hpi.duplicate-path)' in result.stderr, result.stderr
        assert member_paths(out) == [before[0]], (before, member_paths(out))
        run('check', '--fail-on', 'warning', '-q', out, check_code=0)
        # the game never loads the later path: --drop-unreachable asks for it
        rebuilt(SEEDS / 'hpi.duplicate-path.hpi', root, '--drop-unreachable', '--force', code=0)


def test_v2_archives_and_crash_findings_are_refused():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        out, result = rebuilt(SEEDS / 'clean-hpi-v2.hpi', root, code=1)
        assert 'a TA: Kingdoms (v2) archive: rebuild writes v1 archives only' in result.stderr
        assert not out.exists()
        out, result = rebuilt(SEEDS / 'hpi.directory-cycle.hpi', root, code=1)
        assert 'the game crashes on it: hpi.directory-cycle' in result.stderr, result.stderr
        assert not out.exists()
        out, _ = rebuilt(SEEDS / 'hpi.directory-cycle.hpi', root, '--drop-unrenderable', code=0)
        run('check', '--fail-on', 'warning', '-q', out, check_code=0)


def test_the_sidecar_maps_the_archive_findings():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        report = root / 'r.yaml'
        rebuilt(SEEDS / 'hpi.path-traversal.hpi', root, '--report', report, code=5)
        documents = [d for d in yaml.safe_load_all(report.read_text()) if d]
        files = [d for d in documents if d.get('kind') == 'file']
        assert [f['path'] for f in files] == [
            str(SEEDS / 'hpi.path-traversal.hpi'),
            str(SEEDS / 'hpi.path-traversal.hpi') + '!anims/armcom.gaf'], files
        messages = {f['rule']: f['message'] for f in files[0]['findings']}
        assert messages['hpi.path-traversal'].endswith(
            "[rebuild: dropped: member left out: unsafe path: it has a '..' component "
            "(hpi.path-traversal)]"), messages
        # Members have their own documents, every finding with its disposition.
        nested_report = root / 'n.yaml'
        rebuilt(SEEDS / 'clean-hpi-nested.hpi', root, '--report', nested_report,
                '--drop-unreachable')
        documents = [d for d in yaml.safe_load_all(nested_report.read_text()) if d]
        files = {d['path']: d for d in documents if d.get('kind') == 'file'}
        seed = str(SEEDS / 'clean-hpi-nested.hpi')
        assert sorted(files) == [seed, seed + '!anims/twins.gaf', seed + '!inner.ufo',
                                 seed + '!inner.ufo!anims/inner.gaf'], sorted(files)
        twins = files[seed + '!anims/twins.gaf']
        assert twins['member_of'] == seed, twins
        assert twins['findings'], twins
        for finding in twins['findings']:
            assert '[rebuild: ' in finding['message'], finding
        inner = files[seed + '!inner.ufo!anims/inner.gaf']
        assert inner['member_of'] == seed + '!inner.ufo', inner


CANONICAL_TSF = (b'[JPGTest]\r\n{\r\n    Looping = 0;\r\n    [Frame0]\r\n    {\r\n'
                 b'        Delay = 0;\r\n        [Layer0]\r\n        {\r\n'
                 b'            AnchorX = 0;\r\n            AnchorY = 0;\r\n'
                 b'            Filename = TitleScreen.jpg;\r\n        }\r\n    }\r\n}\r\n')


def test_tsf_scripts_are_normalised_or_refused():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        messy = root / 'title.tsf'
        messy.write_bytes(b'/* title */\n[JPGTest] { looping = +0;\n [Frame0] { DELAY=0;\n'
                          b'\t[Layer0] { anchorx = 0; anchory = 0; FileName = TitleScreen.jpg; }'
                          b'\n }\n}\n')
        out = root / 'clean.tsf'
        run('rebuild', messy, '-o', out, check_code=0)
        assert out.read_bytes() == CANONICAL_TSF, out.read_bytes()
        again = root / 'again.tsf'
        run('rebuild', out, '-o', again, check_code=0)
        assert again.read_bytes() == CANONICAL_TSF
        result = run('rebuild', SEEDS / 'tsf.syntax.tsf', '-o', root / 'bad.tsf', check_code=1)
        assert 'tsf.syntax at line 3' in result.stderr, result.stderr
        assert not (root / 'bad.tsf').exists()


def test_directory_mode_rebuilds_archives_and_scripts():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        tree = root / 'mod'
        (tree / 'gui').mkdir(parents=True)
        (tree / 'mod.ufo').write_bytes((SEEDS / 'hpi.path-traversal.hpi').read_bytes())
        (tree / 'gui' / 'title.tsf').write_bytes(CANONICAL_TSF.replace(b'\r\n', b'\n'))
        (tree / 'gui' / 'TitleScreen.jpg').write_bytes(b'not checked')  # the script's image
        (tree / 'readme.txt').write_text('hello')
        out = root / 'clean'
        # the archive's unsafe member is left out: written, but exit 5
        result = run('rebuild', tree, '-o', out, check_code=5)
        assert ('rebuild: 1 rebuilt, 1 written with content left out, 2 copied, 0 refused'
                in result.stderr), result.stderr
        assert (out / 'gui' / 'title.tsf').read_bytes() == CANONICAL_TSF
        assert member_paths(out / 'mod.ufo') == ['anims/armcom.gaf']
        assert (out / 'readme.txt').read_text() == 'hello'


def test_members_left_out_are_never_reported_as_success():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        for seed in ('hpi.path-traversal.hpi', 'hpi.duplicate-path.hpi'):
            out = root / (seed + '.out.ufo')
            report = root / (seed + '.yaml')
            result = run('rebuild', '--report', report, SEEDS / seed, '-o', out, check_code=5)
            assert 'dropped ' in result.stderr, (seed, result.stderr)
            assert 'written with content left out' in result.stderr, (seed, result.stderr)
            assert ' 0 rebuilt,' in result.stderr, (seed, result.stderr)
            archive = [d for d in yaml.safe_load_all(report.read_text())
                       if d and d.get('kind') == 'file'][0]
            assert archive['summary']['rebuild']['lost'] >= 1, (seed, archive['summary'])
            run('check', '--fail-on', 'warning', '-q', out, check_code=0)
        # an entry the game never loads (twins.gaf) is a loss unless --drop-unreachable asks
        result = run('rebuild', SEEDS / 'clean-hpi-nested.hpi', '-o', root / 'n.ufo',
                     check_code=5)
        assert 'dropped inner.ufo!anims/twins.gaf!entry[1]: unreachable' in result.stderr or \
            'twins.gaf!entry[1]: unreachable' in result.stderr, result.stderr
        # a damaged member that is all the archive holds: nothing would remain, refused
        for seed in ('hpi.chunk-checksum.hpi', 'hpi.chunk-stream.hpi'):
            result = run('rebuild', SEEDS / seed, '-o', root / 'damaged.ufo', check_code=1)
            assert 'nothing of the archive would remain' in result.stderr, result.stderr
            assert not (root / 'damaged.ufo').exists()
        # the control: a tidy archive is rebuilt whole
        result = run('rebuild', SEEDS / 'clean-hpi-v1.hpi', '-o', root / 'clean.ufo', check_code=0)
        assert 'rebuild: 1 rebuilt, 0 copied, 0 refused' in result.stderr, result.stderr


def test_every_archive_rebuild_accepts_rebuilds_to_itself():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        accepted = 0
        for seed in sorted(SEEDS.iterdir()):
            if seed.suffix.lower() not in ('.hpi', '.ufo', '.ccx', '.gp3'):
                continue
            once = root / (seed.name + '.once.ufo')
            result = run('rebuild', seed, '-o', once)
            if result.returncode not in (0, 5):
                assert result.returncode == 1 and not once.exists(), (seed, result.stderr)
                continue
            accepted += 1
            twice = root / (seed.name + '.twice.ufo')
            run('rebuild', once, '-o', twice, check_code=0)
            assert twice.read_bytes() == once.read_bytes(), seed.name
        assert accepted >= 10, accepted


def test_shared_members_cost_one_rebuild_and_bounded_output():
    # corpus/crashers: entries aimed at one member (refused, with thousands of findings; or
    # nested archives of aliased entries): stderr stays small, the output shares one copy.
    crashers = ROOT / 'corpus' / 'crashers'
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        result = run('rebuild', crashers / 'rebuild-hpi-refused-member-shared-by-300-entries.bin',
                     '-o', root / 'refused.ufo', check_code=1)
        assert len(result.stderr) < 64 * 1024, len(result.stderr)
        assert 'more lines not shown' in result.stderr, result.stderr[-2000:]
        nested = crashers / 'rebuild-hpi-nested-archive-shared-by-70-entries.bin'
        once = root / 'nested.ufo'
        run('rebuild', '--max-members', '2', nested, '-o', once, check_code=0)
        assert once.stat().st_size < 4 * nested.stat().st_size, once.stat().st_size
        twice = root / 'twice.ufo'
        run('rebuild', '--max-members', '2', once, '-o', twice, check_code=0)
        assert twice.read_bytes() == once.read_bytes()

