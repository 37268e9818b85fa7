"""The atheris fuzz targets. ``python -m tests.fuzz.harness TARGET [libFuzzer flags] [CORPUS...]``.

Targets (the first input byte selects the case, see ``cases.py``):

- ``check``: the bytes as a gold file under every suffix and ``--kind``, through
  ``check_text`` (decoded, lone surrogates kept) or ``check_file`` (from disk), with the
  default config or one that points every family at ontologies, audio, transcripts and a
  corpus beside the file. All five report formats render the result.
- ``ontology``: the bytes as the ontology file the truth, mix-config and slu families load.
- ``yaml`` and ``tsv``: the bytes as a text for the YAML or TSV reader alone (the first byte
  picks small limits or the defaults for YAML): every finding and every path placed inside
  the text, and YAML read by libyaml exactly as ruamel.yaml reads it.

The property: no exception at all (a bad file is a diagnostic, never a traceback: exit 0
or 1, never 2), every diagnostic and fix edit inside the text (``property.py``), and a file
read from disk given the same diagnostics when the caller wants only them (a JSON file may
then be checked from its bytes) as when it wants the document too.

goldlint is imported inside ``atheris.instrument_imports`` (every submodule on a check's
path, so the lazily imported ones are instrumented too): libFuzzer's coverage guidance follows goldlint's own
branches. Run it through ``python -m tests.fuzz`` for bounded runs and reports.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import tempfile
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any

import atheris

from tests.fuzz import TESTS, use_this_checkout

use_this_checkout()

# Not on the path of a check (the CLI, the language server, `score`): importing and
# instrumenting them would double the start-up time for no coverage. The `score` target
# instruments `goldlint.score` too: its prediction readers are what it fuzzes.
_SCORING = len(sys.argv) > 1 and sys.argv[1] == "score"
_SKIP = ("goldlint.__main__", "goldlint.cli", "goldlint.server") + (() if _SCORING else ("goldlint.score",))


def _import_all(package: ModuleType) -> None:
    """Import every submodule now, inside the instrumentation (the engine imports some lazily)."""
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        if info.name.startswith(_SKIP):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue
        if info.ispkg:
            _import_all(module)


with atheris.instrument_imports(include=["goldlint"]):
    import goldlint

    _import_all(goldlint)

from goldlint import config as cfg
from goldlint.engine import check_file, check_text
from goldlint.families.truth import ontology as truth_ontology
from goldlint.findings import At
from goldlint.formats.base import Limits
from tests.fuzz.cases import case_of, ontology_case_of, score_case_of
from tests.fuzz.property import Lines, check_diagnostics, check_reports, check_span

WAV_HEADER = b"RIFF\x24\x00\x00\x00WAVEfmt "
SLU_ONTOLOGY = "rate_book: [best_rating, rating_value]\nplay_music: [artist, track]\nalarm/time_left_on_alarm: []\n"


def _read(relative: str) -> str:
    return (TESTS / relative).read_text(encoding="utf-8")


def _workdir() -> Path:
    """A folder with the files the rich config points at (written from tests/data, not copied)."""
    folder = Path(tempfile.mkdtemp(prefix="goldlint-fuzz-"))
    (folder / "samples").mkdir()
    (folder / "samples" / "audio_2.wav").write_bytes(WAV_HEADER)
    (folder / "ontology.yaml").write_text(_read("data/truth/ontology.yaml"), encoding="utf-8")
    (folder / "slu-ontology.yaml").write_text(SLU_ONTOLOGY, encoding="utf-8")
    (folder / "corpus.json").write_text(_read("data/rosetta/curated/eng-sna-dev-v1.json"), encoding="utf-8")
    (folder / "transcripts").mkdir()
    for transcript in sorted((TESTS / "data" / "semantic" / "transcripts").glob("*.json")):
        (folder / "transcripts" / transcript.name).write_text(transcript.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def _loaded(folder: Path, options: dict[str, object]) -> cfg.Loaded:
    return cfg.Loaded(cfg.settings_from(options), None, folder)


def rich_options(ontology: str = "ontology.yaml", slu_ontology: str = "slu-ontology.yaml") -> dict[str, object]:
    return {
        "slu": {"ontology": slu_ontology, "audio-root": "."},
        "truth": {"ontology": ontology, "calendar-entities": ["WHEN"]},
        "mix-config": {"ontology": ontology},
        "semantic": {"profile": "slower-whisper", "transcripts": "transcripts/{meeting_id}.json"},
        "runcard": {"corpus": "corpus.json"},
        "corpus": {"extra-fields": ["note"]},
    }


# --------------------------------------------------------------------------- check


class CheckTarget:
    def __init__(self) -> None:
        self.folder = _workdir()
        self.plain = _loaded(self.folder, {})
        self.rich = _loaded(self.folder, rich_options())

    def __call__(self, data: bytes) -> None:
        if not data:
            return
        case = case_of(data[0])
        body = data[1:]
        loaded = self.rich if case.rich else self.plain
        explicit = not case.rich
        path = self.folder / case.name
        if case.from_disk:
            path.write_bytes(body)
            result = check_file(path, loaded, case.kind, explicit)
            text = result.text if result.text is not None else body.decode("utf-8", "replace")
            # As `goldlint check` asks (diagnostics only), a JSON file may be checked from its
            # bytes: exactly what the ordinary way finds, or the byte path is wrong.
            quick = check_file(path, loaded, case.kind, explicit, need_document=False)
            if quick.diagnostics != result.diagnostics:
                raise AssertionError(f"from the bytes: {quick.diagnostics}\nthe ordinary way: {result.diagnostics}")
        else:
            text = body.decode("utf-8", "surrogateescape")  # undecodable bytes become lone surrogates
            result = check_text(path, text, loaded, case.kind, explicit)
        check_diagnostics(result.diagnostics, text)
        check_reports(result.diagnostics)


# --------------------------------------------------------------------------- ontology


class OntologyTarget:
    def __init__(self) -> None:
        self.folder = _workdir()
        self.loaded = {suffix: _loaded(self.folder, rich_options(f"fuzzed{suffix}", f"fuzzed{suffix}")) for suffix in (".yaml", ".json")}
        self.golds = [
            ("truth.tsv", _read("data/truth/clean.tsv")),
            ("config.json", json.dumps({"nlu": {"useEntityF1": True, "predicted_entities_to_ignore": {"_GLOBAL_": "^.+_SIZE$", "ORDER_COFFEE": "COFFEE_TYPE"}}})),
            ("record.json", _read("data/slu/ruslun_example_record.json")),
        ]

    def __call__(self, data: bytes) -> None:
        if not data:
            return
        case = ontology_case_of(data[0])
        (self.folder / f"fuzzed{case.suffix}").write_bytes(data[1:])
        truth_ontology._load.cache_clear()  # keyed by mtime and size: two inputs can share both
        for name, text in self.golds:
            path = self.folder / name
            if case.from_disk:
                path.write_text(text, encoding="utf-8")
                result = check_file(path, self.loaded[case.suffix])
            else:
                result = check_text(path, text, self.loaded[case.suffix])
            check_diagnostics(result.diagnostics, text)
            check_reports(result.diagnostics)


# --------------------------------------------------------------------------- score


class ScoreTarget:
    """The input is a predictions file, scored (report, HTML) against a real gold file of its
    kind, the gold's errors allowed. The property: the run ends in a result (exit 0 or 1),
    never an exception, and every diagnostic on the predictions lies inside their text."""

    def __init__(self) -> None:
        self.folder = _workdir()
        (self.folder / "slu.json").write_text(_read("data/slu/ruslun_example_record.json"), encoding="utf-8")
        (self.folder / "truth.tsv").write_text(_read("data/truth/clean.tsv"), encoding="utf-8")
        (self.folder / "support_call.json").write_text(_read("data/score/slower-whisper/support_call.json"), encoding="utf-8")
        self.gold = {"slu": "slu.json", "truth": "truth.tsv", "semantic": "support_call.json", "corpus": "corpus.json"}

    def __call__(self, data: bytes) -> None:
        import io

        from rich.console import Console

        from goldlint.score.inputs import InputError
        from goldlint.score.run import Request, ScoreError, run

        if not data:
            return
        case = score_case_of(data[0])
        preds = self.folder / case.name
        preds.write_bytes(data[1:])
        card = {"model_slug": "m", "condition": "c", "temperature": 0.0, "method_class": "raw-llm"} if case.kind == "corpus" else {}
        request = Request(self.folder / self.gold[case.kind], preds, case.kind, case.profile, self.folder / "report.json",
                          self.folder / "report.html", allow_invalid_gold=True, **card)  # (the run card's options: corpus only)
        console = Console(file=io.StringIO(), width=120)
        try:
            result = run(request, console, console)
        except ScoreError:
            return  # nothing could be read from the predictions: exit 1 with one line
        except InputError as exc:
            raise AssertionError(f"a usage error (exit 2) from a predictions file: {exc}") from exc
        assert result.exit_code in (0, 1)
        text = data[1:].decode("utf-8", "replace")
        check_diagnostics([d for d in result.diagnostics if Path(d.path).name == case.name], text)
        check_reports(result.diagnostics)


# --------------------------------------------------------------------------- readers


def _check_placed(doc: Any, locations: list[Any], text: str) -> None:
    """Every reading finding and every path of the document placed inside the text."""
    from goldlint.engine import to_diagnostics

    check_diagnostics(to_diagnostics(list(doc.findings), doc, Path(doc.path)), text)
    lines = Lines(text)
    for where, span in zip(locations, doc.resolve(locations), strict=True):
        if span is not None:
            check_span(span, lines, f"{where} -> {span}")


class YamlTarget:
    """The bytes as a YAML text (decoded, lone surrogates kept), read by the reader with small
    limits (so that its refusals are reached): no exception, every finding and every node's
    path placed inside the text, and the libyaml events it takes where they are exact read the
    text exactly as ruamel.yaml's pure Python does (the same value, findings and node offsets)."""

    small = Limits(max_depth=64, max_yaml_nodes=20_000)

    def __call__(self, data: bytes) -> None:
        from goldlint.formats import yaml_events
        from goldlint.formats.yaml_doc import YamlDocument

        if not data:
            return
        self.limits = self.small if data[0] & 1 else Limits()  # the first byte: small limits, or the defaults
        text = data[1:].decode("utf-8", "surrogateescape")
        doc = YamlDocument("fuzzed.yaml", text, self.limits)
        # (At most 5,000 paths: an alias may make a 400-byte text of 600,000 nodes, read within
        # max-yaml-nodes in seconds, whose every path resolved would be the harness's timeout.)
        paths = list(islice(doc.nodes_by_path(), 5_000))
        _check_placed(doc, [At(path) for path in paths] + [At(path, key=True) for path in paths if path], text)
        if yaml_events.libyaml_events(text) is None:
            return
        fast = _yaml_read(doc)
        real = yaml_events.libyaml_events
        yaml_events.libyaml_events = lambda text: None  # type: ignore[assignment]
        try:
            pure = _yaml_read(YamlDocument("fuzzed.yaml", text, self.limits))
        finally:
            yaml_events.libyaml_events = real
        if fast != pure:
            raise AssertionError(f"libyaml read {text!r} otherwise than ruamel.yaml:\n{fast}\n{pure}")


