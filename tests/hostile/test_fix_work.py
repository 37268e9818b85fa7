"""``--fix`` costs about one pass over the file, whatever the number of fixes: counted, not
timed. (4,000 records with two fixes each took 13 s: each fix was tested against every fix
taken before it, 7 s of it; and the file was checked once more than needed.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint import fixes
from goldlint.diagnostics import Edit, Fix, Position, Span


def _fix(*ranges: tuple[int, int]) -> Fix:
    return Fix("safe", "x", tuple(Edit(Span(Position(1, s + 1), Position(1, e + 1), s, e), "y") for s, e in ranges))


def _pairwise(fixes_: list[Fix], length: int) -> tuple[list[fixes.TextEdit], int]:
    """The reference: each fix tested against every range taken before it."""
    accepted: list[fixes.TextEdit] = []
    taken: list[tuple[int, int]] = []
    count = 0
    for fix in sorted((f for f in fixes_ if f.edits), key=lambda f: min(e.span.start_offset for e in f.edits)):
        edits = sorted(((e.span.start_offset, e.span.end_offset, e.new_text) for e in fix.edits), key=lambda x: (x[0], x[1]))
        if any(not 0 <= s <= e or e > length for s, e, _ in edits):
            continue
        if any(fixes._overlaps(s, e, taken) for s, e, _ in edits) or any(fixes._overlaps(*edits[n][:2], [edits[n - 1][:2]]) for n in range(1, len(edits))):
            continue
        accepted.extend(edits)
        taken.extend((s, e) for s, e, _ in edits)
        count += 1
    accepted.sort(key=lambda x: (x[0], x[1]))
    return accepted, count


_RANGE = st.tuples(st.integers(0, 30), st.integers(0, 4)).map(lambda r: (r[0], r[0] + r[1]))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.lists(_RANGE, min_size=1, max_size=3), max_size=12))
def test_the_bisected_overlap_test_accepts_what_the_pairwise_one_does(shapes: list[list[tuple[int, int]]]) -> None:
    fixes_ = [_fix(*ranges) for ranges in shapes]
    assert fixes.accepted_edits(fixes_, 32) == _pairwise(fixes_, 32)


def test_accepting_fixes_tests_each_against_a_few_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[int] = []
    original = fixes.Taken.overlaps

    def counted(self: fixes.Taken, start: int, end: int) -> bool:
        before = self.looked
        answer = original(self, start, end)
        looked.append(self.looked - before)
        return answer

    monkeypatch.setattr(fixes.Taken, "overlaps", counted)
    for n in (4_000, 8_000):
        looked.clear()
        edits, count = fixes.accepted_edits([_fix((10 * k, 10 * k + 3)) for k in range(n)] + [_fix((10 * k + 1, 10 * k + 2)) for k in range(n)])
        assert count == n and len(edits) == n
        assert sum(looked) <= 2 * 2 * n  # (pairwise: n * (n - 1) / 2 + n * n)


def test_a_fix_checks_the_file_once_then_once_per_round(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from goldlint import check_command
    from goldlint import config as cfg

    gold = tmp_path / "gold.jsonl"
    record = json.loads((Path(__file__).parent.parent.parent / "examples" / "score" / "slu" / "gold.jsonl").read_text(encoding="utf-8").splitlines()[0])
    record["outputs"]["intent"] = " " + record["outputs"]["intent"]
    gold.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    texts: list[str] = []
    original = check_command.check_text

    def counted(path: Path, text: str, *args: object, **kwargs: object) -> object:
        texts.append(text)
        return original(path, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(check_command, "check_text", counted)
    result, count, _, refused = check_command._fix_file(gold, cfg.for_file(gold), "slu", True, True, False, [tmp_path])
    assert refused == "" and count == 1 and len(texts) == 1 and texts[0] == gold.read_text(encoding="utf-8")  # the fixed text, checked once: nothing left to fix
