"""Near-duplicates across splits (DS109, issue 22): MinHash with LSH banding, every candidate
pair verified on its texts.

The command-line cases run on real xSID 0.7 excerpts with real near-duplicates between the
English test and validation splits (tests/data/dataset/near/SOURCES.md); the algorithm's
cases compare what it reports with every pair computed exactly, and count its work.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
from pathlib import Path

import pytest

from goldlint import config
from goldlint.dataset import near
from goldlint.dataset.check import check_members
from goldlint.dataset.splits import split_of_name

DATA = Path(__file__).parent / "data" / "dataset" / "near"

# test line -> (its near-duplicate's line in en.valid.conll, the similarity): the real pairs
SET_ALARM, RAIN_WEEK, RAIN_SATURDAY = 18, 27, 36
PAIRS = {SET_ALARM: (1, "0.82"), RAIN_WEEK: (20, "0.80"), RAIN_SATURDAY: (30, "0.90")}
SHOW_REMINDERS, SWEATER = 1, 10  # a leak letter for letter (DS101; 0.60 similar to another valid item), and no pair at all

# (threshold given, the test lines reported): failing and passing cases as data
CASES = [
    (None, []),  # off by default
    ("0.5", [SET_ALARM, RAIN_WEEK, RAIN_SATURDAY]),
    ("0.8", [SET_ALARM, RAIN_WEEK, RAIN_SATURDAY]),  # (0.808 counts at 0.8: similarities are exact, not estimates)
    ("0.85", [RAIN_SATURDAY]),
    ("0.95", []),
    ("1", []),  # (equal texts are DS101/DS102's)
]


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "xsid"
    shutil.copytree(DATA, folder)
    (folder / "SOURCES.md").unlink()
    return folder


def _ds109(stdout: str) -> dict[int, str]:
    """The DS109 findings of a text report: test line -> the finding's line."""
    return {int(line.split(":")[1]): line for line in stdout.splitlines() if " DS109 " in line}


@pytest.mark.parametrize("threshold,reported", CASES, ids=lambda c: str(c))
def test_the_near_duplicates_of_test_items_are_reported_at_the_test_item(run_cli, dataset: Path, threshold: str | None,  # type: ignore[no-untyped-def]
                                                                          reported: list[int]) -> None:
    args = ["--near-duplicates", threshold] if threshold is not None else []
    done = run_cli("check", "xsid", "--select", "DS", *args, cwd=dataset.parent)
    assert done.returncode == 1 and done.stderr == "", done.stderr  # (the DS101 leak is an error)
    found = _ds109(done.stdout)
    assert sorted(found) == reported, done.stdout
    for line in reported:
        valid, similarity = PAIRS[line]
        assert found[line] == (f"xsid/en.test.conll:{line}:10: DS109 [warning] a near-duplicate stands in the valid split "
                               f"(similarity {similarity}, at least {threshold} asked): this test item nearly leaks")
        assert f"xsid/en.valid.conll:{valid}:10: a near-duplicate, similarity {similarity} (valid split)" in done.stdout
    assert "en.test.conll:1:10: DS101" in done.stdout  # the exact leak is DS101's, never a DS109 too
    assert SWEATER not in found and SHOW_REMINDERS not in found


def test_the_config_sets_the_threshold_and_the_command_line_replaces_it(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    (dataset.parent / "goldlint.yaml").write_text("datasets:\n  near-duplicates: 0.85\n", encoding="utf-8")
    by_config = run_cli("check", "xsid", "--select", "DS109", cwd=dataset.parent)
    assert sorted(_ds109(by_config.stdout)) == [RAIN_SATURDAY], by_config.stdout
    by_option = run_cli("check", "xsid", "--select", "DS109", "--near-duplicates", "0.8", cwd=dataset.parent)
    assert sorted(_ds109(by_option.stdout)) == [SET_ALARM, RAIN_WEEK, RAIN_SATURDAY], by_option.stdout
    ignored = run_cli("check", "xsid", "--ignore", "DS109", cwd=dataset.parent)
    assert "DS109" not in ignored.stdout


def test_called_without_a_threshold_the_dataset_check_takes_the_configs(dataset: Path) -> None:
    """As the language server calls it: no command line, the config's threshold (and none: off)."""
    files = [dataset / "en.test.conll", dataset / "en.valid.conll"]

    def lines() -> list[int]:
        config.load.cache_clear()
        found = check_members("xsid", [(f, split_of_name(f.name)) for f in files], lambda path, code: code == "DS109", config.for_file)
        return [d.span.start.line for d in found]

    assert lines() == []
    (dataset / "goldlint.yaml").write_text("datasets:\n  near-duplicates: 0.85\n", encoding="utf-8")
    assert lines() == [RAIN_SATURDAY]


def test_the_json_report_names_each_near_duplicate_with_its_place(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "xsid", "--select", "DS109", "--near-duplicates", "0.9", "--format", "json", cwd=dataset.parent)
    (finding,) = json.loads(done.stdout)
    assert (finding["code"], finding["path"], finding["range"]["start"]) == ("DS109", "xsid/en.test.conll", {"line": 36, "column": 10})
    assert finding["related"] == [{"path": "xsid/en.valid.conll", "message": "a near-duplicate, similarity 0.90 (valid split)",
                                   "range": {"start": {"line": 30, "column": 10}, "end": {"line": 30, "column": 42}}}]


@pytest.mark.parametrize("value", ["0", "-0.5", "1.5", "nan", "inf"])
def test_a_threshold_outside_0_to_1_is_wrong_usage(run_cli, dataset: Path, value: str) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "xsid", f"--near-duplicates={value}", cwd=dataset.parent)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert done.stderr.startswith("goldlint: --near-duplicates: must be above 0 and at most 1 (a similarity), not `"), done.stderr


