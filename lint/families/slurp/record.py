"""The checks of one SLURP record against itself: the annotation's syntax (SLP102), the
annotation against the sentence (SLP103), the intent against scenario and action (SLP104),
the tokens against the text (SLP105) and their ids (SLP106), the entities against the
tokens and the annotation's brackets (SLP107)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import Any

from goldlint.families.slurp.annotation import Annotation, parse_annotation
from goldlint.families.slurp.rules import (
    ANNOTATION_DIFFERS_FROM_SENTENCE,
    ENTITY_BRACKET_SYNTAX,
    ENTITY_SPAN,
    INTENT_NOT_SCENARIO_ACTION,
    TOKEN_IDS,
    TOKEN_SURFACES_DIFFER_FROM_SENTENCE,
)
from goldlint.findings import At, Change, Report, safe_fix
from goldlint.rules.file_rules import PATTERNS, Edit, check_gold_text

_ID = attrgetter("id")
_SURFACE = attrgetter("surface")


_INTENT_FIELDS = frozenset({"intent", "scenario", "action"})


def _plain(text: str) -> bool:
    """A text GL006–GL008 find nothing in, by their own tests: ASCII (so NFC, and no letters of two
    scripts) without an invisible character, and no surrounding whitespace."""
    return text.isascii() and (text.isprintable() or PATTERNS.invisible.search(text) is None) and text == text.strip()


def _bare(text: str) -> str:
    return "".join(text.split())


def _parted(a: str, b: str) -> int:
    """The first index where two strings differ (the shorter one's length when one begins the other)."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def check_record(record: Any, good: AbstractSet[str], at: At, report: Report) -> Annotation | None:
    """Every check of the record that its well-typed fields (``good``) allow; returns its
    annotation when that parses. ``record`` is typed (:func:`~.shape.check_shape`): its fields
    are attributes, the items of its arrays too."""
    annotation = None
    if "sentence" in good and not _plain(record.sentence):
        check_gold_text(report, at.child("sentence"), record.sentence, lambda edit: _spellings_edited(record, good, at, edit))
    if "sentence_annotation" in good:
        annotation = parse_annotation(record.sentence_annotation)
        if annotation.problem is not None:
            start, end, message = annotation.problem
            ENTITY_BRACKET_SYNTAX.report(report, at.child("sentence_annotation").inside(start, end), message)
            annotation = None
        elif "sentence" in good:
            _against_sentence(record, annotation, at, report)
    if _INTENT_FIELDS <= good:
        _intent(record, at, report)
    if "tokens" in good:
        _token_ids(record.tokens, at, report)
        surfaces = list(map(_SURFACE, record.tokens))
        if "sentence" in good:
            _tokens(record, surfaces, annotation, at, report)
        if "entities" in good:
            _entities(record, surfaces, annotation, at, report)
    return annotation


def _spellings_edited(record: Any, good: AbstractSet[str], at: At, edit: Edit) -> list[Change] | None:
    """A fix of the sentence (GL006's NFC, GL008's strip: ``edit``) must make the same edit to
    the annotation and the token surfaces that spell it, or they differ from it (SLP103, SLP105):
    their changes; None when the edit cannot keep them equal (a mark that composes across a
    bracket or between two tokens, whitespace inside a bracket) or would change the annotation's
    entities."""
    sentence, changes = record.sentence, []
    new_sentence = edit(sentence)
    if "sentence_annotation" in good:
        value = record.sentence_annotation
        new = edit(value)
        before, after = parse_annotation(value), parse_annotation(new)
        if before.problem is None and (after.problem is not None or after.types != before.types or (before.text == sentence and after.text != new_sentence)):
            return None
        if new != value:
            changes.append(Change(at.child("sentence_annotation"), new, as_string=True))
    if "tokens" in good:
        surfaces = list(map(_SURFACE, record.tokens))
        news = list(map(edit, surfaces))
        if "".join(surfaces) == _bare(sentence) and "".join(news) != _bare(new_sentence):
            return None
        if any(surface and not new for surface, new in zip(surfaces, news, strict=True)):
            return None  # (a surface of whitespace alone, stripped: a token of nothing)
        changes.extend(Change(at.child("tokens", i, "surface"), new, as_string=True)
                       for i, (surface, new) in enumerate(zip(surfaces, news, strict=True)) if new != surface)
    return changes


def _against_sentence(record: Any, annotation: Annotation, at: At, report: Report) -> None:
    sentence, text = record.sentence, annotation.text
    if text == sentence:
        return
    d = _parted(text, sentence)
    where = annotation.to_annotation(d)
    value = record.sentence_annotation
    theirs = sentence[d : d + 12] or "nothing more"
    how = " (only in letter case)" if text.lower() == sentence.lower() else ""
    ANNOTATION_DIFFERS_FROM_SENTENCE.report(report, at.child("sentence_annotation").inside(where, min(where + 1, len(value))),
               f"the annotation without its brackets differs from `sentence`{how}: here it has `{text[d : d + 12] or 'nothing more'}`, "
               f"the sentence `{theirs}`")


def _intent(record: Any, at: At, report: Report) -> None:
    expected = f"{record.scenario}_{record.action}"
    if record.intent != expected:
        INTENT_NOT_SCENARIO_ACTION.report(report, at.child("intent"),
                   f"intent `{record.intent}` is not scenario `{record.scenario}` + `_` + action `{record.action}` "
                   "(the official evaluator builds the intent from those two)",
                   safe_fix(f"write `{expected}`", Change(at.child("intent"), expected, as_string=True)))


def _token_ids(tokens: list[Any], at: At, report: Report) -> None:
    if list(map(_ID, tokens)) == list(range(len(tokens))):
        return
    wrong = [i for i, token in enumerate(tokens) if token.id != i]
    if not wrong:
        return
    first = wrong[0]
    more = f" ({len(wrong) - 1} more in this record)" if len(wrong) > 1 else ""
    TOKEN_IDS.report(report, at.child("tokens", first, "id"), f"token {first} has id {tokens[first].id}{more}: ids count the tokens from 0",
               safe_fix("renumber the tokens from 0", *(Change(at.child("tokens", i, "id"), str(i)) for i in wrong)))


def _tokens(record: Any, surfaces: list[str], annotation: Annotation | None, at: At, report: Report) -> None:
    joined, sentence = "".join(surfaces), _bare(record.sentence)
    if joined == sentence or (annotation is not None and joined == _bare(annotation.text)):
        return  # (tokens written as the annotation is, where it differs from the sentence: SLP103 says so)
    d = _parted(joined, sentence)
    if d < len(joined):
        seen = 0
        for i, surface in enumerate(surfaces):
            if seen + len(surface) > d:
                o = d - seen
                rest = sentence[d : d + len(surface) - o]
                TOKEN_SURFACES_DIFFER_FROM_SENTENCE.report(report, at.child("tokens", i, "surface").inside(o, len(surface)),
                           f"token {i} `{surface}` parts from the sentence here (`{surface[o:]}`), where the sentence has "
                           f"`{rest or 'nothing more'}`")
                return
            seen += len(surface)
    spaced = record.sentence
    where = _spaced(spaced, d)
    TOKEN_SURFACES_DIFFER_FROM_SENTENCE.report(report, at.child("sentence").inside(where, len(spaced)), f"the tokens end before the sentence: `{spaced[where:]}` is in no token")


def _spaced(text: str, d: int) -> int:
    """The offset in ``text`` of character ``d`` of the text without its whitespace."""
    seen = 0
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        if seen == d:
            return i
        seen += 1
    return len(text)


def _entities(record: Any, surfaces: list[str], annotation: Annotation | None, at: At, report: Report) -> None:
    size, entities = len(record.tokens), record.entities
    if not entities and (annotation is None or not annotation.types):
        return  # (no entity, no bracket: nothing to compare)
    spans_ok = True
    for i, entity in enumerate(entities):
        span = entity.span
        if not span or span[-1] >= size or (len(span) > 1 and span != list(range(span[0], span[0] + len(span)))):
            spans_ok = False
            ENTITY_SPAN.report(report, at.child("entities", i, "span"),
                       f"span {span} is not consecutive token positions within the record's {size} tokens" if span
                       else "an entity spans no token")
    if annotation is None or not spans_ok:
        return
    types, bracketed = annotation.types, annotation.words
    if len(types) != len(entities):
        ENTITY_SPAN.report(report, at.child("entities"), f"`entities` lists {len(entities)} entities, the annotation's brackets {len(types)}")
        return
    for i, (entity, kind, said) in enumerate(zip(entities, types, bracketed, strict=True)):
        words = " ".join(surfaces[entity.span[0] : entity.span[-1] + 1])  # (its span is consecutive positions)
        if entity.type != kind:
            ENTITY_SPAN.report(report, at.child("entities", i, "type"), f"entity {i} is a `{entity.type}`, its bracket in the annotation a "
                       f"`{kind}` (`[{kind} : {said}]`)")
        elif words != said and not _same_words(words, said):
            ENTITY_SPAN.report(report, at.child("entities", i, "span"), f"entity {i} spans `{words}`, its bracket in the annotation holds "
                       f"`{said}`")


def _same_words(words: str, bracketed: str) -> bool:
    """An entity's tokens hold its bracket's words (letter case and spacing aside)."""
    return _bare(words).lower() == _bare(bracketed).lower()
