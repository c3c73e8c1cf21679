"""An archive retail TA refuses to load is not a clean input. The retail game checks the Cavedog
copyright footer in an archive's last bytes (docs/format/hpi.md §1) and loads nothing from an
archive without it: check and census say so with an error (hpi.footer, retail dropped), and
conflicts never names a copy in such an archive as the one engine ta loads. Each against a
control with the footer."""
import json

from conftest import SEEDS
from hand_built_hpi import hpi_v1, packed


def file_documents(text):
    return [doc for doc in map(json.loads, text.splitlines()) if doc['kind'] == 'file']


def footer_findings(document):
    return [f for f in document['findings'] if f['rule'] == 'hpi.footer']


def test_an_archive_without_the_footer_is_an_error_the_game_drops(run_gafcheck, tmp_path):
    clean = (SEEDS / 'clean-hpi-v1.hpi').read_bytes()
    assert clean.endswith(b'Cavedog Entertainment')
    cut = tmp_path / 'cut.ufo'
    cut.write_bytes(clean[:clean.rindex(b'Copyright')])
    # Bytes appended after the footer leave the file's last bytes without it, too.
    trailing = tmp_path / 'trailing.ufo'
    trailing.write_bytes(clean + b'appended after the footer ' * 4)
    for archive in (cut, trailing):
        result = run_gafcheck('check', '--format', 'json', archive, check_code=1)
        document = file_documents(result.stdout)[0]
        assert document['verdict'] == 'errors' and document['retail'] == 'dropped', document
        (finding,) = footer_findings(document)
        size = archive.stat().st_size
        assert (finding['severity'], finding['retail'], finding['path'], finding['offset']) == (
            'error', 'dropped', 'footer', size - 64), finding
        assert 'the game refuses the archive' in finding['message']
    census = run_gafcheck('census', '--format', 'json', tmp_path, check_code=1)
    summary = [json.loads(line) for line in census.stdout.splitlines()][-1]
    assert summary['findings']['hpi.footer'] == {'occurrences': 2, 'files': 2}, summary
    # Control: the archive with its footer is clean.
    control = run_gafcheck('check', '--format', 'json', SEEDS / 'clean-hpi-v1.hpi', check_code=0)
    (document,) = file_documents(control.stdout)[:1]
    assert document['verdict'] == 'clean' and not footer_findings(document), document


def conflict_winners(run_gafcheck, folder):
    """Each engine's winner (the copy's source) for the one path two archives supply."""
    result = run_gafcheck('conflicts', '--format', 'json', '--engine', 'all', folder,
                          check_code=0)
    (overlap,) = json.loads(result.stdout)['conflicts']
    sources = [copy['source'] for copy in overlap['copies']]
    return {engine: sources[at] for engine, at in overlap['winners'].items()}, overlap, result


def test_conflicts_never_loads_a_copy_from_an_archive_retail_refuses(run_gafcheck, tmp_path):
    folder = tmp_path / 'game'
    folder.mkdir()
    a_copy, b_copy = str(folder / 'a.ufo') + '!notes.txt', str(folder / 'b.ufo') + '!notes.txt'
    # a.ufo comes first in name order, so without the footer check its copy would win.
    never_loaded = [packed(b'notes.txt', b'from a, never loaded')]
    (folder / 'a.ufo').write_bytes(hpi_v1(never_loaded, footer=False))
    (folder / 'b.ufo').write_bytes(hpi_v1([packed(b'notes.txt', b'from b')]))
    winners, overlap, result = conflict_winners(run_gafcheck, folder)
    assert winners['ta'] == b_copy, result.stdout
    assert [copy['rank'] for copy in overlap['copies']] == [None, 0], overlap
    assert ('a.ufo: no Cavedog copyright footer in its last bytes (hpi.footer): ta refuses the '
            'archive and loads none of its copies') in result.stderr, result.stderr
    # An engine that does not check the footer loads a.ufo's copy (name order).
    assert winners['rwe'] == a_copy, winners
    # With engine ta alone, the path is supplied once: no conflict, a.ufo still named.
    alone = run_gafcheck('conflicts', '--format', 'json', '--engine', 'ta', folder, check_code=0)
    assert json.loads(alone.stdout)['conflicts'] == [] and 'a.ufo' in alone.stderr
    # Control: with its footer, a.ufo's copy is the one retail TA loads, and nothing is named.
    (folder / 'a.ufo').write_bytes(hpi_v1([packed(b'notes.txt', b'from a')]))
    winners, overlap, result = conflict_winners(run_gafcheck, folder)
    assert winners['ta'] == a_copy and overlap['copies'][0]['rank'] == 0, result.stdout
    assert 'hpi.footer' not in result.stderr, result.stderr


