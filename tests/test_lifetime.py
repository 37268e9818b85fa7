"""What a one-shot command keeps until it exits (:mod:`goldlint.lifetime`)."""

from __future__ import annotations

import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from goldlint import lifetime


class _Big:
    """Stands in for what a check built (weakly referenced: whether it was freed is seen)."""


@pytest.fixture
def one_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lifetime, "_held", None)
    monkeypatch.setattr(lifetime, "_last", False)
    monkeypatch.setattr(lifetime.gc, "freeze", lambda: None)  # (the test process's objects stay in the collector's sight)
    lifetime.until_exit()


def _freed_when_kept() -> bool:
    big = _Big()
    gone = weakref.ref(big)
    lifetime.keep(big)
    del big
    return gone() is None


def test_anywhere_but_a_one_shot_command_nothing_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lifetime, "_held", None)
    monkeypatch.setattr(lifetime, "_last", True)
    assert _freed_when_kept()


@pytest.mark.usefixtures("one_shot")
def test_a_one_shot_command_keeps_only_its_last_files_objects() -> None:
    assert _freed_when_kept()  # (an earlier file's: freed as usual, the collector seeing them)
    lifetime.last_file()
    assert not _freed_when_kept()


def _corpus(folder: Path, name: str) -> Path:
    corpus = folder / name
    corpus.write_text('{"dataset": {"id": "d"}, "entries": [{"id": 1, "source": "a", "reference": "b", "segment": "development",'
                      ' "difficulty": 1, "provenance": null, "register": "formal", "context": "declaration"}]}', encoding="utf-8")
    return corpus


def _held() -> set[str]:
    return {type(o).__name__ for objects in lifetime._held or [] for o in objects}


@pytest.mark.usefixtures("one_shot")
def test_the_last_of_a_commands_files_is_kept_with_what_its_check_built(tmp_path: Path) -> None:
    """The serial check of several files marks the last; the typed corpus hands what it built to ``keep``."""
    from goldlint import config
    from goldlint.parallel import check_all

    tasks = [(_corpus(tmp_path, "a.json"), True), (_corpus(tmp_path, "b.json"), True)]
    outcomes = check_all(tasks, config.for_file, None, 1)
    next(outcomes)
    assert not _held()  # (the first file's: freed)
    next(outcomes)
    assert {"_Read", "Columns", "ItemsDocument"} <= _held()  # (the typed entries, their columns, the placing document)


def test_what_is_held_is_frozen_once_the_last_check_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    frozen: list[bool] = []
    monkeypatch.setattr(lifetime.gc, "freeze", lambda: frozen.append(True))
    monkeypatch.setattr(lifetime, "_held", [])
    lifetime.freeze_held()
    assert not frozen  # (nothing held: the collector as usual)
    monkeypatch.setattr(lifetime, "_held", [(object(),)])
    lifetime.freeze_held()
    assert frozen


@pytest.mark.parametrize(("argv", "until_exit"), [(["check", "--version"], True), (["serve"], False)])
def test_only_a_command_that_ends_the_process_keeps(argv: list[str], until_exit: bool) -> None:
    """The console script's commands leave with ``os._exit``; the language server checks on and on."""
    probe = ("import sys; from goldlint import launch, lifetime; launch._leave = lambda code: (print(lifetime._held is not None), sys.exit(0));"
             " import goldlint.server.run as run; run.run_server = lambda: None;"
             f" sys.argv = ['goldlint', *{argv!r}]; launch.main()")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.stdout.strip().splitlines()[-1:] == [str(until_exit)], done.stderr


@pytest.mark.usefixtures("one_shot")
def test_what_the_last_check_kept_is_freed_before_the_dataset_reads_the_files_again(tmp_path: Path) -> None:
    """A train and a test corpus make a dataset, whose checks read both files again: the last
    file's check is not held meanwhile (with it, a 200,000-entry split's run peaked 28% higher)."""
    from goldlint import config
    from goldlint.check_command import Configs, _dataset_findings
    from goldlint.parallel import check_all

    tasks = [(_corpus(tmp_path, "train.json"), True), (_corpus(tmp_path, "test.json"), True)]
    checked = list(check_all(tasks, config.for_file, None, 1))
    assert _held()
    columns = next(o for objects in lifetime._held or [] for o in objects if type(o).__name__ == "Columns")
    gone = weakref.ref(columns)
    del columns
    _dataset_findings(checked, Configs(None, [], []))
    assert gone() is None and not _held()
    assert _freed_when_kept()  # (nothing kept from then on)
