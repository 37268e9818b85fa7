"""One scoring run, from the command's request to the report, the card, the HTML and the table.

Order: lint the gold (refuse it on errors unless allowed), read the predictions (and the
mix config), score with a progress bar on a terminal, position every finding, then write.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from goldlint.diagnostics import Diagnostic, Severity
from goldlint.families.runcard.vocab import VALIDATED_TIERS
from goldlint.families.semantic.vocab import PROFILES as vocabulary_profiles
from goldlint.formats.jsonl_doc import JsonlDocument
from goldlint.formats.tsv_doc import TsvDocument
from goldlint.score import drivers, html, report, runcard, terminal
from goldlint.score.drivers import SCORABLE, Inputs, ScoreError
from goldlint.score.inputs import InputError, Source, diagnostics, folder_sha256, lint_gold
from goldlint.score.method import settings_from
from goldlint.score.model import Issues, Outcome
from goldlint.score.report import GoldState, InputRef

# semantic: the scoring profiles are the vocabulary profiles, by name (one list)
SEMANTIC_VOCABULARIES = tuple(vocabulary_profiles)
PROFILES = {"slu": ("spec", "mera"), "semantic": SEMANTIC_VOCABULARIES, "corpus": ("spec",), "truth": ("spec",), "xsid": ("spec", "xsid"),
            "slurp": ("spec", "slurp")}
GOLD_COUNT = {"slu": "gold_records", "corpus": "entries", "semantic": "gold_samples", "truth": "gold_rows", "xsid": "gold_sentences",
              "slurp": "gold_examples"}  # the outcome's count of gold samples, as its `missing_predictions` counts them


@dataclass(slots=True)
class Request:
    gold: Path
    predictions: Path
    kind: str | None = None
    profile: str | None = None
    output: Path | None = None
    html: Path | None = None
    allow_invalid_gold: bool = False
    model_slug: str | None = None
    condition: str | None = None
    temperature: float | None = None
    system_prompt: Path | None = None
    method_class: str | None = None
    method: Path | None = None
    mix_config: Path | None = None
    ignore_entities: list[str] = field(default_factory=list)
    flattened_predefined: bool | None = None
    format_calendar_canonicals: bool | None = None
    action_threshold: float | None = None  # semantic (0.8 when not given)
    average: str | None = None  # slurp ("micro" when not given)


# The options that apply to one kind only: (option, Request field, kind). Given for another
# kind's gold, one is a usage error, not silently ignored (the user meant something by it).
KIND_OPTIONS: tuple[tuple[str, str, str], ...] = (
    ("--model-slug", "model_slug", "corpus"), ("--condition", "condition", "corpus"), ("--temperature", "temperature", "corpus"),
    ("--system-prompt", "system_prompt", "corpus"), ("--method-class", "method_class", "corpus"), ("--method", "method", "corpus"),
    ("--mix-config", "mix_config", "truth"), ("--ignore-entities", "ignore_entities", "truth"),
    ("--flattened-predefined/--nested-predefined", "flattened_predefined", "truth"),
    ("--format-calendar-canonicals/--no-format-calendar-canonicals", "format_calendar_canonicals", "truth"),
    ("--action-threshold", "action_threshold", "semantic"), ("--average", "average", "slurp"),
)


def misplaced_option(req: Request, kind: str) -> str | None:
    """Why an option given cannot apply to gold of ``kind``; None when all apply."""
    for option, name, applies_to in KIND_OPTIONS:
        if applies_to != kind and getattr(req, name) not in (None, []):
            return f"{option} applies to {applies_to} gold only; {req.gold} is {kind} gold"
    return None


@dataclass(slots=True)
class Result:
    diagnostics: list[Diagnostic]
    refused: str | None = None  # why the gold was not scored
    report: dict[str, Any] | None = None
    card: dict[str, Any] | None = None
    outcome: Outcome | None = None
    prediction_errors: int = 0  # malformed predictions (reported, and the run fails)

    @property
    def exit_code(self) -> int:
        return 1 if self.refused or self.prediction_errors else 0


def run(req: Request, out: Console, err: Console) -> Result:
    """Score as ``req`` asks. The cyclic collector is off for the whole run, as it is for a
    check (:func:`goldlint.engine.check_file`): scoring builds a few objects per record that
    all live until the report is written, and each full collection in the middle would visit
    them all and free none (a 100,000-sentence xsid run spent 12 of its 41 s there)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(req, out, err)
    finally:
        if collecting:
            gc.enable()


