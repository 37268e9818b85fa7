"""`check` on every family: clean and defective files at 10k, 100k (and 1M) entries.

For each dataset, interleaved in one run:

- the bare parse of the same file (the baseline of the ratios): ``orjson-lines`` (JSONL),
  ``orjson-whole`` (JSON), ``yaml-load`` (YAML: PyYAML with libyaml, the fastest YAML
  reader for Python — orjson cannot read YAML), ``tsv-orjson`` (TSV: split on tabs, ``orjson.loads`` the
  annotation cells);
- ``goldlint-engine``: ``goldlint.engine.check_file`` in process (imports not timed);
- ``goldlint-cli``: ``python -m goldlint check --quiet FILE`` (start-up included), against
  ``parse-process``, the bare parse in a fresh interpreter (``parse_cli.py``): whole process
  against whole process;
- ``jsonvet``: a native JSON/JSONL linter with the published schema (JSON, and SLU JSONL);
- ``check-jsonschema``: the same file against the published schema in ``schemas/``, for
  comparison. It reads JSON and YAML, not JSON Lines nor TSV: for ``slu`` it runs on the
  JSON array (with a wrapper schema, ``slu-array.schema.json``, whose items are the
  published record schema); JSONL and the truth TSV have no such case.

1M entries: the ``corpus`` spec dialect and ``slu`` JSONL only (``--scale 1m``).
"""

from __future__ import annotations

import json

from tests.bench import registry, tools
from tests.bench.registry import (
    FOLDER_FILES,
    REPO,
    SCALES,
    Case,
    Dataset,
    case,
    dataset,
    source_version,
)

GOLDLINT_CLI = ("{python}", "-m", "goldlint", "check", "--quiet", "{path}")
BASELINES = {"jsonl": "orjson-lines", "json": "orjson-whole", "yaml": "yaml-load", "tsv": "tsv-orjson", "conll": "conll-split"}
BASELINE_TARGETS = {"orjson-lines": "tests.bench.baselines:orjson_lines", "orjson-whole": "tests.bench.baselines:orjson_whole",
                    "yaml-load": "tests.bench.baselines:yaml_load", "tsv-orjson": "tests.bench.baselines:tsv_orjson",
                    "conll-split": "tests.bench.baselines:conll_split"}
PROCESS_BASELINE = "parse-process"  # the bare parse in a fresh interpreter (parse_cli.py): the whole-process baseline
# JSON Lines schemas for jsonvet (it checks each line against them; check-jsonschema reads no JSONL).
JSONL_SCHEMAS = {"slu": str(REPO / "schemas" / "slu-record.schema.json")}
# A 1M-entry SLU JSONL is ~3 GB, over the default max-file-size (1 GiB); a 1M-entry spec
# corpus (~290 MB) holds some 20 million JSON values, over the default max-json-values (5
# million): without both, the check of a 1M file is its refusal (GL011), in a few seconds.
BIG_FILES = "max-file-size: 16000000000\nmax-json-values: 200000000\n"
SLU_ARRAY_SCHEMA = "slu-array.schema.json"


def slu_array_schema() -> str:
    """The published record schema as the items of an array (check-jsonschema validates a
    file as one instance; the record schema is embedded as a resource with its own $id)."""
    record = json.loads((REPO / "schemas" / "slu-record.schema.json").read_text(encoding="utf-8"))
    wrapper = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "urn:goldlint-bench:slu-array",
               "title": "An array of MERA-style SLU records (goldlint's benchmark wrapper of slu-record.schema.json)",
               "type": "array", "items": {"$ref": record["$id"]}, "$defs": {"record": record}}
    return json.dumps(wrapper, ensure_ascii=False, indent=2) + "\n"


def _family(family: str, fmt: str, suffix: str, make: str, version: str, scale: str, note: str,
            schema: str | None, defect_kwargs: dict[str, object], clean_kwargs: dict[str, object] | None = None,
            one_million: bool = False) -> None:
    if scale == "1m" and not one_million:
        return
    records = SCALES[scale]
    big = scale == "1m"
    for variant in ("clean", "defective"):
        name = f"{family}-{fmt}-{scale}" + ("-defective" if variant == "defective" else "")
        kwargs = {"records": records, **(defect_kwargs if variant == "defective" else (clean_kwargs or {}))}
        dataset(Dataset(name, family, suffix, make, tuple(kwargs.items()), records, scale, version,
                        note + ("" if variant == "clean" else "; one defect every 100 entries"), variant, suffix.lstrip(".")))
        base_fmt = suffix.lstrip(".")
        base = BASELINES[base_fmt]
        tags = frozenset({family, scale, variant})
        process = PROCESS_BASELINE
        case(Case(name, base, "python", BASELINE_TARGETS[base], tags=tags | {"baseline"}))
        case(Case(name, process, "command", argv=("{python}", "{repo}/tests/bench/parse_cli.py", base, "{path}"), tags=tags | {"baseline"}))
        case(Case(name, "goldlint-engine", "python", "tests.bench.engine:goldlint_check_file", baseline=base, tags=tags))
        # Whole processes against the whole-process parse: what a user waits for.
        case(Case(name, "goldlint-cli", "command", argv=GOLDLINT_CLI, baseline=process, reps=1 if big else None, tags=tags))
        schemafile = (schema if "/" in schema else str(REPO / "schemas" / schema)) if schema is not None else None
        if schemafile is not None and base_fmt in ("json", "yaml"):
            case(Case(name, "check-jsonschema", "command",
                      argv=("{python}", "-m", "check_jsonschema", "--schemafile", schemafile, "{path}"),
                      baseline=process, reps=1 if records >= 100_000 else None, tags=tags | {"check-jsonschema"},
                      tool=tools.CHECK_JSONSCHEMA))
        jsonvet_schema = schemafile if base_fmt == "json" else JSONL_SCHEMAS.get(family) if base_fmt == "jsonl" else None
        if jsonvet_schema is not None:
            case(Case(name, "jsonvet", "command", argv=("{jsonvet}", "--no-config", "--schema", jsonvet_schema, "{path}"),
                      baseline=process, reps=1 if big else None, tags=tags | {"jsonvet"}, tool=tools.JSONVET))


