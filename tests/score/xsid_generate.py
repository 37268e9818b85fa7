"""Random xSID gold/prediction file pairs, deterministic by seed, for the nluEval parity test.

``python -m tests.score.xsid_generate OUT_DIR`` writes ``NNN.gold.conll`` and ``NNN.pred.conll``
for every case; xSID's ``scripts/nluEval.py`` is then run on each pair once, outside the
repository, and its printed numbers are committed as the expected values
(``tests/data/score/xsid/PROVENANCE.md``). The test rebuilds every case from the seed.

The cases mix what real files hold (both comment dialects, `# slots:` lines, predictions
one tag or one intent off) with what nluEval reads in its own way: spans that end at the
sentence's end, `I-` tags without `B-`, a label switch inside a span, extra or missing blank
lines, a missing `# intent: ` line, CRLF line breaks, a comment with a tab in it.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

SEED = 21
CASES = 300
INTENTS = ["alarm/set_alarm", "weather/find", "reminder/show_reminders", "PlayMusic"]
LABELS = ["datetime", "reference", "location", "artist"]
WORDS = ["wake", "me", "at", "7", "am", "show", "all", "reminders", "in", "Berlin", "play", "Kino"]


def _tags(rng: random.Random, n: int) -> list[str]:
    tags: list[str] = []
    while len(tags) < n:
        r = rng.random()
        if r < 0.5:
            tags.append("O")
            continue
        label = rng.choice(LABELS)
        tags.append(f"B-{label}")
        for _ in range(rng.choice([0, 0, 1, 2])):
            if len(tags) < n:
                tags.append(f"I-{label}" if rng.random() < 0.9 else f"I-{rng.choice(LABELS)}")
    if rng.random() < 0.1 and tags:
        tags[rng.randrange(len(tags))] = f"I-{rng.choice(LABELS)}"  # an I- with no B- before it, maybe
    return tags


def _predicted(rng: random.Random, tags: list[str]) -> list[str]:
    out = list(tags)
    r = rng.random()
    if r < 0.35 or not out:
        return out
    i = rng.randrange(len(out))
    if r < 0.5:
        out[-1] = "O" if out[-1] != "O" else f"I-{rng.choice(LABELS)}"  # the end-of-sentence quirk
    elif r < 0.6:
        out[i] = "O"
    elif r < 0.7:
        out[i] = f"B-{rng.choice(LABELS)}"
    elif r < 0.8 and out[i].startswith("B-"):
        out[i] = "I-" + out[i][2:]
    elif r < 0.9:
        out = _tags(rng, len(out))
    else:
        out[i] = f"I-{rng.choice(LABELS)}"
    return out


def _sentence(rng: random.Random, n: int, dialect: str, intent: str | None, tags: list[str], token_intent: str) -> str:
    words = [rng.choice(WORDS) for _ in tags]
    lines = [f"# text {dialect} {' '.join(words)}" if dialect == "=" else f"# text: {' '.join(words)}"]
    if intent is not None:
        lines.append(f"# intent {dialect} {intent}" if dialect == "=" else f"# intent: {intent}")
    if rng.random() < 0.03:
        lines.append("# note\twith a tab")  # nluEval reads a comment with a tab as a token line
    lines += [f"{k}\t{w}\t{token_intent}\t{t}" for k, (w, t) in enumerate(zip(words, tags, strict=True), 1)]
    return "\n".join(lines) + "\n"


def _file(rng: random.Random, sentences: list[str]) -> str:
    text = "\n".join(sentences)  # one blank line between sentences ...
    r = rng.random()
    if r < 0.75:
        text += "\n"  # ... and after the last one
    elif r < 0.85:
        text += "\n\n"  # two after the last one
    elif r < 0.9 and len(sentences) > 1:
        first, _, rest = text.partition("\n\n")
        text = first + "\n\n\n" + rest + "\n"  # an extra blank line between two
    if rng.random() < 0.05:
        text = "\n" + text
    if rng.random() < 0.05:
        text = text.replace("\n", "\r\n")
    return text


def case(rng: random.Random) -> tuple[str, str]:
    count = rng.choice([1, 2, 3, 4, 6])
    gold_dialect = rng.choice([":", ":", "="])
    pred_dialect = ":" if rng.random() < 0.85 else "="
    gold, pred = [], []
    for _ in range(count):
        n = rng.randint(1, 7)
        tags = _tags(rng, n)
        intent = rng.choice(INTENTS)
        said = intent if rng.random() < 0.97 else None
        dialect = gold_dialect if rng.random() < 0.95 else rng.choice([":", "="])
        gold.append(_sentence(rng, n, dialect, said, tags, intent))
        guessed = intent if rng.random() < 0.7 else rng.choice(INTENTS)
        # A model's output: its `# intent` comment holds the prediction, the token column the input's (gold) intent.
        pred.append(_sentence(rng, n, pred_dialect, guessed if rng.random() < 0.98 else None, _predicted(rng, tags), intent))
    return _file(rng, gold), _file(rng, pred)


def generate(seed: int = SEED, count: int = CASES) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [case(rng) for _ in range(count)]


def fingerprint(gold: str, pred: str) -> str:
    return hashlib.sha256((gold + "\x00" + pred).encode("utf-8")).hexdigest()[:16]


def predictions_for(gold: str, seed: int = SEED, dialect: str = ":") -> str:
    """A model's output for a real gold file, as a tagger writes it: the gold's comments with
    the predicted intent in `# intent` (written in ``dialect``), the token lines' intent cell
    the gold's, and predicted tags: about one sentence in six with another intent, one in four
    with a slot dropped, cut short at its end, widened, or relabelled."""
    rng = random.Random(seed)
    out = []
    for block in gold.rstrip("\n").split("\n\n"):
        lines = block.split("\n")
        comments = [line for line in lines if line.startswith("#")]
        tokens = [line.split("\t") for line in lines if not line.startswith("#")]
        tags = [t[3] for t in tokens]
        r = rng.random()
        starts = [i for i, tag in enumerate(tags) if tag.startswith("B-")]
        if r < 0.25 and starts:
            i = rng.choice(starts)
            end = i + 1
            while end < len(tags) and tags[end] == "I-" + tags[i][2:]:
                end += 1
            how = rng.random()
            if how < 0.3:
                tags[i:end] = ["O"] * (end - i)  # dropped
            elif how < 0.55 and end - i > 1:
                tags[end - 1] = "O"  # cut short at its end
            elif how < 0.8 and end < len(tags) and tags[end] == "O":
                tags[end] = "I-" + tags[i][2:]  # one token wider
            else:
                tags[i] = "B-" + rng.choice([x for x in LABELS if x != tags[i][2:]])  # relabelled (its I- tags now follow another label)
        for n, line in enumerate(comments):
            if line.startswith(("# intent", "#intent")):
                intent = line.split("=", 1)[1].strip() if "=" in line.split(":", 1)[0] else line.split(":", 1)[1].strip()
                if rng.random() < 0.15:
                    intent = rng.choice([i for i in INTENTS if i != intent])
                comments[n] = f"# intent: {intent}" if dialect == ":" else f"# intent = {intent}"
        out.append("\n".join(comments + ["\t".join(t[:3] + [tag]) for t, tag in zip(tokens, tags, strict=True)]))
    return "\n\n".join(out) + "\n\n"


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for n, (gold, pred) in enumerate(generate()):
        (out / f"{n:03d}.gold.conll").write_bytes(gold.encode("utf-8"))
        (out / f"{n:03d}.pred.conll").write_bytes(pred.encode("utf-8"))
