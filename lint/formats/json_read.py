"""Parse JSON text fast, and explain exactly where and why it is not JSON.

The clean path is one ``orjson.loads`` plus a duplicate-key test that runs in C: every
key token of the text is followed by a colon outside strings, and msgspec's encoding of the
parsed value writes one colon per key it kept plus the colons inside strings. The
difference of the two colon counts is the number of keys a reader silently dropped.
(A ``\\u003a`` escape would write a colon the text does not have, so such texts take the
slow path.) Only when keys were dropped is the text decoded again to find them.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import msgspec
import orjson

from goldlint.formats.json_scan import JsonPath, locate, object_members
from goldlint.formats.json_values import may_exceed, value_past
from goldlint.rules.general import LIMIT_EXCEEDED, SYNTAX_ERROR

MAX_DEPTH = 1024  # orjson's own limit; deeper input is reported, not parsed
MAX_VALUES = 5_000_000  # values of one document (max-json-values): counted before the parse, which would build them all


class SyntaxProblem(msgspec.Struct, frozen=True):
    code: str  # GL003 (syntax) or GL011 (a limit)
    start: int
    end: int
    message: str


class DuplicateKey(msgspec.Struct, frozen=True):
    path: JsonPath  # the object holding the key
    key: str
    first: tuple[int, int]  # the key token that every reader throws away
    duplicate: tuple[int, int]


class JsonParse(msgspec.Struct):
    value: Any = None
    ok: bool = False
    problems: list[SyntaxProblem] = msgspec.field(default_factory=list)
    duplicates: list[DuplicateKey] = msgspec.field(default_factory=list)


_COLON_ESCAPE = re.compile(r"\\u003[aA]")


def std_loads(text: str | bytes) -> Any:
    """``json.loads``, with room for nesting as deep as orjson reads (:data:`MAX_DEPTH`): the
    standard library's reader counts each level against the interpreter's recursion limit,
    and so stopped short of it (near 1,000 levels, less the frames already running). Raises
    ValueError; RecursionError only for a text nested deeper than that."""
    try:
        return json.loads(text)
    except RecursionError:
        pass
    import threading  # (rare: only a text this deep comes here)

    with _ROOM.setdefault("lock", threading.Lock()):  # (the limit is the interpreter's: raised by one reader at a time, then restored)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(limit + MAX_DEPTH)
        try:
            return json.loads(text)
        finally:
            sys.setrecursionlimit(limit)


_ROOM: dict[str, Any] = {}


def parse_json(text: str, base: int = 0, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> JsonParse:
    """Parse ``text``; offsets in problems are relative to ``text`` plus ``base``.

    ``max_depth`` may only lower orjson's own limit (1024): a lower one is checked by a
    linear scan, and only for texts with more brackets than the limit. A text of more than
    ``max_values`` values is refused at the first one past it, before anything is built.
    """
    result = JsonParse()
    body = text[1:] if text.startswith("\ufeff") else text
    skipped = len(text) - len(body)
    if (past := _value_past_in_text(body, max_values)) is not None:
        start = past + skipped + base
        result.problems.append(SyntaxProblem(LIMIT_EXCEEDED.code, start, start + 1, values_message(max_values)))
        return result
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        problem = _explain(body, exc)
        if problem is None:  # valid JSON that orjson refuses (integers beyond 64 bits)
            try:
                value = std_loads(body)
            except RecursionError:
                return _too_deep_to_read_exactly(result, body, skipped + base)
        else:
            result.problems.append(
                SyntaxProblem(problem.code, problem.start + skipped + base, problem.end + skipped + base, problem.message)
            )
            return result
    if has_huge_integer(body):
        try:
            value = std_loads(body)  # orjson turns integers beyond 64 bits into floats: keep them exact
        except RecursionError:
            return _too_deep_to_read_exactly(result, body, skipped + base)
        except ValueError:  # beyond Python's limit of digits for int(): refuse, do not guess
            huge = _HUGE_INTEGER.search(body)
            start = (huge.start() if huge else 0) + skipped + base
            result.problems.append(SyntaxProblem(LIMIT_EXCEEDED.code, start, start + 1, HUGE_INTEGER_MESSAGE))
            return result
    if max_depth < MAX_DEPTH and body.count("[") + body.count("{") > max_depth:
        at = _depth_exceeded_at(body, max_depth)
        if at >= 0:
            start = at + skipped + base
            result.problems.append(SyntaxProblem(LIMIT_EXCEEDED.code, start, start + 1, f"nesting deeper than {max_depth} levels (max-depth): refused"))
            return result
    result.value, result.ok = value, True
    if may_have_duplicates(body, value):
        for dup in find_duplicate_keys(body):
            result.duplicates.append(
                DuplicateKey(
                    dup.path,
                    dup.key,
                    (dup.first[0] + skipped + base, dup.first[1] + skipped + base),
                    (dup.duplicate[0] + skipped + base, dup.duplicate[1] + skipped + base),
                )
            )
    return result


def parse_bytes(data: bytes, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES, colons: int | None = None) -> JsonParse:
    """A JSON file's value read straight from its bytes, when that is all the file needs:
    ``ok`` only when :func:`parse_json` would find nothing to say about it. Anything it
    would explain (a syntax error, a dropped key, an integer beyond 64 bits, nesting that
    may be too deep, more values than ``max_values``) leaves ``ok`` False, and the text is to be read the ordinary way.
    ``colons``: ``data.count(b":")``, when the caller has counted them."""
    if may_exceed(data, max_values, colons) and value_past(data, max_values) is not None:
        return JsonParse()  # (the text's reader says where)
    try:
        value = orjson.loads(data)  # (it checks the UTF-8 as it goes)
    except orjson.JSONDecodeError:
        return JsonParse()
    if has_huge_integer(data) or (max_depth < MAX_DEPTH and data.count(b"[") + data.count(b"{") > max_depth):
        return JsonParse()
    if may_have_duplicates(data, value, colons):
        return JsonParse()
    return JsonParse(value, ok=True)


def _too_deep_to_read_exactly(result: JsonParse, body: str, base: int) -> JsonParse:
    """A text that only the standard library reads exactly (an integer beyond 64 bits), nested
    deeper than even the room :func:`std_loads` makes: refused at its first such integer."""
    huge = _HUGE_INTEGER.search(body)
    start = (huge.start() if huge else 0) + base
    result.problems.append(SyntaxProblem(LIMIT_EXCEEDED.code, start, start + 1,
                                         "an integer beyond 64 bits in JSON nested too deeply to read it exactly: refused"))
    return result


def values_message(limit: int) -> str:
    return f"more than {limit:,} JSON values (max-json-values): refused"


def _value_past_in_text(text: str, limit: int) -> int | None:
    """The character offset of value number ``limit + 1`` of ``text``, or None (see :mod:`json_values`)."""
    # (not the length bound of :func:`~goldlint.formats.json_values.may_exceed`: an unclosed
    # bracket is a value in one character, and a text refused here is told why exactly)
    if 1 + text.count("[") + text.count(",") + text.count(":") <= limit:
        return None
    data = text.encode("utf-8", "surrogatepass")
    at = value_past(data, limit)
    if at is None or data.isascii():
        return at
    return len(data[:at].decode("utf-8", "surrogatepass"))


_ENCODER = msgspec.json.Encoder()


def may_have_duplicates(text: str | bytes, value: Any, colons: int | None = None) -> bool:
    """Whether ``text``, parsed to ``value``, may write a key twice (a reader keeps one): its
    colons are more than ``value`` written out has. ``colons``: the text's, when counted."""
    if not isinstance(value, (dict, list)):
        return False
    # (A backslash is rare, and looking for one byte is faster than for five.)
    if isinstance(text, bytes):
        if b"\\" in text and b"\\u003" in text and _COLON_ESCAPE.search(text.decode("utf-8", errors="replace")):
            return True
        if colons is None:
            colons = text.count(b":")
    else:
        if "\\" in text and "\\u003" in text and _COLON_ESCAPE.search(text):
            return True
        colons = text.count(":")
    try:
        # (msgspec, not orjson: orjson.dumps reserves some 130 bytes of address space per
        # value, 2.7 GB for a 60 MB array of `{}`, and dies by SIGSEGV under `ulimit -v`)
        written = _ENCODER.encode(value).count(b":")
    except (TypeError, OverflowError, RecursionError, msgspec.EncodeError):
        return True  # be exact the slow way
    return colons != written


