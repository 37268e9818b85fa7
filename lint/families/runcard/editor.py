"""Completions (method class, quality tier) and hover (which fingerprint form matched,
which run-id form, the recomputed composite) for run cards."""

from __future__ import annotations

from typing import Any

from goldlint.families.runcard import algorithms as alg
from goldlint.families.runcard import declaration


def completions(root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
    """The declared vocabulary of the field at ``path`` (the method classes with their configured extension)."""
    field = declaration.at(path)
    if field is None or field.values is None:
        return None
    extra = [(c, "Configured extension.") for c in options.extra_method_classes] if field.values is declaration.METHOD_CLASSES else []
    return list(field.values.items()) + extra


def hover(root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
    if not isinstance(root, dict):
        return None
    if path in (("fingerprint", "hash"), ("fingerprint",)):
        from goldlint.families.runcard.seal import which_fingerprint

        form = which_fingerprint(root)
        return {
            "harness": "Fingerprint matches the **harness form**: SHA-256 of the sorted JSON of its 8 components.",
            "seed": "Fingerprint matches the **seed form** (§3.8): SHA-256 of the 6 components' values concatenated in name order.",
        }.get(form or "", "Fingerprint matches **neither** form (RUN103).")
    if path == ("run_id",) and isinstance(root.get("run_id"), str):
        from goldlint.families.runcard.policy import run_id_form

        form = run_id_form(root["run_id"])
        return {"uuid4": "run_id is a **UUID v4** (spec §3.1).", "harness": "run_id is a **harness id** `run_YYYYMMDD_HHMMSS_…` (accepted).",
                "uuid": "run_id is a UUID of another version than 4."}.get(form or "", "run_id has no known form (RUN112).")
    if path in (("scores", "composite"), ("scores", "quality_tier")) and isinstance(root.get("scores"), dict):
        scores = root["scores"]
        recomputed = alg.composite(scores)
        return f"Recomputed composite: **{recomputed}** (profile {alg.profile(scores)}), tier **{alg.quality_tier(recomputed)}**."
    field = declaration.at(path)
    if field is not None and field.values is declaration.METHOD_CLASSES:
        value: Any = root
        for step in path:
            value = value.get(step) if isinstance(value, dict) else None
        if isinstance(value, str) and value in field.values:
            return f"**{value}** — {field.values[value]}"
    return None
