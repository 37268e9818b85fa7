"""An `slu` JSON file that is one array of records, checked straight from its bytes.

Parsing such a file into dicts costs more than all its checks: a record is some 3 KB, nearly
all of it three strings that every record repeats. So the array is decoded with msgspec, in
one call, into the typed records of :mod:`.typed` (the JSONL line path's types: every
declared field, no other member, the recurring strings left undecoded as slices of the file),
and each is judged by the JSONL line path's :meth:`.lines.CleanLines.judge`. Runs of clean
records are recorded at once; every other record is decoded from its own text as the
ordinary way decodes it and goes the family's per-record way (:class:`.family.RecordChecks`),
which finds and words every problem. A record the types refuse (a missing field, a hidden
answer) is decoded the same way, after the whole array is decoded again with its records
left undecoded.

What a reader of the file would also say is settled from what the decode knows:

- a repeated key (GL004): a reader keeps one value per key, so the file then has more colons
  than its records have members and string colons. A clean record's are known (its members,
  its recurring strings' colons); another record's text is compared with its value written
  out (:func:`~goldlint.formats.json_read.may_have_duplicates`). When the file's colons are
  more, a record has a colon in a short string or a key twice: each clean record is then
  compared as the others are.
- ``max-json-values`` (GL011): a typed record holds a known number of values (one a member,
  the record, two a slot), so the file's count is exact without a scan. Before the decode
  builds them, the objects (``{``) bound them: a typed record has at most so many values an
  object. An array with records the types refuse is bounded as any JSON text is
  (:func:`~goldlint.formats.json_values.may_exceed`).

Anything this reading cannot be exact about sends the file the ordinary way (``None``): a
root that is not an array, an empty array, a key written twice, an escaped colon where
counting needs none, invalid UTF-8, a number beyond what the readers agree on, nesting that
may reach the depth limit, too many values.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress
from operator import not_
from typing import Any

import msgspec

from goldlint.families import detect
from goldlint.families.base import Context, Report
from goldlint.families.slu import declaration
from goldlint.families.slu.declaration import SLOTS
from goldlint.families.slu.family import RecordChecks
from goldlint.families.slu.fast import CleanCheck
from goldlint.families.slu.lines import CleanLines
from goldlint.families.slu.typed import MEMBERS, getter, record_type
from goldlint.formats.base import Document, Limits
from goldlint.formats.json_items import ItemsDocument
from goldlint.formats.json_read import exact_loads, may_have_duplicates
from goldlint.formats.json_values import length_bound, may_exceed

_ROOT_ARRAY = re.compile(rb"[ \t\n\r]*\[")
_ITEMS = msgspec.json.Decoder(list[msgspec.Raw])
_SLOTS = getter(SLOTS)
# A typed record's values: one a member, and the record itself; two more a slot (its object
# and its value). Its objects: the record, its object members; one more a slot.
_VALUES = MEMBERS + 1
_OBJECTS = 1 + sum(field.type == "object" for _, field in declaration.walk())
# Every key of a typed record is a declared name, and no declared name has a colon: a record
# has one colon a member, besides those of its strings.
assert not any(":" in path[-1] for path, _ in declaration.walk())
_encode = msgspec.json.Encoder().encode


@lru_cache(maxsize=4)
def _decoders(audio_types: tuple[str, ...]) -> tuple[msgspec.json.Decoder[Any], msgspec.json.Decoder[Any]]:
    """The array of typed records, and one typed record."""
    record = record_type(audio_types, raw=True)
    return msgspec.json.Decoder(list[record]), msgspec.json.Decoder(record)  # type: ignore[valid-type]


class _Declined(Exception):
    """The file is to be checked the ordinary way."""


# What msgspec raises on bytes it cannot decode: a syntax error (its DecodeError and
# ValidationError are ValueErrors), invalid UTF-8 in a string (UnicodeDecodeError, also a
# ValueError), nesting too deep for the interpreter.
_UNDECODABLE = (ValueError, RecursionError)


def check_bytes(data: bytes, report: Report, ctx: Context) -> Document | None:
    """Every finding of an SLU file that is one array of records, and the document that places
    them; None: not one this reading can be exact about (the engine drops what was reported)."""
    try:
        return _check(data, report, ctx)
    except _Declined:
        return None


def _check(data: bytes, report: Report, ctx: Context) -> Document:
    if _ROOT_ARRAY.match(data) is None:
        raise _Declined  # a MERA task file ({"data": {split: [records]}}), or no records at all
    limits = Limits.of(ctx.settings)
    records, items = _read(data, tuple(ctx.options.audio_types), limits.max_json_values, ctx.colons)
    if not records:
        raise _Declined  # an empty array (GL010), or not an array
    if records[0] is not None:
        first = _plain(_encode(records[0]), 0)  # (its value as written out: the undecoded strings as they are in the file)
    else:
        assert items is not None  # (read whenever a record was refused)
        first = _plain(bytes(items[0]), 0)
    if getattr(detect([first], "json"), "name", None) != "slu":
        raise _Declined  # another kind would claim the file: the ordinary way decides
    fast = CleanCheck(ctx.options, ctx.path.parent)
    checks = RecordChecks(report, ctx, "json", fast)
    judge = CleanLines(fast, checks.clean, checks.clean_run).judge
    verdicts: list[Any] = [judge(r) if r is not None else None for r in records] if items is not None else list(map(judge, records))
    pending = [n for n, verdict in enumerate(verdicts) if verdict is None]
    if pending and items is None:
        items = _items(data, len(records))
    plain = _plain_records(pending, items, limits.max_depth)
    # The colons of the records' texts, as their values say when no key is written twice.
    colons: int = sum(verdict[2] for verdict in verdicts if verdict is not None)
    if pending:
        assert items is not None
        colons += sum(bytes(items[n]).count(b":") for n in pending)
    if (ctx.colons if ctx.colons is not None else data.count(b":")) != colons:
        # (a colon in a short string, or a key twice: each clean record's text is looked at)
        if items is None:
            items = _items(data, len(records))
        _each_key_kept(verdicts, items)
    start = 0
    for n in pending:
        if n > start:
            checks.clean_run(start, verdicts[start:n])
        checks.record((n,), plain.pop(n))
        start = n + 1
    if start < len(verdicts):
        checks.clean_run(start, verdicts[start:])
    checks.finish(empty_reported=False)
    return ItemsDocument(str(ctx.path), data, None, items, by_line=True)


def _plain_records(pending: list[int], items: list[msgspec.Raw] | None, max_depth: int) -> dict[int, Any]:
    """The records at ``pending`` decoded as the ordinary way decodes them, each checked for a
    key written twice (GL004: the ordinary way reports it)."""
    plain: dict[int, Any] = {}
    for n in pending:
        assert items is not None  # (read whenever a record is pending)
        text = bytes(items[n])
        plain[n] = value = _plain(text, max_depth)
        if may_have_duplicates(text, value):
            raise _Declined
    return plain


def _read(data: bytes, audio_types: tuple[str, ...], limit: int, colons: int | None) -> tuple[list[Any], list[msgspec.Raw] | None]:
    """The array's records, each typed or None where the types refuse it; and the records'
    texts when they were needed (None: every record was typed at once)."""
    whole, one = _decoders(audio_types)
    bounded = length_bound(data) <= limit
    if not bounded:  # (before the decode builds them: the values a typed record can have, an object)
        most = max(_VALUES, 2 * _OBJECTS)
        if 1 + (most * data.count(b"{") + _OBJECTS - 1) // _OBJECTS > limit:
            raise _Declined
    try:
        records = whole.decode(data)
    except msgspec.ValidationError:
        pass  # a record (or the root) is not what the types say: record by record
    except _UNDECODABLE as exc:
        raise _Declined from exc
    else:
        if not bounded and 1 + _VALUES * len(records) + 2 * sum(map(len, map(_SLOTS, records))) > limit:
            raise _Declined  # too many values (max-json-values): the ordinary way says where
        return records, None
    if not bounded and may_exceed(data, limit, colons):
        raise _Declined  # (the refused records' values are not bounded by the types)
    items = _items(data, None)
    typed: list[Any] = []
    rest = map(one.decode, items)  # (``extend`` keeps what it took before a refusal)
    while True:
        try:
            typed.extend(rest)
            break
        except msgspec.ValidationError:
            typed.append(None)
        except _UNDECODABLE as exc:
            raise _Declined from exc
    return typed, items


def _items(data: bytes, expected: int | None) -> list[msgspec.Raw]:
    """The texts of the array's records (``expected`` of them, when known)."""
    try:
        items = _ITEMS.decode(data)
    except _UNDECODABLE as exc:
        raise _Declined from exc
    if expected is not None and len(items) != expected:
        raise _Declined
    return items


def _plain(text: bytes, max_depth: int) -> Any:
    """A record's text as the ordinary way decodes it (integers beyond 64 bits kept exact);
    ``max_depth``: the depth limit (0: none to keep to)."""
    if max_depth and text.count(b"[") + text.count(b"{") + 1 > max_depth:
        raise _Declined  # it might be nested too deeply for the whole file (GL011)
    try:
        return exact_loads(text)
    except (ValueError, RecursionError) as exc:  # (orjson.JSONDecodeError is a ValueError)
        raise _Declined from exc


def _each_key_kept(verdicts: list[tuple[str, int, int] | None], items: list[msgspec.Raw]) -> None:
    """Every clean record whose text has more colons than its verdict counts (a colon in a short
    string) keeps every key, as its value written out says; else the file is declined."""
    for n in compress(range(len(verdicts)), map(not_, map(_colons_as_counted, verdicts, items))):
        text = bytes(items[n])
        if may_have_duplicates(text, _plain(text, 0)):
            raise _Declined


def _colons_as_counted(verdict: tuple[str, int, int] | None, item: msgspec.Raw) -> bool:
    return verdict is None or bytes(item).count(b":") == verdict[2]
