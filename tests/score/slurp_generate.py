"""Random SLURP gold/prediction pairs, deterministic by seed, for the evaluate.py parity test.

``python -m tests.score.slurp_generate OUT_DIR`` writes ``NNN.gold.jsonl`` and ``NNN.pred.jsonl``
(and ``NNN.load-gold`` when the predictions are keyed by ``slurp_id``); SLURP's evaluator is
run on each pair once, outside the repository, micro and macro, and its numbers are
committed (``tests/data/score/slurp/PROVENANCE.md``). The test rebuilds every case from the seed.

The cases mix what real predictions hold (a wrong scenario or action, an entity of another
type, a filler one word or one letter off, upper case, the gold's `'s` unsplit) with what the
evaluator reads in its own way: several entities of one type (the closest is taken, the first
on a tie), an empty filler, an entity with an extra key, a `slurp_id` written as a number,
duplicate and unknown predictions, recordings predicted one by one or not at all.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

SEED = 21
CASES = 250
SCENARIOS = {"alarm": ["set", "query", "remove"], "weather": ["query"], "play": ["music", "radio"], "calendar": ["set", "query"]}
TYPES = ["time", "date", "place_name", "person", "song_name"]
WORDS = ["wake", "me", "at", "five", "am", "play", "jessica", "'s", "song", "in", "new", "york", "friday", "the", "alarm"]


def gold_record(rng: random.Random, sid: int) -> dict[str, Any]:
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 9))]
    tokens = [{"surface": w.capitalize() if rng.random() < 0.1 else w, "id": i, "lemma": w, "pos": "NN"} for i, w in enumerate(words)]
    entities, at = [], 0
    while at < len(words) and rng.random() < 0.6:
        start = rng.randrange(at, len(words))
        end = min(len(words), start + rng.choice([1, 1, 2, 3]))
        entities.append({"span": list(range(start, end)), "type": rng.choice(TYPES[:3] if rng.random() < 0.5 else TYPES)})
        at = end
    scenario = rng.choice(list(SCENARIOS))
    action = rng.choice(SCENARIOS[scenario])
    recordings = [{"file": f"audio-{sid}-{k}.flac", "wer": 0.0, "ent_wer": None, "status": "correct"} for k in range(rng.randint(1, 3))]
    sentence = " ".join(words)
    return {"slurp_id": sid, "sentence": sentence, "sentence_annotation": sentence, "intent": f"{scenario}_{action}", "action": action,
            "tokens": tokens, "scenario": scenario, "recordings": recordings, "entities": entities}


def _filler(rng: random.Random, gold: str) -> str:
    r = rng.random()
    if r < 0.5:
        return gold
    if r < 0.6:
        return gold.upper()
    if r < 0.7:
        return gold.replace(" 's", "'s") if " 's" in gold else gold + " extra"
    if r < 0.8 and gold:
        k = rng.randrange(len(gold))
        return gold[:k] + gold[k + 1 :]  # a letter missing
    if r < 0.88:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
    if r < 0.93:
        return ""
    if r < 0.96:
        return gold.replace(" ", "\t", 1) + "\nx"  # one tab or line break between words: not a word boundary for jiwer 2.0
    return "  " + gold + "   x "


def prediction(rng: random.Random, gold: dict[str, Any]) -> dict[str, Any]:
    scenario, action = gold["scenario"], gold["action"]
    if rng.random() < 0.2:
        scenario = rng.choice(list(SCENARIOS))
    if rng.random() < 0.2:
        action = rng.choice(SCENARIOS[scenario] + ["query"])
    entities = []
    for e in gold["entities"]:
        if rng.random() < 0.15:
            continue
        filler = " ".join(gold["tokens"][i]["surface"].lower() for i in e["span"])
        entity: dict[str, Any] = {"type": e["type"] if rng.random() < 0.85 else rng.choice(TYPES), "filler": _filler(rng, filler)}
        if rng.random() < 0.05:
            entity["span"] = e["span"]  # an extra key
        entities.append(entity)
    if rng.random() < 0.2:
        entities.append({"type": rng.choice(TYPES), "filler": rng.choice(WORDS)})
    rng.shuffle(entities) if rng.random() < 0.2 else None
    return {"scenario": scenario, "action": action, "entities": entities}


def case(rng: random.Random) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
    by_id = rng.random() < 0.5
    golds = [gold_record(rng, sid) for sid in rng.sample(range(1000, 9999), rng.randint(1, 8))]
    preds = []
    for g in golds:
        keys: list[tuple[str, Any]] = [("slurp_id", str(g["slurp_id"]))] if by_id else [("file", r["file"]) for r in g["recordings"]]
        for name, key in keys:
            if rng.random() < 0.08:
                continue  # not predicted
            if name == "slurp_id" and rng.random() < 0.05:
                key = int(key)  # written as a number: never paired by the evaluator
            preds.append({name: key, **prediction(rng, g)})
            if rng.random() < 0.04:
                preds.append({name: key, **prediction(rng, g)})  # a duplicate: the last one wins
    if rng.random() < 0.1:
        preds.append({("slurp_id" if by_id else "file"): "unknown-1", "scenario": "alarm", "action": "set", "entities": []})
    return golds, preds, by_id


def generate(seed: int = SEED, count: int = CASES) -> list[tuple[str, str, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        golds, preds, by_id = case(rng)
        out.append(("".join(json.dumps(g) + "\n" for g in golds), "".join(json.dumps(p) + "\n" for p in preds), by_id))
    return out


def fingerprint(gold: str, pred: str) -> str:
    return hashlib.sha256((gold + "\x00" + pred).encode("utf-8")).hexdigest()[:16]


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for n, (gold, pred, by_id) in enumerate(generate()):
        (folder / f"{n:03d}.gold.jsonl").write_text(gold, encoding="utf-8")
        (folder / f"{n:03d}.pred.jsonl").write_text(pred, encoding="utf-8")
        if by_id:
            (folder / f"{n:03d}.load-gold").write_text("", encoding="utf-8")
