"""Whether a CoNLL document is an xSID file (imported by detection: kept free of the checks)."""

from __future__ import annotations

from typing import Any

from goldlint.families.xsid import bio
from goldlint.formats.conll_doc import ConllDocument


def detect(value: Any) -> bool:
    """A CoNLL file of xSID's shape: among its first sentences, an `# intent` comment or a
    token line of 4 cells ending in a BIO tag (CoNLL-U's 10 columns are not this kind)."""
    if not isinstance(value, ConllDocument) or not value.ok:
        return False
    return any(s.comment("intent") is not None or any(len(t.cells) == 4 and bio.split_tag(t.cells[3]) for t in s.tokens)
               for s in value.first_sentences(20))
