"""Every route a file's text takes to diagnostics, so that a rule case proves them equal.

- ``file``: ``check_file`` with the document (what ``--fix`` and ``score`` use);
- ``bytes``: ``check_file`` wanting diagnostics only (the CLI's route: a JSON file may be
  checked from one parse of its bytes, a spec corpus by msgspec);
- ``streamed``: a JSONL file read line by line from disk, as a large one is;
- ``memory``: ``check_text`` on the decoded text (the language server's route).

A case that passes on one route and not another is a clean path that disagrees with the
detailed check: the diff names the route.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint import engine
from goldlint.engine import check_file, check_text
from goldlint.source import decode


def _shown(diagnostics: list[Any]) -> list[tuple[Any, ...]]:
    def fix(f: Any) -> Any:
        return None if f is None else (f.applicability, f.message, [(e.span.start, e.span.end, e.new_text) for e in f.edits])

    return [(d.code, d.severity.value, d.span.start, d.span.end, d.message, fix(d.fix), [fix(a) for a in d.alternatives])
            for d in diagnostics]


def every_route(gold: Path, kind: str | None) -> dict[str, list[tuple[Any, ...]]]:
    cfg.load.cache_clear()
    loaded = cfg.for_file(gold)
    routes = {
        "file": _shown(check_file(gold, loaded, kind).diagnostics),
        "bytes": _shown(check_file(gold, loaded, kind, need_document=False).diagnostics),
    }
    decoded = decode(gold.read_bytes())
    if not decoded.lossy:  # (the server holds text: invalid UTF-8 never reaches it as such)
        routes["memory"] = _shown(check_text(gold, decoded.text, loaded, kind).diagnostics)
    if engine.format_of(gold) == "jsonl" and gold.stat().st_size > 0:  # (an empty file is never streamed)
        saved = engine.STREAM_ABOVE
        engine.STREAM_ABOVE = -1
        try:
            routes["streamed"] = _shown(check_file(gold, loaded, kind).diagnostics)
        finally:
            engine.STREAM_ABOVE = saved
    return routes


def _placed(shown: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    return [found[:4] for found in shown]


def assert_routes_agree(gold: Path, kind: str | None) -> None:
    """Every route finds the same diagnostics; the streamed route only the same codes,
    severities and places (a file too large to hold offers no fixes, and says so)."""
    routes = every_route(gold, kind)
    first_name, first = next(iter(routes.items()))
    for name, found in routes.items():
        mine, theirs = (_placed(found), _placed(first)) if name == "streamed" else (found, first)
        assert mine == theirs, f"route `{name}` disagrees with route `{first_name}`:\n{name}: {found}\n{first_name}: {first}"


def messages_by_route(gold: Path, kind: str, code: str, cli_kind: bool = False) -> dict[str, list[str]]:
    """The messages of ``code`` on ``gold`` from every in-process route and from the real CLI
    (``python -m goldlint check --format json``, with ``--kind`` when ``cli_kind``)."""
    import json
    import subprocess
    import sys

    said = {route: [f[4] for f in found if f[0] == code] for route, found in every_route(gold, kind).items()}
    command = [sys.executable, "-m", "goldlint", "check", *(["--kind", kind] if cli_kind else []), "--format", "json", str(gold)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    said["cli"] = [d["message"] for d in json.loads(done.stdout) if d["code"] == code]
    return said
