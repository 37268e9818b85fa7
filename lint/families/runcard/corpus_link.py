"""Finding the corpus a card was run on, and RUN105 (``dataset.sha256``).

The corpus is at hand when config names it (``runcard: corpus``, or ``runcard: corpora``
by dataset id) or when the card names a path (``dataset.path``, ``corpus_path``, …) that
exists, relative to the card's folder. Loaded once per path and size/mtime.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Context, Report
from goldlint.families.runcard import vocab
from goldlint.families.runcard.rules import DATASET_HASH_MISMATCH
from goldlint.findings import At
from goldlint.reading import read_regular


@dataclass(slots=True)
class CorpusRef:
    name: str
    path: Path
    sha256: str
    entries: dict[Any, Any] = field(default_factory=dict)  # id -> entry
    readable: bool = True


def locate(card: dict[str, Any], ctx: Context, refused: list[tuple[At, str]] | None = None) -> tuple[Path | None, At | None, bool]:
    """(path, where the card or config named it, whether config named it).

    A path the card names is used only inside the allowed roots (symlinks resolved, see
    :meth:`Context.may_open`); one that leads out is not opened, and is added to ``refused``.
    """
    opts = ctx.options
    ds = card.get("dataset")
    dataset_id = ds.get("id") if isinstance(ds, dict) else None
    if isinstance(dataset_id, str) and dataset_id in opts.corpora:
        return ctx.resolve_path(opts.corpora[dataset_id]), None, True
    if opts.corpus:
        return ctx.resolve_path(opts.corpus), None, True
    for steps in vocab.CORPUS_PATH_FIELDS:
        value: Any = card
        for step in steps:
            value = value.get(step) if isinstance(value, dict) else None
        if isinstance(value, str) and value and "\x00" not in value:
            p = Path(value)
            for candidate in ([p] if p.is_absolute() else [ctx.path.parent / p, ctx.resolve_path(p)]):
                if not ctx.may_open(candidate):
                    if refused is not None and (At(steps), value) not in refused:
                        refused.append((At(steps), value))
                    continue
                if candidate.is_file():
                    return candidate, At(steps), False
    return None, None, False


@lru_cache(maxsize=8)
def _load(path: Path, _stamp: tuple[int, int], limit: int) -> CorpusRef:
    import hashlib

    import orjson

    raw = read_regular(path, limit)  # (read once: hashed and parsed from the same bytes)
    ref = CorpusRef(path.name, path, hashlib.sha256(raw).hexdigest())
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        if path.suffix.lower() in (".jsonl", ".ndjson"):
            entries = []
            for line in raw.decode("utf-8", errors="replace").splitlines():
                try:
                    entries.append(orjson.loads(line))
                except orjson.JSONDecodeError:
                    continue
            data = entries
        else:
            ref.readable = False
            return ref
    if isinstance(data, dict):
        ds = data.get("dataset")
        name = data.get("corpus_id") or (ds.get("id") if isinstance(ds, dict) else None)
        ref.name = name if isinstance(name, str) else path.name
        data = data.get("entries")
    if not isinstance(data, list):
        ref.readable = False
        return ref
    for e in data:
        if isinstance(e, dict):
            key = e.get("id", e.get("index"))
            if isinstance(key, (int, str)) and not isinstance(key, bool):
                ref.entries.setdefault(key, e)
    return ref


def load(path: Path, limit: int) -> CorpusRef | str:
    """The corpus, or why it cannot be read (not a regular file of at most ``limit`` bytes: see
    :func:`~goldlint.reading.open_regular`)."""
    try:
        stat = path.stat()
        return _load(path.resolve(), (stat.st_size, stat.st_mtime_ns), limit)
    except FileNotFoundError:
        return "does not exist"
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"


def check(report: Report, card: dict[str, Any], good: dict[str, set[str]], ctx: Context) -> CorpusRef | None:
    refused: list[tuple[At, str]] = []
    path, _named_at, configured = locate(card, ctx, refused)
    if path is None:
        for where, value in refused:
            DATASET_HASH_MISMATCH.report(report, where, f"the corpus path `{value}` leads outside the allowed folders (add its folder to `roots` "
                                         "in config): not opened, dataset.sha256 and entry ids are not checked", severity=Severity.WARNING)
        return None
    corpus = load(path, ctx.settings.size_limit("json")[0])
    if isinstance(corpus, str):
        if configured:
            DATASET_HASH_MISMATCH.report(report, At(("dataset", "sha256")) if "dataset" in good[""] else At(()),
                                         f"the configured corpus `{path}` {corpus}: dataset.sha256 and entry ids are not checked", severity=Severity.WARNING)
        return None
    if "sha256" in good["dataset"] and card["dataset"]["sha256"].lower() != corpus.sha256:
        DATASET_HASH_MISMATCH.report(report, At(("dataset", "sha256")), f"dataset.sha256 is not the SHA-256 of the corpus `{path.name}` ({corpus.sha256})")
    return corpus if corpus.readable else None