def test_ta3d_which_does_not_check_the_footer_is_not_told_it_refuses(run_gafcheck, tmp_path):
    clean = (SEEDS / 'clean-hpi-v1.hpi').read_bytes()
    cut = tmp_path / 'cut.ufo'
    cut.write_bytes(clean[:clean.rindex(b'Copyright')])
    result = run_gafcheck('check', '--game', 'ta3d', '--format', 'json', cut, check_code=0)
    document = file_documents(result.stdout)[0]
    (finding,) = footer_findings(document)
    assert (finding['severity'], finding['retail']) == ('info', 'none'), finding
    assert 'TA3D does not check the footer' in finding['message'], finding
    assert document['verdict'] == 'clean' and document['retail'] == 'none', document
    # Control: the engine that checks it (--game ta, the default) refuses the same bytes.
    run_gafcheck('check', '--game', 'ta', cut, check_code=1)


def test_the_verdict_line_gives_the_reason_for_the_retail_impact_it_names(run_gafcheck,
                                                                          tmp_path):
    clean = (SEEDS / 'clean-hpi-v1.hpi').read_bytes()
    # Cut in the middle of a member's data: the footer is gone (dropped) and the data runs past
    # the end of the file (crash). The line names crash, so its reason is the crash finding.
    cut = tmp_path / 'half.ufo'
    cut.write_bytes(clean[:len(clean) // 2])
    line = run_gafcheck('check', '-o', tmp_path / 'r.yaml', cut, check_code=1).stderr
    first = line.splitlines()[0]
    assert first.endswith('retail: crash)'), first
    assert 'runs past the end' in first and 'refuses the archive' not in first, first
    # Control: with only the footer missing, the footer is the reason and dropped the impact.
    footerless = tmp_path / 'footerless.ufo'
    footerless.write_bytes(clean[:clean.rindex(b'Copyright')])
    line = run_gafcheck('check', '-o', tmp_path / 'r.yaml', footerless, check_code=1).stderr
    first = line.splitlines()[0]
    assert 'refuses the archive' in first and first.endswith('retail: dropped)'), first


def test_diff_counts_an_archive_retail_refuses_as_a_change_the_game_shows(run_gafcheck,
                                                                          tmp_path):
    clean = SEEDS / 'clean-hpi-v1.hpi'
    footerless = tmp_path / 'footerless.hpi'
    footerless.write_bytes(clean.read_bytes()[:clean.read_bytes().rindex(b'Copyright')])
    for old, new, side in ((clean, footerless, 'NEW'), (footerless, clean, 'OLD')):
        result = run_gafcheck('diff', '--format', 'json', old, new, check_code=1)
        document = json.loads(result.stdout)
        assert document['verdict'] == 'different', document
        archive = document['files'][0]
        assert archive['change'] == 'changed', archive
        assert archive['note'] == (side + ' has no Cavedog copyright footer in its last bytes '
                                   '(hpi.footer): retail TA refuses it and loads none of its '
                                   'members'), archive
    # TA3D does not check the footer: the same pair draws the same there.
    result = run_gafcheck('diff', '--game', 'ta3d', '--format', 'json', clean, footerless,
                          check_code=0)
    assert json.loads(result.stdout)['verdict'] == 're-encoded'
    # Control: both with their footer, a repack that changes no member is re-encoded.
    repacked = tmp_path / 'repacked.hpi'
    repacked.write_bytes(clean.read_bytes() + b'\0')
    assert json.loads(run_gafcheck('diff', '--format', 'json', clean, repacked,
                                   check_code=0).stdout)['verdict'] == 're-encoded'
