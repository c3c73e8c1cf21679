"""End-to-end tests of the gafcheck command line: exit codes, report validity against the JSON
schemas in reports/schema, atomic report files, help texts.
"""
import json
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile
import zlib

import jsonschema
import yaml

from conftest import GAFCHECK, GAFCHECK_TEST_HOOKS, ROOT
from gafcheck_run import run_gafcheck, validated_documents
from hand_built_hpi import chunk, hpi_v1, packed

SEEDS = ROOT / 'corpus' / 'seed'
SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record', 'diff')}


def run(*args, check_code=None, binary=GAFCHECK, env=None):
    return run_gafcheck(binary, *args, check_code=check_code, env=env)


def documents(text):
    docs = validated_documents(text, SCHEMAS)
    assert docs[0]['kind'] == 'header' and docs[-1]['kind'] == 'summary'
    return docs


def test_clean_file_exits_zero_with_valid_report():
    result = run('check', SEEDS / 'clean-raw.gaf', check_code=0)
    docs = documents(result.stdout)
    assert docs[1]['verdict'] == 'clean' and docs[1]['findings'] == []
    assert result.stderr.startswith('OK ')


def test_error_finding_exits_one():
    result = run('check', SEEDS / 'entry.alias.gaf', check_code=1)
    docs = documents(result.stdout)
    finding = docs[1]['findings'][0]
    assert finding['rule'] == 'entry.alias' and finding['path'] == 'entry[1]', finding
    assert 'ERROR' in result.stderr


def test_fail_on_sets_the_threshold():
    run('check', '--fail-on', 'never', SEEDS / 'entry.alias.gaf', check_code=0)
    run('check', SEEDS / 'frame.empty.gaf', check_code=0)
    run('check', '--fail-on', 'warning', SEEDS / 'frame.empty.gaf', check_code=1)
    run('check', '--fail-on', 'info', SEEDS / 'entry.no-frames.gaf', check_code=1)


def test_usage_errors_exit_two():
    assert 'unknown command' in run('frobnicate', check_code=2).stderr
    run('check', check_code=2)
    run('check', '--no-such-option', SEEDS / 'clean-raw.gaf', check_code=2)
    run('check', '--fail-on', 'sometimes', SEEDS / 'clean-raw.gaf', check_code=2)
    run('check', '--max-depth', 'lots', SEEDS / 'clean-raw.gaf', check_code=2)
    run('explain', 'no.such-rule', check_code=2)


def test_unreadable_input_exits_three_and_is_reported():
    result = run('check', '/nonexistent/x.gaf', SEEDS / 'clean-raw.gaf', check_code=3)
    docs = documents(result.stdout)
    paths = {doc['path']: doc for doc in docs[1:-1]}
    assert paths['/nonexistent/x.gaf']['findings'][0]['rule'] == 'input.unreadable'
    assert docs[-1]['files']['total'] == 2


def run_changing(hook, target, command, *args, check_code=None):
    """gafcheck, with the input named target changed by hook right after it is opened. The hook
    plays another process changing the file, which the sandbox rightly forbids gafcheck itself,
    so these runs go without it."""
    return run(command, '--no-sandbox', *args, check_code=check_code, binary=GAFCHECK_TEST_HOOKS,
               env={'GAFCHECK_TEST_HOOK': hook, 'GAFCHECK_TEST_HOOK_TARGET': target})


def test_input_that_shrinks_or_grows_while_read_is_unreadable_with_a_complete_report():
    seed = (SEEDS / 'clean-raw.gaf').read_bytes()
    # Above the 4 MiB that used to be mapped (and died with SIGBUS when truncated), and below it.
    for hook, padding in (('truncate-after-open', 6 << 20), ('truncate-after-open', 0),
                          ('grow-after-open', 6 << 20), ('grow-after-open', 0)):
        with tempfile.TemporaryDirectory() as directory:
            hit, other = pathlib.Path(directory) / 'hit.gaf', pathlib.Path(directory) / 'other.gaf'
            hit.write_bytes(seed + bytes(padding))
            other.write_bytes(seed)
            report = pathlib.Path(directory) / 'report.yaml'
            result = run_changing(hook, 'hit.gaf', 'check', '-o', report, hit, other, check_code=3)
            docs = documents(report.read_text())
            paths = {doc['path']: doc for doc in docs[1:-1]}
            assert paths[str(hit)]['format'] == 'unreadable', (hook, padding)
            assert paths[str(hit)]['size'] == len(seed) + padding
            finding = paths[str(hit)]['findings'][0]
            assert finding['rule'] == 'input.unreadable', finding
            assert finding['message'].startswith('changed while it was read: '), finding
            assert paths[str(other)]['verdict'] == 'clean', (hook, paths[str(other)])
            assert docs[-1]['files']['total'] == 2 and 'REJECTED' in result.stderr


