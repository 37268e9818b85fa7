"""A repeated key in a line of JSON, ruled out without a second reading of the line.

Every reader keeps one value per key (orjson, msgspec and the standard library keep the last):
a key written twice in one object is silently lost, which goldlint reports (GL004) at the
second key. A decoder that keeps one value per key cannot say so itself, so the exact
finder (:func:`~goldlint.formats.json_read.find_duplicate_keys`) reads the text again — too
dear for every clean line. This is the test that proves a line needs no such reading.

In JSON text a colon outside a string separates a key from its value, and nothing else:
so a line has as many colons outside its strings as its objects have keys as written.
The decoded objects hold ``members`` keys in all, each written at least once. The colons
inside strings are at least the ``string_colons`` a caller counted in some of the strings
(counted in their raw text, or in their decoded value when the line has no ``\\u003a`` escape,
the only other way to write a colon). So when the line's colons number exactly ``members +
string_colons``, the keys as written number at most ``members``, no more than were kept:
no key is repeated. Any other count (a colon in a string not counted, or a key read twice)
proves nothing, and the line is read the exact way.
"""

from __future__ import annotations

COLON_ESCAPE = b"\\u003"  # (`\u003a`/`\u003A`, a colon written as an escape; `\u0030`-`\u0039` too: a cheap, safe superset)


def may_escape_colon(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]`` may write a colon as an escape (holds :data:`COLON_ESCAPE`).
    Most text has no backslash at all: that is looked for first, with memchr, some seven times
    faster than the search for the escape itself (which a backslash makes necessary)."""
    return data.find(b"\\", start, end) >= 0 and data.find(COLON_ESCAPE, start, end) >= 0


def every_key_kept(data: bytes, start: int, end: int, members: int, string_colons: int) -> bool:
    """True only when the JSON value in ``data[start:end]``, decoded into objects of ``members``
    keys in all, has no key written twice in one object. ``string_colons``: colons that are in
    its strings (never more than they hold)."""
    return data.count(b":", start, end) == members + string_colons