def _yaml_read(doc: Any) -> tuple[Any, ...]:
    nodes = {path: (None if key is None else (key.start, key.end), (node.start, node.end)) for path, (key, node) in doc.nodes_by_path().items()}
    return doc.ok, repr(doc.root), [(f.code, f.where, f.message) for f in doc.findings], nodes


class TsvTarget:
    """The bytes as a truth TSV text, read by the reader: no exception, every finding, row,
    cell and header cell placed inside the text, and a cell written without quotes spans
    exactly its value."""

    def __call__(self, data: bytes) -> None:
        from goldlint.formats.tsv_doc import TsvDocument

        text = data[1:].decode("utf-8", "surrogateescape")  # (the first byte picks nothing: every seed has one)
        doc = TsvDocument("fuzzed.tsv", text)
        _ = doc.root, list(doc.records())
        locations: list[Any] = [At(())]
        if doc.header is not None:
            locations += [At(("header", k)) for k in range(len(doc.header.values))]
        for n, row in enumerate(doc.rows):
            locations.append(At((n,)))
            locations += [At((n, k)) for k in range(len(row.values))]
            for k, value in enumerate(row.values):
                start, end = row.cell_span(k)
                assert row.start <= start <= end <= row.end, (n, k, start, end, row)
                if not row.is_quoted(k) and not row.bad:
                    assert text[start:end] == value, (n, k, text[start:end], value)
        _check_placed(doc, locations, text)


TARGETS: dict[str, Callable[[], Callable[[bytes], None]]] = {"check": CheckTarget, "ontology": OntologyTarget, "score": ScoreTarget,
                                                             "yaml": YamlTarget, "tsv": TsvTarget}


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        sys.exit(f"usage: python -m tests.fuzz.harness {{{','.join(TARGETS)}}} [libFuzzer flags] [CORPUS...]")
    target = TARGETS[argv[1]]()
    atheris.Setup([argv[0], *argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
