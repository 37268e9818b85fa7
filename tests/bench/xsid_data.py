"""Deterministic `xsid` files: xSID's CoNLL format, English with `# slots:` (every check runs),
one sentence an entry (~10 lines, ~400 bytes).

Sentences are built from templates of xSID's own intents and slot labels, with `# id`,
`# text`, `# intent`, `# slots:` agreeing with the BIO tags. With ``defective=True`` every
100th sentence carries one defect, cycling through ``DEFECTS``.
"""

from __future__ import annotations

import random
from pathlib import Path

SEED = 20261125
DEFECTS = (
    "space-for-tab",  # XSD101
    "numbering",  # XSD102
    "i-after-o",  # XSD103
    "word-differs",  # XSD105
    "intent-typo",  # XSD106
    "label-typo",  # XSD107
    "token-intent",  # XSD108
    "slots-disagree",  # XSD110
    "duplicate-id",  # XSD113
    "extra-blank-line",  # XSD114
)
# (intent, words with their slot label or None)
TEMPLATES = [
    ("alarm/set_alarm", [("wake", None), ("me", None), ("up", None), ("at", None), ("{time}", "datetime")]),
    ("weather/find", [("will", None), ("it", None), ("rain", "weather/attribute"), ("in", None), ("{city}", "location"),
                      ("{day}", "datetime")]),
    ("reminder/set_reminder", [("remind", None), ("me", None), ("to", None), ("{todo}", "reminder/todo"), ("{day}", "datetime")]),
    ("reminder/show_reminders", [("show", None), ("all", "reference"), ("my", None), ("reminders", None)]),
    ("PlayMusic", [("play", None), ("something", None), ("by", None), ("{artist}", "artist")]),
    ("alarm/cancel_alarm", [("cancel", None), ("the", None), ("alarm", None), ("for", None), ("{time}", "datetime")]),
]
FILL = {
    "{time}": ["7 am", "six thirty", "noon", "5 pm tomorrow"],
    "{city}": ["Berlin", "New York", "Osaka", "Bern"],
    "{day}": ["today", "on Friday", "next week", "tomorrow morning"],
    "{todo}": ["call mom", "buy milk", "water the plants"],
    "{artist}": ["Kino", "Daft Punk", "Nina Simone"],
}


def sentence(n: int, rng: random.Random) -> tuple[str, str, list[tuple[str, str]]]:
    """(text, intent, [(word, tag)]) of sentence ``n``."""
    intent, parts = TEMPLATES[n % len(TEMPLATES)]
    tokens: list[tuple[str, str]] = []
    for word, label in parts:
        words = rng.choice(FILL[word]).split() if word in FILL else [word]
        for k, w in enumerate(words):
            tokens.append((w, "O" if label is None else ("B-" if k == 0 else "I-") + label))
    return " ".join(w for w, _ in tokens), intent, tokens


def _slots(text: str, tokens: list[tuple[str, str]]) -> str:
    entries, at, current = [], 0, None
    for word, tag in tokens:
        start = text.index(word, at)
        at = start + len(word)
        if tag.startswith("B-"):
            if current:
                entries.append(current)
            current = [start, at, tag[2:]]
        elif tag.startswith("I-") and current:
            current[1] = at
        else:
            if current:
                entries.append(current)
            current = None
    if current:
        entries.append(current)
    return ",".join(f"{a}:{b}:{label}" for a, b, label in entries)


def block(n: int, rng: random.Random, defect: str | None) -> str:
    text, intent, tokens = sentence(n, rng)
    slots = _slots(text, tokens)
    ident = n if defect != "duplicate-id" else n - 1
    if defect == "intent-typo":
        intent = intent[:-1] + intent[-1] * 2
    if defect == "slots-disagree":
        slots = slots.split(",", 1)[1] if "," in slots else ""  # the first slot left out of the comment
    lines = [f"# id = {ident}", f"# text = {text}", f"# intent = {intent}", f"# slots: {slots}"]
    for k, (word, tag) in enumerate(tokens, 1):
        cells = [str(k), word, intent, tag]
        if k == 2:
            if defect == "numbering":
                cells[0] = "3"
            elif defect == "word-differs":
                cells[1] = word + "x"
            elif defect == "token-intent":
                cells[2] = "weather/find" if intent != "weather/find" else "PlayMusic"
            elif defect == "space-for-tab":
                cells = [cells[0] + " " + cells[1], *cells[2:]]
        if defect == "i-after-o" and tag.startswith("B-") and k > 1 and tokens[k - 2][1] == "O":
            cells[3] = "I-" + tag[2:]
            defect = None
        if defect == "label-typo" and tag.startswith("B-"):
            cells[3] = tag + "x"
            defect = None
        lines.append("\t".join(cells))
    return "\n".join(lines) + "\n\n" + ("\n" if defect == "extra-blank-line" else "")


def write(path: Path, records: int, defective: bool = False) -> None:
    rng = random.Random(SEED)
    with path.open("w", encoding="utf-8") as out:
        for n in range(1, records + 1):
            defect = DEFECTS[(n // 100) % len(DEFECTS)] if defective and n % 100 == 0 else None
            out.write(block(n, rng, defect))
