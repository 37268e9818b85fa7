"""From linted sources to a family scorer's inputs, one function per kind.

Gold values come from the documents the engine built while linting; predictions from the
documents goldlint's readers built. Nothing here parses a file format or checks a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from goldlint import config as cfg
from goldlint.engine import iter_files
from goldlint.findings import At, JsonPath
from goldlint.formats.json_read import parse_json
from goldlint.formats.tsv_doc import TsvDocument
from goldlint.score import corpus, semantic, slu, truth
from goldlint.score.inputs import InputError, Source, lint_gold, read_input
from goldlint.score.model import Issues, Outcome
from goldlint.score.rules import PREDICTION_SHAPE, PREDICTION_SYNTAX
from goldlint.score.slu_read import split_predictions
from goldlint.score.truth_match import MatchOptions

SCORABLE = ("slu", "corpus", "semantic", "truth", "xsid", "slurp")
Tick = Callable[[int], None]


class ScoreError(Exception):
    """The inputs cannot be scored (e.g. a gold file nothing could be read from): exit 1."""


@dataclass(slots=True)
class Inputs:
    kind: str
    gold: list[Source]
    predictions: list[Source] = field(default_factory=list)
    extra: dict[str, Source] = field(default_factory=dict)  # the mix config

    def sources(self) -> list[Source]:
        return [*self.gold, *self.predictions, *self.extra.values()]


def gather_gold(path: Path, kind: str | None, vocabulary: str | None = None) -> tuple[str | None, list[Source]]:
    """Lint GOLD: a file, or (semantic) a folder of gold files (``vocabulary``: a semantic profile
    the gold is judged by, when ``score --profile`` names one)."""
    if path.is_dir():
        if kind not in (None, "semantic"):
            raise InputError(f"{path} is a folder: only `semantic` gold may be a folder of gold files")
        sources = []
        for file, _ in iter_files([path], cfg.for_file):
            # Detected, not forced: a folder may hold other files (the project's schema.json).
            source = lint_gold(file, None, key=f"gold:{file.relative_to(path).as_posix()}", explicit=False, vocabulary=vocabulary)
            if source.kind == "semantic":
                sources.append(source)
        if not sources:
            raise InputError(f"{path}: no semantic gold file in this folder")
        return "semantic", sources
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    source = lint_gold(path, kind, vocabulary=vocabulary)
    return kind or source.kind, [source]


def read_predictions(path: Path, kind: str) -> list[Source]:
    if not path.exists():
        raise InputError(f"{path}: no such file or folder")
    if path.is_dir():
        if kind != "semantic":
            raise InputError(f"{path} is a folder: only `semantic` predictions may be a folder (one file per meeting)")
        files = [f for f, _ in iter_files([path], cfg.for_file) if f.suffix.lower() in (".json", ".yaml", ".yml")]
        return [read_input(f, f"predictions:{f.relative_to(path).as_posix()}") for f in files]
    return [read_input(path, "predictions")]


def _unread(source: Source) -> ScoreError:
    """Nothing of ``source`` could be read: say so, with the first error that says why (with
    --allow-invalid-gold the lint's diagnostics are not printed before scoring)."""
    why = next((d for d in source.diagnostics if d.severity.value == "error"), None)
    return ScoreError(f"{source.path}: nothing could be read from this file"
                      + (f" ({why.span.start.line}:{why.span.start.column}: {why.code} {why.message})" if why else ""))


def _records(source: Source) -> Iterator[tuple[JsonPath, Any]]:
    if source.doc is not None and source.doc.ok:
        yield from source.doc.records()


def _root(source: Source) -> Any:
    if source.doc is None or not source.doc.ok:
        raise _unread(source)
    return source.doc.root


def score_slu(inputs: Inputs, profile: str, issues: Issues, tick: Tick) -> Outcome:
    gold = inputs.gold[0]
    if gold.doc is None:
        raise _unread(gold)
    return slu.score(gold.doc, _records(inputs.predictions[0]), profile, issues, tick)


def score_corpus(inputs: Inputs, issues: Issues, tick: Tick) -> tuple[Outcome, corpus.CorpusRun]:
    return corpus.score(_root(inputs.gold[0]), _records(inputs.predictions[0]), issues, tick)


def score_semantic(inputs: Inputs, profile: str, threshold: float, issues: Issues, tick: Tick) -> Outcome:
    gold = []
    for source in inputs.gold:
        root = _root(source)
        if isinstance(root, dict):
            mid = root.get("meeting_id")
            gold.append(semantic.sample_of(mid if isinstance(mid, str) else source.path.stem, source.key, (), root))
    preds: list[semantic.Sample] = []
    for source in inputs.predictions:
        preds.extend(_semantic_predictions(source, len(inputs.predictions) > 1 or source.key != "predictions", issues))
    out = semantic.score(gold, preds, profile, issues, threshold, tick)
    out.counts["malformed_predictions"] = issues.count(PREDICTION_SHAPE)
    return out


_ASPECTS = ("topics", "risks", "actions")


def _semantic_predictions(source: Source, one_per_file: bool, issues: Issues) -> Iterable[semantic.Sample]:
    root = source.doc.root if source.doc is not None and source.doc.ok else None
    if root is None:
        return
    if not isinstance(root, dict):
        issues.add(source.key, PREDICTION_SHAPE, At(()), "predictions must be an object: meeting_id → {topics, risks, actions}")
        return
    if one_per_file or any(k in root for k in _ASPECTS):
        mid = root.get("meeting_id")
        yield semantic.sample_of(mid if isinstance(mid, str) and not one_per_file else source.path.stem, source.key, (), root)
        return
    for mid, value in root.items():
        if not isinstance(value, dict):
            issues.add(source.key, PREDICTION_SHAPE, At((mid,)), f"the prediction for `{mid}` must be an object with `topics`, `risks` and `actions`")
            continue
        yield semantic.sample_of(mid, source.key, (mid,), value)


def truth_options(inputs: Inputs, flattened: bool | None, format_calendar: bool | None, ignore: list[str],
                  notes: list[str]) -> truth.TruthOptions:
    """The test tool's options: the mix config's `nlu` section, the flags on top."""
    from goldlint.families.mixconfig.patterns import compile_pattern

    nlu: dict[str, Any] = {}
    config = inputs.extra.get("mix-config")
    if config is not None and config.doc is not None and isinstance(config.doc.root, dict) and isinstance(config.doc.root.get("nlu"), dict):
        nlu = config.doc.root["nlu"]
    patterns = {k: v for k, v in (nlu.get("predicted_entities_to_ignore") or {}).items() if isinstance(v, str)} \
        if isinstance(nlu.get("predicted_entities_to_ignore"), dict) else {}
    for item in ignore:
        intent, sep, pattern = item.partition("=")
        if not sep:
            raise InputError(f"--ignore-entities `{item}`: write INTENT=REGEX (or _GLOBAL_=REGEX)")
        patterns[intent.strip()] = pattern
    compiled = {}
    for intent, pattern in patterns.items():
        search = compile_pattern(pattern)
        if search is None:
            notes.append(f"ignore pattern `{pattern}` for `{intent}` was not run: it does not compile or can take exponential time (MXC102/MXC103)")
            continue
        compiled[intent] = search
    flat = flattened if flattened is not None else nlu.get("flattened_predefined_output", True) is not False
    fmt = format_calendar if format_calendar is not None else nlu.get("format_calendar_canonicals", False) is True
    return truth.TruthOptions(MatchOptions(flat, fmt), compiled, nlu.get("useEntityF1", True) is not False)


def score_truth(inputs: Inputs, options: truth.TruthOptions, issues: Issues, tick: Tick) -> Outcome:
    doc = inputs.gold[0].doc
    if not isinstance(doc, TsvDocument):
        raise ScoreError(f"{inputs.gold[0].path}: a truth file is tab-separated (.tsv)")
    gold: list[truth.GoldRow] = []
    unusable = 0
    for i, row in enumerate(doc.root):
        annotation, _ = truth.parse_cell(row.get("annotation") or "{}") if row is not None else (None, None)
        if row is None or not isinstance(annotation, dict):
            unusable += 1
            continue
        audio = (row.get("codedWvnm") or "").strip() or None
        gold.append(truth.GoldRow(i, audio, (row.get("intent") or "").strip(), row.get("transcription") or "", annotation))
    preds = list(_truth_predictions(inputs.predictions[0], issues))
    out = truth.score(gold, preds, options, issues, inputs.gold[0].key, tick)
    out.counts["gold_unusable"] = unusable
    out.counts["malformed_predictions"] = issues.count(PREDICTION_SHAPE) + issues.count(PREDICTION_SYNTAX)
    return out


def _truth_predictions(source: Source, issues: Issues) -> Iterator[truth.PredRow]:
    doc = source.doc
    if doc is None or not doc.ok:
        return
    if isinstance(doc, TsvDocument):
        key_col = "row" if doc.column_index("row") is not None else "codedWvnm"
        columns: dict[str, str] = {}  # (the header's own spelling of each: it is matched without case)
        for name in (key_col, "intent", "entities"):
            k = doc.column_index(name)
            if k is None:
                issues.add(source.key, PREDICTION_SHAPE, At(()), f"the results header lacks the `{name}` column (`codedWvnm` or `row`, `intent`, `entities`)")
                return
            columns[name] = doc.columns[k]
        for i, row in enumerate(doc.root):
            if row is None:
                continue
            pred = _truth_row((i,), {name: row[column] for name, column in columns.items() if column in row}, key_col, source, issues)
            if pred is not None:
                yield pred
        return
    for path, value in doc.records():
        for item_path, item in split_predictions(path, value):
            if not isinstance(item, dict):
                issues.add(source.key, PREDICTION_SHAPE, At(item_path), "a prediction must be an object with `codedWvnm` (or `row`), `intent` and `entities`")
                continue
            key_col = "row" if "row" in item else "codedWvnm"
            pred = _truth_row(item_path, item, key_col, source, issues)
            if pred is not None:
                yield pred


def _truth_row(path: JsonPath, fields: dict[str, Any], key_col: str, source: Source, issues: Issues) -> truth.PredRow | None:
    """One prediction from its fields (a results row's cells by column, or a JSON object)."""
    at = At(path)
    key = fields.get(key_col)
    if key_col == "row":
        # A row number has at most a few digits; a longer one (even past int()'s 4,300-digit limit) names no row.
        digits = key.strip() if isinstance(key, str) else None
        number = key if isinstance(key, int) and not isinstance(key, bool) else int(digits) if digits and digits.isdecimal() and len(digits) <= 18 else None
        if number is None or number < 1:
            issues.add(source.key, PREDICTION_SHAPE, at.child("row"), "`row` must be the truth file's 1-based data row number")
            return None
        name = f"row:{number}"
    else:
        if not isinstance(key, str) or not key.strip():
            issues.add(source.key, PREDICTION_SHAPE, at.child("codedWvnm") if key is not None else at, "a prediction needs `codedWvnm` (or `row`) naming its truth row")
            return None
        name = f"audio:{key.strip()}"
    # A row cut short or an object without them predicts nothing (an empty cell, `{}` or null
    # is the engine's "no entities"): read as no intent and no entities, it was scored wrong.
    missing = [k for k in ("intent", "entities") if k not in fields]
    if missing:
        issues.add(source.key, PREDICTION_SHAPE, at, f"a prediction needs `{'` and `'.join(missing)}` (an empty cell, or `{{}}`, for no entities): left out")
        return None
    intent, entities = fields["intent"], fields["entities"]
    if isinstance(entities, str):
        parsed = parse_json(entities) if entities.strip() else None
        if parsed is not None and not parsed.ok:
            for p in parsed.problems:
                issues.add(source.key, PREDICTION_SYNTAX, at.child("entities").inside(p.start, p.end), f"`entities` is not valid JSON: {p.message}")
            return truth.PredRow(name, path, source.key, _intent(intent), None)
        entities = parsed.value if parsed is not None else {}
    try:
        read: dict[str, list[Any]] | None = truth.read_entities(entities)
    except truth.NotEntities as exc:
        issues.add(source.key, PREDICTION_SHAPE, at.child("entities", *exc.where), str(exc))
        read = None
    return truth.PredRow(name, path, source.key, _intent(intent), read)


def _intent(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) else None


def score_xsid(inputs: Inputs, profile: str, issues: Issues, tick: Tick) -> Outcome:
    from goldlint.formats.conll_doc import ConllDocument
    from goldlint.score import xsid

    gold, pred = inputs.gold[0].doc, inputs.predictions[0].doc
    if not isinstance(gold, ConllDocument) or not gold.ok:
        raise _unread(inputs.gold[0])
    if not isinstance(pred, ConllDocument):
        raise ScoreError(f"{inputs.predictions[0].path}: xsid predictions are a .conll file in the gold's format")
    return xsid.score(gold, pred, profile, issues, tick)


def score_slurp(inputs: Inputs, profile: str, average: str, issues: Issues, tick: Tick) -> Outcome:
    from goldlint.score import slurp

    gold = inputs.gold[0]
    if gold.doc is None or not gold.doc.ok:
        raise _unread(gold)
    return slurp.score(gold.doc, _records(inputs.predictions[0]), profile, average, issues, tick)
