"""Shards from the engines people already run, and inputs from a list: `census
--shard auto` takes K/N from GitLab, Slurm, AWS Batch or Kubernetes variables and its shards are
the explicit --shard K/N ones (merge gives the single run back); `census --files-from LIST|-`
checks what the directory census checks, on standard input too, NUL-separated with -0, with a
missing path as a finding, under the sandbox and without it.
"""
import atexit
import ctypes
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import jsonschema
import yaml

from conftest import GAFCHECK, GAFCHECK_TEST_HOOKS, MAKE_TREE, ROOT

SCHEMAS = {kind: json.loads((ROOT / 'reports' / 'schema' / f'{kind}.schema.json').read_text())
           for kind in ('header', 'file', 'summary', 'record')}
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-sources-test-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
# The tree is made inside WORK and the census runs there, so listed paths are relative ones.
TREE = 'tree'
RUN_FIELDS = ('command_line: ', 'started_at: ', 'wall_seconds: ', 'bytes_per_second: ')
ENGINE_VARIABLES = ('CI_NODE_INDEX', 'CI_NODE_TOTAL', 'SLURM_ARRAY_TASK_ID',
                    'SLURM_ARRAY_TASK_COUNT', 'SLURM_ARRAY_TASK_MIN', 'SLURM_ARRAY_TASK_MAX',
                    'SLURM_ARRAY_TASK_STEP', 'AWS_BATCH_JOB_ARRAY_INDEX',
                    'AWS_BATCH_JOB_ARRAY_SIZE', 'JOB_COMPLETION_INDEX')


def run(*args, env=None, stdin=None, check_code=None, binary=GAFCHECK):
    """gafcheck in WORK, with no engine variable of the machine running the tests leaking in."""
    environment = {k: v for k, v in os.environ.items() if k not in ENGINE_VARIABLES}
    environment.update(env or {})
    result = subprocess.run([binary, *map(str, args)], capture_output=True, timeout=300,
                            cwd=WORK, env=environment,
                            input=stdin if stdin is not None else b'')
    result.stdout_text = result.stdout.decode('utf-8', 'replace')
    result.stderr = result.stderr.decode('utf-8', 'replace')
    if check_code is not None:
        assert result.returncode == check_code, (
            f'exit {result.returncode}, wanted {check_code}\nstderr: {result.stderr[-2000:]}')
    return result


def documents(text):
    docs = list(yaml.safe_load_all(text))
    for doc in docs:
        jsonschema.validate(json.loads(json.dumps(doc)), SCHEMAS[doc['kind']])
    return docs


def report(name):
    return documents((WORK / name).read_text())


def records(docs):
    return [doc for doc in docs if doc['kind'] == 'record']


def after_header(name):
    """The report without its header and the fields that differ between runs."""
    text = ''.join(line for line in (WORK / name).read_text().splitlines(True)
                   if not line.startswith(RUN_FIELDS))
    return text.split('\n---\n', 1)[1]


def same_summary(a, b):
    a, b = dict(a[-1]), dict(b[-1])
    for doc in (a, b):
        for field in ('wall_seconds', 'bytes_per_second'):
            del doc[field]
    return a == b


subprocess.run([MAKE_TREE, WORK / TREE, '24', '7'], check=True, capture_output=True)
run('census', '-q', '-j', '1', '--per-file', 'all', '-o', 'reference.yaml', TREE, check_code=0)
REFERENCE = report('reference.yaml')
FILES = sorted(str(p.relative_to(WORK)) for p in (WORK / TREE).rglob('*') if p.is_file())
(WORK / 'list.txt').write_text(''.join(f'{path}\n' for path in FILES))

ENGINES = {
    'gitlab': lambda k: {'CI_NODE_INDEX': str(k), 'CI_NODE_TOTAL': '3'},
    # --array=1-5:2: ids 1, 3, 5
    'slurm': lambda k: {'SLURM_ARRAY_TASK_ID': str(2 * k - 1), 'SLURM_ARRAY_TASK_COUNT': '3',
                        'SLURM_ARRAY_TASK_MIN': '1', 'SLURM_ARRAY_TASK_MAX': '5',
                        'SLURM_ARRAY_TASK_STEP': '2'},
    'aws': lambda k: {'AWS_BATCH_JOB_ARRAY_INDEX': str(k - 1), 'AWS_BATCH_JOB_ARRAY_SIZE': '3'},
    'kubernetes': lambda k: {'JOB_COMPLETION_INDEX': str(k - 1)},
}