def test_archive_that_shrinks_while_read_is_unreadable_for_ls_and_extract():
    with tempfile.TemporaryDirectory() as directory:
        archive = pathlib.Path(directory) / 'mod.hpi'
        shutil.copyfile(SEEDS / 'clean-hpi-v1.hpi', archive)
        result = run_changing('truncate-after-open', 'mod.hpi', 'ls', archive, check_code=3)
        assert 'changed while it was read' in result.stderr, result.stderr
        shutil.copyfile(SEEDS / 'clean-hpi-v1.hpi', archive)
        target = pathlib.Path(directory) / 'out'
        result = run_changing('grow-after-open', 'mod.hpi', 'extract', archive, '-C', target,
                              check_code=3)
        assert 'changed while it was read' in result.stderr and not target.exists()
        shutil.copyfile(SEEDS / 'clean-hpi-v1.hpi', archive)
        run_changing('grow-after-open', 'other.hpi', 'ls', archive, check_code=0)  # control


def test_input_replaced_or_unlinked_after_open_is_checked_as_it_was_opened():
    for hook in ('replace-after-open', 'unlink-after-open'):
        with tempfile.TemporaryDirectory() as directory:
            hit = pathlib.Path(directory) / 'hit.gaf'
            shutil.copyfile(SEEDS / 'entry.alias.gaf', hit)
            result = run_changing(hook, 'hit.gaf', 'check', hit, check_code=1)
            docs = documents(result.stdout)
            assert docs[1]['findings'][0]['rule'] == 'entry.alias', (hook, docs[1])
            assert hit.exists() == (hook == 'replace-after-open')


def test_report_file_is_renamed_into_place():
    with tempfile.TemporaryDirectory() as directory:
        target = pathlib.Path(directory) / 'report.yaml'
        run('check', '-o', target, SEEDS / 'clean-rle.gaf', check_code=0)
        assert os.listdir(directory) == ['report.yaml']
        documents(target.read_text())


def test_report_file_replaces_a_hard_link_never_writes_through_it():
    with tempfile.TemporaryDirectory() as directory:
        outside = pathlib.Path(directory) / 'outside.yaml'
        outside.write_text('outside\n')
        target = pathlib.Path(directory) / 'report.yaml'
        os.link(outside, target)
        run('check', '-o', target, SEEDS / 'clean-rle.gaf', check_code=0)
        assert outside.read_text() == 'outside\n' and outside.stat().st_nlink == 1
        documents(target.read_text())


def test_dev_stdout_is_standard_output_even_when_that_is_a_regular_file():
    with tempfile.TemporaryDirectory() as directory:
        for command in ('check', 'census'):
            captured = pathlib.Path(directory) / f'{command}.yaml'
            with open(captured, 'w') as out:
                code = subprocess.run([GAFCHECK, command, '-o', '/dev/stdout',
                                       SEEDS / 'clean-rle.gaf'], stdout=out,
                                      stderr=subprocess.DEVNULL, timeout=120).returncode
            assert code == 0, (command, code)
            assert documents(captured.read_text())[-1]['kind'] == 'summary'
            assert os.path.islink('/dev/stdout') and os.listdir(directory) == [captured.name]
            captured.unlink()


def test_device_output_is_written_not_replaced():
    run('check', '-o', '/dev/null', SEEDS / 'clean-raw.gaf', check_code=0)
    assert pathlib.Path('/dev/null').is_char_device()


def test_directories_are_walked_and_every_seed_gives_a_valid_document():
    result = run('check', '--quiet', SEEDS)
    assert result.returncode == 1, result.stderr
    docs = documents(result.stdout)
    seeds = [path for path in SEEDS.iterdir() if path.is_file() and path.name != 'README.md']
    inputs = [doc for doc in docs[1:-1] if 'member_of' not in doc]
    assert len(inputs) == len(seeds)
    assert result.stderr == ''


def test_budget_options_reach_the_report():
    result = run('check', '--max-pixels', '10', SEEDS / 'clean-raw.gaf', check_code=1)
    docs = documents(result.stdout)
    assert docs[0]['budgets']['pixels'] == 10
    assert docs[1]['verdict'] == 'rejected'
    assert docs[1]['findings'][0]['rule'] == 'budget.exceeded'
    assert run('check', '--max-heap', '1G', SEEDS / 'clean-raw.gaf').returncode == 0


def test_census_of_the_bundled_corpus_lists_files_with_findings():
    result = run('census', '-o', '-', SEEDS)
    docs = documents(result.stdout)
    assert docs[0]['command'] == 'census'
    assert docs[-1]['files']['total'] >= len(list(SEEDS.glob('*.gaf')))
    assert docs[-1]['findings']['entry.alias']['files'] >= 1
    files = [doc for doc in docs if doc['kind'] == 'file']
    assert files and all(doc['findings'] for doc in files), 'default --per-file findings'
    records = [doc for doc in docs if doc['kind'] == 'record']
    assert len(records) == docs[-1]['files']['total'], 'one record per checked file'


