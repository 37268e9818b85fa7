"""The dataset rules' documentation (DS1xx): findings across the files of a dataset."""

from __future__ import annotations

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register

F = "dataset"

RULES = (
    Rule("DS101", "item-in-two-splits", Severity.ERROR,
         "An item of a held-out split (test, validation) also stands, with the same text, in another split.",
         "A test sentence that is also in the validation or training data is scored as if unseen: the model may have been "
         "tuned or trained on it, and every metric on it is inflated. xSID 0.7 has 61 of its 500 English test sentences in "
         "its validation split.",
         "en.test.conll: # text: what is the weather in berlin\nen.valid.conll: # text: what is the weather in berlin",
         "en.test.conll: # text: what is the weather in berlin\n(no such sentence in en.valid.conll)", family=F),
    Rule("DS102", "item-in-two-splits-normalised", Severity.WARNING,
         "An item of a held-out split equals one of another split once normalised (case folded, ASCII punctuation removed, "
         "whitespace collapsed), though not letter for letter.",
         "Scorers and models read `What is the weather in Berlin?` and `what is the weather in berlin` as the same sentence: "
         "a leak all the same, only spelled differently.",
         "test: What is the weather in Berlin?\nvalid: what is the weather in berlin",
         "test: What is the weather in Berlin?\n(no normalised equal in valid)", family=F),
    Rule("DS103", "duplicate-item-in-split", Severity.WARNING,
         "The same item (normalised text) stands twice in one split, in one file or in two.",
         "A repeated test item counts twice in every mean: its errors weigh double, and its duplicate inflates the split's size.",
         "test.jsonl:3: set an alarm for six\ntest.jsonl:40: Set an alarm for six.",
         "test.jsonl:3: set an alarm for six (once)", family=F),
    Rule("DS104", "conflicting-labels", Severity.ERROR,
         "The same item (normalised text) is labelled differently in two places of the dataset.",
         "Gold that answers one utterance two ways makes one of the two answers wrong whatever a model predicts: the ceiling "
         "of every metric drops, and which one counts depends on the split.",
         "test: play some jazz -> play_music\nvalid: play some jazz -> play_radio",
         "test: play some jazz -> play_music\nvalid: play some jazz -> play_music", family=F),
)
register(*RULES)
CODES = tuple(rule.code for rule in RULES)