def test_auto_shards_of_every_engine_are_the_explicit_shards_and_merge_to_the_single_run():
    for k in (1, 2, 3):
        run('census', '-q', '--per-file', 'all', '--shard', f'{k}/3', '-o', f'explicit{k}.yaml',
            TREE)
    for engine, variables in ENGINES.items():
        shards = []
        for k in (1, 2, 3):
            name = f'{engine}{k}.yaml'
            extra = ['--shards', '3'] if engine == 'kubernetes' else []
            run('census', '-q', '--per-file', 'all', '--shard', 'auto', *extra, '-o', name, TREE,
                env=variables(k))
            census = report(name)[0]['census']
            assert census['shard'] == f'{k}/3', (engine, census)
            assert census['shard_from'] == variables(k), (engine, census)
            assert after_header(name) == after_header(f'explicit{k}.yaml'), (engine, k)
            shards.append(name)
        paths = [r['path'] for name in shards for r in records(report(name))]
        assert sorted(paths) == sorted(r['path'] for r in records(REFERENCE)), engine
        assert len(paths) == len(set(paths)), f'{engine}: a file is in two shards'
        run('merge', '-o', f'{engine}-merged.yaml', *shards, check_code=0)
        merged = report(f'{engine}-merged.yaml')
        assert records(merged) == records(REFERENCE), engine
        assert same_summary(merged, REFERENCE), engine
        assert 'shard_from' not in merged[0]['census'] and merged[0]['census']['shard'] == ''
    # An auto shard resumes into (and from) the explicit one: the shard is what is compared.
    run('census', '-q', '--per-file', 'all', '--shard', '2/3', '--resume', 'gitlab2.yaml', '-o',
        'resumed2.yaml', TREE, check_code=0)
    assert after_header('resumed2.yaml') == after_header('explicit2.yaml')


def test_auto_shard_without_variables_or_with_malformed_ones_is_a_usage_error():
    result = run('census', '--shard', 'auto', '-o', 'none.yaml', TREE, check_code=2)
    assert 'no batch engine\'s shard variables are set' in result.stderr, result.stderr
    assert not (WORK / 'none.yaml').exists(), 'nothing is written on a usage error'
    refused = {
        'the index is outside the total (CI_NODE_INDEX=4, CI_NODE_TOTAL=3)':
            {'CI_NODE_INDEX': '4', 'CI_NODE_TOTAL': '3'},
        "AWS_BATCH_JOB_ARRAY_SIZE='3x' is not a whole number":
            {'AWS_BATCH_JOB_ARRAY_INDEX': '0', 'AWS_BATCH_JOB_ARRAY_SIZE': '3x'},
        'the engines disagree':
            {'CI_NODE_INDEX': '1', 'CI_NODE_TOTAL': '3', 'AWS_BATCH_JOB_ARRAY_INDEX': '1',
             'AWS_BATCH_JOB_ARRAY_SIZE': '3'},
        'give --shards N': {'JOB_COMPLETION_INDEX': '0'},
        'a sparse array': {'SLURM_ARRAY_TASK_ID': '4', 'SLURM_ARRAY_TASK_COUNT': '3',
                           'SLURM_ARRAY_TASK_MIN': '1', 'SLURM_ARRAY_TASK_MAX': '9'},
    }
    for message, variables in refused.items():
        result = run('census', '--shard', 'auto', '-o', 'bad.yaml', TREE, env=variables,
                     check_code=2)
        assert message in result.stderr, (message, result.stderr)
    result = run('census', '--shards', '3', '-o', 'bad.yaml', TREE, check_code=2)
    assert '--shards N goes with --shard auto' in result.stderr
    for bad in ('0', '-1', '3x'):
        result = run('census', '--shard', 'auto', '--shards', bad, '-o', 'bad.yaml', TREE,
                     env={'JOB_COMPLETION_INDEX': '0'}, check_code=2)
        assert f"--shards takes a whole number N >= 1, not '{bad}'" in result.stderr, result.stderr
    assert not (WORK / 'bad.yaml').exists()
    # Control: the same command with the variables set runs.
    run('census', '-q', '--shard', 'auto', '-o', 'good.yaml', TREE,
        env={'CI_NODE_INDEX': '3', 'CI_NODE_TOTAL': '3'}, check_code=0)