def test_rules_and_explain_print_the_catalogue():
    catalogue = yaml.safe_load(run('rules', check_code=0).stdout)
    ids = {rule['id'] for rule in catalogue['rules']}
    assert 'rle.short-row' in ids or 'entry.alias' in ids
    assert 'entry.alias' in run('rules', '--brief', check_code=0).stdout
    text = run('explain', 'entry.alias', check_code=0).stdout
    assert 'severity: error' in text and 'retail:   crash' in text


def test_every_command_has_help():
    for command in ('check', 'census', 'merge', 'diff', 'rules', 'explain'):
        result = run(command, '--help', check_code=0)
        assert 'Usage: gafcheck ' + command in result.stdout, result.stdout
    assert 'Commands:' in run('--help', check_code=0).stdout
    assert run('--version', check_code=0).stdout.startswith('gafcheck ')


def test_hostile_path_names_stay_valid_yaml():
    with tempfile.TemporaryDirectory() as directory:
        name = os.path.join(directory.encode(), b'odd\x01name\xff\n.gaf')
        with open(name, 'wb') as out:
            out.write((SEEDS / 'clean-raw.gaf').read_bytes())
        result = subprocess.run([GAFCHECK, 'check', directory], capture_output=True, timeout=60)
        docs = documents(result.stdout.decode())
        assert '\\x01' in docs[1]['path'] and '\\xFF' in docs[1]['path'], docs[1]['path']


def test_kingdoms_formats_are_detected_and_reported_with_lines():
    taf = documents(run('check', SEEDS / 'clean-taf-argb4444.taf', check_code=0).stdout)[1]
    assert taf['format'] == 'taf-truecolor' and taf['verdict'] == 'clean', taf
    assert taf['summary']['alpha']['soft'] > 0 and taf['summary']['formats']['argb4444'] == 2
    tsf = documents(run('check', SEEDS / 'tsf.value.tsf', check_code=1).stdout)[1]
    assert tsf['format'] == 'tsf'
    value = next(f for f in tsf['findings'] if f['rule'] == 'tsf.value')
    assert (value['row'], value['column']) == (4, 15), value
    mismatch = documents(run('check', SEEDS / 'format.extension-mismatch.gaf', check_code=0).stdout)[1]
    assert mismatch['format'] == 'taf-truecolor'
    assert [f['rule'] for f in mismatch['findings']] == ['format.extension-mismatch']


# --- archives: check/census open them, ls lists, extract extracts safely ---

def test_archive_members_get_their_own_documents():
    result = run('check', SEEDS / 'clean-hpi-nested.hpi', check_code=0)
    docs = documents(result.stdout)[1:-1]
    archive = docs[0]
    assert archive['format'] == 'hpi' and 'member_of' not in archive
    assert [m['path'] for m in archive['members']] == ['anims/twins.gaf', 'inner.ufo']
    assert archive['members'][0] == {'path': 'anims/twins.gaf', 'size': archive['members'][0]['size'],
                                     'compressed_size': archive['members'][0]['compressed_size'],
                                     'method': 'zlib', 'encrypted': False, 'format': 'gaf',
                                     'checked': True}
    paths = [doc['path'] for doc in docs]
    seed = str(SEEDS / 'clean-hpi-nested.hpi')
    assert paths == [seed, seed + '!anims/twins.gaf', seed + '!inner.ufo',
                     seed + '!inner.ufo!anims/inner.gaf'], paths
    assert docs[1]['member_of'] == seed and docs[3]['member_of'] == seed + '!inner.ufo'
    assert docs[1]['findings'][0]['rule'] == 'entry.name-duplicate'


def test_census_counts_archive_members():
    result = run('census', '--per-file', 'all', SEEDS)
    docs = documents(result.stdout)
    members = [doc for doc in docs[1:-1] if 'member_of' in doc]
    assert len(members) >= 5
    assert docs[-1]['findings']['hpi.path-traversal']['files'] == 1


def test_archive_budgets_are_options():
    result = run('check', '--max-archive-depth', '1', SEEDS / 'clean-hpi-nested.hpi', check_code=1)
    docs = documents(result.stdout)[1:-1]
    nested = [doc for doc in docs if doc['path'].endswith('!inner.ufo')][0]
    assert nested['verdict'] == 'rejected'
    assert "'archive_depth'" in nested['findings'][0]['message']
    header = documents(run('check', SEEDS / 'clean-raw.gaf').stdout)[0]
    assert header['budgets']['archive_output'] == 1 << 30 and header['budgets']['archive_depth'] == 2


def test_ls_lists_members():
    result = run('ls', SEEDS / 'clean-hpi-encrypted.hpi', check_code=0)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ['size', 'stored', 'method', 'enc', 'format', 'path']
    rows = [line.split() for line in lines[1:]]
    assert [row[5] for row in rows] == ['anims/armcom.gaf', 'scripts/notes.txt', 'readme.txt']
    assert rows[0][2:5] == ['zlib', 'yes', 'gaf'] and rows[1][0] == '70000'
    assert '3 members' in result.stderr and 'verdict clean' in result.stderr
    assert 'not an HPI archive' in run('ls', SEEDS / 'clean-raw.gaf', check_code=1).stderr
    run('ls', '/nonexistent.ufo', check_code=3)
    run('ls', check_code=2)