def _explain(text: str, exc: orjson.JSONDecodeError) -> SyntaxProblem | None:
    """Turn a parse failure into a positioned problem that says what was expected."""
    if "recursion" in exc.msg:
        at = max(_depth_exceeded_at(text, MAX_DEPTH), 0)
        return SyntaxProblem(LIMIT_EXCEEDED.code, at, at + 1, f"nesting deeper than {MAX_DEPTH} levels (max-depth): refused")
    if not text.strip():
        return SyntaxProblem(SYNTAX_ERROR.code, 0, 0, "expected a JSON value, found no content")
    try:
        json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as py:
        end = py.pos + 1 if py.pos < len(text) else py.pos
        return SyntaxProblem(SYNTAX_ERROR.code, py.pos, end, _message(py, text))
    except RecursionError:
        at = max(_depth_exceeded_at(text, MAX_DEPTH), 0)
        return SyntaxProblem(LIMIT_EXCEEDED.code, at, at + 1, f"nesting deeper than {MAX_DEPTH} levels (max-depth): refused")
    except _Constant as const:
        at = _find_constant(text, const.name, exc.pos)
        return SyntaxProblem(SYNTAX_ERROR.code, at, at + len(const.name), f"`{const.name}` is not JSON (use null or a string)")
    except ValueError:  # an integer beyond int()'s digit limit: a limit of goldlint's readers, not a syntax error
        huge = _HUGE_INTEGER.search(text, max(0, exc.pos - 1)) or _HUGE_INTEGER.search(text)
        at = huge.start() if huge else exc.pos
        return SyntaxProblem(LIMIT_EXCEEDED.code, at, at + 1, HUGE_INTEGER_MESSAGE)
    if "surrogate" in exc.msg:
        start = text.rfind("\\u", 0, exc.pos)
        start = exc.pos if start < 0 else start
        return SyntaxProblem(SYNTAX_ERROR.code, start, max(exc.pos, start + 6), f"invalid string escape: {exc.msg} (a lone surrogate)")
    if has_huge_integer(text):
        return None
    return SyntaxProblem(SYNTAX_ERROR.code, exc.pos, exc.pos + 1, exc.msg)


