"""The snapshot helper fails on a missing snapshot instead of writing it, and writes only when asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.snapshot import UPDATE, assert_snapshot


def test_a_missing_snapshot_fails_and_is_not_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UPDATE, raising=False)
    path = tmp_path / "gone.txt"
    with pytest.raises(AssertionError, match="missing"):
        assert_snapshot(path, "output\n")
    assert not path.exists()


def test_a_changed_output_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(UPDATE, raising=False)
    path = tmp_path / "kept.txt"
    path.write_text("before\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="changed"):
        assert_snapshot(path, "after\n")


def test_the_opt_in_writes_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(UPDATE, "1")
    path = tmp_path / "new" / "written.txt"
    assert_snapshot(path, "output\n")
    assert path.read_text(encoding="utf-8") == "output\n"
