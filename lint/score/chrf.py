"""chrF++ in bounded memory: per-sentence statistics streamed and summed.

sacrebleu's corpus chrF is a function of the n-gram statistics summed over sentences, so
adding each pair's statistics gives the very number
``CHRF(word_order=2).corpus_score(all_hyps, [all_refs])`` gives — without holding every
reference's n-gram counters at once (32 s and 2.9 GB for 100,000 pairs in one call). The
same statistics give each pair's sentence chrF++ for free; the F-score formula is always
sacrebleu's own (``CHRF._compute_f_score``).

The statistics themselves come from :func:`pair_statistics`, a transcription of sacrebleu's
extraction for its default chrF++ settings that skips its per-call overhead (about 1.8×
faster; the counts are integers, so "the same" means identical). It is used only while
sacrebleu's settings are the ones it transcribes (:func:`fast_path_applies`); otherwise,
and in ``tests/score``, sacrebleu's ``_extract_corpus_statistics`` computes them, and the
tests prove the two equal on real and generated text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sacrebleu.metrics.chrf import CHRF

try:  # the C counting loop behind collections.Counter, without Counter's per-call overhead
    from collections import _count_elements  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - other Pythons
    def _count_elements(mapping: dict[Any, int], iterable: Iterable[Any]) -> None:
        for item in iterable:
            mapping[item] = mapping.get(item, 0) + 1

CHUNK = 2000  # pairs per call of sacrebleu's own extraction (the fallback path)
PUNCTS = frozenset('[]?.#!$(=\'%)*}@\\~>+_|&<,`;{-:^"/')  # sacrebleu CHRF._PUNCTS


def fast_path_applies(metric: CHRF) -> bool:
    """Whether :func:`pair_statistics` computes what ``metric`` would."""
    settings = (metric.char_order, metric.word_order, metric.beta, metric.lowercase, metric.whitespace, metric.eps_smoothing)
    return settings == (6, 2, 2, False, False, False) and frozenset(getattr(metric, "_PUNCTS", ())) == PUNCTS


def _words(sentence: str) -> list[str]:
    """sacrebleu's ``CHRF._remove_punctuation``: one punctuation mark split off a word's end or start."""
    out: list[str] = []
    for word in sentence.split():
        if len(word) == 1:
            out.append(word)
        elif word[-1] in PUNCTS:
            out += (word[:-1], word[-1])
        elif word[0] in PUNCTS:
            out += (word[0], word[1:])
        else:
            out.append(word)
    return out


def _counts(items: Iterable[Any]) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    _count_elements(counts, items)
    return counts


def _triple(hyp: dict[Any, int], ref: dict[Any, int], n_hyp: int, n_ref: int, out: list[int]) -> None:
    match = 0
    for gram in hyp.keys() & ref.keys():
        a, b = hyp[gram], ref[gram]
        match += a if a < b else b
    out += (n_hyp, n_ref, match)


def _char_grams(text: str) -> list[str]:
    """Every character 1- to 6-gram of ``text`` (one list: an n-gram's order is its length)."""
    size = len(text)
    return [text[i : i + n] for n in range(1, 7) for i in range(size - n + 1)]


def _char_statistics(h: str, r: str, out: list[int]) -> None:
    """The six character triples, counted in one pass a side (the orders told apart by length)."""
    if h == r:  # every n-gram matches: the common case of an exact prediction, without counting
        for n in range(1, 7):
            size = len(r) - n + 1
            out += (size, size, size) if size > 0 else (0, 0, 0)
        return
    match = [0] * 7
    if r and h:
        hyp, ref = _counts(_char_grams(h)), _counts(_char_grams(r))
        for gram in hyp.keys() & ref.keys():
            a, b = hyp[gram], ref[gram]
            match[len(gram)] += a if a < b else b
    for n in range(1, 7):
        n_hyp, n_ref = len(h) - n + 1, len(r) - n + 1
        if n_ref <= 0:
            out += (0, 0, 0)  # sacrebleu: no hits counted without a reference n-gram
        elif n_hyp <= 0:
            out += (0, n_ref, 0)
        else:
            out += (n_hyp, n_ref, match[n])


def pair_statistics(hypothesis: str, reference: str) -> list[int]:
    """[hyp, ref, match] counts for character 1–6-grams then word 1–2-grams, as sacrebleu's
    ``CHRF(word_order=2)._compute_segment_statistics`` gives them for one reference."""
    out: list[int] = []
    _char_statistics("".join(hypothesis.split()), "".join(reference.split()), out)
    hw, rw = _words(hypothesis), _words(reference)
    same = hw == rw
    for n in (1, 2):
        n_hyp, n_ref = len(hw) - n + 1, len(rw) - n + 1
        if n_ref <= 0:
            out += (0, 0, 0)
        elif n_hyp <= 0:
            out += (0, n_ref, 0)
        elif same:
            out += (n_ref, n_ref, n_ref)
        elif n == 1:
            _triple(_counts(hw), _counts(rw), n_hyp, n_ref, out)
        else:
            _triple(_counts([hw[i] + " " + hw[i + 1] for i in range(n_hyp)]), _counts([rw[i] + " " + rw[i + 1] for i in range(n_ref)]),
                    n_hyp, n_ref, out)
    return out


class StreamingChrf:
    """Add (hypothesis, reference) pairs; read the corpus score, groups' scores and each pair's score."""

    def __init__(self, fast: bool | None = None) -> None:
        self.metric = CHRF(word_order=2)
        self.fast = fast_path_applies(self.metric) if fast is None else fast
        self.totals: list[int] | None = None
        self.groups: dict[str, list[int]] = {}  # group name → summed statistics
        self.sentence: dict[int, float] = {}  # pair key → sentence chrF++ (when asked for)
        self._pending: list[tuple[str, str, int, tuple[str, ...]]] = []

    def add(self, hypothesis: str, reference: str, want_sentence: int | None = None, groups: tuple[str, ...] = ()) -> None:
        """Add one pair to the corpus statistics (and to those of each of ``groups``);
        ``want_sentence`` is a key under which the pair's own chrF++ is kept in :attr:`sentence`."""
        key = -1 if want_sentence is None else want_sentence
        if self.fast:
            self._take(pair_statistics(hypothesis, reference), key, groups)
            return
        self._pending.append((hypothesis, reference, key, groups))
        if len(self._pending) >= CHUNK:
            self._flush()

    def _take(self, row: list[int], key: int, groups: tuple[str, ...]) -> None:
        for summed in [self._total(len(row)), *(self.groups.setdefault(g, [0] * len(row)) for g in groups)]:
            for n, value in enumerate(row):
                summed[n] += value
        if key >= 0:
            self.sentence[key] = float(self.metric._compute_f_score(row))

    def _total(self, width: int) -> list[int]:
        if self.totals is None:
            self.totals = [0] * width
        return self.totals

    def _flush(self) -> None:
        if not self._pending:
            return
        stats = self.metric._extract_corpus_statistics([p[0] for p in self._pending], [[p[1] for p in self._pending]])
        for (_, _, key, groups), row in zip(self._pending, stats, strict=True):
            self._take(list(row), key, groups)
        self._pending = []

    def _score(self, stats: list[int] | None) -> float | None:
        self._flush()
        return None if stats is None else float(self.metric._compute_score_from_stats(stats).score)

    def corpus_score(self) -> float | None:
        """The corpus chrF++ (0–100, unrounded); ``None`` when no pair was added."""
        self._flush()
        return self._score(self.totals)

    def group_score(self, group: str) -> float | None:
        self._flush()
        return self._score(self.groups.get(group))

    def sentence_scores(self) -> dict[int, float]:
        self._flush()
        return self.sentence


def sentence_chrf(hypothesis: str, reference: str) -> float:
    """One pair's chrF++ exactly as ``CHRF(word_order=2).corpus_score([h], [[r]])``."""
    metric = CHRF(word_order=2)
    stats = metric._extract_corpus_statistics([hypothesis], [[reference]])[0]
    return float(metric._compute_f_score(stats))


__all__ = ["StreamingChrf", "fast_path_applies", "pair_statistics", "sentence_chrf"]
