"""A complete run card (seed 002 §3.1–§3.9) from a scored corpus and the method settings.

The card is built so that ``goldlint check`` accepts it: the fingerprint (the harness's
8-component form) and the run-card hash come from :mod:`goldlint.families.runcard.algorithms`,
the dataset hash from the corpus file's bytes, ``dataset.path`` names the corpus relative
to the card so RUN105 and RUN109 can verify against it. One thing no scorer can supply is
a human validation: a composite of Deployable or above needs ``human_validation`` (or
``verification_tier``) in the method file, as §5 and §7.2 require (RUN111).
"""

from __future__ import annotations

import datetime as dt
import os
import uuid
from pathlib import Path
from typing import Any

from goldlint import __version__
from goldlint.families.runcard import algorithms as alg
from goldlint.score.corpus import CorpusRun
from goldlint.score.method import MethodSettings


def refusal(run: CorpusRun) -> str | None:
    """Why no card is minted for this run, or None. As the harness: a run with nothing evaluated
    (every entry errored or has no prediction) scores nothing, and its ``publish.assemble_run_card``
    refuses to assemble a card for it (``execute_run`` already fails such a run as vacuous)."""
    scores = run.scores
    if scores["evaluated"] == 0:
        return (f"no entry was evaluated ({scores['errors']} of {scores['total']} are errors or have no prediction): a vacuous "
                "run, no run card minted (the harness fails such a run and refuses its card)")
    return None


def build(run: CorpusRun, settings: MethodSettings, corpus_path: Path, card_path: Path | None) -> dict[str, Any]:
    prompt = settings.system_prompt or ""
    results = [_result(r) for r in run.results]
    latency = sum(r["latency_seconds"] for r in results if isinstance(r["latency_seconds"], (int, float)))
    card: dict[str, Any] = {
        "run_id": settings.run_id or str(uuid.uuid4()),
        "harness_version": settings.harness_version or __version__,
        "timestamp": settings.timestamp or dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "elapsed_seconds": settings.elapsed_seconds if settings.elapsed_seconds is not None else round(latency, 3),
        "model_slug": settings.model_slug,
        "model_id": settings.model_id or settings.model_slug,
        "condition": settings.condition,
        "temperature": settings.temperature,
        "system_prompt_sha256": alg.sha256_text(prompt),
        "system_prompt_used": prompt,
        "coaching_data_sha256": settings.coaching_data_sha256,
        "fst_version": settings.fst_version,
        "tools_enabled": settings.tools_enabled if settings.tools_enabled is not None else False,
        "batch_size": settings.batch_size,
    }
    for name in ("max_tokens", "concurrency", "max_retries", "method_class", "method_card", "human_validation", "verification_tier"):
        value = getattr(settings, name)
        if value is not None:
            card[name] = value
    dataset = dict(run.dataset)
    card["dataset"] = {
        "id": str(dataset.get("id") or corpus_path.stem),
        "version": None if dataset.get("version") is None else str(dataset["version"]),
        "language_pair": str(dataset.get("language_pair") or ""),
        "sha256": alg.sha256_file(corpus_path),
        "entry_count": dataset["entry_count"],
        "path": _relative(corpus_path, card_path),
    }
    card["scores"] = run.scores
    card["totals"] = run.totals
    card["results"] = results
    components = alg.fingerprint_components(card)
    card["fingerprint"] = {"hash": alg.fingerprint(components), "components": components}
    card["run_card_hash"] = ""
    card["run_card_hash"] = alg.run_card_hash(card)
    return card


def _result(result: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in result.items() if k != "equivalent_match"}
    if not isinstance(out.get("difficulty"), int) or isinstance(out.get("difficulty"), bool):
        out["difficulty"] = None
    return out


def _relative(corpus: Path, card: Path | None) -> str:
    base = card.resolve().parent if card is not None else Path.cwd()
    try:
        return Path(os.path.relpath(corpus.resolve(), base)).as_posix()
    except ValueError:  # another drive (Windows)
        return corpus.resolve().as_posix()
