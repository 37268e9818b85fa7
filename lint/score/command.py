"""``goldlint score GOLD PREDICTIONS``: the typer command body (registered in ``goldlint.cli``).

Exit codes: 0 scored and the predictions read cleanly; 1 the gold has lint errors and was
refused (without ``--allow-invalid-gold``), or the predictions have errors (malformed lines:
they are reported with their positions and the run is still scored), or nothing could be
read; 2 bad usage or an internal error.
"""

from __future__ import annotations

import sys
import traceback
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from goldlint.diagnostics import Diagnostic, Severity
from goldlint.reporters.text import line as text_line
from goldlint.score import rules as _rules  # noqa: F401  (registers SCO rules: `goldlint rule SCO101`)

# The scoring machinery (sacrebleu, rapidfuzz, rich) is imported when `score` runs, so that
# registering the command costs `goldlint check` and the pre-commit hook nothing.

MAX_SHOWN = 20  # diagnostics shown per rule code on the terminal (all are counted)


class Kind(str, Enum):
    slu = "slu"
    corpus = "corpus"
    semantic = "semantic"
    truth = "truth"
    xsid = "xsid"
    slurp = "slurp"


def score(
    # (readable=False: a file the user may not read is a positioned diagnostic of goldlint's, exit 1,
    # not click's usage error, exit 2)
    gold: Annotated[Path, typer.Argument(help="The gold file (a folder of gold files for semantic).", readable=False)],
    predictions: Annotated[Path, typer.Argument(help="The predictions file (a folder of per-meeting files for semantic).", readable=False)],
    kind: Annotated[Kind | None, typer.Option(help="The kind of GOLD (default: detected).")] = None,
    profile: Annotated[str | None, typer.Option(
        help="spec (the default) or the official scorer's: slu mera; semantic slower-whisper; xsid xsid; slurp slurp.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the JSON report here (for corpus: the run card).")] = None,
    html: Annotated[Path | None, typer.Option(help="Write a self-contained HTML report here.")] = None,
    allow_invalid_gold: Annotated[bool, typer.Option("--allow-invalid-gold", help="Score gold that has lint errors (the report records it).")] = False,
    model_slug: Annotated[str | None, typer.Option(help="corpus: the model identifier for the run card.")] = None,
    condition: Annotated[str | None, typer.Option(help="corpus: the experiment label (baseline, few-shot, ...).")] = None,
    temperature: Annotated[float | None, typer.Option(help="corpus: the sampling temperature.")] = None,
    system_prompt: Annotated[Path | None, typer.Option(help="corpus: a file holding the full system prompt.", readable=False)] = None,
    method_class: Annotated[str | None, typer.Option(help="corpus: raw-llm, coached-llm, pipeline, custom-plugin, api or human.")] = None,
    method: Annotated[Path | None, typer.Option(help="corpus: every run-card setting at once, from a YAML file (flags override it).", readable=False)] = None,
    mix_config: Annotated[Path | None, typer.Option(help="truth: the test tool's JSON config (its nlu section), linted first.", readable=False)] = None,
    ignore_entities: Annotated[list[str] | None, typer.Option(help="truth: INTENT=REGEX (or _GLOBAL_=REGEX) of predicted entities to ignore; repeatable.")] = None,
    flattened_predefined: Annotated[bool | None, typer.Option(
        "--flattened-predefined/--nested-predefined", help="truth: flatten struct_value to dotted paths (the tool's default).")] = None,
    format_calendar_canonicals: Annotated[bool | None, typer.Option(
        "--format-calendar-canonicals/--no-format-calendar-canonicals", help="truth: format calendar struct_values as the tool does.")] = None,
    action_threshold: Annotated[float | None, typer.Option(min=0.0, max=1.0, help="semantic: the similarity an action match needs [default: 0.8].")] = None,
    average: Annotated[str | None, typer.Option(help="slurp: micro (default) or macro, as the official evaluator's --average.")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", help="Show tracebacks of internal errors.")] = False,
) -> None:
    """Score predictions against a gold file: lint the gold first, then the benchmark's metrics.

    Prediction formats, metrics and profiles, with examples: docs/scoring.md in goldlint's
    repository (and its examples/score/ folder)."""
    from rich.console import Console

    from goldlint.config import ConfigError
    from goldlint.score.inputs import InputError
    from goldlint.score.method import MethodError
    from goldlint.score.run import Request, ScoreError, run

    request = Request(gold, predictions, kind.value if kind else None, profile, output, html, allow_invalid_gold,
                      model_slug, condition, temperature, system_prompt, method_class, method, mix_config,
                      list(ignore_entities or []), flattened_predefined, format_calendar_canonicals, action_threshold, average)
    out = Console(file=sys.stdout, soft_wrap=False)
    err = Console(file=sys.stderr)
    try:
        result = run(request, out, err)
    except (InputError, MethodError) as exc:
        _fail(str(exc), 2)
    except ScoreError as exc:
        _fail(str(exc), 1)
    except ConfigError as exc:
        _fail(f"bad config: {exc}", 2)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    except Exception as exc:  # a goldlint bug: one line, the traceback on request
        if verbose:
            traceback.print_exc()
        _fail(f"internal error: {type(exc).__name__}: {exc} (run with --verbose for the traceback)", 2)
    if result.refused:
        _print(result.diagnostics, sys.stdout, limit=None)
        typer.echo(f"goldlint: {result.refused}", err=True)
        raise typer.Exit(1)
    _print(result.diagnostics, sys.stderr, limit=MAX_SHOWN)
    raise typer.Exit(result.exit_code)


def _print(diagnostics: list[Diagnostic], stream: object, limit: int | None) -> None:
    shown: dict[str, int] = {}
    hidden: dict[str, int] = {}
    lines = []
    for d in diagnostics:
        if limit is not None and shown.get(d.code, 0) >= limit:
            hidden[d.code] = hidden.get(d.code, 0) + 1
            continue
        shown[d.code] = shown.get(d.code, 0) + 1
        lines.append(text_line(d))
    for code, n in hidden.items():
        lines.append(f"… and {n} more {code}")
    if diagnostics:
        errors = sum(d.severity is Severity.ERROR for d in diagnostics)
        lines.append(f"Found {len(diagnostics)} problem{'s' if len(diagnostics) != 1 else ''} ({errors} error{'s' if errors != 1 else ''}).")
    if lines:
        stream.write("\n".join(lines) + "\n")  # type: ignore[attr-defined]
        stream.flush()  # type: ignore[attr-defined]


def _fail(message: str, code: int) -> None:
    typer.echo(f"goldlint: {message}", err=True)
    raise typer.Exit(code)
