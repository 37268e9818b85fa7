"""Reading `slu` predictions: JSONL lines ``{"id", "output"}`` (the model's raw text) or
already parsed ``{"id", "intent", "slots"}``, and MERA's submission file
``{"data": {"test": [{"outputs", "meta": {"id"}}]}}``; problems become SCO issues."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.findings import At, JsonPath
from goldlint.score.model import Issues
from goldlint.score.rules import PREDICTION_DUPLICATE_ID, PREDICTION_SHAPE, PREDICTION_UNPARSABLE_ANSWER
from goldlint.score.slu_parse import Answer, answer_of, lower_strings, parse_raw, slots_problem

PRED = "predictions"


@dataclass(slots=True)
class Prediction:
    path: JsonPath
    answer: Answer | None  # None: unparsable
    problem: str | None
    shown: Any  # what the HTML report shows


def split_predictions(path: JsonPath, value: Any) -> Iterator[tuple[JsonPath, Any]]:
    """Prediction items in one top-level value: a JSONL line, an array, or MERA's submission
    ``{"data": {split: [items]}}``."""
    if isinstance(value, list):
        for n, item in enumerate(value):
            yield path + (n,), item
    elif isinstance(value, dict) and isinstance(value.get("data"), dict) and "id" not in value:
        for split, items in value["data"].items():
            if isinstance(items, list):
                for n, item in enumerate(items):
                    yield path + ("data", split, n), item
    else:
        yield path, value


def record_key(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def read_predictions(records: Iterable[tuple[JsonPath, Any]], profile: str, issues: Issues, counts: Counter[str]) -> dict[str, Prediction]:
    out: dict[str, Prediction] = {}
    for top_path, top in records:
        for path, item in split_predictions(top_path, top):
            counts["predictions"] += 1
            pred = _one(path, item, profile, issues, counts)
            if pred is None:
                continue
            key, prediction = pred
            if key in out:
                counts["duplicate_ids"] += 1
                issues.add(PRED, PREDICTION_DUPLICATE_ID, At(path + _id_steps(item)),
                           f"a second prediction for id {key} (the first, at {_where(out[key].path)}, is the one scored)")
                continue
            out[key] = prediction
    return out


def _id_steps(item: dict[str, Any]) -> JsonPath:
    return ("id",) if "id" in item else ("meta", "id")


def _one(path: JsonPath, item: Any, profile: str, issues: Issues, counts: Counter[str]) -> tuple[str, Prediction] | None:
    at = At(path)
    if not isinstance(item, dict):
        counts["malformed_predictions"] += 1
        issues.add(PRED, PREDICTION_SHAPE, at, "a prediction must be an object with `id` and `output` (or `intent` and `slots`)")
        return None
    meta = item.get("meta")
    raw_id = item["id"] if "id" in item else meta.get("id") if isinstance(meta, dict) else None
    key = record_key(raw_id)
    if key is None:
        counts["malformed_predictions"] += 1
        where = at.child(*_id_steps(item)) if raw_id is not None else at
        issues.add(PRED, PREDICTION_SHAPE, where, "a prediction needs an `id` (or `meta.id`): the gold record's `meta.id`")
        return None
    field = "output" if "output" in item else "outputs" if "outputs" in item else None
    if field is None and ("intent" in item or "slots" in item):
        value = lower_strings(item) if profile == "mera" else item
        return key, _decoded(path, path, value, item, profile, issues, counts)
    if field is None:
        counts["malformed_predictions"] += 1
        issues.add(PRED, PREDICTION_SHAPE, at, "a prediction needs `output` (the model's raw text) or `intent` and `slots`")
        return None
    raw = item[field]
    if isinstance(raw, dict):
        value = lower_strings(raw) if profile == "mera" else raw
        return key, _decoded(path, path + (field,), value, raw, profile, issues, counts)
    if not isinstance(raw, str):
        counts["malformed_predictions"] += 1
        issues.add(PRED, PREDICTION_SHAPE, at.child(field), f"`{field}` must be the model's raw text (a string)")
        return None
    parsed = parse_raw(raw.lower() if profile == "mera" else raw)
    if parsed.problem is not None:
        counts["unparsable_predictions"] += 1
        official = ""
        if parsed.crash and profile == "mera":
            counts["scorer_crashes"] += 1
            official = f" (MERA's scorer raises {parsed.crash} on it)"
        issues.add(PRED, PREDICTION_UNPARSABLE_ANSWER, at.child(field), f"answer for id {key} is unparsable: {parsed.problem}; scored 0{official}", Severity.INFO)
        return key, Prediction(path, None, parsed.problem, raw)
    return key, _decoded(path, path + (field,), parsed.value, raw, profile, issues, counts)


def _decoded(path: JsonPath, answer_path: JsonPath, value: Any, shown: Any, profile: str, issues: Issues, counts: Counter[str]) -> Prediction:
    answer = answer_of(value, profile)
    if answer is None:
        counts["unparsable_predictions"] += 1
        problem = "the JSON is not an object with `intent` and `slots`"
        issues.add(PRED, PREDICTION_UNPARSABLE_ANSWER, At(answer_path), f"{problem}; scored 0", Severity.INFO)
        return Prediction(path, None, problem, shown)
    if answer.crash:
        counts["scorer_crashes"] += 1
        issues.add(PRED, PREDICTION_UNPARSABLE_ANSWER, At(answer_path), f"MERA's scorer would crash on it ({answer.crash}); scored 0", Severity.INFO)
    elif profile == "spec" and (problem := slots_problem(value)) is not None:
        # In the file itself the slots have a place of their own; in the model's raw text, the text is the place.
        where = At(answer_path) if isinstance(shown, str) else At(answer_path + ("slots",))
        issues.add(PRED, PREDICTION_UNPARSABLE_ANSWER, where, problem, Severity.INFO)
    return Prediction(path, answer, None, shown)


def _where(path: JsonPath) -> str:
    if len(path) == 1 and isinstance(path[0], int):
        return f"line {path[0] + 1}"
    return "/".join(map(str, path)) or "the root"