@pytest.mark.parametrize("value,problem", [
    ("0", "must be above 0 and at most 1 (a similarity), not `0`"),
    ("1.2", "must be above 0 and at most 1 (a similarity), not `1.2`"),
    ("true", "expected a number, not `True`"),
    ("high", "expected a number, not `high`"),
])
def test_a_bad_threshold_in_config_is_a_positioned_config_error(run_cli, dataset: Path, value: str, problem: str) -> None:  # type: ignore[no-untyped-def]
    (dataset.parent / "goldlint.yaml").write_text(f"select: [DS]\ndatasets:\n  near-duplicates: {value}\n", encoding="utf-8")
    done = run_cli("check", "xsid", cwd=dataset.parent)
    assert done.returncode == 2, done.stdout
    assert done.stderr.strip().endswith(f"goldlint.yaml:3:20: datasets.near-duplicates: {problem}"), done.stderr


# -- the algorithm ---------------------------------------------------------------------------

def _words(count: int) -> list[str]:
    rng = random.Random(0)
    return ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(3 + n % 6)) for n in range(count)]


WORDS = _words(3_000)


def _sentence(rng: random.Random) -> list[str]:
    return [rng.choice(WORDS) for _ in range(rng.randint(6, 12))]


def _varied(words: list[str], rng: random.Random, changes: int) -> list[str]:
    """``words`` with ``changes`` words replaced; with none, one letter of a word."""
    out = list(words)
    for _ in range(changes):
        out[rng.randrange(len(out))] = rng.choice(WORDS)
    if not changes:
        k = rng.randrange(len(out))
        out[k] = out[k][:-1] + ("x" if out[k][-1] != "x" else "y")
    return out


def _write(folder: Path, name: str, texts: list[str]) -> Path:
    path = folder / name
    path.write_text("".join(f"# text = {t}\n# intent = x\n1\t{t.split()[0]}\tx\tO\n\n" for t in texts), encoding="utf-8")
    return path


