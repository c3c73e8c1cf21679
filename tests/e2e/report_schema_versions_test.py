"""Reports of report schema version 1, whose census records pack their counters into strings
("entries=3 coverage.slack=0"), are still read by diff, merge and census --resume; what those
write is of the current version, whose records hold mappings. The version-1 reports here are a
census gafcheck wrote before version 2 (tests/data/reports/census-schema-v1.yaml) and current
reports written back in the old form (as_schema_version_1), so that merge and --resume, which
need the catalogue and the files of today, read version-1 records too.
"""
import atexit
import pathlib
import re
import shutil
import tempfile

import yaml

from conftest import GAFCHECK, ROOT
from gafcheck_run import load_schemas, run_gafcheck, validated_documents

SCHEMAS = load_schemas(ROOT, ('header', 'file', 'record', 'record.v1', 'summary', 'diff'))
FIXTURE = ROOT / 'tests' / 'data' / 'reports' / 'census-schema-v1.yaml'
SEEDS = ('clean-rle.gaf', 'clean-hpi-v1.hpi', 'entry.alias.gaf', 'extent.slack.gaf',
         'clean-taf-argb1555.taf')
WORK = pathlib.Path(tempfile.mkdtemp(prefix='gafcheck-schema-versions-'))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
(WORK / 'seeds').mkdir()
for seed in SEEDS:
    shutil.copyfile(ROOT / 'corpus' / 'seed' / seed, WORK / 'seeds' / seed)
RUN_FIELDS = ('command_line: ', 'started_at: ', 'wall_seconds: ', 'bytes_per_second: ')


def run(*args, check_code=None):
    return run_gafcheck(GAFCHECK, *args, check_code=check_code, cwd=WORK, timeout=300)


def census(report, *args, check_code=1):
    # Every finding listed: version 1 had no record of what --min-severity hid.
    return run('census', '-o', report, '--min-severity', 'info', *args, 'seeds',
               check_code=check_code)


def documents(path):
    return validated_documents((WORK / path).read_text(), SCHEMAS)


def records(path):
    return [doc for doc in documents(path) if doc['kind'] == 'record']


def stable(path):
    return ''.join(line for line in (WORK / path).read_text().splitlines(True)
                   if not line.startswith(RUN_FIELDS))


def without_writers(text):
    """A report as one of version 1 reads back: version 1 records name no writer, so the records,
    file documents and summary made from them have none (the writer came after version 2)."""
    text = re.sub(r', writer: \{tool: .*?\]\}(?=, summary: )', '', text)
    kept, nested = [], None
    for line in text.splitlines(True):
        if nested is not None and line.startswith(nested):
            continue
        nested = None
        if line in ('writer:\n', '  by_writer:\n'):
            nested = line[:len(line) - len(line.lstrip())] + '  '
            continue
        kept.append(line)
    return ''.join(kept)


def packed(record):
    """A record's summary, survey and findings as version 1 packed them."""
    counters = []
    for key, value in record['summary'].items():
        if isinstance(value, dict):
            counters += [(f'{key}.{name}' if name else key, count) for name, count in value.items()]
        else:
            counters.append((key, value))
    return {
        'summary': ' '.join(f'{key}={value}' for key, value in counters),
        'survey': ' '.join(name + '=' + ','.join(f'{value}:{count}' for value, count in bins.items())
                           for name, bins in record['survey'].items()),
        'findings': ' '.join(f'{rule}={count}' for rule, count in record['findings'].items()),
    }


def as_schema_version_1(source, target):
    """Writes the report SOURCE as gafcheck wrote it before schema version 2: no schema_version in
    the header, each record's maps of numbers packed into strings (and no writer, which came
    later)."""
    lines = []
    for line in (WORK / source).read_text().splitlines(True):
        if line.startswith('schema_version: '):
            continue
        if line.startswith('{kind: record, '):
            fields = packed(yaml.safe_load(line))
            start = line.index(', writer: {' if ', writer: {' in line else ', summary: {')
            end = line.index(', budget_hit: ') if ', budget_hit: ' in line else len(line) - 2
            line = (line[:start] + ''.join(f', {key}: "{value}"' for key, value in fields.items())
                    + line[end:])
        lines.append(line)
    (WORK / target).write_text(''.join(lines))