class _Constant(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _reject_constant(name: str) -> Any:
    raise _Constant(name)


def _find_constant(text: str, name: str, hint: int) -> int:
    at = text.find(name, max(0, hint - len(name)))
    return at if at >= 0 else hint


_HUGE_INTEGER = re.compile(r"\d{20,}")
HUGE_INTEGER_MESSAGE = "an integer with more digits than Python converts (4300): refused"
_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")
_TWENTY_ZEROS = b"0" * 20


def has_huge_integer(text: str | bytes) -> bool:
    """A run of 20 or more digits: possibly an integer orjson cannot hold exactly.

    Mapping every digit to ``0`` and searching for twenty zeros runs in C at memory speed;
    a regular expression with a counted repeat is ten times slower on every clean line.
    """
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    return _TWENTY_ZEROS in data.translate(_DIGITS_TO_ZERO)


def exact_loads(text: bytes) -> Any:
    """The value of a JSON text as the ordinary way reads it: orjson's, or the standard
    library's where an integer may be beyond 64 bits (kept exact). Raises ValueError (or
    RecursionError) on a text either refuses."""
    return std_loads(text) if has_huge_integer(text) else orjson.loads(text)


# Digits to 0, and E and + to e: every exponent of three digits reads e000 (e+123, E123).
_NUMBER_SHAPES = bytes.maketrans(b"123456789E+", b"000000000ee")


def might_overflow(data: bytes) -> bool:
    """A number that readers may read differently: twenty digits in a row (beyond 64 bits),
    or an exponent of three digits (beyond a double: infinity to some, an error to others)."""
    shapes = data.translate(_NUMBER_SHAPES)
    return b"e000" in shapes or _TWENTY_ZEROS in shapes


def _message(err: json.JSONDecodeError, text: str) -> str:
    msg = err.msg[:1].lower() + err.msg[1:]
    found = text[err.pos : err.pos + 1]
    if not found:
        return f"{msg}, found the end of the input (truncated?)"
    shown = json.dumps(found, ensure_ascii=False)
    if msg.startswith("unterminated string"):
        return "unterminated string: no closing quote before the end of the input"
    if msg.startswith("expecting property name") and found == "}":
        return "trailing comma before `}`: expected another key"
    if msg == "expecting value" and found == "]":
        return "trailing comma before `]`: expected another value"
    if msg.startswith("expecting property name") and found == "'":
        return "keys and strings need double quotes, not single quotes"
    if msg == "expecting value" and found == "'":
        return "strings need double quotes, not single quotes"
    return f"{msg}, found {shown}"


def _depth_exceeded_at(text: str, limit: int) -> int:
    """Offset of the bracket that opens level ``limit + 1``; -1 when there is none."""
    depth = 0
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif c in "]}":
            depth -= 1
    return -1


class _Dups(dict):  # type: ignore[type-arg]
    """A decoded object that remembers which of its keys repeated."""

    __slots__ = ("repeated",)
    repeated: set[str]


def _pairs_hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) == len(pairs):
        return out
    marked = _Dups(out)
    seen: set[str] = set()
    marked.repeated = {k for k, _ in pairs if k in seen or seen.add(k)}  # type: ignore[func-returns-value]
    return marked


def find_duplicate_keys(text: str) -> list[DuplicateKey]:
    """Every repeated key of every object, with the spans of both key tokens."""
    try:
        root = json.loads(text, object_pairs_hook=_pairs_hook)
    except (ValueError, RecursionError):
        return []
    holders: list[tuple[JsonPath, _Dups]] = []
    stack: list[tuple[JsonPath, Any]] = [((), root)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            if isinstance(node, _Dups):
                holders.append((path, node))
            stack.extend((path + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((path + (n,), v) for n, v in enumerate(node))
    if not holders:
        return []
    spans = locate(text, [(path, False) for path, _ in holders])
    out: list[DuplicateKey] = []
    for path, node in holders:
        span = spans.get((path, False))
        if span is None:
            continue
        first: dict[str, tuple[int, int]] = {}
        for key, ks, ke, _, _ in object_members(text, span[0]):
            if key in node.repeated and key in first:
                out.append(DuplicateKey(path, key, first[key], (ks, ke)))
            first.setdefault(key, (ks, ke))
    out.sort(key=lambda d: d.duplicate)
    return out
