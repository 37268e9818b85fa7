"""The ``xsid`` family: xSID's CoNLL-style files (``*.conll``, mainlp/xsid).

A sentence is comment lines (``# id``, ``# text-en``, ``# text``, ``# intent``, in English
files ``# slots:``) and token lines ``index<TAB>word<TAB>intent<TAB>BIO tag``, then a blank
line. The checks are xSID's own checker's (``scripts/checkdata.py``), each at the place of
the defect, and what its evaluator (``scripts/nluEval.py``) silently gets wrong: comment
dialects, blank lines, the two slot annotations of English files.

Config (``xsid:`` in goldlint.yaml)::

    intents: [...]        # the dataset's intents (default: xSID's 18)
    slot-labels: [...]    # its slot labels (default: xSID's 41)
    language: de          # the file's language (default: the file name's first part)

Editor paths (``completions`` / ``hover``), as :mod:`goldlint.formats.conll_doc` addresses
lines: ``(s, "comments", k)`` a comment's value (intents in `# intent`), ``(s, "comments",
k, "key")`` its key being typed, ``(s, "tokens", t, "intent" | "tag" | "index" | "word")``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from goldlint.families.base import Context, Family, Report
from goldlint.families.xsid import bio, declaration
from goldlint.families.xsid import rules as _rules  # noqa: F401  (registers XSD rules)
from goldlint.families.xsid.clean import CleanPath
from goldlint.families.xsid.declaration import COLUMN_DOCS, COMMENT_DOCS, INTENT, SLOTS
from goldlint.families.xsid.filewide import Dialects, Ids, check_blank_lines
from goldlint.families.xsid.options import XsidOptions
from goldlint.families.xsid.sentence import Inventory, SentenceChecks
from goldlint.families.xsid.slots import parse_slots
from goldlint.families.xsid.vocab import INTENTS, SLOT_LABELS
from goldlint.formats.base import Document
from goldlint.formats.conll_doc import ConllDocument, Sentence

_LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[a-z]+)?")


def inventory_of(options: XsidOptions) -> Inventory:
    return Inventory(frozenset(options.intents or INTENTS), frozenset(options.slot_labels or SLOT_LABELS))


def language_of(path: Path, options: XsidOptions) -> str | None:
    """Config's language, else the file name's first part when it is a language code (``de-ba.test.conll``)."""
    if options.language:
        return options.language
    head = path.name.split(".", 1)[0]
    return head if _LANGUAGE.fullmatch(head) else None


def required_comments(doc: ConllDocument, language: str | None) -> tuple[str, ...]:
    """The comments every sentence needs (:func:`.declaration.required_comments`)."""
    return declaration.required_comments(language, doc.has_comment_key)


class XsidFamily(Family):
    name = "xsid"

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        self._check(doc, report, ctx, fast=True)

    def check_detailed(self, doc: Document, report: Report, ctx: Context) -> None:
        """Every sentence through every check (the reference of the shortcuts, for tests)."""
        self._check(doc, report, ctx, fast=False)

    def _check(self, doc: Document, report: Report, ctx: Context, fast: bool) -> None:
        if not isinstance(doc, ConllDocument):
            return
        options = ctx.options if isinstance(ctx.options, XsidOptions) else XsidOptions()
        language = language_of(ctx.path, options)
        ids, dialects = Ids(report, doc), Dialects()
        if fast:  # (the usual sentences by one pattern, a chunk at a time; the others one by one)
            checks = SentenceChecks(report, inventory_of(options), (), fast)  # (the comments needed: CleanPath works them out)
            CleanPath(doc, checks, ids, dialects, lambda has_key: declaration.required_comments(language, has_key)).run()
        else:
            checks = SentenceChecks(report, inventory_of(options), required_comments(doc, language), fast)
            for n in range(doc.sentence_count):
                sentence = doc.sentence(n)
                checks.check(sentence)
                ids.see(sentence)
                dialects.see(sentence)
                sentence.forget()  # (one sentence's lines in memory at a time; read again if a finding is placed in it)
        ids.report()
        dialects.report(report)
        if not ctx.partial:
            check_blank_lines(doc, report)

    # -- editor ----------------------------------------------------------------------

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        sentence = _sentence(root, path)
        if sentence is None or len(path) < 3:
            return None
        inventory = inventory_of(options if isinstance(options, XsidOptions) else XsidOptions())
        if path[1] == "comments":
            if path[3:] == ("key",):
                return list(COMMENT_DOCS.items())
            if _comment_key(sentence, path[2]) == INTENT.name:
                return [(i, "intent") for i in sorted(inventory.intents)]
            return None
        if path[1] != "tokens" or len(path) != 4:
            return None
        if path[3] == "intent":
            said = sentence.value("intent")
            return [(i, "the sentence's `# intent`" if i == said else "intent") for i in sorted(inventory.intents, key=lambda i: i != said)]
        if path[3] == "tag":
            before = _tag_before(sentence, path[2])
            shape = bio.split_tag(before) if before is not None else None
            out = [("O", "outside any slot")]
            if shape is not None and shape[0] != "O":
                out.append((f"I-{shape[1]}", f"goes on with the `{shape[1]}` slot of the token before"))
            out.extend((f"B-{label}", f"starts a `{label}` slot") for label in sorted(inventory.labels))
            return out
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        sentence = _sentence(root, path)
        if sentence is None or len(path) < 3:
            return None
        inventory = inventory_of(options if isinstance(options, XsidOptions) else XsidOptions())
        if path[1] == "comments":
            key = _comment_key(sentence, path[2])
            if key == INTENT.name:
                return _intent_hover(sentence.value(INTENT.name) or "", inventory)
            if key == SLOTS.name:
                return _slots_hover(sentence)
            return f"**# {key}** — {COMMENT_DOCS[key]}" if key in COMMENT_DOCS else None
        if path[1] != "tokens" or len(path) != 4 or not isinstance(path[2], int) or not 0 <= path[2] < len(sentence.tokens):
            return None
        token = sentence.tokens[path[2]]
        if path[3] == "intent":
            return _intent_hover(token.cell("intent") or "", inventory)
        if path[3] == "tag":
            return _tag_hover(sentence, path[2], inventory)
        return f"**{path[3]}** — {COLUMN_DOCS[str(path[3])]}" if path[3] in COLUMN_DOCS else None


def _sentence(root: Any, path: tuple[str | int, ...]) -> Sentence | None:
    if not isinstance(root, list) or not path or not isinstance(path[0], int) or not 0 <= path[0] < len(root):
        return None
    found = root[path[0]]
    return found if isinstance(found, Sentence) else None


def _comment_key(sentence: Sentence, k: Any) -> str | None:
    return sentence.comments[k].key if isinstance(k, int) and 0 <= k < len(sentence.comments) else None


def _tag_before(sentence: Sentence, t: Any) -> str | None:
    if not isinstance(t, int) or not 0 < t <= len(sentence.tokens):
        return None
    return sentence.tokens[t - 1].cell("tag")


def _intent_hover(intent: str, inventory: Inventory) -> str:
    if intent in inventory.intents:
        return f"**intent `{intent}`** — one of the dataset's {len(inventory.intents)} intents"
    return f"**intent `{intent}`** is **not** one of the dataset's {len(inventory.intents)} intents"


def _slots_hover(sentence: Sentence) -> str | None:
    text = sentence.value("text") or ""
    entries, _ = parse_slots(sentence.value("slots") or "", text)
    if not entries:
        return None
    return "**# slots:**\n\n" + "\n".join(f"- `{e.start}:{e.end}` {e.label} — “{text[e.start:e.end]}”" for e in entries)


def _tag_hover(sentence: Sentence, t: int, inventory: Inventory) -> str | None:
    tags = [token.cell("tag") or "O" for token in sentence.tokens]
    for start, end, label in bio.spans(tags):
        if start <= t < end:
            words = " ".join(token.cell("word") or "" for token in sentence.tokens[start:end])
            known = "" if label in inventory.labels else " (**not** one of the dataset's slot labels)"
            return f"**`{label}`** slot{known}: tokens {start + 1}–{end} “{words}”"
    return "**O** — outside any slot" if tags[t] == "O" else None
