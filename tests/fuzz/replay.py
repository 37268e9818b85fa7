"""Replay saved fuzz inputs without atheris: ``python -m tests.fuzz.replay [--target check] FILE...``.

Prints the case the first byte selects and the input, then runs the target's check (the
same code as the harness, uninstrumented) and prints the traceback if it fails. Exits 1
when any input still fails: the way to turn a crash into a regression test.
"""

from __future__ import annotations

import argparse
import sys
import traceback
import types
from pathlib import Path

from tests.fuzz import use_this_checkout


def _fake_atheris() -> None:
    """Let ``harness`` import without instrumenting (or without atheris installed)."""
    import contextlib

    fake = types.ModuleType("atheris")
    fake.instrument_imports = lambda **_: contextlib.nullcontext()  # type: ignore[attr-defined]
    sys.modules.setdefault("atheris", fake)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz.replay")
    parser.add_argument("--target", default="check")
    parser.add_argument("--quiet", action="store_true", help="do not print the input")
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    use_this_checkout()
    _fake_atheris()
    from tests.fuzz import harness
    from tests.fuzz.cases import case_of, ontology_case_of, score_case_of

    target = harness.TARGETS[args.target]()
    failed = 0
    for file in args.files:
        data = file.read_bytes()
        pick = {"check": case_of, "ontology": ontology_case_of, "score": score_case_of}.get(args.target, lambda byte: f"first byte {byte}")
        case = pick(data[0]) if data else None
        print(f"== {file}: {case}, {len(data) - 1} bytes")
        if not args.quiet:
            print(repr(data[1:2000]))
        try:
            target(data)
        except Exception:  # noqa: BLE001  (report every failure, go on with the next input)
            failed += 1
            traceback.print_exc()
        else:
            print("ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
