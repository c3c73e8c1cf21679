"""End-to-end tests of census, merge and diff on generated trees: the summary equals the
generator's ground truth, output is deterministic across -j, an interrupted or killed census
resumes to the same report, shards merge into a single run's summary, diff finds what changed,
and odd directory entries are findings.
"""
import atexit
import json
import os
import pathlib
import pty
import random
import resource
import shutil
import signal
import subprocess
import tempfile

import pytest
import yaml

from conftest import GAFCHECK, GAFCHECK_TEST_HOOKS, MAKE_TREE, ROOT
from gafcheck_run import run_gafcheck, validated_documents

SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record', 'diff')}
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-census-test-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
TREE = WORK / 'tree'
TREE_FILES = 48
# Header and summary fields that differ between runs of the same census.
RUN_FIELDS = ('command_line: ', 'started_at: ', 'wall_seconds: ', 'bytes_per_second: ')


def run(*args, env=None, check_code=None, binary=GAFCHECK):
    return run_gafcheck(binary, *args, check_code=check_code, env=env, timeout=300)


def documents(text):
    return validated_documents(text, SCHEMAS)


def census(report, *args, tree=TREE, **kwargs):
    return run('census', '-o', report, *args, tree, **kwargs)


def stable(path):
    """A report without the fields that legitimately differ between runs."""
    return ''.join(line for line in pathlib.Path(path).read_text().splitlines(True)
                   if not line.startswith(RUN_FIELDS))


def summary(path):
    docs = documents(pathlib.Path(path).read_text())
    assert docs[-1]['kind'] == 'summary'
    return docs[-1]


def make_tree(path, files, seed=1, *max_side):
    subprocess.run([MAKE_TREE, path, str(files), str(seed), *map(str, max_side)], check=True,
                   capture_output=True)
    return yaml.safe_load(pathlib.Path(str(path) + '.truth.yaml').read_text())


TRUTH = make_tree(TREE, TREE_FILES)
REFERENCE = WORK / 'reference.yaml'
census(REFERENCE, '-j', '1', '--per-file', 'all', check_code=0)


def test_census_summary_equals_the_generators_ground_truth():
    result = census(WORK / 'truth-check.yaml', check_code=0)
    got = summary(WORK / 'truth-check.yaml')
    assert got['files']['total'] == TRUTH['files'], result.stderr
    assert got['files']['by_format'] == {'gaf': TRUTH['files']}
    assert got['files']['not_inputs'] == TRUTH['not_inputs']
    assert got['bytes'] == TRUTH['bytes']
    for key in ('entries', 'zero_frame_entries', 'frames', 'frame_headers', 'composite_frames',
                'subframes', 'raw_leaves', 'rle_leaves', 'unknown3_nonzero'):
        assert got[key] == TRUTH[key], (key, got[key], TRUTH[key])
    for key in ('versions', 'durations', 'alt_bytes', 'color_keys', 'compression_bytes'):
        assert got[key] == TRUTH[key], (key, got[key], TRUTH[key])
    assert got['layer_counts']['counts'] == TRUTH['layer_counts']
    assert got['layer_counts']['max'] == max(TRUTH['layer_counts'])
    assert got['dimensions'] == {'max_width': TRUTH['max_width'],
                                 'max_height': TRUTH['max_height'],
                                 'area_buckets': TRUTH['area_buckets']}
    assert got['findings'] == TRUTH['findings']
    # Pixel counters appear once the pixel walk produces them; then they must agree too.
    if 'raw_frames_with_key' in got:
        assert got['raw_frames_with_key'] == TRUTH['raw_frames_with_key']
    if 'key_pixels' in got:
        assert got['key_pixels']['total'] == TRUTH['key_pixels']
        counts = [item['key_pixels'] for item in got['key_pixels']['top_files']]
        assert counts == sorted(counts, reverse=True) and len(counts) <= 10


def test_a_tree_of_larger_sprite_leaves_is_counted_to_its_truth_too():
    truth = make_tree(WORK / 'sprites', 6, 3, 200, 'sprites')
    assert 72 < max(truth['max_width'], truth['max_height']) <= 200
    census(WORK / 'sprites.yaml', tree=WORK / 'sprites', check_code=0)
    got = summary(WORK / 'sprites.yaml')
    assert got['dimensions'] == {'max_width': truth['max_width'],
                                 'max_height': truth['max_height'],
                                 'area_buckets': truth['area_buckets']}
    for key in ('frames', 'raw_leaves', 'rle_leaves', 'composite_frames'):
        assert got[key] == truth[key], (key, got[key], truth[key])
    # A sprite's transparent margin is its raw frame's colour key.
    assert truth['key_pixels'] > 0
    assert got['raw_frames_with_key'] == truth['raw_frames_with_key']
    assert got['key_pixels']['total'] == truth['key_pixels']
    for arguments, message in ((('7',), 'MAX_SIDE must be 8 to 1024'),
                               (('72', 'noise'), 'ART must be pattern or sprites')):
        refused = subprocess.run([MAKE_TREE, WORK / 'refused', '6', '3', *arguments],
                                 capture_output=True, text=True)
        assert refused.returncode == 2 and message in refused.stderr
        assert not (WORK / 'refused').exists()