def _dataset(folder: Path, items: int, seed: int) -> tuple[list[Path], list[str], list[str]]:
    """Two splits of random sentences; a tenth of the test ones have a variant (a letter, or one
    to three words changed: similarities from about 0.4 to 0.95) in the valid split."""
    rng = random.Random(seed)
    test = [_sentence(rng) for _ in range(items)]
    valid = [_sentence(rng) for _ in range(items)]
    for k in range(0, items, 10):
        valid[k] = _varied(test[k], rng, (k // 10) % 4)
    tests, valids = [" ".join(w) for w in test], [" ".join(w) for w in valid]
    return [_write(folder, "en.test.conll", tests), _write(folder, "en.valid.conll", valids)], tests, valids


def _reported(files: list[Path], threshold: float) -> set[tuple[int, int, str]]:
    """(test line, valid line, similarity) of every DS109 finding and near-duplicate it names."""
    found = check_members("xsid", [(f, split_of_name(f.name)) for f in files], lambda path, code: code == "DS109", config.for_file, lambda path: threshold)
    return {(d.span.start.line, r.span.start.line, r.message.split("similarity ")[1].split(" ")[0]) for d in found for r in d.related}


def test_every_pair_above_the_threshold_is_found_and_none_below(tmp_path: Path) -> None:
    """What is reported is what all pairs computed exactly give: the similarities are true
    (verified, not estimated), none is below the threshold, and no pair above it is missed
    (the banding finds a pair at the threshold with probability 0.99, a closer one surely)."""
    files, tests, valids = _dataset(tmp_path, 400, seed=1)
    for threshold in (0.6, 0.75, 0.9):
        expected = set()
        for a, x in enumerate(tests):
            for b, y in enumerate(valids):
                s = near.similarity(near.shingles(x), near.shingles(y))
                if threshold <= s and x != y:  # (different texts may have the same trigrams: `uuu`, `uuuu`)
                    expected.add((a * 4 + 1, b * 4 + 1, f"{int(s * 100 + 1e-9) / 100:.2f}"))
        assert len(expected) >= 4, threshold  # (planted pairs reach past each threshold)
        assert _reported(files, threshold) == expected, threshold


def test_the_work_grows_with_the_items_not_with_their_pairs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four times the items verify about four times the pairs (all pairs would be sixteen
    times): counted, not timed."""
    calls = 0
    real = near.similarity

    def counting(a: set[str], b: set[str]) -> float:
        nonlocal calls
        calls += 1
        return real(a, b)

    monkeypatch.setattr(near, "similarity", counting)
    work = []
    for items in (500, 2_000):
        folder = tmp_path / str(items)
        folder.mkdir()
        calls = 0
        files, _, _ = _dataset(folder, items, seed=2)
        assert _reported(files, 0.8)
        work.append(calls)
    assert work[0] >= 10 and work[1] <= 6 * work[0], work


def test_texts_too_alike_stop_the_search_and_say_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A template filled 100,000 times makes candidates of most pairs: past a bound of
    candidate pairs the search stops, and says so once (here the bound is lowered)."""
    monkeypatch.setattr(near, "MAX_CANDIDATES", 50)
    rng = random.Random(4)
    texts = [[f"please wake me up at {rng.randint(0, 99_999)} in the morning" for _ in range(100)] for _ in range(2)]
    files = [_write(tmp_path, "en.test.conll", texts[0]), _write(tmp_path, "en.valid.conll", texts[1])]
    found = check_members("xsid", [(f, split_of_name(f.name)) for f in files], lambda path, code: code == "DS109", config.for_file, lambda path: 0.7)
    stopped = [d for d in found if "stopped" in d.message]
    assert [(d.path, d.span.start.line) for d in stopped] == [(str(files[0]), 1)]
    assert stopped[0].message.startswith("near-duplicates: the search stopped after 50 candidate pairs; the other DS109 findings are those")
    assert 0 < len(found) - 1 <= 50


@pytest.mark.parametrize("threshold", [0.05, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0])
def test_the_banding_finds_a_pair_at_the_threshold_with_probability_099(threshold: float) -> None:
    bands, rows = near.banding(threshold)
    assert bands * rows <= near.MAX_HASHES
    assert near.found_with(threshold, bands, rows) >= near.RECALL
    if threshold >= 0.7:  # (and, for the thresholds near-duplicates are asked at, a pair of unrelated texts hardly ever)
        assert near.found_with(0.2, bands, rows) < 0.005


def test_signatures_agree_as_often_as_their_texts_are_similar() -> None:
    """MinHash's premise, for the hash functions chosen: two signatures agree in a fraction of
    their values that estimates the texts' similarity without bias (what the banding's
    probabilities assume)."""
    rng = random.Random(3)
    sketcher = near.Sketcher(0.8)
    agree, similar = [], []
    for _ in range(500):
        words = _sentence(rng)
        a, b = " ".join(words), " ".join(_varied(words, rng, 1))
        signatures = sketcher._signatures([a, b])
        agree.append(float((signatures[0] == signatures[1]).mean()))  # (one word changed: about 0.75)
        similar.append(near.similarity(near.shingles(a), near.shingles(b)))
    assert abs(statistics.mean(agree) - statistics.mean(similar)) < 0.01


def test_any_text_is_sketched_lone_surrogates_and_astral_letters_too() -> None:
    sketcher = near.Sketcher(0.9)
    for text in ("wake me \udcff up", "𝔴𝔞𝔨𝔢 me up 🙂", "a", "日本語のテキスト"):
        sketcher.add(text)
    assert sketcher.keys().shape == (4, sketcher.bands)


def test_a_similarity_is_the_jaccard_index_of_trigrams_of_the_normalised_text() -> None:
    assert near.shingles("ab") == {" ab", "ab "}
    assert near.shingles("a") == {" a "}
    assert near.similarity(near.shingles("will it rain this week"), near.shingles("will it rain this weekend")) == pytest.approx(21 / 26)
