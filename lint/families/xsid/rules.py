"""XSD101–XSD114: the rules of xSID's CoNLL files, as metadata (the checks are beside).

Their examples are whole files, in ``examples.yaml`` beside this module
(:mod:`goldlint.rules.examples`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

E, W, I = Severity.ERROR, Severity.WARNING, Severity.INFO
F = "xsid"


def _facts() -> Mapping[str, object]:
    """What the docs say of the declared comments and token cells (the declaration names these rules: read late)."""
    from goldlint.families.xsid.declaration import CELL_NAMES, CELLS, COMMENTS, NOT_NEEDED_IN

    needed = [f"`# {f.name}`" + (f" (not in {' or '.join(f'`{c}`' for c in NOT_NEEDED_IN[f.name])} files)" if f.name in NOT_NEEDED_IN else "")
              for f in COMMENTS if f.required]
    return {"cells": CELLS, "cell_names": CELL_NAMES, "needed_comments": ", ".join(needed)}


def _rule(code: str, name: str, severity: Severity, summary: str, why: str, fix: str = "",
          facts: Callable[[], Mapping[str, object]] | None = None) -> Rule:
    return Rule(code, name, severity, summary, why, fix, family=F, facts=facts)


TOKEN_COLUMNS = _rule("XSD101", "token-columns", E,
     "A token line does not have exactly {cells} tab-separated cells: {cell_names} (a space typed for a tab "
     "is the usual cause). The rest of the line is not checked.",
     "xSID's checker requires {cells} columns; its evaluator takes the last cell as the tag, so a missing tab makes the intent "
     "the tag and a cell too many replaces it.", facts=_facts)
TOKEN_NUMBERING = _rule("XSD102", "token-numbering", E,
     "The first cells of a sentence's token lines are not 1, 2, …, n. Reported once per sentence, at the first wrong number.",
     "xSID's checker requires the numbering; a gap or a repeat is the trace of a token deleted or pasted twice.",
     "safe: every token of the sentence is renumbered 1..n in the order of its lines (the cells' text is kept).")
INVALID_BIO = _rule("XSD103", "invalid-bio", E,
     "A slot tag is not `O`, `B-label` or `I-label`, or an `I-label` does not follow `B-label` or `I-label` of the same "
     "label (it follows `O`, another label, or starts the sentence).",
     "A slot starts with `B-`: xSID's evaluator makes spans only from `B-` tags, so an `I-` after `O` silently loses "
     "the slot, and an `I-` of another label is swallowed by the span before it.",
     "unsafe: an `I-label` that starts a slot becomes `B-label` (the tag before it may be the wrong one). safe: a "
     "misshapen tag that can only be one (`b-datetime`, `B_datetime`, `o`) is written as the tag it is.")
SENTENCE_COMMENTS = _rule("XSD104", "sentence-comments", E,
     "A sentence does not have exactly one of each comment its language needs — {needed_comments} — as xSID's "
     "checker requires; or a comment key is a typo of one of these. "
     "The language is config's `xsid: {{language: ...}}`, else the file name's first part (`de.test.conll` → `de`); "
     "a file named otherwise needs `# id` and `# text-en` only if some of its sentences have them.",
     "The evaluator pairs a sentence with its intent comment by order: a sentence without one shifts every later intent "
     "onto the wrong sentence; without `# id` the translations cannot be matched across languages.",
     "safe: a misspelt key the sentence lacks (`# intnet`) is renamed to it.", facts=_facts)
TOKENS_DIFFER_FROM_TEXT = _rule("XSD105", "tokens-differ-from-text", E,
     "The sentence's words, joined without spaces, differ from `# text` without spaces (xSID's checker's test). The "
     "position is the first character where they part, in the token that has it (or in `# text` when the tokens end "
     "first).",
     "The tokens are what is tagged and scored, `# text` is what a model reads: when they differ, a slot is annotated "
     "on words the sentence does not have (xSID 0.7 mended about 200 such mismatches).")
UNKNOWN_INTENT = _rule("XSD106", "unknown-intent", E,
     "The `# intent` is not one of the dataset's intents: xSID's 18 (its checker's list), or config's "
     "`xsid: {intents: [...]}`; with a did-you-mean.",
     "An intent no model is trained on can never be predicted: the sentence counts as an error for every system.",
     "safe when the intent is a typo of exactly one known intent: the comment and the token cells that repeat it are "
     "rewritten.")
UNKNOWN_SLOT_LABEL = _rule("XSD107", "unknown-slot-label", E,
     "The label of a `B-`/`I-` tag is not one of the dataset's slot labels: xSID's 41 (its checker's list), or config's "
     "`xsid: {slot-labels: [...]}`; with a did-you-mean.",
     "Slot F1 compares labels exactly: a misspelt label is a slot no system predicts.",
     "safe when the label is a typo of exactly one known label.")
TOKEN_INTENT_MISMATCH = _rule("XSD108", "token-intent-mismatch", E,
     "A token's intent cell differs from the sentence's `# intent`. Reported once per sentence, at the first such cell.",
     "The intent is the sentence's: tools that read it from the tokens (MaChAmp's reader) and tools that read the "
     "comment (xSID's evaluator) see two different gold intents.",
     "safe when fewer tokens differ than agree: they are given the comment's intent; unsafe otherwise (the comment may "
     "be the wrong one).")
SLOTS_COMMENT_SYNTAX = _rule("XSD109", "slots-comment-syntax", E,
     "The `# slots:` comment is not a comma-separated list of `start:end:label` with whole numbers, `start < end`, and "
     "`end` within `# text`. The position is the part that is wrong.",
     "The offsets are the only link from a slot to the text: one that does not parse or points past the text annotates "
     "nothing.")
SLOTS_COMMENT_DISAGREES = _rule("XSD110", "slots-comment-disagrees", W,
     "The spans of the `# slots:` comment differ from the spans the BIO tags give (label or character boundaries): a "
     "span of the comment is reported at its entry, with the BIO span it overlaps; a BIO span the comment lacks at its "
     "`B-` tag. Spans from tags as conlleval makes them (an `I-` that cannot continue starts a span). Sentences "
     "without a `# slots:` comment are not compared.",
     "English xSID files carry two annotations of the same slots. Where they disagree one is wrong: in xSID 0.7, 157 of "
     "`en.test.conll`'s 250 annotated sentences disagree (125 in their labels, e.g. `reminder/noun`, which is in no "
     "slot inventory), and 93 of `en.valid.conll`'s 150.")
MIXED_COMMENT_DIALECTS = _rule("XSD111", "mixed-comment-dialects", W,
     "The file writes some comments `# key = value` (xSID 0.5+) and others `# key: value` (xSID 0.4). `# slots:` is "
     "written with a colon in both dialects and is not counted. Reported once, at the first comment of the dialect "
     "fewer comments use.",
     "Tools read one dialect: xSID's evaluator reads only `# intent: `, so in a mixed file some intents are read and "
     "others not, and every intent after the first unread one is paired with the wrong sentence.",
     "safe: the comments of the rarer dialect are rewritten in the other (a tie goes to the file's first comment).")
DIALECT_UNREAD_BY_NLUEVAL = _rule("XSD112", "dialect-unread-by-nlueval", I,
     "The file writes its intents `# intent = x` (xSID 0.5+). Said once per file, at its first intent comment.",
     "xSID's own evaluator (`scripts/nluEval.py`) reads only `# intent: x`: on a 0.5+ file it finds no intent and "
     "reports 0 for every metric. `goldlint score --kind xsid` reads both (profile `xsid` reproduces the zeros and "
     "says why). Ignore this rule (`ignore: [XSD112]`) when no one scores the file with that script.")
DUPLICATE_SENTENCE_ID = _rule("XSD113", "duplicate-sentence-id", E,
     "Two sentences of the file have the same `# id`; the first is reported once, every repeat where it is.",
     "The id pairs a sentence with its translations in the other languages' files: a repeated id pairs two "
     "sentences with one English original.")
SENTENCE_SEPARATOR = _rule("XSD114", "sentence-separator", W,
     "Sentences are not separated by exactly one blank line, the file starts with a blank line, or the last sentence "
     "is not followed by one.",
     "xSID's evaluator counts a sentence at every blank line: an extra blank line is an empty sentence that lowers every "
     "score and shifts the intents after it onto the wrong sentences, and a last sentence without a blank line after "
     "it is never scored.",
     "safe: extra blank lines are removed; a missing one is added at the end of the file.")


register_declared(globals())
