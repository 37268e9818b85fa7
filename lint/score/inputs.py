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
from stat import S_ISREG

import msgspec

from goldlint import config as cfg
from goldlint.diagnostics import Diagnostic, Position, Span
from goldlint.engine import check_file, format_of, make_document, to_diagnostics
from goldlint.findings import Finding
from goldlint.formats.base import Document
from goldlint.reading import is_stream, read_stream
from goldlint.rules.general import LIMIT_EXCEEDED, SYNTAX_ERROR
from goldlint.score import rules as _rules  # noqa: F401  (registers the SCO codes resolved here)
from goldlint.score.model import Issue
from goldlint.score.rules import PREDICTION_SYNTAX
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


def _sha256_if_read(path: Path) -> str:
    """The file's hash, or "" for a file the lint could not read (its GL003 says why)."""
    try:
        return sha256_of(path)
    except OSError:
        return ""


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
    sha256 = result.sha256 or _sha256_if_read(path)  # (a large JSONL file is streamed, never held whole)
    return Source(key, path, result.document, sha256, result.kind, list(result.diagnostics), linted=True)


def read_input(path: Path, key: str, fmt: str | None = None) -> Source:
    """Read a predictions (or mix-config) file with goldlint's readers; nothing is checked
    beyond its syntax — the scorers report the rest as issues."""
    data = _read_within_limit(path, fmt)
    if isinstance(data, Finding):
        return Source(key, path, None, "", findings=[data])
    decoded = decode(data)
    fmt = fmt or format_of(path) or ("json" if decoded.text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[") else "jsonl")
    doc = make_document(str(path), decoded.text, fmt) if data.strip() else None
    source = Source(key, path, doc, hashlib.sha256(data).hexdigest(), findings=list(decoded.findings))
    if doc is None:
        source.findings.append(Finding(PREDICTION_SYNTAX.code, Span(Position(1, 1), Position(1, 1), 0, 0), "the predictions file is empty"))
    return source


_START = Span(Position(1, 1), Position(1, 1), 0, 0)


def _read_within_limit(path: Path, fmt: str | None) -> bytes | Finding:
    """The file's bytes, or a finding: GL011 when it holds more than the size limit of its
    format (counted as it is read from a pipe or standard input, which ``stat`` cannot size),
    GL003 for a device (``/dev/zero`` would never end)."""
    limit, setting = cfg.for_file(path).settings.size_limit(fmt or format_of(path))
    try:
        st = path.stat()
        if S_ISREG(st.st_mode):
            data = path.read_bytes() if st.st_size <= limit else None
        elif is_stream(st.st_mode):
            data = read_stream(path, limit)
        elif path.is_dir():
            raise InputError(f"{path}: a folder where a file is needed")
        else:
            return Finding(SYNTAX_ERROR.code, _START, "not a regular file (a device): not read")
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except OSError as exc:  # (permission denied: the file is there, and a diagnostic says why it is not read)
        return Finding(SYNTAX_ERROR.code, _START, f"cannot read: {exc.strerror or exc}")
    if data is None or len(data) > limit:
        return Finding(LIMIT_EXCEEDED.code, _START, f"the file holds more than {limit:,} bytes, the limit ({setting}): not read")
    return data


def diagnostics(source: Source, issues: list[Issue]) -> list[Diagnostic]:
    """The source's own diagnostics plus its reader findings and the scorers' issues, positioned."""
    findings = list(source.findings)
    if source.doc is not None and not source.linted:
        findings.extend(source.doc.findings)  # syntax found while reading (gold's are in its lint)
    findings.extend(Finding(i.code, i.where, i.message, severity=i.severity) for i in issues if i.file == source.key)
    renamed = [msgspec.structs.replace(f, code=PREDICTION_SYNTAX.code) if f.code == SYNTAX_ERROR.code else f for f in findings]
    out = list(source.diagnostics) + to_diagnostics(renamed, source.doc, source.path)
    return sorted(out, key=lambda d: d.sort_key)