def register(scales: list[str]) -> None:
    FOLDER_FILES["slu"] = {"goldlint.yaml": BIG_FILES, SLU_ARRAY_SCHEMA: slu_array_schema()}
    FOLDER_FILES["corpus"] = {"goldlint.yaml": BIG_FILES}
    FOLDER_FILES["runcard"] = {"goldlint.yaml": BIG_FILES}
    FOLDER_FILES["semantic"] = {"goldlint.yaml": BIG_FILES}
    from tests.bench import truth_data
    FOLDER_FILES["truth"] = {"goldlint.yaml": BIG_FILES + truth_data.CONFIG, "ontology.yaml": truth_data.ONTOLOGY}
    FOLDER_FILES["xsid"] = {"goldlint.yaml": BIG_FILES}
    from tests.bench import slurp_data
    FOLDER_FILES["slurp"] = {"goldlint.yaml": BIG_FILES + slurp_data.CONFIG}
    slu_v = source_version("tests.bench.slu_data")
    corpus_v = source_version("tests.bench.corpus_data")
    runcard_v = source_version("tests.bench.runcard_data", "goldlint.families.runcard.algorithms")
    semantic_v = source_version("tests.bench.semantic_data")
    truth_v = source_version("tests.bench.truth_data")
    xsid_v = source_version("tests.bench.xsid_data")
    slurp_v = source_version("tests.bench.slurp_data")
    array_schema = "{data}/slu/" + SLU_ARRAY_SCHEMA
    for scale in scales:
        _family("slu", "jsonl", ".jsonl", "tests.bench.slu_data:write_jsonl", slu_v, scale, "RuSLUn-shaped records", None,
                {"error_every": 100}, one_million=True)
        _family("slu", "json", ".json", "tests.bench.slu_data:write_json_array", slu_v, scale, "the same records as one JSON array",
                array_schema, {"error_every": 100})
        _family("corpus", "spec", ".json", "tests.bench.corpus_data:write_spec", corpus_v, scale,
                "spec-dialect corpus, pretty-printed", "corpus-spec.schema.json", {"defective": True}, one_million=True)
        _family("corpus", "harness", ".json", "tests.bench.corpus_data:write_harness", corpus_v, scale,
                "harness v3 corpus, pretty-printed", "corpus-harness.schema.json", {"defective": True})
        _family("runcard", "json", ".json", "tests.bench.runcard_data:write", runcard_v, scale,
                "a sealed run card with N per-entry results", "runcard.schema.json", {"defective": True})
        _family("semantic", "json", ".json", "tests.bench.semantic_data:write", semantic_v, scale,
                "one meeting's labels: topics, risks, actions", "semantic-spec.schema.json", {"defective": True})
        _family("semantic", "yaml", ".yaml", "tests.bench.semantic_data:write", semantic_v, scale,
                "the same labels in block YAML", "semantic-spec.schema.json", {"defective": True})
        _family("truth", "tsv", ".tsv", "tests.bench.truth_data:write", truth_v, scale,
                "NLU truth TSV with an ontology", None, {"defective": True})
        _family("xsid", "conll", ".conll", "tests.bench.xsid_data:write", xsid_v, scale,
                "xSID CoNLL, English with `# slots:` (one sentence an entry)", None, {"defective": True})
        _family("slurp", "jsonl", ".jsonl", "tests.bench.slurp_data:write", slurp_v, scale,
                "SLURP JSONL records (test.jsonl-shaped, ~1.2 KB)", None, {"defective": True})
    # msgspec, the other fast JSON parser, once for reference.
    for scale in scales:
        name = f"slu-jsonl-{scale}"
        if name in registry.DATASETS:
            case(Case(name, "msgspec-lines", "python", "tests.bench.baselines:msgspec_lines",
                      tags=frozenset({"slu", scale, "clean", "baseline"})))

