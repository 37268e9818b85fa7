"""Deterministic SLU gold files shaped like the real RuSLUn record (MERA).

Every record carries the real instruction, question and 16-intent annotation string; the
answer, slots, speaker, audio type and id vary with a seeded generator, so the same
arguments always write the same bytes. ``error_every=N`` puts one defect in every N-th
record, cycling through the defects of ``DEFECTS``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The real record of tests/data/slu (itself a copy of MERA's RuSLUn example).
EXAMPLE = json.loads((Path(__file__).resolve().parent.parent / "data" / "slu" / "ruslun_example_record.json").read_text("utf-8"))


def inventory(annotation: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in annotation.splitlines():
        name, sep, rest = line.partition(": [")
        if sep and rest.endswith("]") and " " not in name:
            out[name] = [s.strip() for s in rest[:-1].split(",") if s.strip()]
    return out


INVENTORY = inventory(EXAMPLE["inputs"]["annotation"])
assert len(INVENTORY) == 16, INVENTORY
# Upper-case intents (RateBook, ...) get an SLU112 warning by design: a clean file uses the others.
CLEAN_INTENTS = [name for name in INVENTORY if name == name.lower()]

WORDS = ["завтра", "утром", "вечером", "в", "семь", "восемь", "девять", "десять", "часов", "минут", "понедельник", "пятницу", "субботу", "москве", "петербурге", "казани", "дождь", "снег", "солнечно", "холодно", "тепло", "погода", "будильник", "напоминание", "позвонить", "маме", "купить", "хлеб", "молоко", "встреча", "с", "врачом", "работа", "дом", "школа", "концерт", "джаз", "рок", "тихую", "музыку", "громко", "через", "полчаса", "каждый", "день", "по", "будням", "выходных", "утра", "ночи", "обед", "ужин", "тренировка", "пробежка"]

DEFECTS = ("intent-typo", "slot-not-allowed", "digit-in-slot", "duplicate-id", "upper-case-intent", "broken-line")


def _phrase(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))


def record(n: int, rng: random.Random, intents: list[str]) -> dict[str, Any]:
    intent = rng.choice(intents)
    allowed = INVENTORY[intent]
    slot_types = rng.sample(allowed, k=rng.randint(0, min(3, len(allowed))))
    return {
        "instruction": EXAMPLE["instruction"],
        "inputs": {
            "audio": f"samples/audio_{n}.wav",
            "question": EXAMPLE["inputs"]["question"],
            "annotation": EXAMPLE["inputs"]["annotation"],
        },
        "outputs": {"intent": intent, "slots": [{t: _phrase(rng)} for t in slot_types]},
        "meta": {
            "id": n,
            "audio": {"type": rng.choice(("real", "real", "generated"))},
            "speaker": f"{rng.randint(1, 400)}_{rng.choice(('male', 'female'))}_{rng.randint(18, 80)}",
        },
    }


def _defect(kind: str, rec: dict[str, Any], n: int) -> dict[str, Any] | str:
    out = rec["outputs"]
    if kind == "intent-typo":
        out["intent"] = out["intent"] + "x"
    elif kind == "slot-not-allowed":
        out["intent"] = "alarm/time_left_on_alarm"  # allows no slot at all
        out["slots"] = [{"datetime": "завтра"}]
    elif kind == "digit-in-slot":
        out["slots"].append({"datetime" if "datetime" in INVENTORY[out["intent"]] else "reference": "в 7 утра"})
        if out["slots"][-1].keys() - set(INVENTORY[out["intent"]]):
            out["intent"], out["slots"] = "alarm/set_alarm", [{"datetime": "в 7 утра"}]
    elif kind == "duplicate-id":
        rec["meta"]["id"] = n - 1
    elif kind == "upper-case-intent":
        out["intent"], out["slots"] = "RateBook", [{"rating_value": "три"}]
    elif kind == "broken-line":
        return json.dumps(rec, ensure_ascii=False)[:-40]
    return rec


def lines(records: int, seed: int = 20261122, error_every: int | None = None,
          kinds: tuple[str, ...] = DEFECTS) -> Iterator[str]:
    rng = random.Random(seed)
    defects = 0
    for n in range(1, records + 1):
        rec: dict[str, Any] | str = record(n, rng, CLEAN_INTENTS)
        if error_every and n % error_every == 0:
            rec = _defect(kinds[defects % len(kinds)], rec, n)  # type: ignore[arg-type]
            defects += 1
        yield rec if isinstance(rec, str) else json.dumps(rec, ensure_ascii=False, separators=(", ", ": "))


def write_jsonl(path: Path, records: int, seed: int = 20261122, error_every: int | None = None) -> None:
    tmp = path.with_suffix(".partial")
    with tmp.open("w", encoding="utf-8", newline="\n") as out:
        for line in lines(records, seed, error_every):
            out.write(line + "\n")
    tmp.replace(path)


def write_json_array(path: Path, records: int, seed: int = 20261122, error_every: int | None = None) -> None:
    """The same records as one JSON array, one record a line (MERA's own files are arrays).

    Its defects are those of JSON Lines but the broken line, which in an array is a syntax
    error that ends the parse (one finding, not one every 100 records)."""
    tmp = path.with_suffix(".partial")
    kinds = tuple(k for k in DEFECTS if k != "broken-line")
    with tmp.open("w", encoding="utf-8", newline="\n") as out:
        out.write("[\n")
        for n, line in enumerate(lines(records, seed, error_every, kinds)):
            out.write(("" if n == 0 else ",\n") + line)
        out.write("\n]\n")
    tmp.replace(path)
