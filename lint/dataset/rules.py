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
    Rule("DS109", "near-duplicate-in-two-splits", Severity.WARNING,
         "An item of a held-out split has a near-duplicate in another split: its text, normalised, is at least as similar as "
         "the threshold asked for (`--near-duplicates 0.9`, or `near-duplicates: 0.9` under `datasets:` in the config; off "
         "when neither is set) to an item there, without being equal to it. The similarity is the Jaccard index of the two "
         "texts' sets of character trigrams (the normalised text with a space at each end); candidate pairs are found with "
         "MinHash and LSH banding (a pair at the threshold is found with probability at least 0.99, a closer one more "
         "surely) and each is verified on its texts, so every similarity reported is exact. Equal texts are DS101/DS102's: "
         "an item that has an equal in the other split is not reported here again.",
         "A test sentence that differs from a validation or training sentence by a word, a number or a spelling is "
         "nearly the same test: a model tuned on one has seen the other, and its score on it is inflated, though no exact "
         "comparison finds the pair.",
         "goldlint check --near-duplicates 0.8 data/\ntest: set an alarm for seven am\nvalid: set an alarm for seven pm  "
         "(similarity 0.80)",
         "goldlint check --near-duplicates 0.8 data/\ntest: set an alarm for seven am\nvalid: what is the weather in berlin",
         family=F),
)
register(*RULES)
CODES = tuple(rule.code for rule in RULES)