def test_a_list_checks_what_the_directory_census_checks_from_a_file_or_standard_input():
    run('census', '-q', '--per-file', 'all', '--files-from', 'list.txt', '-o', 'listed.yaml',
        check_code=0)
    listed = report('listed.yaml')
    assert records(listed) == records(REFERENCE)
    assert same_summary(listed, REFERENCE)
    census = listed[0]['census']
    assert census['roots'] == [] and census['files_from'] == {
        'list': 'list.txt', 'separator': 'newline',
        'sha256': __import__('hashlib').sha256((WORK / 'list.txt').read_bytes()).hexdigest()}
    # Standard input, in any order, with duplicates, CRLF line ends and empty lines; the report
    # on standard output.
    shuffled = list(reversed(FILES)) + FILES[:3]
    data = ''.join(f'{path}\r\n\n' for path in shuffled).encode()
    result = run('census', '-q', '--per-file', 'all', '--files-from', '-', '-o', '-', stdin=data,
                 check_code=0)
    piped = documents(result.stdout_text)
    assert records(piped) == records(REFERENCE) and same_summary(piped, REFERENCE)
    assert piped[0]['census']['files_from']['list'] == '-'
    # -0: names may hold newlines.
    odd = WORK / TREE / 'odd\nname.gaf'
    shutil.copyfile(WORK / FILES[0], odd)
    try:
        data = b''.join(p.encode() + b'\0' for p in [FILES[0], f'{TREE}/odd\nname.gaf'])
        result = run('census', '-q', '--files-from', '-', '-0', '--per-file', 'all', '-o', '-',
                     stdin=data, check_code=0)
        got = [r['path'] for r in records(documents(result.stdout_text))]
        assert got == [FILES[0], f'{TREE}/odd\\x0Aname.gaf'], got
        # Control: the same list newline-separated names two files that do not exist.
        result = run('census', '-q', '--files-from', '-', '-o', '-',
                     stdin=data.replace(b'\0', b'\n'), check_code=3)
        assert 'listed, but does not exist' in result.stdout_text
    finally:
        odd.unlink()


def test_a_missing_listed_path_is_a_finding_and_the_census_goes_on():
    (WORK / 'missing.txt').write_text(f'{FILES[0]}\n{TREE}/no/such.gaf\n{TREE}\n{FILES[1]}\n')
    result = run('census', '-q', '--files-from', 'missing.txt', '-o', 'missing.yaml')
    assert result.returncode == 3, result.stderr
    docs = report('missing.yaml')
    findings = {d['path']: d['findings'][0]['message'] for d in docs
                if d['kind'] == 'file' and d['format'] == 'unreadable'}
    assert findings == {f'{TREE}/no/such.gaf': 'listed, but does not exist',
                        TREE: findings.get(TREE)}, findings
    assert 'a directory' in findings[TREE]
    assert sorted(r['path'] for r in records(docs)) == sorted(
        [FILES[0], FILES[1], f'{TREE}/no/such.gaf', TREE])
    assert docs[-1]['unreadable'] == 2