def test_extract_writes_members_byte_for_byte():
    with tempfile.TemporaryDirectory() as directory:
        target = pathlib.Path(directory) / 'out'
        run('extract', SEEDS / 'clean-hpi-nested.hpi', '-C', target, check_code=0)
        assert sorted(str(p.relative_to(target)) for p in target.rglob('*') if p.is_file()) == [
            'anims/twins.gaf', 'inner.ufo']
        assert (target / 'inner.ufo').read_bytes()[:4] == b'HAPI'
        # A second run refuses to overwrite; --force replaces; a selection extracts only it.
        again = run('extract', SEEDS / 'clean-hpi-nested.hpi', '-C', target, check_code=1)
        assert 'exists (use --force' in again.stderr
        run('extract', '--force', SEEDS / 'clean-hpi-nested.hpi', 'ANIMS', '-C', target, check_code=0)
        missing = run('extract', SEEDS / 'clean-hpi-nested.hpi', 'nothing/here', '-C', target,
                      check_code=1)
        assert "no member 'nothing/here'" in missing.stderr


def test_extract_refuses_traversal_and_symlinks():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        target = root / 'out'
        result = run('extract', SEEDS / 'hpi.path-traversal.hpi', '-C', target, check_code=1)
        assert 'hpi.path-traversal' in result.stderr
        assert sorted(p.name for p in root.rglob('*')) == ['anims', 'armcom.gaf', 'out']
        # A symlink planted where a directory or file would go is never followed.
        victim = root / 'victim'
        victim.mkdir()
        planted = root / 'planted'
        planted.mkdir()
        (planted / 'anims').symlink_to(victim)
        (planted / 'readme.txt').symlink_to(victim / 'readme.txt')
        result = run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', planted, check_code=1)
        assert "directory 'anims' is a symbolic link" in result.stderr, result.stderr
        assert "'readme.txt' exists" in result.stderr, result.stderr
        result = run('extract', '--force', SEEDS / 'clean-hpi-v1.hpi', 'readme.txt', '-C', planted,
                     check_code=1)
        assert "file 'readme.txt' is a symbolic link" in result.stderr, result.stderr
        assert list(victim.iterdir()) == []
        assert (planted / 'scripts' / 'notes.txt').is_file()
        # The target directory itself must not be a symlink.
        (root / 'link').symlink_to(victim)
        run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', root / 'link', check_code=2)
        assert list(victim.iterdir()) == []


def test_extract_force_replaces_the_name_never_the_file_behind_it():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        target = root / 'out'
        run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', target, check_code=0)
        readme, notes = target / 'readme.txt', target / 'scripts' / 'notes.txt'
        wanted = {readme: readme.read_bytes(), notes: notes.read_bytes()}
        # readme.txt: a hard link to a file outside the target.
        outside = root / 'outside.txt'
        outside.write_bytes(b'outside the target\n')
        readme.unlink()
        os.link(outside, readme)
        # notes.txt: a read-only file (the directory is writable, so it can be renamed over).
        notes.write_bytes(b'old notes')
        notes.chmod(0o444)
        old_notes_inode = notes.stat().st_ino
        run('extract', '--force', SEEDS / 'clean-hpi-v1.hpi', '-C', target, check_code=0)
        assert outside.read_bytes() == b'outside the target\n'
        assert outside.stat().st_nlink == 1 and readme.stat().st_ino != outside.stat().st_ino
        assert readme.read_bytes() == wanted[readme]
        assert notes.read_bytes() == wanted[notes] and notes.stat().st_ino != old_notes_inode
        assert notes.stat().st_mode & 0o200, 'a new file, with the mode new files get'
        assert not [p for p in target.rglob('.gafcheck-*')], 'no temporary file is left'


def read_only_places(root):
    """Directories no file can be created in, as the current user: a chmod 555 directory (root
    ignores the bits, so it is used only when it really refuses) and /sys (sysfs refuses even
    root). At least one of them works wherever the tests run."""
    places = []
    locked = root / 'locked'
    locked.mkdir(parents=True)
    locked.chmod(0o555)
    for place in (locked, pathlib.Path('/sys')):
        try:
            (place / 'gafcheck-probe').touch()
            (place / 'gafcheck-probe').unlink()
        except OSError:
            places.append(place)
    assert places, 'no read-only place to test with'
    return places


