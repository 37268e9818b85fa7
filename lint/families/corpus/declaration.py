"""The corpus entry's fields, declared once (seed 002 §2.2–2.6; harness v3).

Every path reads these tables: the detailed check (:mod:`.entries`, its messages too), the
clean paths (:mod:`.fastpath` and :mod:`.bulk`: predicates built at import; :mod:`.typed`:
msgspec types), the JSON Schemas (:mod:`.schemagen`), completion and hover (:mod:`.editor`),
the legacy names (:mod:`.dialects`, :mod:`.legacy`, the scorer's reader) and the rule docs.
Changing a constraint here (COR109's range: the ``range`` of ``DIFFICULTY``) changes it everywhere; a
test patches that one line and sends values through every path.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from goldlint.families.corpus import vocab
from goldlint.families.corpus.rules import BAD_DIFFICULTY, CORPUS_FIELD_MISSING_OR_WRONG_TYPE, EMPTY_SOURCE_OR_REFERENCE, VALUE_NOT_IN_VOCABULARY
from goldlint.families.declare import Codes, Field, by_name

_F = partial(Field, codes=Codes(missing=CORPUS_FIELD_MISSING_OR_WRONG_TYPE, type=CORPUS_FIELD_MISSING_OR_WRONG_TYPE, vocabulary=VALUE_NOT_IN_VOCABULARY,
                                blank=EMPTY_SOURCE_OR_REFERENCE))
_OPTIONAL_TEXT = partial(_F, type="string", required=False, nullable=True)
_GLOSS = r"^[^|]+\|[^|]+$"

DIFFICULTY = Field("difficulty", "integer", Codes(missing=CORPUS_FIELD_MISSING_OR_WRONG_TYPE, type=BAD_DIFFICULTY, range=BAD_DIFFICULTY), range=(1, 5), docs=vocab.TIER_DOCS,
                   legacy_values=vocab.LEGACY_DIFFICULTY, description="Difficulty tier {first}–{last} (§2.4).")
TIERS = DIFFICULTY.allowed or frozenset()

SPEC_ENTRY: tuple[Field, ...] = (
    _F(name="id", type="integer", legacy="index", description="Unique identifier within the corpus."),
    _F(name="source", type="string", nonblank=True, legacy="source_text", guesses=("text",),
       description="Source text in the source language."),
    _F(name="reference", type="string", nonblank=True, legacy="target_expected", guesses=("target", "translation"),
       description="Gold-standard reference translation."),
    _F(name="segment", type="string", values=vocab.SEGMENTS, description="Corpus partition (§2.3)."),
    DIFFICULTY,
    # (an entry without provenance is counted, not reported: COR115 names how many)
    _F(name="provenance", type="string", values=vocab.PROVENANCE, label="provenance tag", nullable=True,
       codes=Codes(type=CORPUS_FIELD_MISSING_OR_WRONG_TYPE, vocabulary=VALUE_NOT_IN_VOCABULARY), description="Origin of the entry (§2.5)."),
    _F(name="register", type="string", values=vocab.REGISTERS, description="Register (§2.6)."),
    _F(name="context", type="string", values=vocab.CONTEXTS, description="Communicative function (§2.6)."),
    _OPTIONAL_TEXT(name="morphological_analysis", pattern=_GLOSS, description="`segmented words | glosses`."),
    _OPTIONAL_TEXT(name="notes"),
    _OPTIONAL_TEXT(name="variant_class"),
)

HARNESS_ENTRY: tuple[Field, ...] = (
    _F(name="id", type="string", legacy="index"),
    _F(name="source", type="string", nonblank=True, legacy="source_text", guesses=("text",), description="Source text."),
    _F(name="reference", type="string", nonblank=True, legacy="target_expected", guesses=("target", "translation"),
       description="Reference translation."),
    Field("difficulty", "integer", DIFFICULTY.codes, range=DIFFICULTY.range, docs=DIFFICULTY.docs, legacy_values=DIFFICULTY.legacy_values),
    _F(name="register", type="string", values=vocab.HARNESS_REGISTERS, description="Register."),
    _F(name="domain", type="string", values=vocab.DOMAINS, description="Domain of the entry."),
    _F(name="provenance", type="object", nullable=True, codes=Codes(type=CORPUS_FIELD_MISSING_OR_WRONG_TYPE),
       members=(_F(name="license", type="string", required=False),)),
    _F(name="metadata", type="object"),
    _F(name="segment", type="string", required=False, values=vocab.SEGMENTS, description="Segment, when it differs from the file's."),
    _OPTIONAL_TEXT(name="notes"),
    _OPTIONAL_TEXT(name="variant_class"),
    _OPTIONAL_TEXT(name="morphological_analysis", pattern=_GLOSS),
    _F(name="context", type="string", required=False, nullable=True, values=vocab.CONTEXTS, description="Communicative function."),
)

ENTRY = {"spec": SPEC_ENTRY, "harness": HARNESS_ENTRY}
FIELDS = {flavour: by_name(fields) for flavour, fields in ENTRY.items()}

# Which configured list extends each vocabulary (``corpus: extra-...``).
EXTENSIONS: dict[str, tuple[str, ...]] = {
    "segment": ("extra_segments", "extra_secret_segments"),
    "provenance": ("extra_provenance",),
    "register": ("extra_registers",),
    "context": ("extra_contexts",),
    "domain": ("extra_domains",),
}

# The legacy dialect's names (``index`` for ``id``), and names people write for a field.
LEGACY_FIELDS: dict[str, str] = {f.legacy: f.name for f in SPEC_ENTRY if f.legacy is not None}
LEGACY_NAME: dict[str, str] = {new: old for old, new in LEGACY_FIELDS.items()}
GUESSES: dict[str, str] = {guess: f.name for f in SPEC_ENTRY for guess in f.guesses}

# What detecting a corpus reads: an entry's source and reference under either name
# (written into ``detect_names.py`` by :mod:`goldlint.families.detection_names`).
DETECTION_NAMES: dict[str, tuple[str, ...]] = {
    "SOURCE_KEYS": ("source", LEGACY_NAME["source"]),
    "REFERENCE_KEYS": ("reference", LEGACY_NAME["reference"]),
}


def key_of(entry: dict[str, Any], field: str) -> str | None:
    """The key under which ``entry`` holds the spec field ``field``: its own name, else its
    legacy name (``source_text`` for ``source``), else None."""
    if field in entry:
        return field
    old = LEGACY_NAME.get(field)
    return old if old is not None and old in entry else None
