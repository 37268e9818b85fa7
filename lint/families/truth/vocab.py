"""The truth file's fixed names as the checks, completion and hover read them: its columns
and the keys of an entity dict (name → documentation), all from :mod:`.declaration` (where
they are written, once)."""

from __future__ import annotations

from goldlint.families.truth import declaration
from goldlint.families.truth.declaration import CALENDAR_ROOT, PREDEFINED_PREFIX, PREDEFINED_SEGMENT

__all__ = ["CALENDAR_ROOT", "COLUMNS", "ENTITY_KEYS", "PREDEFINED_PREFIX", "PREDEFINED_SEGMENT", "REQUIRED"]

COLUMNS: dict[str, str] = {c.name: c.description for c in declaration.COLUMNS}
REQUIRED: tuple[str, ...] = tuple(c.name for c in declaration.COLUMNS if c.required)
ENTITY_KEYS: dict[str, str] = {k.name: k.description for k in declaration.ENTITY_DICT}