CURRENT = 'current.yaml'
census(CURRENT, '--per-file', 'all')


def test_a_record_written_now_holds_its_counters_as_mappings():
    header = documents(CURRENT)[0]
    assert header['schema_version'] == 2
    by_path = {record['path']: record for record in records(CURRENT)}
    rle = by_path['seeds/clean-rle.gaf']
    assert rle['summary']['entries'] == 1 and rle['summary']['frames'] == 2
    assert rle['summary']['coverage'] == {'claimed': 361, 'slack': 0, 'extents': 8}
    assert rle['survey']['widths'] == {9: 1, 16: 1}
    assert rle['findings'] == {}
    assert by_path['seeds/entry.alias.gaf']['findings'] == {'entry.alias': 1}
    assert by_path['seeds/clean-hpi-v1.hpi']['survey'] == {'archive_versions': {65536: 1}}


def test_the_old_form_is_what_gafcheck_wrote_before_version_2():
    """The control for as_schema_version_1: the fixture, which an older gafcheck wrote, has the
    same form, and validates against record.v1.schema.json (validated_documents)."""
    as_schema_version_1(CURRENT, 'current-v1.yaml')
    old = {record['path']: record for record in records('current-v1.yaml')}
    fixture = validated_documents(FIXTURE.read_text(), SCHEMAS)
    assert 'schema_version' not in fixture[0]
    for record in (doc for doc in fixture if doc['kind'] == 'record'):
        assert set(record) == set(old[record['path']]), record['path']
        assert isinstance(record['summary'], str) and isinstance(record['survey'], str)
    assert old['seeds/entry.alias.gaf']['findings'] == 'entry.alias=1'


def test_diff_reads_a_report_of_version_1():
    shutil.copyfile(FIXTURE, WORK / 'fixture.yaml')
    result = run('diff', 'fixture.yaml', CURRENT, check_code=0)
    diff = validated_documents(result.stdout, SCHEMAS)[0]
    assert diff['counts'] == {'files_added': 0, 'files_removed': 0, 'files_changed': 0,
                              'new': 0, 'resolved': 0, 'changed': 0}, result.stdout
    # Control: a rule the old record counts (and no file document lists) is seen as resolved,
    # so the packed findings were read.
    text = (WORK / 'fixture.yaml').read_text()
    at = text.index('{kind: record, path: "seeds/clean-rle.gaf"')
    at = text.index('findings: ""', at)
    (WORK / 'fixture-more.yaml').write_text(text[:at] + 'findings: "frame.empty=2"' +
                                            text[at + len('findings: ""'):])
    result = run('diff', 'fixture-more.yaml', CURRENT)
    diff = validated_documents(result.stdout, SCHEMAS)[0]
    assert diff['counts']['resolved'] == 1, result.stdout
    assert diff['files'][0]['resolved'][0]['rule'] == 'frame.empty', result.stdout


def test_merge_reads_shards_of_version_1_and_writes_the_current_version():
    for k in (1, 2):
        census(f'shard{k}.yaml', '--per-file', 'all', '--shard', f'{k}/2', check_code=None)
        as_schema_version_1(f'shard{k}.yaml', f'shard{k}-v1.yaml')
    run('merge', '-o', 'merged.yaml', 'shard1-v1.yaml', 'shard2-v1.yaml', check_code=1)
    assert documents('merged.yaml')[0]['schema_version'] == 2
    current = records(CURRENT)
    assert all(record.pop('writer') for record in current)
    assert records('merged.yaml') == current
    # Shards of both versions merge alike (but for the writers the newer shard names).
    run('merge', '-o', 'mixed.yaml', 'shard1-v1.yaml', 'shard2.yaml', check_code=1)
    assert (without_writers(stable('mixed.yaml')).replace('shard2.yaml', 'shard2-v1.yaml') ==
            stable('merged.yaml'))


def test_resume_takes_over_the_records_of_a_report_of_version_1():
    as_schema_version_1(CURRENT, 'resume-v1.yaml')
    result = census('resumed.yaml', '--per-file', 'all', '--resume', 'resume-v1.yaml')
    assert f'{len(SEEDS)} taken over' in result.stderr, result.stderr
    assert documents('resumed.yaml')[0]['schema_version'] == 2
    assert stable('resumed.yaml') == without_writers(stable(CURRENT))