def writing_commands(root):
    """Each command that writes a report, as a function of its -o value."""
    tree = root / 'tree'
    tree.mkdir()
    shutil.copyfile(SEEDS / 'clean-raw.gaf', tree / 'a.gaf')
    run('census', '--shard', '1/1', '-o', root / 'shard.yaml', tree, check_code=0)
    run('check', '-o', root / 'old.yaml', tree / 'a.gaf', check_code=0)
    return {
        'check': lambda out: ('check', '-o', out, tree / 'a.gaf'),
        'census': lambda out: ('census', '-o', out, tree),
        'merge': lambda out: ('merge', '-o', out, root / 'shard.yaml'),
        'diff': lambda out: ('diff', '-o', out, root / 'old.yaml', root / 'old.yaml'),
    }


def test_output_that_cannot_be_written_exits_two_with_the_reason():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        commands = writing_commands(root)
        (root / 'a-directory').mkdir()
        cases = [(root / 'missing' / 'r.yaml', 'No such file or directory'),
                 (root / 'a-directory', 'is a directory'),
                 (root / 'tree' / 'a.gaf' / 'r.yaml', 'Not a directory'),
                 ('/dev/full', 'No space left on device')]
        cases += [(place / 'r.yaml', 'denied') for place in read_only_places(root)]
        for name, command in commands.items():
            for output, reason in cases:
                result = run(*command(output))
                assert result.returncode == 2, (name, output, result.returncode, result.stderr)
                assert reason in result.stderr and 'internal error' not in result.stderr, (
                    name, output, result.stderr)
            # Control: a new file in a writable directory.
            out = root / f'{name}-new.yaml'
            result = run(*command(out))
            assert result.returncode == 0, (name, result.stderr)
            docs = list(yaml.safe_load_all(out.read_text()))
            assert docs[-1]['kind'] == ('diff' if name == 'diff' else 'summary'), (name, docs)
        assert not list(root.rglob('.*.tmp-*')), 'no temp file is left behind'
        for place in read_only_places(root / 'extract'):
            result = run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', place, check_code=2)
            assert 'cannot be written' in result.stderr and 'internal' not in result.stderr
        result = run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', root / 'missing' / 'x',
                     check_code=2)
        assert 'No such file or directory' in result.stderr, result.stderr
        run('extract', SEEDS / 'clean-hpi-v1.hpi', '-C', root / 'tree' / 'a.gaf', check_code=2)
        for command in ('check', 'census', 'merge', 'diff'):
            assert '-o cannot be written' in run(command, '--help').stdout, command
        assert 'the output cannot be written' in run('--help').stdout


def test_output_that_is_an_input_is_refused_and_nothing_is_written():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        upload = root / 'x.gaf'
        shutil.copyfile(SEEDS / 'clean-raw.gaf', upload)
        original = upload.read_bytes()
        os.link(upload, root / 'hard.gaf')
        (root / 'soft.gaf').symlink_to('x.gaf')
        for output in (upload, root / 'hard.gaf', root / 'soft.gaf', root / '.' / 'x.gaf'):
            result = run('check', '-o', output, upload, check_code=2)
            assert 'refusing to write the report' in result.stderr, result.stderr
            assert upload.read_bytes() == original and (root / 'soft.gaf').is_symlink()
        assert sorted(os.listdir(root)) == ['hard.gaf', 'soft.gaf', 'x.gaf'], os.listdir(root)
        # Reports read by diff and merge are inputs too.
        run('check', '-o', root / 'a.yaml', upload, check_code=0)
        run('census', '--shard', '1/1', '-o', root / 's.yaml', upload, check_code=0)
        before = (root / 'a.yaml').read_bytes(), (root / 's.yaml').read_bytes()
        run('diff', '-o', root / 'a.yaml', root / 'a.yaml', root / 'a.yaml', check_code=2)
        run('merge', '-o', root / 's.yaml', root / 's.yaml', check_code=2)
        assert ((root / 'a.yaml').read_bytes(), (root / 's.yaml').read_bytes()) == before
        # Control: another path is written.
        run('check', '-o', root / 'report.yaml', upload, check_code=0)
        assert upload.read_bytes() == original


def test_report_inside_a_walked_tree_is_never_an_input():
    with tempfile.TemporaryDirectory() as directory:
        tree = pathlib.Path(directory) / 'T'
        tree.mkdir()
        shutil.copyfile(SEEDS / 'clean-raw.gaf', tree / 'z.gaf')
        original = (tree / 'z.gaf').read_bytes()
        expected = ['z.gaf']
        for command in ('check', 'census'):
            # The report would replace an input of the walk, or be one: refused.
            for name in ('z.gaf', 'new.gaf', 'NEW.UFO'):
                result = run(command, '-o', tree / name, tree, check_code=2)
                assert 'input of the walk' in result.stderr, (command, name, result.stderr)
            assert (tree / 'z.gaf').read_bytes() == original
            assert sorted(os.listdir(tree)) == expected, os.listdir(tree)
            expected = sorted(expected + [f'{command}.yaml'])
            # A report named as a report: written in the tree, left out of the walk, run after run.
            report = tree / f'{command}.yaml'
            for _ in range(2):
                run(command, '-o', report, tree, check_code=0)
                docs = documents(report.read_text())
                paths = {doc['path'] for doc in docs if doc['kind'] in ('file', 'record')}
                assert paths == {str(tree / 'z.gaf')}, (command, paths)
                assert docs[-1]['files']['total'] == 1, docs[-1]['files']
        # Resuming into the report in the tree leaves the old report (moved aside) out too.
        report = tree / 'census.yaml'
        run('census', '--resume', report, '-o', report, tree, check_code=0)
        docs = documents(report.read_text())
        assert {doc['path'] for doc in docs if doc['kind'] == 'record'} == {str(tree / 'z.gaf')}
        assert sorted(os.listdir(tree)) == ['census.yaml', 'check.yaml', 'z.gaf']


