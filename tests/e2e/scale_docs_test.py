"""docs/scale.md's Kubernetes Indexed Job and AWS Batch job definition: each parses (PyYAML, json)
and has the fields its engine requires for an indexed array of census shards, and its command,
run here once per index with the variables that engine sets and its mounts mapped to scratch
folders, writes shards whose merge equals a single census of the tree. No schema for either is
packaged by Debian, and kubectl's --dry-run=client needs a cluster's API server, so the fields
are checked by these assertions. (The Slurm script of that page runs on a real one-node Slurm in
scripts/test.d/50-slurm.)
"""
import json
import os
import pathlib
import re
import shutil
import subprocess

import yaml

from conftest import GAFCHECK, ROOT, scratch_directory

PAGE = (ROOT / 'docs' / 'scale.md').read_text()
SEEDS = ROOT / 'corpus' / 'seed'


def block(marker, language):
    """The fenced block right after `<!-- marker: ... -->`."""
    match = re.search(rf'<!-- {marker}:[^\n]*-->\n```{language}\n(.*?)\n```\n', PAGE, re.S)
    assert match, f'docs/scale.md has no {language} block marked {marker}'
    return match.group(1)


def a_tree():
    tree = scratch_directory('scale-tree')
    for number, seed in enumerate(sorted(SEEDS.iterdir())):
        (tree / f'dir{number % 5}').mkdir(exist_ok=True)
        shutil.copy(seed, tree / f'dir{number % 5}' / seed.name)
    return tree


def run_shards(command, mounts, variables_of_index, count):
    """Runs the container command once per index with `mounts` ({container path: local path})
    substituted, the way the engine would start each task; returns the reports folder."""
    scratch = scratch_directory('scale-run')
    script = command
    for container_path, local in sorted(mounts.items(), key=lambda item: -len(item[0])):
        script = script.replace(container_path, str(local))
    path = f'{pathlib.Path(GAFCHECK).parent}:{os.environ.get("PATH", "/usr/bin:/bin")}'
    for index in range(count):
        result = subprocess.run(['sh', '-c', script], cwd=scratch, capture_output=True,
                                text=True, timeout=120, stdin=subprocess.DEVNULL,
                                env={'PATH': path, **variables_of_index(index)})
        assert result.returncode == 0, (index, script, result.stderr[-2000:])


def assert_merge_is_a_single_run(reports, tree, count):
    shards = sorted(reports.glob('shard-*.yaml'))
    assert len(shards) == count, shards
    merged, single = reports / 'merged.yaml', reports / 'single.yaml'
    subprocess.run([GAFCHECK, 'merge', '-o', merged, *shards], capture_output=True, timeout=120)
    subprocess.run([GAFCHECK, 'census', '-q', '-o', single, tree], capture_output=True,
                   timeout=120)
    result = subprocess.run(['/usr/bin/python3', ROOT / 'scripts' / 'lib' / 'same_census.py',
                             merged, single], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_kubernetes_indexed_job_is_a_complete_census_of_completions_shards():
    job = yaml.safe_load(block('scale-k8s', 'yaml'))
    assert (job['apiVersion'], job['kind']) == ('batch/v1', 'Job')
    spec = job['spec']
    assert spec['completionMode'] == 'Indexed' and spec['parallelism'] <= spec['completions']
    pod = spec['template']['spec']
    assert pod['restartPolicy'] in ('Never', 'OnFailure'), 'a Job refuses restartPolicy Always'
    (container,) = pod['containers']
    assert container['command'] == ['sh', '-c'] and len(container['args']) == 1
    args = container['args'][0]
    assert f'--shards {spec["completions"]} ' in args, 'N must be the Job\'s completions'
    volumes = {volume['name'] for volume in pod['volumes']}
    assert {mount['name'] for mount in container['volumeMounts']} == volumes
    mounts = {mount['name']: mount['mountPath'] for mount in container['volumeMounts']}

    tree, scratch = a_tree(), scratch_directory('k8s')
    reports = scratch / 'reports'
    reports.mkdir()
    (scratch / 'data').mkdir()
    (scratch / 'data' / 'ta').symlink_to(tree)
    run_shards(args, {mounts['data']: scratch / 'data', mounts['reports']: reports},
               lambda index: {'JOB_COMPLETION_INDEX': str(index)}, spec['completions'])
    # Reports name files by the path the census was given: the pods' /data/ta.
    assert_merge_is_a_single_run(reports, scratch / 'data' / 'ta', spec['completions'])


def test_aws_batch_job_definition_is_a_complete_census_of_its_array():
    definition = json.loads(block('scale-aws-batch', 'json'))
    assert definition['type'] == 'container' and definition['jobDefinitionName']
    container = definition['containerProperties']
    assert container['image'] and container['command'][:2] == ['sh', '-c']
    requirements = {r['type']: r['value'] for r in container['resourceRequirements']}
    assert set(requirements) == {'VCPU', 'MEMORY'}
    assert all(isinstance(value, str) for value in requirements.values()), 'AWS wants strings'
    volumes = {volume['name'] for volume in container['volumes']}
    assert {mount['sourceVolume'] for mount in container['mountPoints']} == volumes
    mounts = {m['sourceVolume']: m['containerPath'] for m in container['mountPoints']}
    size = int(re.search(r'--array-properties size=(\d+)', PAGE).group(1))
    assert 2 <= size <= 10000, size   # AWS Batch's array sizes

    tree, scratch = a_tree(), scratch_directory('aws-batch')
    reports = scratch / 'reports'
    reports.mkdir()
    run_shards(container['command'][2], {mounts['data']: tree, mounts['reports']: reports},
               lambda index: {'AWS_BATCH_JOB_ARRAY_INDEX': str(index),
                              'AWS_BATCH_JOB_ARRAY_SIZE': str(size)}, size)
    assert_merge_is_a_single_run(reports, tree, size)
