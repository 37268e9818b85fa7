"""An xSID sentence's fields, declared once: its comment lines (``# text``, ``# intent``,
``# id``, ``# text-en``, ``# slots:``) and the four cells of a token line.

Every path reads these: XSD104's detailed check of the comments and its messages
(:mod:`.sentence`), which comments a language needs (:func:`required_comments`, from the
fields' ``required`` and :data:`NOT_NEEDED_IN`), XSD101's count of cells and its message, the
clean path's pattern and the comment keys it reads (:mod:`.clean`), the dialect check's
exception for `# slots:` (:mod:`.filewide`), completion and hover (:mod:`.family`). A test
changes a line here and finds every route following it.

A comment is `# key = value` (xSID 0.5+) or `# key: value` (xSID 0.4); `# slots:` is written
with a colon in both dialects (:data:`SAME_IN_EVERY_DIALECT`).
"""

from __future__ import annotations

from goldlint.families.declare import Codes, Field
from goldlint.families.xsid.rules import SENTENCE_COMMENTS, TOKEN_COLUMNS

_NEEDED = Codes(missing=SENTENCE_COMMENTS)

# The comment keys a sentence carries, in the order completion offers them.
ID = Field("id", "string", _NEEDED, description="the sentence's id, the same in every language's file (non-English files)")
TEXT = Field("text", "string", _NEEDED, description="the sentence as written; its tokens, joined without spaces, equal it without spaces")
TEXT_EN = Field("text-en", "string", _NEEDED, description="the English sentence this one translates (non-English files)")
INTENT = Field("intent", "string", _NEEDED, description="the sentence's intent; every token's third column repeats it")
SLOTS = Field("slots", "string", Codes(), required=False,
              description="English files: the slot spans as `start:end:label,...`, character offsets into `# text`")
COMMENTS = (ID, TEXT, TEXT_EN, INTENT, SLOTS)

# Which languages do without a required comment, as xSID's checker decides it: every file
# needs `# text` and `# intent`; `# id` all but English; `# text-en` all but English and
# Norwegian (whose dialect data was not translated from the English test set).
NOT_NEEDED_IN: dict[str, tuple[str, ...]] = {ID.name: ("en",), TEXT_EN.name: ("en", "no")}
# The comment written `# key:` in both dialects (the dialect checks pass over it).
SAME_IN_EVERY_DIALECT = SLOTS.name

# The cells of a token line, in order (XSD101: exactly these, tab-separated).
_CELL = Codes(type=TOKEN_COLUMNS)
COLUMNS = (
    Field("index", "string", _CELL, label="index", description="the token's number in its sentence, from 1"),
    Field("word", "string", _CELL, label="word", description="the token as written; the tokens joined without spaces equal `# text` without spaces"),
    Field("intent", "string", _CELL, label="intent", description="the sentence's intent (as `# intent` says), repeated on every token"),
    Field("tag", "string", _CELL, label="BIO tag", description="BIO slot tag: `O`, `B-label` (a slot starts) or `I-label` (it goes on)"),
)
CELLS = len(COLUMNS)

COMMENT_DOCS: dict[str, str] = {f.name: f.description for f in COMMENTS}  # (completion and hover of a comment key)
COLUMN_DOCS: dict[str, str] = {f.name: f.description for f in COLUMNS}  # (hover of a cell)
CELL_NAMES = ", ".join(f.noun for f in COLUMNS)  # ("index, word, intent, BIO tag": XSD101's message)


def required_comments(language: str | None, has_key: object) -> tuple[str, ...]:
    """The comments every sentence needs: as xSID's checker decides by language; for a file of no
    known language (``language`` None), those that some language does without only when some
    sentence has them (``has_key(key)``)."""
    keys = [f.name for f in COMMENTS if f.required and f.name not in NOT_NEEDED_IN]
    for key, without in NOT_NEEDED_IN.items():
        needed = language not in without if language is not None else has_key(key)  # type: ignore[operator]
        if needed:
            keys.append(key)
    return tuple(keys)