def test_check_and_census_pick_the_same_inputs_in_a_directory():
    with tempfile.TemporaryDirectory() as directory:
        upload = pathlib.Path(directory) / 'mod'
        (upload / 'anims').mkdir(parents=True)
        shutil.copyfile(SEEDS / 'clean-raw.gaf', upload / 'anims' / 'unit.gaf')
        shutil.copyfile(SEEDS / 'entry.alias.gaf', upload / 'anims' / 'old.bak')
        (upload / 'readme.txt').write_text('My mod. Install into the TA folder.\n')
        (upload / 'LICENSE').write_bytes(b'\x00\x01 not a sprite')
        checked = run('check', '--fail-on', 'never', upload, check_code=0)
        census = run('census', '--per-file', 'all', '--fail-on', 'never', upload, check_code=0)
        check_docs, census_docs = documents(checked.stdout), documents(census.stdout)
        check_paths = [doc['path'] for doc in check_docs if doc['kind'] == 'file']
        census_paths = [doc['path'] for doc in census_docs if doc['kind'] == 'file']
        assert check_paths == census_paths == [str(upload / 'anims' / 'old.bak'),
                                               str(upload / 'anims' / 'unit.gaf')], check_paths
        assert check_docs[-1]['files']['not_inputs'] == census_docs[-1]['files']['not_inputs'] == 2
        assert 'readme' not in checked.stderr
        # A readme does not fail vetting; the renamed GAF (found by content) still does.
        run('check', upload / 'readme.txt', upload / 'LICENSE', check_code=1)
        run('check', upload, check_code=1)
        (upload / 'anims' / 'old.bak').unlink()
        run('check', upload, check_code=0)
        # Named on the command line, a file is always checked, by every command.
        for command in ('check', 'census'):
            result = run(command, '--per-file', 'all', upload / 'readme.txt') if command == 'census' \
                else run(command, upload / 'readme.txt')
            assert result.returncode == 1, (command, result.stderr)
            doc = [d for d in documents(result.stdout) if d['kind'] == 'file'][0]
            assert doc['findings'][0]['rule'] == 'format.unknown', (command, doc)


def test_bang_in_a_real_file_name_is_not_an_archive_separator():
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'textures').mkdir()
        (root / 'anims').mkdir()
        for name in ('textures!unit.gaf', 'anims!vismasks.gaf', 'textures/unit.gaf',
                     'anims/vismasks.gaf'):
            shutil.copyfile(SEEDS / 'storage.raw-required.gaf', root / name)
        result = run('check', '--fail-on', 'never', root, check_code=0)
        rules = {pathlib.Path(doc['path']).relative_to(root).as_posix():
                 [finding['rule'] for finding in doc['findings']]
                 for doc in documents(result.stdout) if doc['kind'] == 'file'}
        assert rules['textures!unit.gaf'] == [] and rules['anims!vismasks.gaf'] == [], rules
        # Controls: where the engine does read plain arrays.
        assert rules['textures/unit.gaf'] == ['storage.raw-required'], rules
        assert rules['anims/vismasks.gaf'] == ['storage.raw-required'], rules
        run('check', root / 'textures!unit.gaf', check_code=0)
        run('check', root / 'textures' / 'unit.gaf', check_code=1)


def test_extract_force_never_replaces_the_archive_being_extracted():
    with tempfile.TemporaryDirectory() as directory:
        target = pathlib.Path(directory)
        # The archive is named like one of its members (readme.txt), in the target directory.
        archive = target / 'readme.txt'
        shutil.copyfile(SEEDS / 'clean-hpi-v1.hpi', archive)
        original = archive.read_bytes()
        (target / 'scripts').mkdir()
        os.link(archive, target / 'scripts' / 'notes.txt')  # a hard link to it, by another member
        result = run('extract', '--force', archive, '-C', target, check_code=1)
        assert result.stderr.count('is the archive being extracted') == 2, result.stderr
        assert archive.read_bytes() == original
        assert (target / 'scripts' / 'notes.txt').stat().st_ino == archive.stat().st_ino
        # Control: the other members are written.
        assert (target / 'anims' / 'armcom.gaf').is_file()


# --- extract writes only members that decode exactly ---

