"""Realistic and adversarial scoring cases, one generator per kind, deterministic by seed.

``python -m tests.score.parity.generate OUT_DIR`` writes ``slu.jsonl``, ``semantic.jsonl`` and
``corpus.jsonl`` (inputs only). The official scorers are then run on them once, outside the
repository (see ``tests/data/score/parity/PROVENANCE.md``), and the cases are committed with
the official numbers as expected values; the tests need no upstream code.

Each generator mixes the shapes real model outputs take (code fences, ``json`` prefixes,
quotes, Python repr, partial slots) with the adversarial ones of issue 20 (falsy and
non-list slots, integer intents, non-string topics, unhashable keys, falsy errors).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

INTENTS = ["play_music", "alarm/set", "alarm/time_left_on_alarm", "weather/query", "42", "RateBook", "iot/lights_on"]
SLOT_TYPES = ["artist", "time", "date", "place_name", "song", "rating_value", "object_name"]
VALUES = ["кино", "7", "семь утра", "guns n' roses", "москва", "три ", "Доктор Живаго", "", "a\tb", "x" * 30]
ODD = [None, True, False, 0, 1, 1.0, 42, -1.5, "", " ", [], {}, [1], {"a": 1}, "str", [[1]], [{"k": "v"}]]


def _slots(rng: random.Random) -> list[dict[str, Any]]:
    out = []
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        slot = {rng.choice(SLOT_TYPES): rng.choice(VALUES)}
        if rng.random() < 0.1:
            slot[rng.choice(SLOT_TYPES)] = rng.choice(VALUES)
        out.append(slot)
    return out


def slu_gold(rng: random.Random) -> Any:
    gold = {"intent": rng.choice(INTENTS), "slots": _slots(rng)}
    if rng.random() < 0.3:
        return json.dumps(gold, ensure_ascii=False)  # a JSON string, as the published dataset writes it
    return gold


def _answer(rng: random.Random, gold: dict[str, Any]) -> Any:
    """A decoded answer near the gold: right, partly right, or oddly shaped."""
    answer: dict[str, Any] = {"intent": gold["intent"] if rng.random() < 0.6 else rng.choice(INTENTS), "slots": list(gold["slots"])}
    r = rng.random()
    if r < 0.2 and answer["slots"]:
        answer["slots"].pop(rng.randrange(len(answer["slots"])))
    elif r < 0.35:
        answer["slots"].append({rng.choice(SLOT_TYPES): rng.choice(VALUES)})
    elif r < 0.5:
        answer["slots"] = rng.choice(ODD)  # falsy or non-list slots
    elif r < 0.55:
        answer.pop("slots")
    elif r < 0.6:
        answer["intent"] = rng.choice(ODD + [42, "42"])
    elif r < 0.63:
        answer.pop("intent")
    elif r < 0.66 and answer["slots"]:
        answer["slots"][0] = {k: rng.choice(ODD) for k in answer["slots"][0]}  # non-string slot values
    elif r < 0.68:
        return rng.choice([[answer], None, 5, "text", True])
    return answer


def _dress(rng: random.Random, text: str) -> str:
    """How models wrap an answer: fences, prefixes, quotes, back-ticks, whitespace."""
    r = rng.random()
    if r < 0.35:
        return text
    wrappers = [
        lambda t: f"```json\n{t}\n```", lambda t: f"```json {t}```", lambda t: f"```{t}```", lambda t: f"```json-ld\n{t}\n```",
        lambda t: f"```JSON\r\n{t}\r\n```", lambda t: f"```python\n{t}\n```", lambda t: f"```json\n`{t}`\n```",
        lambda t: f"`{t}`", lambda t: f"json\n{t}", lambda t: f"JSON: {t}", lambda t: f"json\r\n{t}", lambda t: f"json : {t}",
        lambda t: f"json\t\n{t}", lambda t: f"json {t}", lambda t: f'"{t}"', lambda t: f"'{t}'", lambda t: json.dumps(t),
        lambda t: repr(t), lambda t: f"  \n{t}\n  ", lambda t: f"Ответ: {t}", lambda t: t[:-1], lambda t: t + "\n```",
        lambda t: f"```\n{t}\n```\nГотово.", lambda t: t.replace('"', "'"), lambda t: f"json: json: {t}", lambda t: f"```json\n{t}",
        lambda t: "", lambda t: "null", lambda t: f"```json\n'{t}'\n```", lambda t: f"\"'{t}'\"", lambda t: "[" * 50 + "]" * 50,
    ]
    out = rng.choice(wrappers)(text)
    if rng.random() < 0.15:
        out = rng.choice(wrappers)(out)
    return out


def slu_case(rng: random.Random) -> dict[str, Any]:
    gold = slu_gold(rng)
    decoded = json.loads(gold) if isinstance(gold, str) else gold
    answer = _answer(rng, decoded)
    text = json.dumps(answer, ensure_ascii=rng.random() < 0.2)
    if rng.random() < 0.1:
        text = text.upper() if rng.random() < 0.5 else text.replace(", ", ",\n  ")
    return {"gold": gold, "output": _dress(rng, text)}


TOPICS = ["pricing", "contract", "churn", "escalation", "onboarding", "Pricing", "", "pricing!"]
RISK_TYPES = ["churn", "escalation", "pricing", "compliance"]
SEVERITIES = ["low", "medium", "high", "critical", None, "HIGH"]
ACTIONS = ["send the report", "send the reports", "send the report today", "send our report", "Schedule a follow-up call.",
           "schedule follow up call", "", "!!!", "review the contract terms", "review contract"]


def _risk(rng: random.Random) -> dict[str, Any]:
    risk: dict[str, Any] = {"type": rng.choice(RISK_TYPES)}
    if rng.random() < 0.8:
        risk["severity"] = rng.choice(SEVERITIES)
    if rng.random() < 0.7:
        risk["segment_id"] = rng.choice([0, 1, 2, 3, "1", None])
    return risk


def semantic_gold(rng: random.Random) -> dict[str, Any]:
    gold: dict[str, Any] = {"schema_version": 1, "meeting_id": "m"}
    if rng.random() < 0.93:
        gold["topics"] = [{"label": rng.choice(TOPICS)} for _ in range(rng.choice([0, 1, 2, 3]))]
    if rng.random() < 0.93:
        gold["risks"] = [_risk(rng) for _ in range(rng.choice([0, 1, 2, 3]))]
    if rng.random() < 0.93:
        gold["actions"] = [{"text": rng.choice(ACTIONS)} for _ in range(rng.choice([0, 1, 2, 3]))]
    return gold


def semantic_prediction(rng: random.Random, gold: dict[str, Any]) -> dict[str, Any]:
    pred: dict[str, Any] = {}
    r = rng.random()
    if r < 0.05:
        return pred  # a meeting predicted as {}
    topics = [t["label"] for t in gold.get("topics", []) if rng.random() < 0.7] + [rng.choice(TOPICS) for _ in range(rng.choice([0, 1]))]
    if rng.random() < 0.12:
        topics.append(rng.choice([5, None, 1.5, True, ["pricing"], {"x": 1}]))
    pred["topics"] = topics
    risks = [dict(x) for x in gold.get("risks", []) if rng.random() < 0.7] + [_risk(rng) for _ in range(rng.choice([0, 1]))]
    if rng.random() < 0.1:
        risks.append(rng.choice(["churn", 3, None]))
    if rng.random() < 0.06 and risks and isinstance(risks[0], dict):
        risks[0] = dict(risks[0]) | {rng.choice(["type", "segment_id"]): rng.choice([["a"], {"b": 1}])}
    pred["risks"] = risks
    actions: list[Any] = [{"text": a["text"]} for a in gold.get("actions", []) if rng.random() < 0.7]
    actions += [{"text": rng.choice(ACTIONS)} for _ in range(rng.choice([0, 1, 2]))]
    if rng.random() < 0.1:
        actions.append(rng.choice([{"text": 5}, {"text": 0}, {"text": None}, {}, 7]))
    rng.shuffle(actions)
    pred["actions"] = actions
    for aspect in ("topics", "risks", "actions"):
        if rng.random() < 0.05:
            pred[aspect] = rng.choice([None, [], "", 0, False, {}])
        elif rng.random() < 0.03:
            pred.pop(aspect)
    return pred


def semantic_case(rng: random.Random) -> dict[str, Any]:
    gold = semantic_gold(rng)
    return {"gold": gold, "prediction": semantic_prediction(rng, gold)}


REFERENCES = ["Hello, world.", "Mhoro, nyika.", "Ndinokuda.", "Good morning!", "Ndatenda zvikuru", "Ko wakadini?", "Zita rangu ndiJohn."]


def corpus_case(rng: random.Random) -> dict[str, Any]:
    entries, preds = [], []
    for n in range(rng.choice([1, 2, 3, 5, 8])):
        ref = rng.choice(REFERENCES)
        entries.append({"id": f"e{n}", "reference": ref})
        pred: dict[str, Any] = {"id": f"e{n}"}
        r = rng.random()
        if r < 0.7:
            pred["predicted"] = rng.choice([ref, ref.upper(), " " + ref + " ", ref[:-1], rng.choice(REFERENCES), "", "x"])
        elif r < 0.8:
            pass  # no `predicted`: the harness scores ""
        else:
            pred["predicted"] = rng.choice([ref, "y"])
        if rng.random() < 0.3:
            pred["error"] = rng.choice([False, 0, "", None, "timeout", True, 1, "rate limit"])
        preds.append(pred)
    return {"entries": entries, "predictions": preds}


# The shapes issue 20 lists, each written out (the random cases cover their neighbourhoods).
ARTIST = {"intent": "play_music", "slots": [{"artist": "кино"}]}
ALARM = {"intent": "alarm/time_left_on_alarm", "slots": []}
_A = json.dumps(ARTIST, ensure_ascii=False)
_B = json.dumps(ALARM)
SHAPES: dict[str, list[dict[str, Any]]] = {
    "slu": [{"gold": ARTIST, "output": out} for out in (
        f"```json {_A}```", f'"{_A}"', f"json\r\n{_A}", f"json : {_A}", f"json\t\n{_A}", f"```json\n`{_A}`\n```",
        f"```json-ld\n{_A}\n```", _A, "[" * 1000 + "]" * 1000, '{"intent": ' + "9" * 5000 + "}",
        '{"intent": "play_music", "slots": "кино"}', '{"intent": "play_music", "slots": 5}', f"[{_A}]",
    )] + [{"gold": ALARM, "output": _B.replace('"slots": []', f'"slots": {v}')} for v in ("{}", '""', "false", "0", "null", '{"a": 1}')]
    + [{"gold": {"intent": "42", "slots": []}, "output": '{"intent": 42, "slots": []}'},
       {"gold": {"intent": "play_music", "slots": [{"artist": "guns n' roses"}]}, "output": _A},
       {"gold": json.dumps({"intent": "play_music", "slots": [{"artist": "guns n' roses"}]}), "output": _A}],
    "semantic": [
        {"gold": {"topics": [{"label": "pricing"}, {"label": "contract"}], "risks": [], "actions": []},
         "prediction": {"topics": ["pricing", 5], "risks": [], "actions": []}},
        {"gold": {"topics": [{"label": "pricing"}, {"label": "contract"}], "risks": [], "actions": []},
         "prediction": {"topics": ["pricing", None], "risks": [], "actions": []}},
        {"gold": {"risks": [{"type": "churn", "severity": "high", "segment_id": 1}]}, "prediction": {"topics": ["x"], "risks": [], "actions": []}},
        {"gold": {"topics": [{"label": ""}, {"label": "pricing"}], "risks": [], "actions": []}, "prediction": {"topics": ["pricing"]}},
        {"gold": {"topics": [{"label": "pricing"}], "risks": [{"type": "churn"}], "actions": [{"text": "send the report"}]}, "prediction": {}},
        {"gold": {"topics": [], "risks": [], "actions": []}, "prediction": {}},
        {"gold": {"topics": [], "risks": [{"type": "churn"}], "actions": []}, "prediction": {"risks": [{"type": ["churn"]}]}},
        {"gold": {"topics": [], "risks": [], "actions": [{"text": "call"}]}, "prediction": {"actions": [{"text": 5}]}},
        {"gold": {"topics": [{"label": "pricing"}], "risks": [], "actions": []}, "prediction": {"topics": [["pricing"]]}},
        {"gold": {"topics": [], "risks": [{"type": "churn", "segment_id": 1}], "actions": []}, "prediction": {"risks": ["churn"]}},
        {"gold": {"topics": [], "risks": [], "actions": [{"text": "call"}]}, "prediction": {"actions": [3]}},
        {"gold": {"topics": [], "risks": [{"type": "churn", "segment_id": 1}], "actions": []}, "prediction": {"risks": [{"type": "churn", "segment_id": [1]}]}},
    ],
    "corpus": [
        {"entries": [{"id": "a", "reference": "Mhoro, nyika."}, {"id": "b", "reference": "Ndatenda zvikuru"}],
         "predictions": [{"id": "a", "predicted": "Mhoro nyika", "error": err}, {"id": "b", "predicted": "Ndatenda"}]}
        for err in (False, 0, "", None, "timeout")
    ] + [{"entries": [{"id": "a", "reference": "Mhoro, nyika."}, {"id": "b", "reference": "Ndatenda"}],
          "predictions": [{"id": "a"}, {"id": "b", "predicted": "Ndatenda"}]},
         # every entry errored (a vacuous run): the harness scores nothing and refuses the card
         {"entries": [{"id": "a", "reference": "Mhoro, nyika."}, {"id": "b", "reference": "Ndatenda"}],
          "predictions": [{"id": "a", "predicted": "Mhoro, nyika.", "error": "timeout"}, {"id": "b", "error": True}]}],
}

GENERATORS = {"slu": slu_case, "semantic": semantic_case, "corpus": corpus_case}
COUNTS = {"slu": 3000, "semantic": 2000, "corpus": 2000}
SEED = 20


def generate(kind: str, count: int | None = None, seed: int = SEED) -> list[dict[str, Any]]:
    """The random cases of a kind; the same list on every run and platform (string seeds hash with SHA-512)."""
    rng = random.Random(f"{seed}:{kind}")
    return [GENERATORS[kind](rng) for _ in range(count or COUNTS[kind])]


def fingerprint(case: dict[str, Any]) -> str:
    """A short digest of a case, committed next to its official numbers: a changed generator is caught, not misread."""
    import hashlib

    return hashlib.sha256(json.dumps(case, ensure_ascii=False, sort_keys=True).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def main(out_dir: str) -> None:
    """Writes ``KIND.jsonl`` (the random cases) and ``KIND-shapes.jsonl`` (the issue's shapes), inputs only."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for kind in GENERATORS:
        for name, rows in ((kind, generate(kind)), (f"{kind}-shapes", SHAPES[kind])):
            (out / f"{name}.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