def test_inputs_are_picked_by_content_and_ext_restricts_them():
    docs = documents((REFERENCE).read_text())
    paths = {doc['path'] for doc in docs if doc['kind'] == 'record'}
    assert any(p.endswith('LOGO0000') for p in paths), 'a GAF without extension is found'
    assert any(p.endswith('.GAF') for p in paths)
    assert not any(p.endswith(('.wav', '.fbi')) for p in paths)
    census(WORK / 'ext.yaml', '--ext', 'GAF', check_code=0)
    got = summary(WORK / 'ext.yaml')
    no_extension = sum(1 for p in TREE.rglob('*') if p.is_file() and not p.suffix)
    assert no_extension >= 1
    assert got['files']['total'] == TRUTH['files'] - no_extension
    assert got['files']['not_inputs'] == TRUTH['not_inputs'] + no_extension


def test_output_is_identical_across_job_counts():
    census(WORK / 'j2.yaml', '-j', '2', '--per-file', 'all', check_code=0)
    census(WORK / 'j3.yaml', '-j', '3', '--per-file', 'all', check_code=0)
    assert stable(WORK / 'j2.yaml') == stable(REFERENCE)
    assert stable(WORK / 'j3.yaml') == stable(REFERENCE)


def test_every_record_is_one_line_and_files_are_in_path_order():
    docs = documents(REFERENCE.read_text())
    records = [doc for doc in docs if doc['kind'] == 'record']
    assert len(records) == TRUTH['files']
    text = REFERENCE.read_text()
    assert text.count('\n{kind: record, ') == len(records)
    paths = [doc['path'] for doc in records]
    key = [p.replace('/', '\x00') for p in paths]
    assert key == sorted(key), 'records are in component-wise path order'


def test_files_with_documents_are_hashed_and_hash_all_hashes_every_record():
    docs = documents(REFERENCE.read_text())  # --per-file all: every file has a document
    files = [d for d in docs if d['kind'] == 'file']
    records = {d['path']: d for d in docs if d['kind'] == 'record'}
    assert len(files) == TRUTH['files'] and all(len(d['sha256']) == 64 for d in files)
    assert all(records[d['path']]['sha256'] == d['sha256'] for d in files)
    # --per-file findings: no file here has a warning, so none gets a document or a hash.
    docs = documents((WORK / 'truth-check.yaml').read_text())
    assert all(d['sha256'] == '' for d in docs if d['kind'] == 'record')
    census(WORK / 'hashed.yaml', '--hash-all', check_code=0)
    hashed = [d for d in documents((WORK / 'hashed.yaml').read_text()) if d['kind'] == 'record']
    assert all(len(r['sha256']) == 64 for r in hashed)


def test_killed_census_leaves_valid_yaml_and_resumes_to_the_same_report():
    rng = random.Random(6)
    for point in sorted(rng.sample(range(1, TREE_FILES), 3)):
        report = WORK / f'killed-{point}.yaml'
        result = census(report, '-j', '2', '--per-file', 'all',
                        env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': f'{point}:KILL'})
        assert result.returncode == -signal.SIGKILL, result.returncode
        docs = documents(report.read_text())  # every completed document is valid YAML
        assert docs[-1]['kind'] != 'summary'
        assert sum(doc['kind'] == 'record' for doc in docs) >= point
        result = census(report, '-j', '2', '--per-file', 'all', '--resume', report)
        assert result.returncode == 0, result.stderr
        assert 'taken over' in result.stderr
        assert stable(report) == stable(REFERENCE), f'resume after a kill at group {point}'
        assert not pathlib.Path(str(report) + '.resume-source').exists()


def test_report_cut_at_any_byte_resumes_to_the_same_report():
    text = REFERENCE.read_bytes()
    body_end = text.rindex(b'---\nkind: summary')
    rng = random.Random(7)
    for cut in [body_end - 1, body_end - 2] + rng.sample(range(400, body_end), 4):
        partial = WORK / f'cut-{cut}.yaml'
        partial.write_bytes(text[:cut])
        resumed = WORK / f'cut-{cut}-resumed.yaml'
        result = census(resumed, '-j', '1', '--per-file', 'all', '--resume', partial)
        assert result.returncode == 0, result.stderr
        assert stable(resumed) == stable(REFERENCE), f'cut at byte {cut}'


def test_sigint_stops_cleanly_with_an_interrupted_summary():
    report = WORK / 'interrupted.yaml'
    result = census(report, '-j', '2', '--per-file', 'all',
                    env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '5:INT'})
    assert result.returncode == 128 + signal.SIGINT, result.stderr
    got = summary(report)
    assert got['interrupted'] is True
    assert got['exit_code'] == result.returncode, 'the summary states the process status'
    assert 5 <= got['files']['total'] < TRUTH['files']
    assert not list(WORK.glob('.interrupted.yaml.tmp-*'))
    census(report, '--per-file', 'all', '--resume', report, check_code=0)
    assert stable(report) == stable(REFERENCE)


def test_sigterm_summary_states_the_status_and_a_whole_run_its_own():
    report = WORK / 'terminated.yaml'
    result = census(report, '-j', '1', env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '3:TERM'})
    assert result.returncode == 128 + signal.SIGTERM, result.stderr
    got = summary(report)  # validated against summary.schema.json, which allows 143
    assert got['interrupted'] is True and got['exit_code'] == 128 + signal.SIGTERM
    # Control: past the last group the hook never fires; the summary states the run's exit code.
    whole = WORK / 'not-terminated.yaml'
    result = census(whole, '-j', '1', env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '100000:TERM'})
    assert result.returncode == 0, result.stderr
    assert summary(whole)['interrupted'] is False and summary(whole)['exit_code'] == 0


