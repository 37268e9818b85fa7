"""The checks of one xSID sentence: its comments, token lines, tags, intent, text and `# slots:`.

One pass over the token lines; a clean sentence costs a few comparisons a token.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate
from typing import Any

import msgspec

from goldlint.families.xsid import bio
from goldlint.families.xsid.declaration import CELL_NAMES, CELLS, COMMENT_DOCS, INTENT, SLOTS, TEXT
from goldlint.families.xsid.rules import (
    INVALID_BIO,
    SENTENCE_COMMENTS,
    SLOTS_COMMENT_DISAGREES,
    SLOTS_COMMENT_SYNTAX,
    TOKEN_COLUMNS,
    TOKEN_INTENT_MISMATCH,
    TOKEN_NUMBERING,
    TOKENS_DIFFER_FROM_TEXT,
    UNKNOWN_INTENT,
    UNKNOWN_SLOT_LABEL,
)
from goldlint.families.xsid.slots import compare, parse_slots, token_offsets
from goldlint.findings import At, Change, Report, safe_fix, unsafe_fix
from goldlint.formats.conll_doc import Sentence, Token
from goldlint.rules.file_rules import Edit, check_gold_text
from goldlint.suggest import did_you_mean, unambiguous


class Inventory(msgspec.Struct, frozen=True):
    intents: frozenset[str]
    labels: frozenset[str]


class SentenceChecks:
    """Every check of a sentence, each written once (the methods below). A sentence whose
    parts are already known clean skips them: what its comments' keys, its tag sequence, its
    numbering, intent cells, words and `# slots:` must equal is compared directly, and the
    checks run only where that comparison fails (``fast=False`` runs them always: the
    reference the tests hold the shortcut to)."""

    def __init__(self, report: Report, inventory: Inventory, required: tuple[str, ...], fast: bool = True) -> None:
        self.report = report
        self.inventory = inventory
        self.required = required
        self.fast = fast
        self._clean_keys: set[tuple[str, ...]] = set()  # comment keys in order, known to need no report
        self._clean_tags: dict[tuple[str, ...], list[bio.Span]] = {}  # tag sequences known valid, with their spans

    def check(self, s: Sentence) -> None:
        cells = s.cells
        if not self.fast or not cells or list(map(len, cells)).count(4) != len(cells):
            self._detailed(s)
            return
        keys, keyed, heads = s.keys, s.keyed, s.heads
        if keys not in self._clean_keys and self._clean(self._comments, s):
            self._clean_keys.add(keys)
        index, words, intents, tags = zip(*cells, strict=True)
        if index != NUMBERS[: len(index)]:
            self._numbering(s)
        spans = self._clean_tags.get(tags)
        if spans is None and self._clean(self._tags, s, list(enumerate(s.tokens))):
            spans = self._clean_tags[tags] = bio.spans(list(tags))
        k = keyed.get(INTENT.name)
        if k is not None and ((intent := heads[k][2]) not in self.inventory.intents or intents.count(intent) != len(intents)):
            self._intent(s, k, intent, list(enumerate(s.tokens)))
        k = keyed.get(TEXT.name)
        if k is None:
            return
        value = heads[k][2]
        check_gold_text(self.report, At((s.number, "comments", k)), value, lambda edit: self._words_edited(s, value, edit))
        if "".join(words) != value.replace(" ", ""):
            self._text(s, k, value)
            return
        k = keyed.get(SLOTS.name)
        if k is not None and (spans is None or heads[k][2] != _written(spans, words, value)):
            self._slots(s, value, list(enumerate(s.tokens)))

    def _clean(self, check: Callable[..., None], *args: Any) -> bool:
        """Run a check; whether it reported nothing."""
        before = self.report.added
        check(*args)
        return self.report.added == before

    def _detailed(self, s: Sentence) -> None:
        self._comments(s)
        full = [(t, token) for t, token in enumerate(s.tokens) if len(token.cells) == CELLS]  # (the others: XSD101)
        self._columns(s)
        self._numbering(s)
        self._tags(s, full)
        intent = s.comment(INTENT.name)
        if intent is not None:
            self._intent(s, intent[0], intent[1].value, full)
        text = s.comment(TEXT.name)
        if text is not None:
            value = text[1].value
            check_gold_text(self.report, At((s.number, "comments", text[0])), value, lambda edit: self._words_edited(s, value, edit))
            if self._text(s, text[0], text[1].value):
                self._slots(s, text[1].value, full)

    # -- comments --------------------------------------------------------------------

    def _comments(self, s: Sentence) -> None:
        where: dict[str, list[int]] = {}
        for k, c in enumerate(s.comments):
            if c.key:
                where.setdefault(c.key, []).append(k)
        for key, found in where.items():
            if key in COMMENT_DOCS and len(found) > 1:
                line = s.comments[found[0]].line + 1
                for k in found[1:]:
                    SENTENCE_COMMENTS.report(self.report, At((s.number, "comments", k), key=True),
                                    f"a second `# {key}` in this sentence (the first is on line {line}): a sentence has one")
        missing = [key for key in self.required if key not in where]
        for key, found in where.items():
            guess = unambiguous(key, missing) if key not in COMMENT_DOCS and missing else None
            if guess is None:
                continue
            missing.remove(guess)
            at = At((s.number, "comments", found[0]), key=True)
            SENTENCE_COMMENTS.report(self.report, at, f"unknown comment key `{key}`: the sentence has no `# {guess}` (did you mean `{guess}`?)",
                            safe_fix(f"rename the key to `{guess}`", Change(at, guess)))
        for key in missing:
            SENTENCE_COMMENTS.report(self.report, At((s.number,)), f"the sentence has no `# {key}` comment ({COMMENT_DOCS[key]})")

    # -- token lines -----------------------------------------------------------------

    def _columns(self, s: Sentence) -> None:
        for t, token in enumerate(s.tokens):
            n = len(token.cells)
            if n == CELLS:
                continue
            hint = " (a space typed for a tab?)" if n < CELLS and any(" " in c for c in token.cells) else ""
            at = At((s.number, "tokens", t)) if n < CELLS else At((s.number, "tokens", t, CELLS))
            TOKEN_COLUMNS.report(self.report, at, f"a token line has {n} tab-separated cell{'s' if n != 1 else ''}, not {CELLS} "
                            f"({CELL_NAMES}){hint}")

    def _numbering(self, s: Sentence) -> None:
        wrong = [(t, token) for t, token in enumerate(s.tokens)
                 if token.cells[0] != str(t + 1) and (len(token.cells) == CELLS or token.cells[0].isdigit())]
        if not wrong:
            return
        t, token = wrong[0]
        more = f" ({len(wrong) - 1} more in this sentence)" if len(wrong) > 1 else ""
        message = f"token {t + 1} of the sentence is numbered `{token.cells[0]}`{more}: tokens are numbered 1..n"
        fix = None
        if all(len(tok.cells) == 4 for _, tok in wrong):
            fix = safe_fix("renumber the sentence's tokens 1..n", *(Change(At((s.number, "tokens", n, "index")), str(n + 1)) for n, _ in wrong))
        TOKEN_NUMBERING.report(self.report, At((s.number, "tokens", t, "index")), message, fix)

    def _tags(self, s: Sentence, full: list[tuple[int, Token]]) -> None:
        before: tuple[str, str] | None = None  # the shape of the previous tag
        labels = self.inventory.labels
        for t, token in full:
            tag = token.cells[3]
            shape = bio.split_tag(tag)
            at = At((s.number, "tokens", t, "tag"))
            if shape is None:
                mended = bio.mended_tag(tag)
                fix = safe_fix(f"write `{mended}`", Change(at, mended)) if mended is not None else None
                INVALID_BIO.report(self.report, at, f"`{tag}` is not a BIO tag (`O`, `B-label` or `I-label`)", fix)
                shape = bio.split_tag(mended) if mended is not None else ("O", "")
            kind, label = shape if shape is not None else ("O", "")
            if kind == "I" and (before is None or before[0] == "O" or before[1] != label):
                after = "starts the sentence" if before is None else f"follows `{_tag(before)}`"
                INVALID_BIO.report(self.report, at, f"`I-{label}` {after}: a slot starts with `B-{label}`",
                                unsafe_fix(f"write `B-{label}`", Change(at, f"B-{label}")))
            if kind != "O" and label not in labels:
                place = at.inside(2, len(tag)) if tag[1:2] in "-_" else at
                guess = unambiguous(label, labels)
                fix = safe_fix(f"write `{guess}`", Change(place, guess)) if guess is not None and place is not at else None
                UNKNOWN_SLOT_LABEL.report(self.report, place, f"slot label `{label}` is not one of the dataset's slot labels{did_you_mean(label, labels)}", fix)
            before = (kind, label)

    def _intent(self, s: Sentence, k: int, intent: str, full: list[tuple[int, Token]]) -> None:
        at = At((s.number, "comments", k))
        if intent not in self.inventory.intents:
            guess = unambiguous(intent, self.inventory.intents)
            fix = None
            if guess is not None:
                cells = [Change(At((s.number, "tokens", t, "intent")), guess) for t, tok in full if tok.cells[2] == intent]
                fix = safe_fix(f"write `{guess}` (in the comment and the {len(cells)} token cell(s) that repeat it)", Change(at, guess), *cells)
            UNKNOWN_INTENT.report(self.report, at, f"intent `{intent}` is not one of the dataset's intents{did_you_mean(intent, self.inventory.intents)}", fix)
        differing = [(t, tok) for t, tok in full if tok.cells[2] != intent]
        if not differing:
            return
        first, token = differing[0]
        more = f" ({len(differing) - 1} more token(s) differ)" if len(differing) > 1 else ""
        changes = [Change(At((s.number, "tokens", t, "intent")), intent) for t, _ in differing]
        message = f"write the comment's intent `{intent}` in the {len(changes)} token cell(s)"
        fix = safe_fix(message, *changes) if len(differing) < len(full) - len(differing) else unsafe_fix(message, *changes)
        TOKEN_INTENT_MISMATCH.report(self.report, At((s.number, "tokens", first, "intent")),
                        f"token intent `{token.cells[2]}` differs from the sentence's `# intent` `{intent}`{more}", fix)

    # -- the text and `# slots:` -----------------------------------------------------

    def _text(self, s: Sentence, k: int, text: str) -> bool:
        """XSD105; whether the words are the text's (so `# slots:` can be compared)."""
        if any(len(token.cells) != 4 for token in s.tokens):
            return False  # a line of other cells (XSD101) has no word to compare
        words = [token.cells[1] for token in s.tokens]
        joined = "".join(words)
        flat = text.replace(" ", "")
        if joined == flat:
            return True
        d = next((i for i, (a, b) in enumerate(zip(joined, flat, strict=False)) if a != b), min(len(joined), len(flat)))
        in_text = _spaced_offset(text, d)
        if d < len(joined):
            seen = 0
            for t, token in enumerate(s.tokens):
                word = token.cells[1]
                if seen + len(word) > d:
                    o = d - seen
                    rest = text[in_text : in_text + len(word) - o] if in_text < len(text) else ""
                    said = f"`# text` has `{rest}` here" if rest else "`# text` ends before it"
                    TOKENS_DIFFER_FROM_TEXT.report(self.report, At((s.number, "tokens", t, "word")).inside(o, len(word)),
                                    f"token {t + 1} `{word}` differs from `# text` from here (`{word[o:]}`), where {said}")
                    break
                seen += len(word)
        else:
            TOKENS_DIFFER_FROM_TEXT.report(self.report, At((s.number, "comments", k)).inside(in_text, len(text)),
                            f"the tokens end before `# text` does: `{text[in_text:]}` is in no token")
        return False

    def _words_edited(self, s: Sentence, text: str, edit: Edit) -> list[Change] | None:
        """A fix of `# text` (``text``; GL006's NFC, GL008's strip: ``edit``) must make the same
        edit to the token words, or they no longer spell it (XSD105), and keep `# slots:` on the
        same characters: their changes; None when the edit cannot keep them equal."""
        new = edit(text)
        changes = self._slots_moved(s, text, new)
        if changes is None:
            return None
        full = [(t, token.cells[1]) for t, token in enumerate(s.tokens) if len(token.cells) == CELLS]
        words = list(map(edit, (word for _, word in full)))
        spelt = len(full) == len(s.tokens) and "".join(word for _, word in full) == text.replace(" ", "")
        if spelt and "".join(words) != new.replace(" ", ""):
            return None  # NFC: a word starts with a mark that, in the text, composes with the word before it; strip: a word ends in whitespace the text keeps
        if any(word and not edited for (_, word), edited in zip(full, words, strict=True)):
            return None  # a word of whitespace alone (a no-break space), stripped: a token of nothing
        changes.extend(Change(At((s.number, "tokens", t, "word")), edited) for (t, word), edited in zip(full, words, strict=True) if edited != word)
        return changes

    def _slots_moved(self, s: Sentence, text: str, new: str) -> list[Change] | None:
        """`# slots:` counts the characters of `# text`; the text edited to ``new``, the change
        that keeps each span on its characters. Only an edit that removes the text's start (a
        strip) moves them all back by the same count, which is exact; any other change of length
        moves some and not others (None: no fix), as does a span that starts in what is removed."""
        found = s.comment(SLOTS.name)
        if found is None or len(new) == len(text):
            return []
        k, comment = found
        removed = len(text) - len(new)
        entries, problems = parse_slots(comment.value, text)
        if not text.endswith(new) or problems or any(e.start < removed for e in entries):
            return None
        moved = ",".join(f"{e.start - removed}:{e.end - removed}:{e.label}" for e in entries)
        return [Change(At((s.number, "comments", k)), moved)] if moved != comment.value else []

    def _slots(self, s: Sentence, text: str, full: list[tuple[int, Token]]) -> None:
        found = s.comment("slots")
        if found is None:
            return
        k, comment = found
        at = At((s.number, "comments", k))
        entries, problems = parse_slots(comment.value, text)
        for p in problems:
            SLOTS_COMMENT_SYNTAX.report(self.report, at.inside(*p.at), p.message)
        if problems or len(full) != len(s.tokens):
            return
        offsets = token_offsets([token.cells[1] for _, token in full], text)
        if offsets is None:
            return
        labels = self.inventory.labels
        for d in compare(entries, bio.spans([token.cells[3] for _, token in full]), offsets):
            tags = f"the tags give {_span(d.tags, text)}" if d.tags is not None else "the tags have no slot there"
            if d.entry is not None:
                e = d.entry
                unknown = f" (`{e.label}` is in no slot inventory)" if e.label not in labels else ""
                SLOTS_COMMENT_DISAGREES.report(self.report, at.inside(*e.at), f"`# slots:` gives {_span((e.start, e.end, e.label), text)}{unknown}; {tags}")
            elif d.tags is not None:
                SLOTS_COMMENT_DISAGREES.report(self.report, At((s.number, "tokens", d.first_token, "tag")),
                                f"{tags[0].upper()}{tags[1:]}; `# slots:` has no span there")


