"""Near-duplicate texts (DS109): MinHash sketches, LSH banding, exact verification.

**The similarity** of two texts is the Jaccard index of their *shingle sets*: the distinct
character trigrams of the normalised text (:func:`goldlint.textnorm.normalize_text`: case
folded, ASCII punctuation removed, whitespace collapsed) with one space added at each end,
so that a text of one letter still has a trigram and the first and last words weigh as the
others. ``|A ∩ B| / |A ∪ B|``: 1.0 for texts equal once normalised (DS101/DS102, never
reported here), about 0.8 for ``set an alarm for seven am`` and ``set an alarm for seven pm``.

**Finding the pairs** without comparing all of them: each distinct text gets a MinHash
signature of ``bands × rows`` values (the minimum of one hash function over its trigrams,
per function); the probability that two texts agree on one value is their similarity ``s``.
The signature is cut into ``bands`` bands of ``rows`` values and each band hashed: two texts
are a *candidate pair* when some band of theirs is equal, which happens with probability
``1 − (1 − s^rows)^bands``. :func:`banding` chooses the bands and rows for the threshold
``t``: with at most :data:`MAX_HASHES` hash functions, the pair of fewest candidates below ``t``
(the smallest area under that curve from 0 to ``t``) among those that find a pair at
exactly ``t`` with probability at least :data:`RECALL` (0.99); above ``t`` it is higher
still. For ``t = 0.9``: 18 bands of 14 rows; a pair at 0.9 is found with probability 0.991,
at 0.95 with 0.999994, one at 0.5 (a shared phrase) with 0.001 and unrelated texts (0.2)
with 3·10⁻⁹; for ``t = 0.8``, 26 bands of 8 rows (0.992 at 0.8, 0.9997 at 0.85). The work
past the sketches is the candidate pairs: the true ones, and unrelated pairs in the
proportion of that curve at their similarity — the lower the threshold, the more of them
(at ``t = 0.5`` a quarter of the pairs at 0.2). The hash functions are fixed (seeded): a run
finds the same pairs as the last.

**Verifying**: each candidate pair's similarity is computed exactly from the two texts
(read again for the candidates only), so a reported similarity is the true one — never an
estimate, and never a pair below the threshold. Memory per distinct text is its band keys
(``bands`` 64-bit words), not its text nor its signature. Signatures are computed with
numpy in batches (a hash function applied to every trigram of a batch at once): 200,000
texts of about 60 characters with the 252 functions of ``t = 0.9`` in about 5 s on the
benchmark's machine (12 s while it was busy with other work).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any

import numpy as np

MAX_HASHES = 256  # hash functions a signature may have (its cost is linear in them; see banding)
RECALL = 0.99  # the least probability that a pair at exactly the threshold is a candidate
BATCH = 20_000  # texts sketched at once (bounds the memory of the trigram arrays)
# Candidate pairs verified at most (about 100 MB and a few seconds a million): texts that are all
# alike (a template filled 100,000 times) would otherwise make candidates of most of their pairs.
MAX_CANDIDATES = 1_000_000
_SEED = 20261125
_MASK32 = np.uint64(0xFFFFFFFF)


def shingles(normal: str) -> set[str]:
    """The character trigrams of a normalised text with a space at each end."""
    padded = f" {normal} "
    return {padded[k : k + 3] for k in range(len(padded) - 2)}


def similarity(a: set[str], b: set[str]) -> float:
    """The Jaccard index of two shingle sets."""
    common = len(a & b)
    return common / (len(a) + len(b) - common)


def found_with(s: float, bands: int, rows: int) -> float:
    """The probability that two texts of similarity ``s`` become a candidate pair."""
    return float(1.0 - (1.0 - s**rows) ** bands)


def banding(threshold: float) -> tuple[int, int]:
    """(bands, rows) for ``threshold`` (see the module's documentation)."""
    steps = 200
    best: tuple[float, int, int] | None = None
    for rows in range(1, MAX_HASHES + 1):
        # the fewest bands that reach RECALL at the threshold: more only add candidates below it
        bands = next((b for b in range(1, MAX_HASHES // rows + 1) if found_with(threshold, b, rows) >= RECALL), None)
        if bands is None:
            continue
        below = sum(found_with(threshold * (k + 0.5) / steps, bands, rows) for k in range(steps)) * threshold / steps
        if best is None or below < best[0]:
            best = (below, bands, rows)
    return (best[1], best[2]) if best is not None else (MAX_HASHES, 1)  # (a threshold so low no banding reaches RECALL)


class Sketcher:
    """Band keys of normalised texts, added one by one and sketched in batches of :data:`BATCH`."""

    def __init__(self, threshold: float) -> None:
        self.bands, self.rows = banding(threshold)
        hashes = self.bands * self.rows
        rng = np.random.default_rng(_SEED)
        # multiply-shift hashing of 63-bit trigram codes: (a·x + b mod 2^64) >> 32, a odd
        self._a = rng.integers(1, 2**63, size=hashes, dtype=np.uint64) | np.uint64(1)
        self._b = rng.integers(0, 2**63, size=hashes, dtype=np.uint64)
        self._mix = rng.integers(1, 2**63, size=self.rows, dtype=np.uint64) | np.uint64(1)  # a band's values into one key
        self._pending: list[str] = []
        self._done: list[Any] = []
        self.count = 0  # texts added
        self.trigrams = 0  # trigrams hashed so far (the work: each is hashed bands × rows times)

    def add(self, normal: str) -> int:
        """Sketch ``normal`` (a normalised text); its number, counted from 0."""
        self._pending.append(normal)
        if len(self._pending) >= BATCH:
            self._flush()
        self.count += 1
        return self.count - 1

    def keys(self) -> Any:
        """Every text's band keys: an array of (texts, bands) 64-bit keys."""
        self._flush()
        return np.concatenate(self._done) if self._done else np.zeros((0, self.bands), dtype=np.uint64)

    def _flush(self) -> None:
        if self._pending:
            self._done.append(self._band_keys(self._signatures(self._pending)))
            self._pending = []

    def _signatures(self, texts: list[str]) -> Any:
        padded = [f" {t} " for t in texts]
        lengths = np.fromiter(map(len, padded), dtype=np.int64, count=len(padded))
        # (surrogatepass: a lone surrogate, as a file's undecodable bytes may leave, is a code point too)
        codes = np.frombuffer("".join(padded).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.uint64)
        # a trigram as one 63-bit number (a code point has 21 bits): equal trigrams, equal numbers
        grams = (codes[:-2] << np.uint64(42)) | (codes[1:-1] << np.uint64(21)) | codes[2:]
        text_of = np.repeat(np.arange(len(texts)), lengths)
        grams = _mixed(grams[text_of[:-2] == text_of[2:]])  # (not the trigrams across two texts)
        counts = lengths - 2  # every padded text has at least one trigram
        first = np.concatenate(([0], np.cumsum(counts)[:-1]))
        self.trigrams += len(grams)
        out = np.empty((len(texts), len(self._a)), dtype=np.uint64)
        hashed = np.empty_like(grams)
        for j in range(len(self._a)):
            np.multiply(grams, self._a[j], out=hashed)
            hashed += self._b[j]
            hashed >>= np.uint64(32)
            out[:, j] = np.minimum.reduceat(hashed, first)
        return out

    def _band_keys(self, signatures: Any) -> Any:
        keys = np.zeros((len(signatures), self.bands), dtype=np.uint64)
        for band in range(self.bands):
            for k in range(self.rows):
                keys[:, band] += signatures[:, band * self.rows + k] * self._mix[k]
        return keys


def _mixed(x: Any) -> Any:
    """splitmix64's finaliser: every bit of a trigram's code moves every bit of the result. A
    multiply-shift hash keeps only the high half of a product, to which the low bits of its key
    (the last letter) contribute more than the high ones (the first): mixed first, every letter
    counts alike, once per trigram rather than once per hash function."""
    x = x ^ (x >> np.uint64(30))
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def candidates(keys: Any, groups: Iterable[int]) -> Iterator[tuple[int, int]]:
    """The pairs of texts (numbers, the smaller first, each pair once) of one group that share a
    band key: a sort per band, and the pairs within each run of equal keys."""
    group = np.fromiter(groups, dtype=np.uint64, count=len(keys))
    seen: set[int] = set()  # (a pair as one number: half the memory of a tuple)
    count = len(keys)
    for band in range(keys.shape[1]):
        order = np.lexsort((keys[:, band], group))
        key, grp = keys[order, band], group[order]
        same = (key[1:] == key[:-1]) & (grp[1:] == grp[:-1])
        if not same.any():
            continue
        # runs of equal (group, key): where `same` starts and stops being true
        edges = np.flatnonzero(np.diff(np.concatenate(([0], same.astype(np.int8), [0]))))
        for start, stop in zip(edges[::2], edges[1::2], strict=True):
            members = sorted(order[start : stop + 1].tolist())
            for x, y in combinations(members, 2):
                if x * count + y not in seen:
                    seen.add(x * count + y)
                    yield x, y
