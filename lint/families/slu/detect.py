"""Whether a decoded value is SLU gold (imported by detection: kept free of the checks)."""

from goldlint.families.slu.records import looks_like_slu as detect

__all__ = ["detect"]