def test_progress_is_drawn_only_on_a_terminal():
    quiet = census(WORK / 'quiet.yaml', check_code=0)
    assert '\r' not in quiet.stderr and quiet.stderr.startswith('census: ')
    leader, follower = pty.openpty()
    with subprocess.Popen([GAFCHECK, 'census', '-o', WORK / 'tty.yaml', TREE],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=follower) as process:
        os.close(follower)
        output = b''
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closes when the census exits
                break
            if not chunk:
                break
            output += chunk
        assert process.wait(timeout=300) == 0
    os.close(leader)
    text = output.decode(errors='replace')
    assert f'/{TRUTH["files"] + TRUTH["not_inputs"]} files' in text, text
    assert 'MB/s' in text and 'ETA' in text, text


def test_resume_refuses_a_report_of_another_census():
    result = census(WORK / 'other.yaml', '--per-file', 'findings', '--resume', REFERENCE)
    assert result.returncode == 2 and 'per-file' in result.stderr, result.stderr
    check_report = WORK / 'check.yaml'
    run('check', '-q', '-o', check_report, TREE / 'terrain')
    result = census(WORK / 'other.yaml', '--resume', check_report)
    assert result.returncode == 2 and 'not a census report' in result.stderr, result.stderr
    assert check_report.exists(), 'a report that cannot be resumed is left alone'
    result = census(check_report, '--resume', check_report)
    assert result.returncode == 2 and check_report.exists()


@pytest.mark.slow
def test_shards_merge_into_a_single_runs_summary():
    shards = []
    for k in (1, 2, 3):
        shard = WORK / f'shard{k}.yaml'
        census(shard, '-j', '2', '--per-file', 'all', '--shard', f'{k}/3', check_code=0)
        shards.append(shard)
    totals = [summary(s)['files']['total'] for s in shards]
    assert sum(totals) == TRUTH['files'] and all(totals), totals
    merged = WORK / 'merged.yaml'
    run('merge', '-o', merged, *reversed(shards), check_code=0)
    got, want = summary(merged), summary(REFERENCE)
    for doc in (got, want):
        for field in ('wall_seconds', 'bytes_per_second'):
            del doc[field]
    assert got == want
    records = [d for d in documents(merged.read_text()) if d['kind'] == 'record']
    reference = [d for d in documents(REFERENCE.read_text()) if d['kind'] == 'record']
    assert records == reference
    result = run('merge', '-o', WORK / 'partial.yaml', shards[0], shards[2], check_code=3)
    assert 'INCOMPLETE' in result.stderr and summary(WORK / 'partial.yaml')['interrupted']
    assert run('merge', '-o', WORK / 'x.yaml', shards[0], shards[0]).returncode == 2
    text = shards[0].read_text()
    at = text.index('---\nkind: file')
    corrupt = WORK / 'corrupt.yaml'
    corrupt.write_text(text[:at] + '---\n{broken: [\n' + text[at:])
    result = run('merge', '-o', WORK / 'x.yaml', corrupt, shards[1], shards[2])
    assert result.returncode == 3 and 'corrupt' in result.stderr, result.stderr


def test_report_outputs_replace_a_hard_link_never_write_through_it():
    outside = WORK / 'outside-report.yaml'
    outside.write_text('outside\n')
    links = WORK / 'links'
    links.mkdir()

    def linked(name):
        path = links / name
        os.link(outside, path)
        return path

    census_report = linked('census.yaml')
    census(census_report, '-j', '1', '--per-file', 'all', check_code=0)
    assert stable(census_report) == stable(REFERENCE)
    shards = []
    for k in (1, 2):
        shards.append(linked(f'shard{k}.yaml'))
        census(shards[-1], '-j', '1', '--per-file', 'all', '--shard', f'{k}/2', check_code=0)
    merged = linked('merged.yaml')
    run('merge', '-o', merged, *shards, check_code=0)
    assert summary(merged)['files']['total'] == TRUTH['files']
    diff = linked('diff.yaml')
    run('diff', '-o', diff, REFERENCE, census_report, check_code=0)
    assert documents(diff.read_text())[0]['counts']['new'] == 0
    # A killed census resumed into its own report (a fresh file, renamed over the name).
    resumed = linked('resumed.yaml')
    result = census(resumed, '-j', '1', '--per-file', 'all',
                    env={'GAFCHECK_TEST_RAISE_AFTER_GROUPS': '3:KILL'})
    assert result.returncode == -signal.SIGKILL, result.returncode
    census(resumed, '-j', '1', '--per-file', 'all', '--resume', resumed, check_code=0)
    assert stable(resumed) == stable(REFERENCE)
    assert outside.read_text() == 'outside\n' and outside.stat().st_nlink == 1
    assert sorted(p.name for p in links.iterdir()) == [
        'census.yaml', 'diff.yaml', 'merged.yaml', 'resumed.yaml', 'shard1.yaml', 'shard2.yaml']


def test_diff_of_a_report_with_itself_is_empty():
    result = run('diff', REFERENCE, REFERENCE, check_code=0)
    diff = documents(result.stdout)[0]
    assert diff['counts'] == {'files_added': 0, 'files_removed': 0, 'files_changed': 0,
                              'new': 0, 'resolved': 0, 'changed': 0}
    assert diff['summary_deltas'] == {}
    assert 'no differences' in result.stderr


PLANTED = WORK / 'planted'


def plant_finding():
    """Aims the first entry pointer of one file of the PLANTED copy outside the file."""
    victim = PLANTED / 'anims' / 'extra' / 'LOGO0000'
    data = bytearray(victim.read_bytes())
    data[12:16] = (0xFFFFFF00).to_bytes(4, 'little')
    victim.write_bytes(data)
    return victim


