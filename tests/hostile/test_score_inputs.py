"""What ``goldlint score`` reads besides the gold (predictions) is read within the size limit,
counted as it is read from a pipe; a device or an unreadable file is a positioned diagnostic
and exit 1, never an endless read or a traceback. (Predictions were read whole, whatever
their size: ``goldlint score gold.jsonl /dev/zero`` never ended.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.hostile.unprivileged import unprivileged as as_user

GOLD = {"instruction": "i", "inputs": {"audio": "a.wav", "question": "q", "annotation": "alarm_set: [time]"},
        "outputs": {"intent": "alarm_set", "slots": []}, "meta": {"id": 1, "audio": {"type": "real"}, "speaker": "1_male_30"}}


def _score(cwd: Path, predictions: str, unprivileged: bool = False) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "goldlint", "score", "--kind", "slu", "--allow-invalid-gold", "gold.jsonl", predictions]
    if unprivileged:
        command = as_user(command) or []
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.goldlint]\nmax-file-size = 4000\n", encoding="utf-8")
    (tmp_path / "gold.jsonl").write_text(json.dumps(GOLD) + "\n", encoding="utf-8")
    return tmp_path


def _predictions(padding: int) -> str:
    return json.dumps({"id": 1, "output": '{"intent": "alarm_set", "slots": []}', "note": "x" * padding}) + "\n"


def test_predictions_over_the_size_limit_are_not_read(tree: Path) -> None:
    (tree / "small.jsonl").write_text(_predictions(10), encoding="utf-8")
    assert _score(tree, "small.jsonl").returncode == 0
    (tree / "big.jsonl").write_text(_predictions(5000), encoding="utf-8")
    done = _score(tree, "big.jsonl")
    assert done.returncode == 1 and "big.jsonl:1:1: GL011 " in done.stdout and "max-file-size" in done.stdout, done.stdout + done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_predictions_from_a_pipe_are_counted_as_they_are_read(tree: Path) -> None:
    pipe = tree / "predictions.jsonl"
    os.mkfifo(pipe)

    def write() -> None:
        try:
            with pipe.open("w", encoding="utf-8") as out:
                while True:  # an endless writer: only the reader's limit ends it
                    out.write(_predictions(1000))
        except (BrokenPipeError, OSError):
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    done = _score(tree, "predictions.jsonl")
    assert done.returncode == 1 and "predictions.jsonl:1:1: GL011 " in done.stdout, done.stdout + done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="a device")
def test_a_device_as_predictions_is_a_diagnostic(tree: Path) -> None:
    done = _score(tree, "/dev/zero")
    assert done.returncode == 1 and "/dev/zero:1:1: SCO101 " in done.stdout and "Traceback" not in done.stderr, done.stdout + done.stderr


@pytest.mark.skipif(os.name != "posix" or as_user(["true"]) is None, reason="root reads any file, and setpriv is missing")
def test_unreadable_predictions_are_a_diagnostic(tree: Path) -> None:
    (tree / "locked.jsonl").write_text(_predictions(10), encoding="utf-8")
    (tree / "locked.jsonl").chmod(0)
    done = _score(tree, "locked.jsonl", unprivileged=True)
    assert done.returncode == 1 and "locked.jsonl:1:1: SCO101 " in done.stdout and "Traceback" not in done.stderr, done.stdout + done.stderr


@pytest.mark.skipif(os.name != "posix" or as_user(["true"]) is None, reason="root reads any file, and setpriv is missing")
def test_unreadable_gold_is_a_diagnostic(tree: Path) -> None:
    """(Was exit 2 twice over: click refused the path as a usage error, then the gold's hash
    was read past the lint's own refusal.)"""
    (tree / "predictions.jsonl").write_text(_predictions(10), encoding="utf-8")
    (tree / "gold.jsonl").chmod(0)
    done = _score(tree, "predictions.jsonl", unprivileged=True)
    # (--allow-invalid-gold: the gold's lint is not printed before scoring, so its refusal says why)
    said = "gold.jsonl: nothing could be read from this file (1:1: GL003 cannot read: Permission denied)"
    assert done.returncode == 1 and said in done.stderr, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
