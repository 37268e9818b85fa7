"""Whether a decoded value is a corpus (imported by detection: kept free of the checks)."""

from goldlint.families.corpus.dialects import detect

__all__ = ["detect"]