def test_diff_detects_a_planted_finding_and_fails_on_it():
    before = WORK / 'before.yaml'
    after = WORK / 'after.yaml'
    shutil.copytree(TREE, PLANTED)
    census(before, tree=PLANTED, check_code=0)
    plant_finding()
    census(after, tree=PLANTED, check_code=1)
    result = run('diff', before, after)
    assert result.returncode == 1, result.stderr
    diff = documents(result.stdout)[0]
    assert diff['counts']['new'] >= 1 and diff['counts']['files_changed'] == 1
    changed = diff['files'][0]
    assert changed['path'].endswith('LOGO0000') and changed['old_verdict'] == 'clean'
    assert any(f['rule'] == 'entry.out-of-bounds' for f in changed['new'])
    assert diff['summary_deltas']['findings/entry.out-of-bounds/files'] == {
        'old': None, 'new': 1, 'delta': 1}
    assert run('diff', after, before).returncode == 0, 'only resolved findings: exit 0'
    assert run('diff', '--fail-on', 'never', before, after).returncode == 0


def test_baseline_hides_known_findings_in_census_and_check():
    if not PLANTED.exists():
        shutil.copytree(TREE, PLANTED)
        plant_finding()
    known = WORK / 'known.yaml'
    census(known, tree=PLANTED, check_code=1)
    again = WORK / 'again.yaml'
    census(again, '--baseline', known, tree=PLANTED, check_code=0)
    files = [d for d in documents(again.read_text()) if d['kind'] == 'file']
    assert all(not any(f['rule'] == 'entry.out-of-bounds' for f in d['findings']) for d in files)
    assert summary(again)['findings']['entry.out-of-bounds']['files'] == 1, 'summary counts all'
    victim = PLANTED / 'anims' / 'extra' / 'LOGO0000'
    check_known = WORK / 'check-known.yaml'
    run('check', '-q', '-o', check_known, victim, check_code=1)
    result = run('check', '-q', '--baseline', check_known, victim, check_code=0)
    doc = [d for d in documents(result.stdout) if d['kind'] == 'file'][0]
    assert doc['baseline_matched'] >= 1 and doc['findings'] == []


def test_symlink_loops_dangling_links_and_special_files_are_findings():
    odd = WORK / 'odd'
    shutil.copytree(TREE / 'terrain', odd / 'terrain')
    os.symlink('..', odd / 'terrain' / 'up')                # a loop back to an ancestor
    os.symlink('chain-b', odd / 'chain-a')                 # a chain that never resolves
    os.symlink('chain-a', odd / 'chain-b')
    os.symlink('missing.gaf', odd / 'dangling.gaf')        # unreadable even for root
    os.mkfifo(odd / 'pipe.gaf')                             # never opened for reading
    os.symlink(TREE / 'textures', odd / 'elsewhere')       # leads out of the root
    os.symlink('terrain', odd / 'alias')                   # inside the root: reached anyway
    hostile = os.path.join(bytes(odd), b'caf\xc3\xa9 "q" \\ \x01\xff\n.gaf')
    shutil.copyfile(next((TREE / 'terrain').iterdir()), hostile)
    report = WORK / 'odd.yaml'
    result = census(report, tree=odd)
    assert result.returncode == 3, result.stderr
    docs = documents(report.read_text())
    messages = {pathlib.PurePath(d['path']).name: d['findings'][0]['message']
                for d in docs if d['kind'] == 'file' and d['format'] == 'unreadable'}
    assert set(messages) == {'up', 'chain-a', 'chain-b', 'dangling.gaf', 'pipe.gaf'}, messages
    assert 'symlink loop' in messages['up'] and 'ancestor' in messages['up']
    assert 'symlink loop' in messages['chain-a']
    assert 'dangling symlink' in messages['dangling.gaf']
    assert 'FIFO' in messages['pipe.gaf']
    got = docs[-1]
    assert got['unreadable'] == 5 and got['files']['symlinks_not_followed'] == 2
    record = [d['path'] for d in docs if d['kind'] == 'record' and 'caf' in d['path']]
    assert record == [str(odd) + '/caf\u00e9 "q" \\\\ \\x01\\xFF\\x0A.gaf'], record
    resumed = census(WORK / 'odd-resumed.yaml', '--resume', report, tree=odd)
    assert resumed.returncode == 3 and stable(WORK / 'odd-resumed.yaml') == stable(report)
    gafs = len(list((TREE / 'terrain').iterdir())) + 1
    assert got['files']['by_format']['gaf'] == gafs, 'no file is reached twice'


