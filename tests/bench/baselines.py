"""The bare cost of parsing: what goldlint is compared with. Imports nothing of goldlint.

Each target takes the data file's path and returns something small and JSON-able, so the
run can check that every measurement did the work it claims.
"""

from __future__ import annotations

from typing import Any

import orjson


def orjson_lines(path: str) -> dict[str, Any]:
    """JSONL, streamed: one ``orjson.loads`` a line (memory flat, like goldlint's streaming)."""
    records = broken = 0
    with open(path, "rb") as handle:
        for line in handle:
            if line.strip():
                try:
                    orjson.loads(line)
                    records += 1
                except orjson.JSONDecodeError:
                    broken += 1
    return {"records": records, "broken": broken}


def orjson_whole(path: str) -> dict[str, Any]:
    """A JSON file: read it whole and one ``orjson.loads``."""
    with open(path, "rb") as handle:
        value = orjson.loads(handle.read())
    return {"records": len(value) if isinstance(value, list) else 1}


def msgspec_lines(path: str) -> dict[str, Any]:
    """JSONL with msgspec's decoder (the other fast parser), for comparison."""
    import msgspec

    decode = msgspec.json.Decoder().decode
    records = broken = 0
    with open(path, "rb") as handle:
        for line in handle:
            if line.strip():
                try:
                    decode(line)
                    records += 1
                except msgspec.DecodeError:
                    broken += 1
    return {"records": records, "broken": broken}


def yaml_load(path: str) -> dict[str, Any]:
    """A YAML file: PyYAML's safe load with libyaml (``CSafeLoader``), the fastest way to
    read YAML in Python. orjson cannot read YAML: this is the bare parse instead."""
    import yaml

    with open(path, encoding="utf-8") as handle:
        value = yaml.load(handle, Loader=yaml.CSafeLoader)
    return {"keys": len(value) if isinstance(value, dict) else 0}


def tsv_orjson(path: str) -> dict[str, Any]:
    """A truth TSV: split every line on tabs and ``orjson.loads`` the annotation cell (the
    bare cost of reading the table; orjson alone cannot read TSV)."""
    rows = broken = 0
    with open(path, "rb") as handle:
        header = handle.readline().rstrip(b"\r\n").split(b"\t")
        at = header.index(b"annotation")
        for line in handle:
            cells = line.rstrip(b"\r\n").split(b"\t")
            rows += 1
            try:
                orjson.loads(cells[at])
            except (orjson.JSONDecodeError, IndexError):
                broken += 1
    return {"records": rows, "broken": broken}


def conll_split(path: str) -> dict[str, Any]:
    """An xSID CoNLL file: split it into lines, and every token line on tabs (the bare cost of
    reading it; there is no faster parser of the format to compare with)."""
    sentences = tokens = 0
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    blank = True
    for line in text.split("\n"):
        if not line:
            blank = True
            continue
        if blank:
            sentences += 1
            blank = False
        if line[0] != "#":
            tokens += len(line.split("\t")) and 1
    return {"records": sentences, "tokens": tokens}


def conll_read(path: str) -> dict[str, Any]:
    """An xSID CoNLL file read as a consumer reads it, a sentence at a time: each sentence's
    comment lines and its token lines split into cells (held until the sentence ends, then
    dropped: what a streaming reader costs; :func:`conll_split` only counts)."""
    sentences = tokens = 0
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    comments: list[str] = []
    cells: list[list[str]] = []
    for line in text.split("\n"):
        if not line:
            if comments or cells:
                sentences += 1
                tokens += len(cells)
                comments, cells = [], []
        elif line[0] == "#":
            comments.append(line)
        else:
            cells.append(line.split("\t"))
    if comments or cells:
        sentences += 1
        tokens += len(cells)
    return {"records": sentences, "tokens": tokens}


def conll_split_folder(path: str) -> dict[str, Any]:
    """:func:`conll_split` on every CoNLL file of a folder (a dataset's files, one after another)."""
    import os

    found = [conll_split(os.path.join(path, name)) for name in sorted(os.listdir(path)) if name.endswith(".conll")]
    return {key: sum(f[key] for f in found) for key in found[0]} if found else {}