def _run(req: Request, out: Console, err: Console) -> Result:
    # A semantic --profile is also the vocabulary the gold is judged by (its names are the
    # vocabulary profiles' names); other kinds' profiles leave the gold's config alone.
    vocabulary = req.profile if req.kind in (None, "semantic") and req.profile in SEMANTIC_VOCABULARIES else None
    kind, gold = drivers.gather_gold(req.gold, req.kind, vocabulary)
    gc.collect()  # (once: the lint's cycles, which may hold its document, freed before scoring peaks)
    if kind is None:
        return Result(_all(gold, []), refused=f"{req.gold}: the kind of this gold file is not recognised; name it with --kind")
    if kind not in SCORABLE:
        raise InputError(f"{req.gold} is a `{kind}` file: goldlint score scores {', '.join(SCORABLE)}")
    profile = req.profile or "spec"
    if profile not in PROFILES[kind]:
        raise InputError(f"unknown profile `{profile}` for {kind}: {' or '.join(PROFILES[kind])}")
    misplaced = misplaced_option(req, kind)
    if misplaced is not None:
        raise InputError(misplaced)
    if req.average not in (None, "micro", "macro"):
        raise InputError(f"--average `{req.average}`: micro or macro")
    settings = settings_from(req.method, req.model_slug, req.condition, req.temperature, req.system_prompt, req.method_class) if kind == "corpus" else None
    inputs = Inputs(kind, gold)
    if kind == "truth" and req.mix_config is not None:
        inputs.extra["mix-config"] = lint_gold(req.mix_config, "mix-config", key="mix-config")
    errors = sum(s.errors for s in inputs.sources())
    if errors and not req.allow_invalid_gold:
        return Result(_all(inputs.sources(), []), refused=f"the gold has {errors} error{'s' if errors != 1 else ''}: not scored "
                                                          "(--allow-invalid-gold scores it anyway, and the report says so)")
    inputs.predictions = drivers.read_predictions(req.predictions, kind)
    issues = Issues()
    notes: list[str] = []
    with terminal.progress(err, _estimate(inputs), f"scoring {kind}") as tick:
        card_run = None
        if kind == "slu":
            outcome = drivers.score_slu(inputs, profile, issues, tick)
        elif kind == "corpus":
            outcome, card_run = drivers.score_corpus(inputs, issues, tick)
        elif kind == "semantic":
            outcome = drivers.score_semantic(inputs, profile, 0.8 if req.action_threshold is None else req.action_threshold, issues, tick)
        elif kind == "xsid":
            outcome = drivers.score_xsid(inputs, profile, issues, tick)
        elif kind == "slurp":
            outcome = drivers.score_slurp(inputs, profile, req.average or "micro", issues, tick)
        else:
            options = drivers.truth_options(inputs, req.flattened_predefined, req.format_calendar_canonicals, req.ignore_entities, notes)
            outcome = drivers.score_truth(inputs, options, issues, tick)
    for note in notes:
        outcome.note(note)
    card = None
    # A vacuous run (nothing evaluated) gets no card, as the harness's publish step refuses one.
    vacuous = runcard.refusal(card_run) if card_run is not None and settings is not None else None
    if card_run is not None and settings is not None and vacuous is None:
        card = runcard.build(card_run, settings, gold[0].path, req.output)
        if card["scores"].get("quality_tier") in VALIDATED_TIERS and not (settings.human_validation or settings.verification_tier):
            outcome.note("the composite reaches a tier that needs a human-validation record (§5, §7.2): add `human_validation` "
                         "to the --method file, or `goldlint check` reports RUN111 on the card")
    gold_diags = _all([*gold, *inputs.extra.values()], issues.items)
    pred_diags = _all(inputs.predictions, issues.items)
    gold_count = outcome.counts.get(GOLD_COUNT[kind], 0)
    if gold_count and outcome.counts.get("missing_predictions", 0) >= gold_count:
        # No gold sample has a prediction it can be scored against: a report (or a sealed run
        # card) of nulls would pass for a result. (Predictions that report the model's own
        # errors are a result: every sample failed -- but not a corpus run card, see `vacuous`.)
        return Result(sorted(gold_diags + pred_diags, key=lambda d: d.sort_key),
                      refused="no prediction could be scored (each is missing, malformed or for an unknown id: the diagnostics "
                              "say which): no report written")
    if vacuous is not None:
        return Result(sorted(gold_diags + pred_diags, key=lambda d: d.sort_key), refused=vacuous)
    state = GoldState(errors, sum(d.severity is Severity.WARNING for s in gold for d in s.diagnostics), req.allow_invalid_gold)
    extra = {"mix_config": _ref(req.mix_config, [inputs.extra["mix-config"]])} if req.mix_config is not None and "mix-config" in inputs.extra else None
    data = report.build(outcome, _ref(req.gold, gold), _ref(req.predictions, inputs.predictions), state, extra)
    result = Result(sorted(gold_diags + pred_diags, key=lambda d: d.sort_key), report=data, card=card, outcome=outcome,
                    prediction_errors=sum(d.severity is Severity.ERROR for d in pred_diags))
    if req.output is not None:
        req.output.parent.mkdir(parents=True, exist_ok=True)
        report.write(req.output, card if card is not None else data)
    if req.html is not None:
        req.html.parent.mkdir(parents=True, exist_ok=True)
        req.html.write_text(html.render(data, outcome.failures), encoding="utf-8")
    terminal.render(data, outcome.main_breakdown, out)
    return result


def _all(sources: list[Source], issues: list[Any]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for source in sources:
        out.extend(diagnostics(source, issues))
    return out


def _ref(path: Path, sources: list[Source]) -> InputRef:
    if path.is_dir():
        files = [{"path": s.path.relative_to(path).as_posix(), "sha256": s.sha256} for s in sources]
        return InputRef(str(path), folder_sha256([(f["path"], f["sha256"]) for f in files]), files)
    return InputRef(str(path), sources[0].sha256 if sources else "")


def _estimate(inputs: Inputs) -> int:
    """How many records the run will go through (for the progress bar)."""
    doc = inputs.gold[0].doc if inputs.gold else None
    if isinstance(doc, JsonlDocument):
        return doc.record_count
    if isinstance(doc, TsvDocument):
        return len(doc.rows)
    root = doc.root if doc is not None and doc.ok else None
    if isinstance(root, list):
        return len(root)
    if isinstance(root, dict):
        for key in ("entries", "data"):
            value = root.get(key)
            if isinstance(value, list):
                return len(value)
            if isinstance(value, dict):
                return sum(len(v) for v in value.values() if isinstance(v, list))
    return len(inputs.gold)


__all__ = ["Request", "Result", "ScoreError", "run"]
