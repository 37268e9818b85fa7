"""xSID's evaluator (``scripts/nluEval.py`` of mainlp/xsid @ 761d926c), number for number.

Written from a reading of its code (none of it is copied); ``tests/score/test_xsid_parity.py``
holds this module to the numbers the script itself printed on hundreds of generated files.

How it reads a file: line by line (universal newlines), each line stripped of surrounding
whitespace. A line starting ``# intent: `` adds the rest of the line to the file's intents;
an empty line ends a sentence (the tags gathered since the last one, maybe none); another
line starting with ``#`` that has no tab is skipped; any other line (a comment with a tab
too) adds its last tab-separated cell as a tag. Tags after the last empty line are no sentence.

How it scores: sentences and intents are two lists, gold and predicted, paired by position
(``zip``: whatever is past the shortest of the four is left out). A span starts at each
``B-`` tag and takes the ``I-`` tags after it, of any label; its end is the index of the
first tag that is not ``I-`` — or, when the sentence ends first, the index of the *last* tag,
so ``B-x I-x`` and ``B-x O`` at a sentence's end are one and the same span. A span is its
start, that end and its ``B-`` tag's label; ``I-`` tags without a ``B-`` make none. Slot
precision, recall and F1 are from counts summed over the pairs (0 when undefined); intent
accuracy and fully-correct sentences are divided by the number of *gold sentences*, also
those the pairing left out (the script divides by zero when there is none).
"""

from __future__ import annotations

from dataclasses import dataclass, field

INTENT = "# intent: "


@dataclass(slots=True)
class Read:
    sentences: list[list[str]] = field(default_factory=list)  # each sentence's tags
    intents: list[str] = field(default_factory=list)


def read(text: str) -> Read:
    out = Read()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # (the text after the last line break is no line)
    tags: list[str] = []
    for raw in lines:
        line = raw.strip()
        if line.startswith(INTENT):
            out.intents.append(line[len(INTENT) :])
        if line == "":
            out.sentences.append(tags)
            tags = []
        elif line[0] == "#" and "\t" not in line:
            continue
        else:
            tags.append(line.split("\t")[-1])
    return out


Span = tuple[int, int, str]


def spans(tags: list[str]) -> set[Span]:
    out: set[Span] = set()
    for start, tag in enumerate(tags):
        if not tag.startswith("B"):
            continue
        end = start
        for end in range(start + 1, len(tags)):  # noqa: B007  (the end it stops at is the span's)
            if not tags[end].startswith("I"):
                break
        out.add((start, end, tag[2:]))
    return out


@dataclass(slots=True)
class Totals:
    gold_sentences: int = 0
    pairs: int = 0
    intents_right: int = 0
    fully_right: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    per_intent: dict[str, list[int]] = field(default_factory=dict)  # gold intent -> [count, right]

    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    def f1(self) -> float:
        p, r = self.precision(), self.recall()
        return 2 * p * r / (p + r) if p + r else 0.0


def evaluate(gold_text: str, pred_text: str) -> tuple[Totals, Read, Read]:
    gold, pred = read(gold_text), read(pred_text)
    totals = Totals(gold_sentences=len(gold.sentences))
    for gold_tags, gold_intent, pred_tags, pred_intent in zip(gold.sentences, gold.intents, pred.sentences, pred.intents, strict=False):
        totals.pairs += 1
        right = gold_intent == pred_intent
        totals.intents_right += right
        row = totals.per_intent.setdefault(gold_intent, [0, 0])
        row[0] += 1
        row[1] += right
        gold_spans, pred_spans = spans(gold_tags), spans(pred_tags)
        overlap = len(gold_spans & pred_spans)
        totals.tp += overlap
        totals.fp += len(pred_spans) - overlap
        totals.fn += len(gold_spans) - overlap
        totals.fully_right += overlap == len(gold_spans) == len(pred_spans) and right
    return totals, gold, pred
