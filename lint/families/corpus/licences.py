"""Licences against the SPDX licence list (``license_expression``'s copy of it)."""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from goldlint.families.corpus.langtags import Problem


@lru_cache(maxsize=1)
def _licensing() -> Any:
    from license_expression import get_spdx_licensing

    return get_spdx_licensing()


def index_path() -> Path | None:
    """license_expression's copy of the licence index, found without importing it (3 ms)."""
    spec = importlib.util.find_spec("license_expression")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "data" / "scancode-licensedb-index.json"


@lru_cache(maxsize=1)
def _index() -> bytes:
    """The index's bytes; none when it cannot be read (then every licence is validated in full)."""
    path = index_path()
    try:
        return path.read_bytes() if path is not None else b""
    except OSError:
        return b""


_PLAIN = re.compile(r"[A-Za-z0-9.+\-]+")


def is_plain_id(expression: str) -> bool:
    """A licence id that is a valid expression on its own, spelled as the list spells it.

    Found by one search of the index ``license_expression`` builds its licensing from, so
    that a file naming one plain licence, the usual case, never builds it (40 ms, with its
    tokenizer). Exceptions are not plain: alone, one is not a licence. Anything this search
    does not recognise goes to the full validation; a test holds the search to the index.
    """
    if _PLAIN.fullmatch(expression) is None:
        return False
    index = _index()
    at = index.find(f'"spdx_license_key": "{expression}",'.encode())
    if at < 0:
        return False
    end = index.find(b"}", at)
    return index.find(b'"is_exception": false,', at, end) >= 0


@lru_cache(maxsize=1)
def spdx_keys() -> dict[str, str]:
    """lower-cased SPDX id → its SPDX spelling."""
    out: dict[str, str] = {}
    for symbol in _licensing().known_symbols.values():
        out[symbol.key.lower()] = symbol.key
        for alias in getattr(symbol, "aliases", ()) or ():
            out.setdefault(alias.lower(), symbol.key)
    return out


@lru_cache(maxsize=4096)
def check_spdx(expression: str) -> Problem | None:
    """An SPDX licence identifier or expression (``MIT OR Apache-2.0``)."""
    if not expression.strip():
        return Problem("empty licence", 0, 0)
    if is_plain_id(expression):
        return None
    try:
        info = _licensing().validate(expression)
    except Exception as exc:  # noqa: BLE001  (license_expression raises several unrelated error classes)
        return Problem(f"`{expression}` is not an SPDX licence expression: {exc}", 0, len(expression))
    if info.errors:
        from goldlint.suggest import closest

        for token in re.finditer(r"[A-Za-z0-9.+\-]+", expression):
            word = token.group()
            if word.upper() in ("AND", "OR", "WITH") or word.lower() in spdx_keys():
                continue
            hint = closest(word, spdx_keys().values(), cutoff=0.8)
            more = f" (did you mean `{hint[0]}`?)" if hint else ""
            return Problem(f"`{word}` is not an SPDX licence identifier{more}", token.start(), token.end())
        return Problem(f"`{expression}` is not a valid SPDX expression: {'; '.join(info.errors)}", 0, len(expression))
    normal = info.normalized_expression
    if normal and normal != expression and normal.lower() == expression.lower():
        return Problem(f"`{expression}` is written `{normal}` in the SPDX licence list", 0, len(expression), normal)
    return None
