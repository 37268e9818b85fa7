"""Reading a Rosetta corpus's entries (any dialect) and a run's predictions for scoring.

The corpus dialects (spec, harness v3, legacy harness) are linted by the `corpus` family;
here only the fields scoring needs are taken from the decoded values: ``id`` (or ``index``),
``reference`` (or ``target_expected``), difficulty, provenance, domain, variants.
"""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from goldlint.families.corpus.declaration import key_of
from goldlint.findings import At, JsonPath
from goldlint.score.model import Issues
from goldlint.score.rules import PREDICTION_DUPLICATE_ID, PREDICTION_SHAPE, PREDICTION_VALUE_OUT_OF_RANGE
from goldlint.score.slu_read import split_predictions

PRED = "predictions"
MAX_QUANTITY = 1e12  # seconds or dollars per entry: far above any real run; keeps every sum finite
MAX_TOKENS = 10**15  # far above any real run; keeps every total a float without overflow
USAGE_KEYS = ("prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens")


def normalize(text: str) -> str:
    """The harness's exact-match normalisation."""
    return " ".join(unicodedata.normalize("NFC", text).strip().lower().split())


@dataclass(slots=True)
class Entry:
    key: str
    id: Any
    path: JsonPath
    source: str
    reference: str
    difficulty: Any
    provenance: str | None
    domain: str | None
    variant_class: str | None
    variants: list[str]


def dataset_info(root: Any) -> dict[str, Any]:
    """``id``, ``version`` and ``language_pair`` of any dialect's envelope."""
    if isinstance(root, dict) and isinstance(root.get("dataset"), dict):
        ds = root["dataset"]
        return {"id": ds.get("id"), "version": ds.get("version"), "language_pair": ds.get("language_pair")}
    if isinstance(root, dict):
        pair = root.get("language_pair")
        if isinstance(pair, dict):
            pair = f"{pair.get('source')}>{pair.get('target')}"
        return {"id": root.get("corpus_id", root.get("id")), "version": root.get("version"), "language_pair": pair}
    return {"id": None, "version": None, "language_pair": None}


def entries_of(root: Any) -> list[Entry]:
    items = root.get("entries") if isinstance(root, dict) else root if isinstance(root, list) else None
    base: JsonPath = ("entries",) if isinstance(root, dict) else ()
    out: list[Entry] = []
    for n, item in enumerate(items if isinstance(items, list) else []):
        if not isinstance(item, dict):
            continue
        # The spec's names, else the legacy ones (the check's own table); `target` too, for gold
        # scored with --allow-invalid-gold (the check says the field is `reference`).
        raw_id = item.get(key_of(item, "id") or "id")
        reference = item.get(key_of(item, "reference") or "target")
        if raw_id is None or isinstance(raw_id, bool) or not isinstance(reference, str):
            continue
        prov = item.get("provenance")
        if isinstance(prov, dict):
            prov = prov.get("source_name") or prov.get("type")
        variants = item.get("variants")
        out.append(Entry(str(raw_id), raw_id, base + (n,), _text(item.get(key_of(item, "source") or "source")), reference,
                         item.get("difficulty"), prov if isinstance(prov, str) else None,
                         item.get("domain") if isinstance(item.get("domain"), str) else None,
                         item.get("variant_class") if isinstance(item.get("variant_class"), str) else None,
                         [v for v in variants if isinstance(v, str)] if isinstance(variants, list) else []))
    return out


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


@dataclass(slots=True)
class Pred:
    path: JsonPath
    predicted: str
    error: str | None
    latency: float | None
    usage: dict[str, int] | None
    cost: float | None
    fst_accepted: bool | None
    semantic_score: float | None


def read_predictions(records: Iterable[tuple[JsonPath, Any]], issues: Issues, counts: Counter[str]) -> dict[str, Pred]:
    out: dict[str, Pred] = {}
    for top_path, top in records:
        for path, item in split_predictions(top_path, top):
            counts["predictions"] += 1
            at = At(path)
            raw_id = item.get("id", item.get("entry_id")) if isinstance(item, dict) else None
            if raw_id is None or isinstance(raw_id, (bool, dict, list)):
                counts["malformed_predictions"] += 1
                issues.add(PRED, PREDICTION_SHAPE, at, "a prediction must be an object with the corpus entry's `id` and `predicted`")
                continue
            key = str(raw_id)
            # As the harness: `error` counts when truthy (false, 0 and "" are no error), a
            # missing `predicted` is "".
            predicted, error = item.get("predicted", ""), item.get("error")
            error = _error_text(error) if error else None
            if not isinstance(predicted, str) and not error:
                counts["malformed_predictions"] += 1
                issues.add(PRED, PREDICTION_SHAPE, at.child("predicted"), "`predicted` must be the output text (a string)")
                continue
            if key in out:
                counts["duplicate_ids"] += 1
                issues.add(PRED, PREDICTION_DUPLICATE_ID, at.child("id"), f"a second prediction for entry {key}: the first one is scored")
                continue
            out[key] = Pred(path, predicted if isinstance(predicted, str) else "", error, _number(item, "latency_seconds", at, issues),
                            _usage(item.get("usage"), at.child("usage"), issues), _number(item, "cost_usd", at, issues),
                            item.get("fst_accepted") if isinstance(item.get("fst_accepted"), bool) else None,
                            _number(item, "semantic_score", at, issues, upper=1.0))
    return out


def _error_text(error: Any) -> str:
    if isinstance(error, str):
        return error
    try:
        return str(error)[:200]
    except (RecursionError, ValueError):
        return f"an error given as a {type(error).__name__}"


def _number(item: dict[str, Any], name: str, at: At, issues: Issues, upper: float = MAX_QUANTITY) -> float | None:
    """A non-negative finite number, at most ``upper``; anything else is left out, with SCO108 when it is a number."""
    value = item.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number) or number < 0 or number > upper:
        allowed = f"a number from 0 to {upper:g}"
        issues.add(PRED, PREDICTION_VALUE_OUT_OF_RANGE, at.child(name), f"`{name}` must be {allowed}: left out of the totals")
        return None
    return number


def _usage(value: Any, at: At, issues: Issues) -> dict[str, int] | None:
    if not isinstance(value, dict):
        return None
    out = {}
    for k in USAGE_KEYS:
        count = value.get(k)
        if not isinstance(count, int) or isinstance(count, bool):
            continue
        if count < 0 or count > MAX_TOKENS:
            issues.add(PRED, PREDICTION_VALUE_OUT_OF_RANGE, at.child(k), f"`{k}` must be a token count from 0 to {MAX_TOKENS:,}: left out of the totals")
            continue
        out[k] = count
    return out
