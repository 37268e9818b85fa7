"""The dataset rules' documentation (DS1xx): findings across the files of a dataset.

Their examples are ``examples.yaml`` beside; their cases as data ``tests/rules/dataset.yaml``
(several files a case)."""

from __future__ import annotations

from goldlint.diagnostics import Severity
from goldlint.rules.registry import Rule, register_declared

F = "dataset"

ITEM_IN_TWO_SPLITS = Rule("DS101", "item-in-two-splits", Severity.ERROR,
     "An item of a held-out split (test, validation) also stands, with the same text, in another split. (A file's split "
     "is the one config's `datasets: {splits}` globs give it, else the one its name or its folder's says: `test`; "
     "`valid`, `validation`, `dev`, `devel`; `train`. A file of no split takes part in no dataset rule: in a folder of "
     "others, it may be a version of one of them rather than a part.)",
     "A test sentence that is also in the validation or training data is scored as if unseen: the model may have been "
     "tuned or trained on it, and every metric on it is inflated. xSID 0.7 has 61 of its 500 English test sentences in "
     "its validation split.",
     family=F)
ITEM_IN_TWO_SPLITS_NORMALISED = Rule("DS102", "item-in-two-splits-normalised", Severity.WARNING,
     "An item of a held-out split equals one of another split once normalised (case folded, ASCII punctuation removed, "
     "whitespace collapsed), though not letter for letter.",
     "Scorers and models read `What is the weather in Berlin?` and `what is the weather in berlin` as the same sentence: "
     "a leak all the same, only spelled differently.",
     family=F)
DUPLICATE_ITEM_IN_SPLIT = Rule("DS103", "duplicate-item-in-split", Severity.WARNING,
     "The same item (normalised text) stands twice in one split, in one file or in two.",
     "A repeated test item counts twice in every mean: its errors weigh double, and its duplicate inflates the split's size.",
     family=F)
CONFLICTING_LABELS = Rule("DS104", "conflicting-labels", Severity.ERROR,
     "The same item (normalised text) is labelled differently in two places of the dataset.",
     "Gold that answers one utterance two ways makes one of the two answers wrong whatever a model predicts: the ceiling "
     "of every metric drops, and which one counts depends on the split.",
     family=F)
DUPLICATE_ID_ACROSS_FILES = Rule("DS105", "duplicate-id-across-files", Severity.ERROR,
     "An item's id is also the id of an item in another file of the dataset: a corpus entry's `id`, a truth row's audio "
     "(`codedWvnm`), a semantic file's `meeting_id`, a SLURP record's `slurp_id` across every file with a split; xSID's "
     "`# id` and an SLU record's `meta.id`, numbered per split, across the files of one split (and, for xSID, one "
     "language). Reported at the id of each item outside the first file that has it, naming the others. (An id twice "
     "in one file is its family's rule: COR107, TRU110, SLU105, XSD113, SLP108.)",
     "Predictions, scores and audio are joined to the gold by id: two items with one id make the join pick one of them, "
     "and an audio file in two splits is a leak whatever its transcription says.",
     family=F)
LABEL_MISSING_FROM_SPLIT = Rule("DS106", "label-missing-from-split", Severity.WARNING,
     "A label (an intent, a slot or entity type, a topic, a risk type) is used in one split and by no item of another "
     "(of the splits with at least `datasets: {min-split-items: N}` items, 20 by default). Reported once per label and "
     "split, at its first use, naming the first item of each split that lacks it.",
     "A test label absent from training cannot be learned, and one absent from test is never measured: either may be "
     "meant, but it should be a decision, not an accident of the split.",
     family=F)
LABEL_DISTRIBUTION_SHIFT = Rule("DS107", "label-distribution-shift", Severity.WARNING,
     "The distribution of one type of label (intents, slot types, entity types, topics, risk types) differs sharply "
     "between two splits: their total variation distance (half the sum of the absolute differences of the labels' "
     "shares, 0 to 1) is above `datasets: {distribution-shift: D}` (0.3 by default). Splits of fewer than "
     "`min-split-items` items are not compared. Reported at the first item of the more held-out split, naming the "
     "other's; the message gives the distance and the labels whose shares differ most.",
     "A validation split that does not look like the test split picks the wrong model, and scores on it say little "
     "about the test; say so in the data card, or rebalance.",
     family=F)
SECRET_SOURCE_IN_PUBLIC_FILE = Rule("DS108", "secret-source-in-public-file", Severity.ERROR,
     "The source sentence of a Rosetta corpus entry of a public segment (`development`, `diagnostic`) is also, once "
     "normalised, the source of a secret entry (`gold_standard`, `held_out`, or the corpus table's "
     "`extra-secret-segments`) in another file of the same language pair (COR112 finds it within one file). Reported "
     "at the public entry, naming the secret ones.",
     "A secret segment is secret so that no one can tune on it: once one of its sources is published in a public file, "
     "scores on it measure memory.",
     family=F)
NEAR_DUPLICATE_IN_TWO_SPLITS = Rule("DS109", "near-duplicate-in-two-splits", Severity.WARNING,
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
     family=F)


register_declared(globals())
CODES = tuple(value.code for value in tuple(globals().values()) if isinstance(value, Rule))  # (every DS rule, in order)