def test_extract_refuses_members_that_do_not_decode_exactly():
    content = bytes(range(256)) * 40
    stream = zlib.compress(content)
    archive = hpi_v1([
        packed(b'good.txt', content),
        (b'checksum.gaf', len(content),
         [chunk(stream, len(content), checksum=(sum(stream) + 7) & 0xFFFFFFFF)]),
        (b'stream.gaf', len(content), [chunk(stream[:len(stream) // 2], len(content))]),
        (b'short.gaf', len(content) + 100, [chunk(stream, len(content) + 100)]),
    ])
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'damaged.hpi').write_bytes(archive)
        result = run('extract', root / 'damaged.hpi', '-C', root / 'out', check_code=1)
        refused = {line.split()[1].rstrip(':'): line for line in result.stderr.splitlines()
                   if line.startswith('refused')}
        assert 'hpi.chunk-checksum' in refused['checksum.gaf'], result.stderr
        assert 'hpi.chunk-stream' in refused['stream.gaf'], result.stderr
        assert 'hpi.chunk-size' in refused['short.gaf'], result.stderr
        assert sorted(p.name for p in (root / 'out').iterdir()) == ['good.txt'], result.stderr
        assert (root / 'out' / 'good.txt').read_bytes() == content
        assert 'extract: 1 written, 0 damaged (kept as .damaged), 3 refused' in result.stderr
        # check names the same rules, so the reason on stderr is the one a report gives.
        rules = {f['rule'] for doc in documents(run('check', root / 'damaged.hpi').stdout)
                 if doc['kind'] == 'file' for f in doc['findings']}
        assert {'hpi.chunk-checksum', 'hpi.chunk-stream', 'hpi.chunk-size'} <= rules, rules

        # --keep-damaged writes them under a name that says so, counts them apart, exits 1.
        kept = run('extract', '--keep-damaged', root / 'damaged.hpi', '-C', root / 'kept',
                   check_code=1)
        assert sorted(p.name for p in (root / 'kept').iterdir()) == [
            'checksum.gaf.damaged', 'good.txt', 'short.gaf.damaged', 'stream.gaf.damaged'], kept
        assert 'extract: 1 written, 3 damaged (kept as .damaged), 0 refused' in kept.stderr
        assert kept.stderr.count('damaged  ') == 3, kept.stderr
        assert len((root / 'kept' / 'short.gaf.damaged').read_bytes()) == len(content) + 100


def test_extract_of_an_archive_that_decodes_exactly_writes_every_member():
    contents = {b'a.txt': b'hello' * 100, b'b.gaf': bytes(70000), b'c.txt': b'x'}
    files = []
    for name, content in contents.items():
        pieces = [content[i:i + 65536] for i in range(0, len(content), 65536)]
        files.append((name, len(content), [chunk(zlib.compress(p), len(p)) for p in pieces]))
    with tempfile.TemporaryDirectory() as directory:
        root = pathlib.Path(directory)
        (root / 'clean.hpi').write_bytes(hpi_v1(files))
        result = run('extract', root / 'clean.hpi', '-C', root / 'out', check_code=0)
        assert 'extract: 3 written, 0 damaged (kept as .damaged), 0 refused' in result.stderr
        for name, content in contents.items():
            assert (root / 'out' / name.decode()).read_bytes() == content
        # The seeds check flags for damaged chunks are refused too, a clean one is not.
        for seed in ('hpi.chunk-checksum', 'hpi.chunk-stream', 'hpi.chunk-size'):
            result = run('extract', SEEDS / f'{seed}.hpi', '-C', root / seed, check_code=1)
            assert seed in result.stderr, (seed, result.stderr)
        run('extract', SEEDS / 'clean-hpi-v2.hpi', '-C', root / 'v2', check_code=0)


def test_archive_commands_have_help():
    for command in ('ls', 'extract'):
        result = run(command, '--help', check_code=0)
        assert 'Usage: gafcheck ' + command in result.stdout, result.stdout
    assert 'symbolic links are never followed' in run('extract', '--help').stdout
    assert '--keep-damaged' in run('extract', '--help').stdout
    assert 'ls ARCHIVE' in run('--help', check_code=0).stdout



def documents_of(text):
    return [json.loads(json.dumps(doc)) for doc in yaml.safe_load_all(text)]


def issue_example_bytes():
    """A version word the engine ignores, the worked example: version word 0x00010101 over ordinary TA frames, a composite
    whose second layer points back at itself, and a short RLE row that ends the file."""
    import struct
    def entry(name, frame_header):
        return (struct.pack('<HHI', 1, 1, 0) + name.ljust(32, b'\0') +
                struct.pack('<II', frame_header, 1))
    def frame(width, height, compressed, layers, data):
        return struct.pack('<HHhhBBBBIII', width, height, 0, 0, 9, compressed, layers, 0, 0, data,
                           0)
    out = struct.pack('<III', 0x00010101, 2, 0) + struct.pack('<II', 20, 68)
    out += entry(b'FIRE', 116) + entry(b'SMOKE', 140)  # entries at 20 and 68
    out += frame(4, 4, 0, 2, 164)                      # composite at 116
    out += frame(4, 2, 1, 0, 212)                      # RLE frame at 140
    out += struct.pack('<II', 172, 116)                # layer table at 164: [leaf, itself]
    out += frame(4, 4, 0, 0, 196)                      # leaf at 172
    out += bytes(range(1, 17))                         # leaf pixels at 196
    out += struct.pack('<H', 5) + bytes([0x0C, 1, 2, 3, 4])  # row 0 at 212: exact
    out += struct.pack('<H', 2) + bytes([0x04, 1])            # row 1: 2-px literal with 1 byte
    assert len(out) == 223
    return out


def ta3d_file_bytes():
    """A TA3D truecolor GAF as TA3D's create_gaf writes it: one entry, one 8x8 frame whose header
    points just past itself at a u32 byte count and a level-9 zlib stream of 8x8 RGBA pixels."""
    import struct
    import zlib
    stream = zlib.compress(bytes(range(256)), 9)
    out = bytearray(struct.pack('<III', 0x00010101, 1, 0))
    out += struct.pack('<I', 16)
    out += struct.pack('<HHI', 1, 1, 0) + b'armcom_gadget'.ljust(32, b'\0')
    out += struct.pack('<II', 64, 0)
    out += struct.pack('<HHhhBBHIII', 8, 8, 0, 0, 1, 1, 0, 0, 88, 0)
    out += struct.pack('<I', len(stream)) + stream
    return bytes(out)


def test_game_decides_the_exit_code_of_foreign_gafs():
    example = issue_example_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / 'example.gaf').write_bytes(example)
        (tmp / 'armcom_gadget.gaf').write_bytes(ta3d_file_bytes())
        for game in ('ta', 'tak', 'ta3d'):
            # The issue's example: the TA engines load it as a GAF; TA3D reads its payloads.
            result = run('check', '--game', game, '--fail-on', 'error', tmp / 'example.gaf',
                         check_code=1)
            docs = documents(result.stdout)
            assert docs[0]['game'] == game, docs[0]
            rules = {f['rule'] for f in docs[1]['findings']}
            if game == 'ta3d':
                assert 'ta3d.payload-out-of-bounds' in rules or 'ta3d.payload-encoding' in rules, rules
                assert 'composite.cycle' not in rules, rules
            else:
                assert {'composite.cycle', 'format.foreign-variant'} <= rules, rules
            # A real TA3D file: garbage for the TA engines, clean for TA3D.
            result = run('check', '--game', game, '--fail-on', 'error', tmp / 'armcom_gadget.gaf',
                         check_code=0 if game == 'ta3d' else 1)
            doc = documents(result.stdout)[1]
            assert doc['format'] == 'ta3d-gaf', doc
            if game == 'ta3d':
                assert doc['verdict'] == 'clean', doc
            else:
                foreign = [f for f in doc['findings'] if f['rule'] == 'format.foreign-variant']
                assert foreign and foreign[0]['severity'] == 'error', doc
                assert foreign[0]['retail'] == 'garbage' and foreign[0]['path'] == 'entry[0]/frame[0]'
        run('check', '--game', 'ta2', tmp / 'example.gaf', check_code=2)


def test_census_and_merge_headers_record_the_game():
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / 'in').mkdir()
        (tmp / 'in' / 'armcom_gadget.gaf').write_bytes(ta3d_file_bytes())
        for k in (1, 2):
            run('census', '--game', 'ta3d', '--shard', f'{k}/2', '-o', tmp / f's{k}.yaml',
                tmp / 'in', check_code=0)
            header = documents((tmp / f's{k}.yaml').read_text())[0]
            assert header['game'] == 'ta3d', header
        run('merge', '-o', tmp / 'm.yaml', tmp / 's1.yaml', tmp / 's2.yaml', check_code=0)
        assert documents((tmp / 'm.yaml').read_text())[0]['game'] == 'ta3d'
        # A census for another game (where this TA3D file is an error) does not merge with these.
        run('census', '--game', 'ta', '--shard', '2/2', '-o', tmp / 'ta.yaml', tmp / 'in',
            check_code=1)
        run('merge', '-o', tmp / 'x.yaml', tmp / 's1.yaml', tmp / 'ta.yaml', check_code=2)
        # A diff says which game each side was made for.
        result = run('diff', tmp / 's2.yaml', tmp / 'ta.yaml', check_code=1)
        diff = documents_of(result.stdout)[0]
        jsonschema.validate(diff, SCHEMAS['diff'])
        assert diff['games'] == {'old': 'ta3d', 'new': 'ta'}, diff


def test_help_explains_the_games():
    text = run('check', '--help', check_code=0).stdout
    for word in ('ta3d', 'tak', 'Total Annihilation', 'format.foreign-variant'):
        assert word in text, text

