"""Regular expressions compiled when first used, not when their module is imported.

Compiling a character class with characters beyond Latin-1 takes about a millisecond (``re``
builds a table of the whole Basic Multilingual Plane for it), and a one-file check costs
80 ms in all: a module whose patterns most runs never use keeps them here, and each is
compiled on its first use. After that it is a plain attribute of the holder (the lookup of
any other attribute).
"""

from __future__ import annotations

import re


class LazyPatterns:
    """``LazyPatterns(name=source, ...)``: ``holder.name`` is ``re.compile(source)``, compiled
    when first read."""

    def __init__(self, **sources: str) -> None:
        self._sources = sources

    def __getattr__(self, name: str) -> re.Pattern[str]:  # (only for a name not compiled yet)
        # (read from the instance's dict: a copy asks for names before ``_sources`` is set)
        source = vars(self).get("_sources", {}).get(name)
        if source is None:
            raise AttributeError(name)
        compiled = re.compile(source)
        setattr(self, name, compiled)
        return compiled
