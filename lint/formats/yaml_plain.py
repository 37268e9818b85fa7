"""The YAML a `goldlint.yaml` is written in, read without a YAML library.

A config is nearly always a few ``key: value`` lines, a nested table or two and a list of
patterns. Importing the YAML stack to read that costs a fifth of a one-file check, which a
pre-commit hook in a dataset repository pays on every commit. So a text made only of the
forms below is read here; anything else (any other form, a tab, a repeated key, a value
that is not plainly a string, an integer or a boolean) gets ``None``, and the YAML reader
(:class:`~goldlint.formats.yaml_doc.YamlDocument`), which says what is wrong and where, reads it.

    # a comment, and blank lines
    key: value            # a comment after a value
    table:                # a nested table: its keys indented more, all alike
      key: value
    list: [value, "value", 'value']
    list:                 # a block list: its items indented alike, not less than the key
      - value

Values: a string in double quotes without escapes, in single quotes without a doubled
quote, or plain (letters, digits and ``_./-``, not starting with a digit, ``-`` or ``.``,
and not a word YAML 1.2 reads as something else: ``true``, ``null``, ...); an integer
(``0``, ``-12``); ``true`` or ``false`` (as YAML 1.2 writes them). tests/test_yaml_plain.py
holds every reading here equal to the YAML reader's.
"""

from __future__ import annotations

import re
from typing import Any

from goldlint.lazy_patterns import LazyPatterns

_KEY = r"[A-Za-z_][A-Za-z0-9_-]*"
_QUOTED = r'"[^"\\\n]*"|\'[^\'\n]*\''
_PLAIN = r"[A-Za-z_/][A-Za-z0-9_./-]*"
_INTEGER = r"-?(?:0|[1-9][0-9]{0,17})"  # (no more digits than a 64-bit integer's)
_SCALAR = rf"{_QUOTED}|{_INTEGER}|{_PLAIN}"
_FLOW_LIST = rf"\[ *(?:(?:{_SCALAR}) *(?:, *(?:{_SCALAR}) *)*)?\]"
_COMMENT = r"(?: +#[^\n]*)?"
_ENTRY = re.compile(rf"( *)({_KEY}):(?: +({_FLOW_LIST}|{_SCALAR}))?{_COMMENT} *")
_ITEM = re.compile(rf"( *)- +({_SCALAR}){_COMMENT} *")
_ITEMS = re.compile(_SCALAR)
_SKIPPED = re.compile(r" *(?:#[^\n]*)?")  # a blank line, or a comment alone
_WORDS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_NOT_STRINGS = {"null", "Null", "NULL", *_WORDS}  # (the plain words YAML 1.2 reads as a boolean or null)
# Characters YAML does not allow (outside its printable set), or reads as a line break
# where Python does not: left to the YAML reader.
_UNREAD = r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
_PATTERNS = LazyPatterns(unread=_UNREAD)


def _has_unread(text: str) -> bool:
    """Whether ``text`` has a character of :data:`_UNREAD`. Of ASCII those are the control
    characters but tab and line feed, which ``isprintable`` finds in C without the pattern
    (a class beyond Latin-1 takes a millisecond to compile: a config is read on every run)."""
    if text.isascii():
        return not text.replace("\n", "").replace("\t", "").isprintable()
    return _PATTERNS.unread.search(text) is not None


class _NotPlain(Exception):
    """The text has something this reader does not read."""


def read_plain(text: str) -> dict[str, Any] | None:
    """The mapping ``text`` holds, when it is written only in the forms above; else None."""
    if _has_unread(text):  # (a CR, a BOM among them)
        return None
    lines = [line for line in text.split("\n") if not _SKIPPED.fullmatch(line)]
    try:
        mapping, end = _mapping(lines, 0, 0)
    except (_NotPlain, RecursionError):  # (nested deeper than the stack: the YAML reader refuses it, and says where)
        return None
    return mapping if end == len(lines) else None


def _mapping(lines: list[str], at: int, indent: int) -> tuple[dict[str, Any], int]:
    """The table whose keys are indented ``indent``, from line ``at``; and the line after it."""
    out: dict[str, Any] = {}
    while at < len(lines):
        entry = _ENTRY.fullmatch(lines[at])
        if entry is None:
            raise _NotPlain
        if len(entry[1]) < indent:
            break
        if len(entry[1]) > indent or entry[2] in out or entry[2] in _NOT_STRINGS:
            raise _NotPlain  # (indented unlike its table, a repeated key, a key that is no string: the YAML reader says so)
        key, value = entry[2], entry[3]
        at += 1
        if value is not None:
            out[key] = _flow_list(value) if value.startswith("[") else _scalar(value)
        elif at < len(lines) and (item := _ITEM.fullmatch(lines[at])) is not None and len(item[1]) >= indent:
            out[key], at = _block_list(lines, at, len(item[1]))
        elif at < len(lines) and (inner := _ENTRY.fullmatch(lines[at])) is not None and len(inner[1]) > indent:
            out[key], at = _mapping(lines, at, len(inner[1]))
        else:
            raise _NotPlain  # (an empty value: null)
    return out, at


def _block_list(lines: list[str], at: int, indent: int) -> tuple[list[Any], int]:
    items = []
    while at < len(lines) and (item := _ITEM.fullmatch(lines[at])) is not None and len(item[1]) == indent:
        items.append(_scalar(item[2]))
        at += 1
    return items, at


def _flow_list(text: str) -> list[Any]:
    return [_scalar(found[0]) for found in _ITEMS.finditer(text, 1, len(text) - 1)]


def _scalar(text: str) -> Any:
    if text[0] in "\"'":
        return text[1:-1]
    if text in _NOT_STRINGS:
        if text not in _WORDS:
            raise _NotPlain
        return _WORDS[text]
    if text[0] == "-" or text[0].isdigit():
        return int(text)
    return text
