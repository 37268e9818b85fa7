"""What langcodes answers for common language codes and names, read from a table.

A harness corpus names two ISO 639 codes and their languages' names; answering them costs
langcodes' import (50 ms) and its name index (30 ms more), most of a one-file check's
start-up (issue 18). ``langtable.tsv`` holds langcodes' own answers for the common cases,
written by ``python -m goldlint.families.corpus.langtable`` and held equal to the installed
langcodes by ``tests/families/corpus/test_langtable.py``:

- ``=code<TAB>standard``: ``standardize_tag`` of every two- or three-letter code whose
  standard form is not the code itself lower-cased (all 18,252 are computed; langcodes
  reads a tag case-insensitively, so the table is keyed on the lower-cased code);
- ``@name<TAB>language``: ``find(name).language`` for every name the IANA registry gives a
  language and langcodes' English name of each (names are matched exactly as written).

Anything else (a longer tag, a name not listed) is answered by langcodes itself.
"""

from __future__ import annotations

import itertools
import re
import string
from functools import lru_cache
from pathlib import Path

TABLE = Path(__file__).resolve().with_name("langtable.tsv")


@lru_cache(maxsize=1)
def _sections() -> dict[bytes, bytes]:
    """The table's codes (``=``) and its names (``@``), each searched alone."""
    data = TABLE.read_bytes()
    names = data.index(b"\n@")
    return {b"=": data[:names + 1], b"@": data[names:]}


def _find(mark: bytes, key: str) -> str | None:
    data = _sections()[mark]
    needle = b"\n" + mark + key.encode("utf-8", "surrogatepass") + b"\t"
    at = data.find(needle)
    if at < 0:
        return None
    start = at + len(needle)
    return data[start : data.index(b"\n", start)].decode("utf-8")


def standard_code(code: str) -> str | None:
    """``langcodes.standardize_tag(code)`` for a code of two or three ASCII letters; ``None``
    for any other string (the table does not know it: ask langcodes)."""
    if not (2 <= len(code) <= 3 and code.isascii() and code.isalpha()):
        return None
    key = code.lower()
    return _find(b"=", key) or key


def language_named(name: str) -> str | None:
    """``str(langcodes.find(name).language)`` for a name in the table; ``None`` when it is not
    listed (ask langcodes)."""
    if not name or "\t" in name or "\n" in name:
        return None
    return _find(b"@", name)


# --- writing the table (imports langcodes: never on a run's path) ---------------------------


def _registry_languages() -> tuple[list[str], set[str]]:
    """The registry's language subtags (ranges left out) and every description they have."""
    import language_data

    raw = (Path(language_data.__file__).parent / "data" / "language-subtag-registry.txt").read_text(encoding="utf-8")
    subtags: list[str] = []
    names: set[str] = set()
    for record in raw.split("\n%%\n"):
        if not re.search(r"^Type: language$", record, re.MULTILINE):
            continue
        subtag = re.search(r"^Subtag: (\S+)$", record, re.MULTILINE)
        if subtag is None or ".." in subtag.group(1):
            continue
        subtags.append(subtag.group(1))
        names.update(re.findall(r"^Description: (.*)$", record, re.MULTILINE))
    return subtags, names


def render() -> str:
    import langcodes

    lines = ["# What langcodes answers, for goldlint.families.corpus.langtable: written by",
             "# `python -m goldlint.families.corpus.langtable`; tests/families/corpus/test_langtable.py holds it equal."]
    for length in (2, 3):
        for letters in itertools.product(string.ascii_lowercase, repeat=length):
            code = "".join(letters)
            standard = str(langcodes.standardize_tag(code))
            if standard != code:
                lines.append(f"={code}\t{standard}")
    subtags, names = _registry_languages()
    for subtag in subtags:
        names.add(langcodes.get(subtag).language_name("en"))
    for name in sorted(names):
        if "\t" in name or "\n" in name:
            continue
        try:
            language = str(langcodes.find(name).language)
        except LookupError:
            continue
        lines.append(f"@{name}\t{language}")
    return "\n".join(lines) + "\n"


def main() -> None:
    TABLE.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