NUMBERS = tuple(str(n) for n in range(1, 1001))  # a sentence's token numbers, as written


def _written(spans: list[bio.Span], words: tuple[str, ...], text: str) -> str | None:
    """`# slots:` as it is written for these spans, when the words are ``text``'s words one
    space apart (the usual case; else None: the check compares the spans themselves)."""
    if not all(words) or " ".join(words) != text:
        return None
    starts = list(accumulate(map(_plus_one, map(len, words[:-1])), initial=0))
    out = []
    for first, last, label in spans:
        if "," in label:
            return None
        out.append(f"{starts[first]}:{starts[last - 1] + len(words[last - 1])}:{label}")
    return ",".join(out)


_plus_one = (1).__add__


def _tag(shape: tuple[str, str]) -> str:
    return "O" if shape[0] == "O" else f"{shape[0]}-{shape[1]}"


def _span(span: tuple[int, int, str], text: str) -> str:
    return f"`{span[2]}` {span[0]}:{span[1]} (`{text[span[0]:span[1]]}`)"


def _spaced_offset(text: str, d: int) -> int:
    """The offset in ``text`` of character ``d`` of the text without its spaces."""
    seen = 0
    for i, ch in enumerate(text):
        if ch == " ":
            continue
        if seen == d:
            return i
        seen += 1
    return len(text)
