"""usage: same_census.py MERGED SINGLE
Whether a merged census report holds what a single run wrote: the same documents after the
header (files, records, findings) and the same summary but for its timings (wall_seconds,
bytes_per_second), as tests/e2e/census_test.py compares shards. Prints what was compared; exits 1
with the first difference."""
import sys

import yaml

TIMINGS = ('wall_seconds', 'bytes_per_second')


def body(path):
    with open(path, encoding='utf-8') as report:
        documents = list(yaml.safe_load_all(report))
    assert documents[0]['kind'] == 'header', path
    summary = documents[-1]
    assert summary['kind'] == 'summary', path
    for field in TIMINGS:
        summary.pop(field, None)
    return documents[1:]


def main():
    merged, single = body(sys.argv[1]), body(sys.argv[2])
    if merged != single:
        for number, (got, want) in enumerate(zip(merged, single)):
            if got != want:
                print(f'document {number + 1} differs:\nmerged: {str(got)[:600]}\n'
                      f'single: {str(want)[:600]}')
                return 1
        print(f'{len(merged)} documents merged, {len(single)} in the single run')
        return 1
    files = merged[-1]['files']
    print(f'{len(merged) - 1} documents, {files}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
