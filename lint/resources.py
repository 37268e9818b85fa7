"""Data files the package loads at run time: Lark grammars and JSON Schemas.

In a wheel they live inside the package (``goldlint/grammars``); in a source checkout
they sit beside the package folder (``grammars/``). Both are found the same way.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    for candidate in (_HERE / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"goldlint data folder `{name}` is missing from this installation")


@cache
def grammar_text(name: str) -> str:
    return (data_dir("grammars") / name).read_text(encoding="utf-8")


@cache
def schema(name: str) -> Any:
    return json.loads((data_dir("schemas") / name).read_text(encoding="utf-8"))
