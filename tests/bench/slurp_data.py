"""Deterministic `slurp` files: SLURP's JSONL records (``dataset/slurp/test.jsonl`` shaped),
one record an entry (~1.1 KB, as the real test split's 3.2 MB for 2,974 records).

Each record is built from a template of SLURP's own intents and entity types: ``sentence``,
``sentence_annotation`` with its ``[type : words]`` brackets, ``intent`` = scenario_action,
``tokens`` (surface, id, lemma, pos), one to eight ``recordings`` (``ent_wer`` null for
some, as 4,842 of the test split's have it) and ``entities`` as token spans, all agreeing.
The folder's ``goldlint.yaml`` (``CONFIG``) gives the inventory as lists and makes each
file stand alone (the folder holds unrelated copies with the same ids, not the splits of
one dataset). With ``defective=True`` every 100th record carries one defect, cycling
through ``DEFECTS``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

SEED = 20261125
DEFECTS = (
    "ent-wer-text",  # SLP101
    "bracket-colon",  # SLP102
    "annotation-word",  # SLP103
    "intent-action",  # SLP104
    "token-surface",  # SLP105
    "token-ids",  # SLP106
    "entity-span",  # SLP107
    "duplicate-id",  # SLP108
    "intent-outside",  # SLP109
    "entity-type",  # SLP110
)
# (scenario, action, the utterance: words, and {slot} for an entity of that type)
TEMPLATES = [
    ("alarm", "set", "wake me up at {time} {date}"),
    ("weather", "query", "what is the weather like {date} in {place_name}"),
    ("play", "music", "play some {music_genre} by {artist_name}"),
    ("calendar", "set", "remind me about the {event_name} {date} at {time}"),
    ("email", "sendemail", "send an email to {person} about the {event_name}"),
    ("qa", "factoid", "how tall is the tallest mountain in the world"),
    ("iot", "hue_lightoff", "turn off the lights in the {house_place}"),
    ("transport", "query", "when is the next {transport_type} to {place_name}"),
]
FILL = {
    "time": ["five am", "seven thirty", "noon", "six pm"],
    "date": ["tomorrow", "on friday", "next week", "today"],
    "place_name": ["new york", "london", "osaka", "bern"],
    "music_genre": ["jazz", "rock", "classical music"],
    "artist_name": ["daft punk", "nina simone", "kino"],
    "event_name": ["meeting", "dentist appointment", "team lunch"],
    "person": ["jessica", "mom", "john smith"],
    "house_place": ["kitchen", "bedroom", "living room"],
    "transport_type": ["train", "bus", "taxi"],
}
INTENTS = sorted({f"{s}_{a}" for s, a, _ in TEMPLATES})
ENTITY_TYPES = sorted(FILL)
CONFIG = ("slurp:\n  folder-dataset: false\n"
          f"  intents: [{', '.join(INTENTS)}]\n  entity-types: [{', '.join(ENTITY_TYPES)}]\n")
POS = {"the": "DT", "a": "DT", "an": "DT", "in": "IN", "at": "IN", "to": "IN", "by": "IN", "about": "IN", "on": "IN"}


def record(n: int, rng: random.Random) -> dict[str, Any]:
    """The clean record ``n``."""
    scenario, action, pattern = TEMPLATES[n % len(TEMPLATES)]
    words: list[str] = []
    annotation: list[str] = []
    entities: list[dict[str, Any]] = []
    for part in pattern.split():
        if part.startswith("{"):
            kind = part[1:-1]
            filler = rng.choice(FILL[kind]).split()
            entities.append({"span": list(range(len(words), len(words) + len(filler))), "type": kind})
            annotation.append(f"[{kind} : {' '.join(filler)}]")
            words += filler
        else:
            annotation.append(part)
            words.append(part)
    tokens = [{"surface": w, "id": i, "lemma": w, "pos": POS.get(w, "NN")} for i, w in enumerate(words)]
    stamp = 1490000000 + n * 37
    recordings = []
    for k in range(rng.randint(1, 8)):
        wer = rng.choice([0.0, 0.0, 0.0, 0.2, 0.25, 0.5])
        recordings.append({"file": f"audio-{stamp + k}{'-headset' if k % 2 else ''}.flac", "wer": wer,
                           "ent_wer": None if rng.random() < 0.3 else (0.0 if wer == 0.0 else 1.0), "status": "correct"})
    return {"slurp_id": n, "sentence": " ".join(words), "sentence_annotation": " ".join(annotation), "intent": f"{scenario}_{action}",
            "action": action, "tokens": tokens, "scenario": scenario, "recordings": recordings, "entities": entities}


def spoil(value: dict[str, Any], defect: str) -> None:
    """One defect in a clean record (each of one rule)."""
    if defect == "ent-wer-text":
        value["recordings"][0]["ent_wer"] = "0.0"
    elif defect == "bracket-colon":
        value["sentence_annotation"] = value["sentence_annotation"].replace(" : ", " ", 1) if value["entities"] else value["sentence_annotation"] + " ]"
    elif defect == "annotation-word":
        value["sentence_annotation"] = "x" + value["sentence_annotation"]  # (every template starts with a plain word)
    elif defect == "intent-action":
        value["intent"] = value["action"]
    elif defect == "token-surface":
        value["tokens"][0]["surface"] += "x"
    elif defect == "token-ids":
        value["tokens"][-1]["id"] += 1
    elif defect == "entity-span":
        if value["entities"]:
            value["entities"][0]["span"] = [n + 1 for n in value["entities"][0]["span"]]
        else:
            value["entities"].append({"span": [0], "type": "date"})
    elif defect == "duplicate-id":
        value["slurp_id"] -= 1
    elif defect == "intent-outside":
        value["action"] += "s"
        value["intent"] = f"{value['scenario']}_{value['action']}"
    elif defect == "entity-type":
        if value["entities"]:
            kind = value["entities"][0]["type"]
            value["entities"][0]["type"] = kind + "s"
            value["sentence_annotation"] = value["sentence_annotation"].replace(f"[{kind} :", f"[{kind}s :", 1)
        else:
            value["recordings"][0]["ent_wer"] = "0.0"  # (no entity to misname: the shape defect instead)


def write(path: Path, records: int, defective: bool = False) -> None:
    rng = random.Random(SEED)
    with path.open("w", encoding="utf-8") as out:
        for n in range(1, records + 1):
            value = record(n, rng)
            if defective and n % 100 == 0:
                spoil(value, DEFECTS[(n // 100) % len(DEFECTS)])
            out.write(json.dumps(value, ensure_ascii=False) + "\n")
