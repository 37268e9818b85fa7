"""Near-duplicates across splits (DS109): a test and a validation split of N sentences each.

The dataset is a folder of two xSID CoNLL files, ``en.test.conll`` and ``en.valid.conll``,
of N sentences each (10k, 100k): random sentences of 5 to 14 words drawn from a vocabulary
of 30,000 made-up words with a Zipf-like head (the common words shared by many sentences,
as in real text). Every 100th test sentence has a variant planted at the same place of the
validation split: a letter changed (similarity about 0.9), a word replaced, a word added or
two words replaced (0.6 to 0.85). ``expected.json`` beside them counts, from the exact
similarity of each planted pair, the pairs (test line, validation line) a threshold must
report. Other pairs above it are rare but possible (two random sentences of common words)
and counted apart: every similarity reported is exact, so they are near-duplicates too.

Cases:

- ``near-0.9`` / ``near-0.8``: :func:`goldlint.dataset.check.check_dataset` in process with
  only DS109 selected, at that threshold (the files read, sketched, candidates verified on
  their texts, findings placed): the findings against the planted pairs;
- ``exact``: the same with DS101-DS104 only (the pass DS109 comes on top of);
- ``goldlint-cli-near-0.9``: ``python -m goldlint check --quiet --select DS109
  --near-duplicates 0.9 FOLDER``, the whole command (start-up, the per-file checks).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.bench.registry import SCALES, Case, Dataset, case, dataset, source_version

SEED = 22
VOCABULARY = 30_000
PLANT_EVERY = 100
THRESHOLDS = (0.9, 0.8)
_FUNCTION_WORDS = "the a to of and in is it for on me my what set show play at this be can you please".split()
_SYLLABLES = [c + v for c in "bdfghklmnprstvwz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]


def _vocabulary(rng: random.Random) -> list[str]:
    words = {"".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 4))) for _ in range(VOCABULARY * 2)}
    return sorted(words)[:VOCABULARY]


def _word(rng: random.Random, words: list[str]) -> str:
    if rng.random() < 0.3:
        return rng.choice(_FUNCTION_WORDS)
    return words[int(len(words) ** rng.random()) - 1]  # (log-uniform: a few words common, most rare)


def _sentence(rng: random.Random, words: list[str]) -> list[str]:
    return [_word(rng, words) for _ in range(rng.randint(5, 14))]


def _variant(sentence: list[str], rng: random.Random, words: list[str], how: int) -> list[str]:
    out = list(sentence)
    k = rng.randrange(len(out))
    if how == 0:  # a letter
        out[k] = out[k][:-1] + ("x" if out[k][-1] != "x" else "y")
    elif how == 1:  # a word replaced
        out[k] = _word(rng, words)
    elif how == 2:  # a word added
        out.insert(k, _word(rng, words))
    else:  # two words replaced
        out[k] = _word(rng, words)
        out[rng.randrange(len(out))] = _word(rng, words)
    return out


def _conll(sentences: list[list[str]]) -> str:
    out = []
    for words in sentences:
        rows = "".join(f"{n}\t{w}\tx\tO\n" for n, w in enumerate(words, 1))
        out.append(f"# text = {' '.join(words)}\n# intent = x\n{rows}\n")
    return "".join(out)


def _lines(sentences: list[list[str]]) -> list[int]:
    """The line of each sentence's `# text` in :func:`_conll`'s text."""
    out, line = [], 1
    for words in sentences:
        out.append(line)
        line += len(words) + 3
    return out


def write(folder: Path, records: int) -> None:
    from goldlint.dataset.near import shingles, similarity

    rng = random.Random(SEED)
    words = _vocabulary(rng)
    test = [_sentence(rng, words) for _ in range(records)]
    valid = [_sentence(rng, words) for _ in range(records)]
    planted = []
    for k in range(0, records, PLANT_EVERY):
        valid[k] = _variant(test[k], rng, words, (k // PLANT_EVERY) % 4)
        planted.append(similarity(shingles(" ".join(test[k])), shingles(" ".join(valid[k]))))
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "en.test.conll").write_text(_conll(test), encoding="utf-8")
    (tmp / "en.valid.conll").write_text(_conll(valid), encoding="utf-8")
    lines = [_lines(test), _lines(valid)]
    expected = {str(t): [[lines[0][k], lines[1][k]] for k, s in zip(range(0, records, PLANT_EVERY), planted, strict=True) if t <= s < 1]
                for t in THRESHOLDS}
    (tmp / "expected.json").write_text(json.dumps({"planted": len(planted), "reported_at": expected}) + "\n", encoding="utf-8")
    tmp.replace(folder)


# -- what the child processes run (one path: the dataset folder) -------------------------

def _check(folder: str, codes: tuple[str, ...], threshold: float | None) -> dict[str, Any]:
    from collections import Counter

    from goldlint import config
    from goldlint.dataset.check import check_members
    from goldlint.dataset.splits import assigned

    files = [Path(folder) / "en.test.conll", Path(folder) / "en.valid.conll"]
    members = [(path, assigned(path, config.for_file(path))[1]) for path in files]
    found = check_members("xsid", members, lambda path, code: code in codes, config.for_file, lambda path: threshold)
    expected = json.loads((Path(folder) / "expected.json").read_text(encoding="utf-8"))
    out: dict[str, Any] = {"diagnostics": len(found), "codes": dict(Counter(d.code for d in found))}
    if threshold is not None:
        pairs = {(d.span.start.line, r.span.start.line) for d in found for r in d.related}
        planted = {(a, b) for a, b in expected["reported_at"][str(threshold)]}
        out.update(planted=expected["planted"], expected=len(planted), found=len(planted & pairs),
                   others=len({a for a, _ in pairs} - {a for a, _ in planted}))
    return out


def near_09(folder: str) -> dict[str, Any]:
    return _check(folder, ("DS109",), 0.9)


def near_08(folder: str) -> dict[str, Any]:
    return _check(folder, ("DS109",), 0.8)


def exact(folder: str) -> dict[str, Any]:
    return _check(folder, ("DS101", "DS102", "DS103", "DS104"), None)


def register(scales: list[str]) -> None:
    version = source_version("tests.bench.near_cases")
    for scale in scales:
        if scale not in ("10k", "100k"):
            continue
        records = SCALES[scale]
        name = f"near-xsid-{scale}"
        dataset(Dataset(name, "near", "", "tests.bench.near_cases:write", (("records", records),), records, scale, version,
                        f"two splits of {records:,} sentences, a near-duplicate planted every {PLANT_EVERY}", "near", "folder"))
        tags = frozenset({"near", scale})
        case(Case(name, "exact", "python", "tests.bench.near_cases:exact", tags=tags))
        case(Case(name, "near-0.9", "python", "tests.bench.near_cases:near_09", baseline="exact", tags=tags))
        case(Case(name, "near-0.8", "python", "tests.bench.near_cases:near_08", baseline="exact", tags=tags))
        case(Case(name, "goldlint-cli-near-0.9", "command",
                  argv=("{python}", "-m", "goldlint", "check", "--quiet", "--select", "DS109", "--near-duplicates", "0.9", "{path}"),
                  tags=tags))