def test_list_shards_merge_and_resume_compares_the_lists_hash():
    # Shard 1 explicit, shard 2 from GitLab's variables: the same split of the list.
    run('census', '-q', '--per-file', 'all', '--files-from', 'list.txt', '--shard', '1/2',
        '-o', 'list-shard1.yaml', check_code=0)
    run('census', '-q', '--per-file', 'all', '--files-from', 'list.txt', '--shard', 'auto',
        '-o', 'list-shard2.yaml', env={'CI_NODE_INDEX': '2', 'CI_NODE_TOTAL': '2'}, check_code=0)
    parts = [len(records(report(f'list-shard{k}.yaml'))) for k in (1, 2)]
    assert sum(parts) == len(records(REFERENCE)) and all(parts), parts
    run('merge', '-o', 'list-merged.yaml', 'list-shard1.yaml', 'list-shard2.yaml', check_code=0)
    assert records(report('list-merged.yaml')) == records(REFERENCE)
    # Resuming with the same list takes every file over; another list is another census.
    result = run('census', '--per-file', 'all', '--files-from', 'list.txt', '--resume',
                 'listed.yaml', '-o', 'list-resumed.yaml', check_code=0)
    assert f'{len(records(REFERENCE))} taken over' in result.stderr, result.stderr
    (WORK / 'other-list.txt').write_text(''.join(f'{path}\n' for path in FILES[1:]))
    result = run('census', '--per-file', 'all', '--files-from', 'other-list.txt', '--resume',
                 'listed.yaml', '-o', 'x.yaml', check_code=2)
    assert 'another --files-from list' in result.stderr, result.stderr
    result = run('merge', '-o', 'x.yaml', 'list-shard1.yaml', 'explicit2.yaml', check_code=2)
    assert 'explicit2.yaml cannot be merged with list-shard1.yaml: it is a census of directories' \
        in result.stderr, result.stderr
    # DIR arguments and a list together, -0 without a list: usage errors.
    assert 'replaces DIR' in run('census', '--files-from', 'list.txt', TREE, check_code=2).stderr
    assert '-0 goes with --files-from' in run('census', '-0', TREE, check_code=2).stderr
    # -o naming a listed file or the list is refused before anything is written.
    result = run('census', '--files-from', 'list.txt', '-o', FILES[0], check_code=2)
    assert 'listed input' in result.stderr, result.stderr
    result = run('census', '--files-from', 'list.txt', '-o', 'list.txt', check_code=2)
    assert '--files-from list' in result.stderr, result.stderr


def landlock_abi():
    libc = ctypes.CDLL(None, use_errno=True)
    return max(0, libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1)))


def test_a_listed_census_runs_confined_and_reads_only_the_listed_files_directories():
    run('census', '-q', '--per-file', 'all', '--files-from', 'list.txt', '-o', 'confined.yaml',
        check_code=0)
    docs = report('confined.yaml')
    assert docs[0]['sandbox']['enabled'] is True, docs[0]
    assert records(docs) == records(REFERENCE), 'every listed file is readable when confined'
    run('census', '-q', '--per-file', 'all', '--no-sandbox', '--files-from', 'list.txt', '-o',
        'free.yaml', check_code=0)
    free = report('free.yaml')
    assert free[0]['sandbox'] == {'enabled': False, 'layers': []}
    assert after_header('free.yaml') == after_header('confined.yaml')
    # A listed symlink whose target lies outside every listed file's directory is followed.
    (WORK / 'elsewhere').mkdir(exist_ok=True)
    (WORK / 'links').mkdir(exist_ok=True)
    shutil.copyfile(WORK / FILES[0], WORK / 'elsewhere' / 'target.gaf')
    if not (WORK / 'links' / 'link.gaf').is_symlink():
        os.symlink('../elsewhere/target.gaf', WORK / 'links' / 'link.gaf')
    (WORK / 'link-list.txt').write_text('links/link.gaf\n')
    result = run('census', '-q', '--files-from', 'link-list.txt', '-o', '-', check_code=0)
    linked = records(documents(result.stdout_text))
    assert [(r['path'], r['format']) for r in linked] == [('links/link.gaf', 'gaf')], linked
    if landlock_abi() < 1:
        print('# skipped: the kernel has no Landlock (seccomp alone cannot see paths)')
        return
    outside = WORK / 'outside.txt'
    outside.write_text('not an input\n')
    env = {'GAFCHECK_TEST_SANDBOX_PROBE': 'open-read', 'GAFCHECK_TEST_HOOK_TARGET': str(outside)}
    probe = run('census', '-q', '--files-from', 'list.txt', '-o', 'probe.yaml', env=env,
                binary=GAFCHECK_TEST_HOOKS, check_code=0)
    assert 'sandbox probe: open for reading failed: Permission denied' in probe.stderr, probe.stderr
    env['GAFCHECK_TEST_HOOK_TARGET'] = str(WORK / FILES[-1])
    probe = run('census', '-q', '--files-from', 'list.txt', '-o', 'probe.yaml', env=env,
                binary=GAFCHECK_TEST_HOOKS, check_code=0)
    assert 'sandbox probe: open for reading succeeded' in probe.stderr, probe.stderr
    env['GAFCHECK_TEST_HOOK_TARGET'] = str(outside)
    probe = run('census', '-q', '--no-sandbox', '--files-from', 'list.txt', '-o', 'probe.yaml',
                env=env, binary=GAFCHECK_TEST_HOOKS, check_code=0)
    assert 'sandbox probe: open for reading succeeded' in probe.stderr, probe.stderr

