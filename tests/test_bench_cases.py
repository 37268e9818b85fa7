"""The benchmark's in-process cases still call goldlint as it is (the benchmark is not part of
the suite, so an API change broke its near-duplicate cases unseen until a run): each dataset
case runs here on a small folder of its own generator, and finds what it planted."""

from __future__ import annotations

from pathlib import Path

from tests.bench import dataset_cases, near_cases


def test_near_duplicate_cases_find_the_planted_pairs(tmp_path: Path) -> None:
    folder = tmp_path / "near"
    near_cases.write(folder, 1_000)
    found = near_cases.near_08(str(folder))
    assert found["expected"] > 0
    assert found["found"] == found["expected"]
    assert near_cases.exact(str(folder))["diagnostics"] == 0


def test_dataset_pass_finds_every_planted_leak(tmp_path: Path) -> None:
    folder = tmp_path / "dataset"
    dataset_cases.write(folder, 10 * 200)
    found = dataset_cases.dataset_pass(str(folder))
    # five test files of 200 sentences: 1 in 100 a copy of a validation sentence, 1 in 100 one once normalised
    assert (found["errors"], found["warnings"]) == (10, 10)
