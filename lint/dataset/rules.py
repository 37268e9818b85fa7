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
         family=F),
    Rule("DS102", "item-in-two-splits-normalised", Severity.WARNING,
         "An item of a held-out split equals one of another split once normalised (case folded, ASCII punctuation removed, "
         "whitespace collapsed), though not letter for letter.",
         "Scorers and models read `What is the weather in Berlin?` and `what is the weather in berlin` as the same sentence: "
         "a leak all the same, only spelled differently.",
         family=F),
    Rule("DS103", "duplicate-item-in-split", Severity.WARNING,
         "The same item (normalised text) stands twice in one split, in one file or in two.",
         "A repeated test item counts twice in every mean: its errors weigh double, and its duplicate inflates the split's size.",
         family=F),
    Rule("DS104", "conflicting-labels", Severity.ERROR,
         "The same item (normalised text) is labelled differently in two places of the dataset.",
         "Gold that answers one utterance two ways makes one of the two answers wrong whatever a model predicts: the ceiling "
         "of every metric drops, and which one counts depends on the split.",
         family=F),
)
register(*RULES)
CODES = tuple(rule.code for rule in RULES)