def test_census_goes_on_past_a_file_that_changes_while_it_is_read():
    changing = WORK / 'changing'
    shutil.copytree(TREE / 'terrain', changing)
    names = sorted(p.name for p in changing.iterdir())
    target = names[len(names) // 2]
    unchanged = WORK / 'changing-unchanged.yaml'
    census(unchanged, '--per-file', 'all', tree=changing)

    def verdicts(report):
        return {d['path']: (d['verdict'], d['retail']) for d in documents(report.read_text())
                if d['kind'] == 'record'}

    expected = verdicts(unchanged)
    assert str(changing / target) in expected and len(expected) == len(names)
    for hook in ('truncate-after-open', 'grow-after-open'):
        report = WORK / f'changing-{hook}.yaml'
        # --no-sandbox: the hook plays another process changing the file, which the sandbox
        # rightly forbids gafcheck itself.
        result = census(report, '--per-file', 'all', '--no-sandbox', tree=changing,
                        binary=GAFCHECK_TEST_HOOKS,
                        env={'GAFCHECK_TEST_HOOK': hook, 'GAFCHECK_TEST_HOOK_TARGET': target})
        assert result.returncode == 3, (hook, result.returncode, result.stderr[-2000:])
        docs = documents(report.read_text())
        hit = [d for d in docs if d['kind'] == 'file' and d['path'] == str(changing / target)]
        assert len(hit) == 1 and hit[0]['format'] == 'unreadable', (hook, hit)
        assert hit[0]['findings'][0]['rule'] == 'input.unreadable'
        assert hit[0]['findings'][0]['message'].startswith('changed while it was read: '), hit
        got = verdicts(report)
        assert got.pop(str(changing / target)) == ('rejected', 'unknown')
        assert got == {path: v for path, v in expected.items() if path != str(changing / target)}
        assert docs[-1]['kind'] == 'summary' and docs[-1]['unreadable'] == 1, docs[-1]
        shutil.rmtree(changing)
        shutil.copytree(TREE / 'terrain', changing)


def test_archives_and_their_members_are_hashed_plain_files_only_with_a_document():
    mixed = WORK / 'mixed'
    mixed.mkdir()
    for name in ('clean-hpi-v1.hpi', 'clean-hpi-nested.hpi', 'clean-rle.gaf'):
        shutil.copyfile(ROOT / 'corpus' / 'seed' / name, mixed / name)
    report = WORK / 'mixed.yaml'
    result = census(report, tree=mixed, check_code=0)
    records = [d for d in documents(report.read_text()) if d['kind'] == 'record']
    in_archives = [r for r in records if r['path'].endswith('.hpi') or 'member_of' in r]
    assert len(in_archives) > 2 and all(len(r['sha256']) == 64 for r in in_archives), result.stderr
    plain = [r for r in records if r['path'].endswith('clean-rle.gaf')]
    assert len(plain) == 1 and plain[0]['sha256'] == ''


def shard_of(relative, count):
    """K of the shard the census gives a path inside its root to (64-bit FNV-1a, mod N)."""
    value = 0xcbf29ce484222325
    for byte in relative.encode():
        value = ((value ^ byte) * 0x100000001b3) % 2**64
    return value % count + 1


def test_merge_of_a_shard_of_4294967295_costs_what_its_report_holds():
    count = 4294967295
    victim = 'anims/extra/LOGO0000'
    k = shard_of(victim, count)
    shard = WORK / 'huge-n-shard.yaml'
    census(shard, '--per-file', 'all', '--shard', f'{k}/{count}', check_code=0)
    merged = WORK / 'huge-n-merged.yaml'
    # Per-shard arrays sized by N took 512 MB; 256 MiB of address space is plenty for one file.
    # (Not under ASan, whose shadow memory reserves terabytes of address space.)
    limit = None if 'ASAN_OPTIONS' in os.environ else lambda: resource.setrlimit(
        resource.RLIMIT_AS, (256 << 20, 256 << 20))
    result = subprocess.run([GAFCHECK, 'merge', '-o', merged, shard], capture_output=True,
                            text=True, timeout=300, preexec_fn=limit)
    assert result.returncode == 3 and 'INCOMPLETE' in result.stderr, result.stderr
    docs = documents(merged.read_text())
    assert docs[0]['census']['shard'] == f'{k}/{count}'
    records = [d for d in docs if d['kind'] == 'record']
    assert [r['path'] for r in records] == [str(TREE / victim)], records
    assert docs[-1]['interrupted'] is True and docs[-1]['files']['total'] == 1


def test_merge_refuses_a_shard_relabelled_as_another_and_a_path_twice():
    shards = []
    for k in (1, 2):
        shards.append(WORK / f'relabel{k}.yaml')
        census(shards[-1], '--per-file', 'all', '--shard', f'{k}/2', check_code=0)
    fake = WORK / 'relabel-fake.yaml'
    fake.write_text(shards[0].read_text().replace('shard: "1/2"', 'shard: "2/2"', 1))
    result = run('merge', '-o', WORK / 'relabel-x.yaml', shards[0], fake, check_code=3)
    first = [d for d in documents(shards[0].read_text()) if d['kind'] == 'record'][0]['path']
    assert f'holds {first}, which belongs to another shard than 2/2' in result.stderr, result.stderr
    text = shards[1].read_text()
    start = text.index('---\nkind: file')
    end = text.index('---\nkind: file', text.index('{kind: record', start))
    doubled = WORK / 'relabel-doubled.yaml'
    doubled.write_text(text[:end] + text[start:end] + text[end:])
    result = run('merge', '-o', WORK / 'relabel-x.yaml', shards[0], doubled, check_code=3)
    assert 'a second time' in result.stderr, result.stderr
    # A record of another file slipped into a group as if it were one of its archive's members.
    lines = [l for l in text.splitlines(True) if l.startswith('{kind: record')]
    stranger = lines[0].replace(', size:', f', member_of: "{WORK}", size:', 1)
    slipped = WORK / 'relabel-slipped.yaml'
    slipped.write_text(text.replace(lines[1], stranger + '---\n' + lines[1], 1))
    result = run('merge', '-o', WORK / 'relabel-x.yaml', shards[0], slipped, check_code=3)
    assert 'of which it is not a member' in result.stderr, result.stderr
    run('merge', '-o', WORK / 'relabel-ok.yaml', *shards, check_code=0)
    assert summary(WORK / 'relabel-ok.yaml')['files']['total'] == TRUTH['files']
    # Control: archives' member records merge as their groups' members.
    archives = WORK / 'relabel-archives'
    archives.mkdir()
    for name in ('clean-hpi-v1.hpi', 'clean-hpi-nested.hpi', 'clean-rle.gaf'):
        shutil.copyfile(ROOT / 'corpus' / 'seed' / name, archives / name)
    whole = WORK / 'relabel-archives.yaml'
    census(whole, '--per-file', 'all', tree=archives, check_code=0)
    parts = [WORK / f'relabel-archives{k}.yaml' for k in (1, 2)]
    for k, part in enumerate(parts, 1):
        census(part, '--per-file', 'all', '--shard', f'{k}/2', tree=archives, check_code=0)
    run('merge', '-o', WORK / 'relabel-archives-merged.yaml', *parts, check_code=0)
    merged = [d for d in documents((WORK / 'relabel-archives-merged.yaml').read_text())
              if d['kind'] == 'record']
    assert merged == [d for d in documents(whole.read_text()) if d['kind'] == 'record']
    assert sum('member_of' in d for d in merged) >= 4


def resume_tree(name):
    tree = WORK / name
    tree.mkdir()
    for seed in ('clean-rle.gaf', 'clean-raw.gaf'):
        shutil.copyfile(ROOT / 'corpus' / 'seed' / seed, tree / seed)
    return tree


def records_by_path(report):
    return {d['path']: d for d in documents(pathlib.Path(report).read_text())
            if d['kind'] == 'record'}


def test_resume_checks_again_a_same_size_file_whose_mtime_was_set_back():
    tree = resume_tree('resume-mtime')
    old = WORK / 'resume-mtime-old.yaml'
    census(old, '--per-file', 'none', tree=tree, check_code=0)
    victim = tree / 'clean-rle.gaf'
    assert records_by_path(old)[str(victim)]['inode'] == victim.stat().st_ino
    # Control: an untouched tree is taken over whole.
    result = census(WORK / 'resume-mtime-same.yaml', '--per-file', 'none', '--resume', old,
                    tree=tree, check_code=0)
    assert '2 taken over' in result.stderr, result.stderr
    # Same size, an entry pointer aimed outside the file, mtime restored as tar -x does.
    before = victim.stat()
    data = bytearray(victim.read_bytes())
    data[12:16] = (0xFFFFFF00).to_bytes(4, 'little')
    victim.write_bytes(data)
    os.utime(victim, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = victim.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    new = WORK / 'resume-mtime-new.yaml'
    result = census(new, '--per-file', 'none', '--resume', old, tree=tree, check_code=1)
    assert '1 taken over' in result.stderr, result.stderr
    record = records_by_path(new)[str(victim)]
    assert record['verdict'] == 'errors', record
    assert record['findings'].get('entry.out-of-bounds', 0) >= 1, record
    # A file replaced by another (a new inode) with size and mtime set back is checked too.
    os.replace(tree / 'clean-raw.gaf', tree / 'moved.tmp')
    shutil.copyfile(tree / 'moved.tmp', tree / 'clean-raw.gaf')
    os.remove(tree / 'moved.tmp')
    raw = tree / 'clean-raw.gaf'
    os.utime(raw, ns=(raw.stat().st_atime_ns,
                      records_by_path(old)[str(raw)]['mtime_ns']))
    result = census(WORK / 'resume-mtime-copy.yaml', '--per-file', 'none', '--resume', old,
                    tree=tree, check_code=1)
    assert '0 taken over' in result.stderr, result.stderr


def test_resume_verify_hash_takes_over_only_files_whose_recorded_hash_matches():
    tree = resume_tree('resume-hash')
    unhashed = WORK / 'resume-hash-unhashed.yaml'
    census(unhashed, '--per-file', 'none', tree=tree, check_code=0)
    result = census(WORK / 'resume-hash-a.yaml', '--per-file', 'none', '--resume', unhashed,
                    '--resume-verify', 'hash', tree=tree, check_code=0)
    assert '0 taken over' in result.stderr, 'no recorded hash: checked again'
    hashed = WORK / 'resume-hash-hashed.yaml'
    census(hashed, '--per-file', 'none', '--hash-all', tree=tree, check_code=0)
    result = census(WORK / 'resume-hash-b.yaml', '--per-file', 'none', '--hash-all', '--resume',
                    hashed, '--resume-verify', 'hash', tree=tree, check_code=0)
    assert '2 taken over' in result.stderr, result.stderr
    # A report whose recorded hash is not the file's: the file is checked again.
    victim = str(tree / 'clean-rle.gaf')
    forged = WORK / 'resume-hash-forged.yaml'
    text = hashed.read_text()
    sha = records_by_path(hashed)[victim]['sha256']
    forged.write_text(text.replace(sha, '0' * 64))
    result = census(WORK / 'resume-hash-c.yaml', '--per-file', 'none', '--hash-all', '--resume',
                    forged, '--resume-verify', 'hash', tree=tree, check_code=0)
    assert '1 taken over' in result.stderr, result.stderr
    assert records_by_path(WORK / 'resume-hash-c.yaml')[victim]['sha256'] == sha
    result = census(WORK / 'resume-hash-d.yaml', '--resume', hashed, '--resume-verify', 'mtime',
                    tree=tree, check_code=2)
    assert "--resume-verify takes stat or hash, not 'mtime'" in result.stderr, result.stderr


def seed_bytes(name):
    return (ROOT / 'corpus' / 'seed' / name).read_bytes()


def test_diff_of_per_file_none_reports_compares_the_records_occurrences():
    tree = WORK / 'records-diff'
    tree.mkdir()
    victim = tree / 'unit.gaf'
    victim.write_bytes(seed_bytes('clean-composite.gaf'))
    (tree / 'other.gaf').write_bytes(seed_bytes('clean-rle.gaf'))
    old, all_old = WORK / 'records-old.yaml', WORK / 'records-old-all.yaml'
    census(old, '--per-file', 'none', tree=tree, check_code=0)
    census(all_old, '--per-file', 'all', tree=tree, check_code=0)
    victim.write_bytes(seed_bytes('composite.cycle.gaf'))
    new = WORK / 'records-new.yaml'
    census(new, '--per-file', 'none', tree=tree, check_code=1)
    assert not [d for d in documents(new.read_text()) if d['kind'] == 'file']
    result = run('diff', old, new, check_code=1)
    diff = documents(result.stdout)[0]
    assert diff['counts']['files_changed'] == 1 and diff['counts']['new'] >= 1, diff['counts']
    changed = diff['files'][0]
    assert changed['path'] == str(victim) and changed['old_verdict'] == 'clean'
    assert changed['new_verdict'] == 'errors'
    cycle = [f for f in changed['new'] if f['rule'] == 'composite.cycle']
    assert cycle and cycle[0]['occurrences'] == 1 and cycle[0]['severity'] == 'error', changed
    # A document on one side only (--per-file all before): compared by occurrences as well.
    result = run('diff', all_old, new, check_code=1)
    assert any(f['rule'] == 'composite.cycle'
               for f in documents(result.stdout)[0]['files'][0]['new'])
    # Going back is only resolved findings; a report against itself has no differences.
    result = run('diff', new, old, check_code=0)
    assert documents(result.stdout)[0]['files'][0]['resolved'][0]['occurrences'] >= 1
    result = run('diff', old, old, check_code=0)
    assert documents(result.stdout)[0]['counts']['files_changed'] == 0


def test_a_member_and_a_real_file_of_the_same_display_path_are_two_files():
    tree = WORK / 'same-name'
    tree.mkdir()
    shutil.copyfile(ROOT / 'corpus' / 'seed' / 'clean-hpi-v1.hpi', tree / 'a.ufo')
    (tree / 'a.ufo!anims').mkdir()
    real = tree / 'a.ufo!anims' / 'armcom.gaf'
    real.write_bytes(seed_bytes('clean-composite.gaf'))
    old, new = WORK / 'same-name-old.yaml', WORK / 'same-name-new.yaml'
    census(old, '--per-file', 'all', tree=tree, check_code=0)
    docs = [d for d in documents(old.read_text()) if d['kind'] == 'file' and
            d['path'] == str(real)]
    assert [d.get('member_of') for d in docs] == [str(tree / 'a.ufo'), None], docs
    result = run('diff', old, old, check_code=0)  # control: not a duplicate
    assert 'no differences' in result.stderr, result.stderr
    real.write_bytes(seed_bytes('composite.cycle.gaf'))
    census(new, '--per-file', 'all', tree=tree, check_code=1)
    result = run('diff', old, new, check_code=1)
    files = documents(result.stdout)[0]['files']
    assert len(files) == 1 and files[0]['path'] == str(real) and 'member_of' not in files[0]
    assert any(f['rule'] == 'composite.cycle' for f in files[0]['new']), files
    # The baseline tells them apart as well: the member's (absent) findings hide nothing.
    census(WORK / 'same-name-base.yaml', '--per-file', 'all', '--baseline', old, tree=tree,
           check_code=1)
    census(WORK / 'same-name-base.yaml', '--per-file', 'all', '--baseline', new, tree=tree,
           check_code=0)


def test_a_report_naming_one_file_twice_is_refused_naming_the_path():
    report = WORK / 'records-old-all.yaml'
    assert report.exists(), 'made by diff_of_per_file_none_reports_compares_the_records_occurrences'
    text = report.read_text()
    start = text.index('---\nkind: file')
    end = text.index('---\n{kind: record', start)
    path = documents(text[start:end])[0]['path']
    twice = WORK / 'doc-twice.yaml'
    twice.write_text(text[:end] + text[start:end] + text[end:])
    result = run('diff', report, twice, check_code=3)
    assert f'two file documents for {path}' in result.stderr, result.stderr
    # A record given twice (with --per-file none, the only thing diff reads about a file).
    line = [l for l in text.splitlines(True) if l.startswith('{kind: record')][0]
    doubled = WORK / 'record-twice.yaml'
    doubled.write_text(text.replace(line, line + '---\n' + line, 1))
    result = run('diff', doubled, report, check_code=3)
    assert 'two records for ' in result.stderr, result.stderr
    # --baseline: an input error too (exit 2 or 3, as other unreadable baselines), named.
    result = census(WORK / 'x.yaml', '--baseline', twice, tree=WORK / 'records-diff')
    assert result.returncode in (2, 3) and f'two file documents for {path}' in result.stderr


def carried_variants(text):
    """Hostile edits of a shard report's text, each in one group that merge and --resume carry."""
    start = text.index('---\nkind: file')
    end = text.index('---\n{kind: record', start)
    own = text[start:end]
    foreign = own.replace('path: "', 'path: "/elsewhere/', 1)
    assert 'message: "' in text, 'the tree has findings with messages'
    return {
        # A file document claiming another path, slipped into a group.
        'foreign': (text[:end] + foreign + text[end:]).encode(),
        # More file documents than one group can hold (--max-members 4096 + 1).
        'many': (text[:end] + own * 4100 + text[end:]).encode(),
        # A raw byte that is not UTF-8 in a message.
        'e9': text.encode().replace(b'message: "', b'message: "\xe9', 1),
    }


# Every finding listed (census lists from warning up by default): the tree's info findings are
# the messages these tests edit.
EVERY_FINDING = ('--min-severity', 'info')


def test_merge_and_resume_carry_only_what_gafcheck_writes():
    shards = [WORK / f'carry{k}.yaml' for k in (1, 2)]
    for k, shard in enumerate(shards, 1):
        census(shard, '--per-file', 'all', *EVERY_FINDING, '--shard', f'{k}/2')
    refusals = {'foreign': 'a file document for /elsewhere/',
                'many': 'file documents in one group (--max-members + 1)',
                'e9': 'holds bytes gafcheck never writes'}
    for name, data in carried_variants(shards[1].read_text()).items():
        hostile = WORK / f'carry-{name}.yaml'
        hostile.write_bytes(data)
        out = WORK / f'carry-{name}-merged.yaml'
        result = run('merge', '-o', out, shards[0], hostile)
        assert result.returncode == 3 and refusals[name] in result.stderr, (name, result.stderr)
        out = WORK / f'carry-{name}-resumed.yaml'
        result = census(out, '--per-file', 'all', *EVERY_FINDING, '--shard', '2/2', '--resume', hostile)
        if name == 'e9':  # that group is checked again, not copied: the output is gafcheck's own
            assert result.returncode in (0, 1), result.stderr
            assert 'taken over' in result.stderr and '\\xE9' not in out.read_text()
            assert stable(out) == stable(shards[1])
            documents(out.read_text())
        else:
            assert result.returncode == 3 and refusals[name] in result.stderr, (name, result.stderr)
    # The same edit later in the report (after groups were carried over) is refused the same way.
    text = shards[1].read_text()
    late = text.index('---\nkind: file', len(text) // 2)
    hostile = WORK / 'carry-foreign-late.yaml'
    hostile.write_text(text[:late] + carried_variants(text[late:])['foreign'].decode())
    result = census(WORK / 'carry-late-resumed.yaml', '--per-file', 'all', *EVERY_FINDING, '--shard', '2/2',
                    '--resume', hostile)
    assert result.returncode == 3 and refusals['foreign'] in result.stderr, result.stderr
    # Controls: genuine shards merge and resume to valid reports, the resumed one as written.
    merged = WORK / 'carry-merged.yaml'
    result = run('merge', '-o', merged, *shards)
    assert result.returncode in (0, 1), result.stderr
    assert summary(merged)['files']['total'] == TRUTH['files']
    resumed = WORK / 'carry-resumed.yaml'
    result = census(resumed, '--per-file', 'all', *EVERY_FINDING, '--shard', '2/2', '--resume', shards[1])
    assert result.returncode in (0, 1) and stable(resumed) == stable(shards[1]), result.stderr


def test_merge_and_resume_write_carried_groups_again_never_copy_them():
    shards = [WORK / f'rewrite{k}.yaml' for k in (1, 2)]
    for k, shard in enumerate(shards, 1):
        census(shard, '--per-file', 'all', *EVERY_FINDING, '--shard', f'{k}/2')
    text = shards[1].read_text()
    # Keys in another order and a flow-style finding: written again, as gafcheck writes them.
    start = text.index('---\nkind: file')
    lines = text[start:text.index('---\n', start + 4)].splitlines(True)
    at = next(i for i, l in enumerate(lines) if l.startswith('format: '))
    lines[at], lines[at + 1] = lines[at + 1], lines[at]
    reordered = text[:start] + ''.join(lines) + text[start + len(''.join(lines)):]
    # YAML escapes standing for a control character and U+2028: copied, they fail the schema.
    at = text.index('message: "') + len('message: "')
    escaped = text[:at] + '\\x01\\u2028' + text[at:]
    for name, variant in (('reordered', reordered), ('escaped', escaped)):
        hostile = WORK / f'rewrite-{name}.yaml'
        hostile.write_text(variant)
        merged = WORK / f'rewrite-{name}-merged.yaml'
        result = run('merge', '-o', merged, shards[0], hostile)
        assert result.returncode in (0, 1), (name, result.stderr)
        resumed = WORK / f'rewrite-{name}-resumed.yaml'
        result = census(resumed, '--per-file', 'all', *EVERY_FINDING, '--shard', '2/2', '--resume', hostile)
        assert result.returncode in (0, 1) and f'{inputs_in(shards[1])} taken over' in (
            result.stderr), (name, result.stderr)
        for out in (merged, resumed):
            documents(out.read_text())
            run('diff', out, out, '-o', WORK / 'rewrite-self.yaml', check_code=0)  # yaml-cpp
        if name == 'reordered':
            assert stable(resumed) == stable(shards[1])
        else:
            assert stable(resumed) != stable(shards[1])
            assert stable(resumed) == stable(shards[1]).replace(
                'message: "', 'message: "\\\\x01\\\\xE2\\\\x80\\\\xA8', 1)
    merged = WORK / 'rewrite-merged.yaml'
    run('merge', '-o', merged, *shards)
    after_header = lambda path: stable(path).split('\n---\n', 1)[1]  # noqa: E731
    assert after_header(WORK / 'rewrite-reordered-merged.yaml') == after_header(merged)


def inputs_in(report):
    """How many inputs a shard report holds: the groups --resume takes over from it."""
    return sum(d['kind'] == 'record' and 'member_of' not in d
               for d in yaml.safe_load_all(pathlib.Path(report).read_text()))

