"""chrF++ in bounded memory: per-sentence statistics streamed and summed.

sacrebleu's corpus chrF is a function of the n-gram statistics summed over sentences, so
feeding it in chunks and adding the statistics gives the very number
``CHRF(word_order=2).corpus_score(all_hyps, [all_refs])`` gives — without holding every
reference's n-gram counters at once (32 s and 2.9 GB for 100,000 pairs in one call). The
same statistics give each pair's sentence chrF++ for free.

The statistics come from sacrebleu itself (``_extract_corpus_statistics``, the method
``corpus_score`` calls), so the arithmetic is sacrebleu's; ``tests/score`` proves equality.
"""

from __future__ import annotations

from sacrebleu.metrics.chrf import CHRF

CHUNK = 2000


class StreamingChrf:
    """Add (hypothesis, reference) pairs; read the corpus score and each pair's score."""

    def __init__(self, word_order: int = 2) -> None:
        self.metric = CHRF(word_order=word_order)
        self.totals: list[int] | None = None
        self.pairs = 0
        self._hyps: list[str] = []
        self._refs: list[str] = []
        self._pending: list[tuple[int, tuple[str, ...]]] = []
        self.sentence: dict[int, float] = {}  # pair key → sentence chrF++ (when asked for)
        self.groups: dict[str, list[int]] = {}  # group name → summed statistics

    def add(self, hypothesis: str, reference: str, want_sentence: int | None = None, groups: tuple[str, ...] = ()) -> None:
        """Add one pair to the corpus statistics (and to those of each of ``groups``);
        ``want_sentence`` is a key under which the pair's own chrF++ is kept in :attr:`sentence`."""
        self._hyps.append(hypothesis)
        self._refs.append(reference)
        self._pending.append((-1 if want_sentence is None else want_sentence, groups))
        if len(self._hyps) >= CHUNK:
            self._flush()

    def _flush(self) -> None:
        if not self._hyps:
            return
        stats = self.metric._extract_corpus_statistics(self._hyps, [self._refs])
        totals = self.totals if self.totals is not None else [0] * len(stats[0])
        for (key, groups), row in zip(self._pending, stats, strict=True):
            for n, value in enumerate(row):
                totals[n] += value
            for group in groups:
                summed = self.groups.setdefault(group, [0] * len(row))
                for n, value in enumerate(row):
                    summed[n] += value
            if key >= 0:
                self.sentence[key] = self.metric._compute_f_score(row)
        self.totals = totals
        self.pairs += len(self._hyps)
        self._hyps, self._refs, self._pending = [], [], []

    def corpus_score(self) -> float | None:
        """The corpus chrF++ (0–100, unrounded); ``None`` when no pair was added."""
        self._flush()
        if self.totals is None:
            return None
        return float(self.metric._compute_score_from_stats(self.totals).score)

    def group_score(self, group: str) -> float | None:
        self._flush()
        stats = self.groups.get(group)
        return None if stats is None else float(self.metric._compute_score_from_stats(stats).score)

    def sentence_scores(self) -> dict[int, float]:
        self._flush()
        return self.sentence


def sentence_chrf(hypothesis: str, reference: str) -> float:
    """One pair's chrF++ exactly as ``CHRF(word_order=2).corpus_score([h], [[r]])``."""
    metric = CHRF(word_order=2)
    stats = metric._extract_corpus_statistics([hypothesis], [[reference]])[0]
    return float(metric._compute_f_score(stats))
