"""How a fuzz input names its case: the first byte selects, the rest is the file.

``check`` target — the first byte ``b``:

- ``b & 7``        the file name's suffix, from :data:`SUFFIXES` (``""``: no suffix, sniffed);
- ``(b >> 3) & 7`` the kind (``--kind``), from :data:`KINDS` (``None``: detected from content);
- ``b & 0x40``     read the bytes from disk with ``check_file`` (else decode them and call
                   ``check_text``, as the language server does with a buffer);
- ``b & 0x80``     the "rich" config: every family option that points at another file
                   (ontologies, audio root, transcripts, the run card's corpus) set, and the
                   file checked as one found by walking a folder (``explicit=False``).

``ontology`` target — the first byte picks the ontology file's suffix (``b & 1``: .json)
and whether the gold files are read from disk (``b & 2``); the rest is the ontology that
the truth, mix-config and slu families load.

Imports no goldlint (the harness instruments goldlint's import).
"""

from __future__ import annotations

from dataclasses import dataclass

SUFFIXES = (".json", ".jsonl", ".yaml", ".tsv", ".yml", ".ndjson", "", ".txt")
KINDS = (None, None, "slu", "runcard", "corpus", "semantic", "mix-config", "truth")
FROM_DISK = 0x40
RICH = 0x80


@dataclass(frozen=True)
class Case:
    suffix: str
    kind: str | None
    from_disk: bool
    rich: bool

    @property
    def name(self) -> str:
        return "gold" + self.suffix


def case_of(byte: int) -> Case:
    return Case(SUFFIXES[byte & 7], KINDS[(byte >> 3) & 7], bool(byte & FROM_DISK), bool(byte & RICH))


def selector(suffix: str, kind: str | None = None, from_disk: bool = False, rich: bool = False) -> int:
    """The first byte that :func:`case_of` turns back into this case."""
    return SUFFIXES.index(suffix) | (KINDS.index(kind) << 3) | (FROM_DISK if from_disk else 0) | (RICH if rich else 0)


@dataclass(frozen=True)
class OntologyCase:
    suffix: str
    from_disk: bool


def ontology_case_of(byte: int) -> OntologyCase:
    return OntologyCase(".json" if byte & 1 else ".yaml", bool(byte & 2))


# ``score`` target — the first byte ``b & 7`` picks the kind, profile and predictions file name;
# the rest is the predictions file, scored against a real gold file of that kind.
SCORE_CASES = (
    ("slu", "spec", "preds.jsonl"), ("slu", "mera", "preds.jsonl"), ("slu", "mera", "preds.json"),
    ("semantic", "spec", "preds.json"), ("semantic", "slower-whisper", "preds.json"),
    ("corpus", "spec", "preds.jsonl"), ("truth", "spec", "results.tsv"), ("truth", "spec", "results.jsonl"),
)


@dataclass(frozen=True)
class ScoreCase:
    kind: str
    profile: str
    name: str


def score_case_of(byte: int) -> ScoreCase:
    return ScoreCase(*SCORE_CASES[byte & 7])


def score_selector(kind: str, profile: str, name: str) -> int:
    return SCORE_CASES.index((kind, profile, name))
