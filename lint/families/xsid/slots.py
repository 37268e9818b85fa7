"""The `# slots:` comment of English xSID files, and how its spans compare with the BIO tags'.

The value is ``start:end:label`` entries separated by commas: character offsets into
`# text`, end exclusive (``show all reminders`` / ``5:8:reference`` is ``all``).
"""

from __future__ import annotations

import re

import msgspec

from goldlint.families.xsid.bio import Span

_ENTRY = re.compile(r"(\d+):(\d+):([^,]+)")


class Entry(msgspec.Struct, frozen=True):
    start: int  # character offsets into `# text`
    end: int
    label: str
    at: tuple[int, int]  # where the entry is written in the comment's value


class Problem(msgspec.Struct, frozen=True):
    at: tuple[int, int]
    message: str


def parse_slots(value: str, text: str) -> tuple[list[Entry], list[Problem]]:
    entries: list[Entry] = []
    problems: list[Problem] = []
    if not value:
        return entries, problems
    offset = 0
    for piece in value.split(","):
        at = (offset, offset + len(piece))
        offset += len(piece) + 1
        m = _ENTRY.fullmatch(piece)
        if m is None:
            problems.append(Problem(at if piece else (at[0], at[0] + (1 if at[0] < len(value) else 0)),
                                    f"`{piece}` is not `start:end:label` (whole numbers, then the label)" if piece
                                    else "empty entry: two commas in a row, or a comma at the start or end"))
            continue
        try:
            start, end = int(m.group(1)), int(m.group(2))
        except ValueError:  # (more digits than ``int`` reads, 4,300: past any text)
            problems.append(Problem((at[0], at[0] + m.end(2)), f"`{piece[:40]}…` has an offset of more digits than any text has characters"))
            continue
        if start >= end:
            problems.append(Problem((at[0], at[0] + m.end(2)), f"span {start}:{end} is empty or reversed: start must be less than end"))
        elif end > len(text):
            problems.append(Problem((at[0] + m.start(2), at[0] + m.end(2)),
                                    f"span {start}:{end} ends past `# text`, which has {len(text)} characters"))
        else:
            entries.append(Entry(start, end, m.group(3), at))
    return entries, problems


def token_offsets(words: list[str], text: str) -> list[tuple[int, int]] | None:
    """Each word's character offsets in ``text``, read left to right over whitespace; ``None``
    when the words are not the text's (XSD105 says where)."""
    out = []
    pos = 0
    for word in words:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not text.startswith(word, pos):
            return None
        out.append((pos, pos + len(word)))
        pos += len(word)
    return out


class Disagreement(msgspec.Struct, frozen=True):
    entry: Entry | None  # the comment's span (None: the tags have a span the comment lacks)
    tags: Span | None  # the tags' span, as character offsets, with its first token
    first_token: int = -1


def compare(entries: list[Entry], tag_spans: list[Span], offsets: list[tuple[int, int]]) -> list[Disagreement]:
    """Each span of one side the other side lacks. A comment span is paired with the tags' span
    it overlaps most (one disagreement, at the comment), the tags' spans left over stand alone."""
    chars = [(offsets[a][0], offsets[b - 1][1], label, a) for a, b, label in tag_spans]
    left = list(chars)
    unmatched: list[Entry] = []
    for entry in entries:
        same = next((c for c in left if c[:3] == (entry.start, entry.end, entry.label)), None)
        if same is not None:
            left.remove(same)
        else:
            unmatched.append(entry)
    out: list[Disagreement] = []
    for entry in unmatched:
        best = max(left, key=lambda c: _overlap(entry, c), default=None)
        if best is not None and _overlap(entry, best) > 0:
            left.remove(best)
            out.append(Disagreement(entry, best[:3], best[3]))
        else:
            out.append(Disagreement(entry, None))
    out.extend(Disagreement(None, c[:3], c[3]) for c in left)
    return out


def _overlap(entry: Entry, span: tuple[int, int, str, int]) -> int:
    return min(entry.end, span[1]) - max(entry.start, span[0])
