"""The input files of a scoring run, read only through goldlint's engine and readers.

Gold is linted with :func:`goldlint.engine.check_file` (its decoded values come from the
``FileResult.document``); predictions and the mix config are read with the same readers
(:func:`goldlint.engine.make_document`) so a broken line is a diagnostic with its exact
position, like in any other file. The scorers' :class:`~goldlint.score.model.Issue` s are
turned into diagnostics here, through the document that holds them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic, Position, Span
from goldlint.engine import check_file, format_of, make_document, to_diagnostics
from goldlint.findings import Finding
from goldlint.formats.base import Document
from goldlint.score import rules as _rules  # noqa: F401  (registers the SCO codes resolved here)
from goldlint.score.model import Issue
from goldlint.source import decode


class InputError(Exception):
    """An input that cannot be read at all (missing file, a folder where a file is needed)."""


@dataclass(slots=True)
class Source:
    key: str  # how scorers name it in their issues
    path: Path
    doc: Document | None
    sha256: str
    kind: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)  # gold: the lint's
    findings: list[Finding] = field(default_factory=list)  # predictions: decoding problems
    linted: bool = False  # gold: its document's own findings are already in `diagnostics`

    @property
    def errors(self) -> int:
        return sum(d.severity.value == "error" for d in self.diagnostics)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def folder_sha256(files: list[tuple[str, str]]) -> str:
    """A folder's hash: SHA-256 over ``name<TAB>sha256<LF>`` of its files, sorted by name."""
    return hashlib.sha256("".join(f"{name}\t{sha}\n" for name, sha in sorted(files)).encode()).hexdigest()


def lint_gold(path: Path, kind: str | None, key: str = "gold", explicit: bool = True, vocabulary: str | None = None) -> Source:
    """Lint one gold file with the engine (its own config applies; ``vocabulary``: the semantic
    profile ``score --profile`` names, which the gold is then judged by)."""
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    loaded = cfg.for_file(path)
    if vocabulary is not None:
        loaded = cfg.with_semantic_profile(loaded, vocabulary)
    result = check_file(path, loaded, kind=kind, explicit=explicit, digest=True)
    sha256 = result.sha256 or sha256_of(path)  # (a large JSONL file is streamed, never held whole)
    return Source(key, path, result.document, sha256, result.kind, list(result.diagnostics), linted=True)


def read_input(path: Path, key: str, fmt: str | None = None) -> Source:
    """Read a predictions (or mix-config) file with goldlint's readers; nothing is checked
    beyond its syntax — the scorers report the rest as issues."""
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    data = path.read_bytes()
    decoded = decode(data)
    fmt = fmt or format_of(path) or ("json" if decoded.text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") else "jsonl")
    doc = make_document(str(path), decoded.text, fmt) if data.strip() else None
    source = Source(key, path, doc, hashlib.sha256(data).hexdigest(), findings=list(decoded.findings))
    if doc is None:
        source.findings.append(Finding("SCO101", Span(Position(1, 1), Position(1, 1), 0, 0), "the predictions file is empty"))
    return source


def diagnostics(source: Source, issues: list[Issue]) -> list[Diagnostic]:
    """The source's own diagnostics plus its reader findings and the scorers' issues, positioned."""
    findings = list(source.findings)
    if source.doc is not None and not source.linted:
        findings.extend(source.doc.findings)  # syntax found while reading (gold's are in its lint)
    findings.extend(Finding(i.code, i.where, i.message, severity=i.severity) for i in issues if i.file == source.key)
    renamed = [msgspec.structs.replace(f, code="SCO101") if f.code == "GL003" else f for f in findings]
    out = list(source.diagnostics) + to_diagnostics(renamed, source.doc, source.path)
    return sorted(out, key=lambda d: d.sort_key)
