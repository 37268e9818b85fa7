"""What a one-file ``goldlint check`` loads (issue 18, start-up): only what its file needs.

Start-up is most of what a pre-commit hook or a CI step pays per call, and an import that
creeps onto the path of a plain check is invisible in any one test's time. So the modules
are pinned, not the time: for a file of each kind, with and without a defect, the run may
not import the CLI framework, the config validator, the scorer, the language server, any
other family's checks, or a parser stack its format does not use (the speed itself is
measured by ``tests/bench``, never asserted).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from goldlint.families import KINDS

REPO = Path(__file__).resolve().parents[1]

# kind -> (a file the repository ships, the name it is checked under)
FILES = {
    "slu": (REPO / "examples/ruslun/dev.jsonl", "dev.jsonl"),
    "corpus": (REPO / "examples/score/corpus/eng-sna-dev-v1.json", "corpus.json"),
    "semantic": (REPO / "examples/score/semantic/gold/support_call.json", "meeting.json"),
    "runcard": (REPO / "tests/data/rosetta/run_card_example.json", "card.json"),
    "truth": (REPO / "examples/score/truth/truth.tsv", "truth.tsv"),
    "mix-config": (REPO / "examples/score/truth/mix.json", "mix.json"),
    "xsid": (REPO / "examples/score/xsid/de.test.conll", "de.test.conll"),
    "slurp": (REPO / "tests/data/slurp/test.jsonl", "test.jsonl"),
}
NEVER = ("typer", "click", "pydantic", "pydantic_core", "rich", "goldlint.cli", "goldlint.score", "goldlint.server", "lsprotocol", "pygls",
         "goldlint.rules.examples", "numpy",  # (numpy: near-duplicates only, DS109; a rule's examples are read by `goldlint rule` only)
         "typing_extensions")  # (msgspec takes typing's get_type_hints without it: goldlint.launch)
YAML_STACK = ("yaml", "ruamel", "_ruamel_yaml", "goldlint.formats.yaml_doc", "goldlint.formats.yaml_events")


# The console script, with the modules it ended with written out as it leaves (``-X importtime``
# does not see what ``importlib.import_module`` loads, and the registry loads families that way).
_PROBE = (
    "import os, sys\n"
    "leave = os._exit\n"
    "def report(code):\n"
    "    import gc\n"
    "    sys.stderr.write('\\nCOLLECTING ' + str(gc.isenabled()) + '\\n')\n"
    "    sys.stderr.write('\\nMODULES ' + ' '.join(sorted(sys.modules)) + '\\n')\n"
    "    sys.stderr.flush()\n"
    "    leave(code)\n"
    "os._exit = report\n"
    "sys.argv = ['goldlint', *sys.argv[1:]]\n"
    "from goldlint.launch import main\n"
    "main()\n"
)


def _imported(args: list[str], cwd: Path) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.startswith("MODULES ")]
    return done, set(lines[-1].split()[1:]) if lines else set()


def _checks_of(modules: set[str], package: str) -> set[str]:
    """A family's checks: its ``family.py``, its rules and its field declaration (which names the
    rules). A family may share another's helpers (mix-config reads ontologies as truth does; a run
    card reads a corpus's fields) and runs every kind's ``detect``, but never loads another's checks."""
    return {f"goldlint.families.{package}.{name}" for name in ("family", "rules", "declaration")} & modules


def _check_imports(kind: str, modules: set[str], fmt: str) -> None:
    assert modules, "no import times were read"
    banned = {m for m in modules if m.startswith(NEVER)}
    assert banned == set(), f"{kind}: a plain check imported {sorted(banned)}"
    dataset = {m for m in modules if m == "goldlint.dataset" or m.startswith(("goldlint.dataset.", "goldlint.dataset_options"))}
    assert dataset == set(), f"{kind}: a one-file check imported the dataset checks {sorted(dataset)}"
    mine = KINDS[kind].package
    for other in KINDS.values():
        if other.package != mine:
            assert _checks_of(modules, other.package) == set(), f"{kind}: imported the checks of {other.name}"
    assert f"goldlint.families.{mine}.family" in modules  # (the pin would pass vacuously if nothing was checked)
    if fmt != "yaml":
        assert {m for m in modules if m.startswith(YAML_STACK)} == set(), f"{kind}: a {fmt} file imported the YAML stack"


def test_detection_imports_no_rules_and_no_declaration() -> None:
    """Every kind's ``detect`` runs on a file until one accepts it: together they load no
    family's checks, rules or declaration (a declaration that detection reads from writes the
    names it needs into ``detect_names.py``: goldlint.families.detection_names)."""
    probe = ("import sys\nfrom goldlint.families import KINDS\n"
             "for kind in KINDS.values():\n    kind.detect({})\n"
             "print(' '.join(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    modules = set(done.stdout.split())
    assert {f"goldlint.families.{kind.package}.detect" for kind in KINDS.values()} <= modules  # (not vacuous)
    loaded = {m for kind in KINDS.values() for m in _checks_of(modules, kind.package)}
    assert loaded == set(), sorted(loaded)
    assert not {m for m in modules if m.startswith("goldlint.families.") and m.endswith((".rules", ".declaration", ".family"))}


def test_every_kind_has_a_file_here() -> None:
    """A kind added to the registry is pinned too (docs/CONTRIBUTING-FAMILIES.md)."""
    assert set(FILES) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(FILES))
def test_a_one_file_check_imports_only_what_its_kind_needs(kind: str, tmp_path: Path) -> None:
    source, name = FILES[kind]
    shutil.copy(source, tmp_path / name)
    done, modules = _imported(["check", "--quiet", name], tmp_path)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    _check_imports(kind, modules, name.rsplit(".", 1)[1])


def test_a_clean_slu_file_does_not_build_the_grammar_parser(tmp_path: Path) -> None:
    """The SLU inventory's clean lines are read by one pattern; lark is for the lines it refuses."""
    shutil.copy(FILES["slu"][0], tmp_path / "dev.jsonl")
    _, modules = _imported(["check", "dev.jsonl"], tmp_path)
    assert not {m for m in modules if m.startswith(("lark", "regex"))}


def test_a_harness_corpus_answers_its_codes_and_names_without_langcodes(tmp_path: Path) -> None:
    """ISO 639 codes and language names of known languages are read from the language table
    (goldlint.families.corpus.langtable); langcodes is for the rare tag it does not list."""
    shutil.copy(FILES["corpus"][0], tmp_path / "corpus.json")
    text = (tmp_path / "corpus.json").read_text(encoding="utf-8")
    assert '"language_pair"' in text and '"source_name": "English"' in text  # (the harness dialect: codes and names)
    _, modules = _imported(["check", "corpus.json"], tmp_path)
    assert "goldlint.families.corpus.harness" in modules
    assert not {m for m in modules if m.startswith("langcodes")}


def test_a_spec_corpus_of_instruction_entries_does_not_load_the_slu_family(tmp_path: Path) -> None:
    """`instruction` is a spec corpus's context as well as an SLU record's first key: only the
    key (with its colon) offers a file to the SLU family's reading of bytes."""
    corpus = json.loads((REPO / "tests/data/precommit/gold/eng-crk-dev-v1.json").read_text(encoding="utf-8"))
    for entry in corpus["entries"]:
        entry["context"] = "instruction"
    (tmp_path / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False, indent=2), encoding="utf-8")
    done, modules = _imported(["check", "--quiet", "corpus.json"], tmp_path)
    assert done.returncode == 0, done.stdout[-800:]
    _check_imports("corpus", modules, "json")
    assert not {m for m in modules if m.startswith("goldlint.families.slu.") and not m.endswith((".detect", ".detect_names"))}


def test_a_config_of_common_keys_builds_no_kind_table(tmp_path: Path) -> None:
    """A config of limits alone (the benchmark's, a large dataset's) is read without building
    every kind's config table: no other kind's modules are loaded for it."""
    shutil.copy(FILES["corpus"][0], tmp_path / "corpus.json")
    (tmp_path / "goldlint.yaml").write_text("max-file-size: 16000000000\nmax-json-values: 200000000\n", encoding="utf-8")
    done, modules = _imported(["check", "--quiet", "corpus.json"], tmp_path)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    _check_imports("corpus", modules, "json")
    others = {m for m in modules if m.startswith("goldlint.families.") and m.endswith(".options") and not m.startswith("goldlint.families.corpus.")}
    assert others == set()


def test_a_short_json_file_with_findings_places_them_without_ctypes_or_jiter(tmp_path: Path) -> None:
    """A few hundred entries' findings are placed in items proved from the text: ctypes, which
    reads items' addresses, is for long arrays (goldlint.formats.json_items); jiter reads JSONL
    batches only."""
    corpus = json.loads((REPO / "tests/data/precommit/gold/eng-crk-dev-v1.json").read_text(encoding="utf-8"))
    corpus["entries"][1]["reference"] = " " + corpus["entries"][1]["reference"]
    (tmp_path / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False, indent=2), encoding="utf-8")
    done, modules = _imported(["check", "corpus.json"], tmp_path)
    assert "GL008" in done.stdout, done.stdout[-800:]
    assert "goldlint.formats.json_items" in modules  # (placed in its items: not vacuous)
    assert not {m for m in modules if m.startswith(("ctypes", "_ctypes", "jiter"))}


def test_a_miscounted_gloss_is_explained_without_lark(tmp_path: Path) -> None:
    """A well-formed `morphological_analysis` with a word's morphemes miscounted (COR116) is
    read by the regular expression; lark parses only an analysis that is not well formed."""
    corpus = json.loads((REPO / "tests/data/precommit/gold/eng-crk-dev-v1.json").read_text(encoding="utf-8"))
    corpus["entries"][0]["morphological_analysis"] = "ni-wāpam-āw atim | 1-see dog"
    (tmp_path / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False), encoding="utf-8")
    done, modules = _imported(["check", "corpus.json"], tmp_path)
    assert "COR116" in done.stdout
    assert not {m for m in modules if m.startswith("lark")}


def test_a_broken_slurp_annotation_is_explained_without_lark(tmp_path: Path) -> None:
    """SLP102 is placed by reading the annotation as the grammar's parser does, without lark."""
    lines = FILES["slurp"][0].read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["sentence_annotation"] = first["sentence_annotation"].replace(" : ", " ", 1) if "[" in first["sentence_annotation"] else "a ]"
    (tmp_path / "test.jsonl").write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    done, modules = _imported(["check", "test.jsonl"], tmp_path)
    assert "SLP102" in done.stdout
    assert not {m for m in modules if m.startswith("lark")}


def test_the_collector_paused_for_the_imports_runs_again_for_the_check(tmp_path: Path) -> None:
    """The launcher imports with the cyclic collector off (goldlint.launch); a run of many
    files must not go on without it."""
    shutil.copy(FILES["slu"][0], tmp_path / "dev.jsonl")
    done, _ = _imported(["check", "dev.jsonl"], tmp_path)
    assert "\nCOLLECTING True\n" in done.stderr


def test_a_slurp_file_of_well_formed_annotations_does_not_import_lark(tmp_path: Path) -> None:
    """SLURP's annotations are read by one pattern; lark is for the annotations it refuses."""
    shutil.copy(FILES["slurp"][0], tmp_path / "test.jsonl")
    _, modules = _imported(["check", "test.jsonl"], tmp_path)
    assert "goldlint.families.slurp.annotation" in modules
    assert not {m for m in modules if m.startswith("lark")}


def test_a_defective_file_still_loads_only_its_family(tmp_path: Path) -> None:
    record = json.loads((REPO / "examples/ruslun/example_record.json").read_text(encoding="utf-8"))
    record["outputs"] = record["outputs"].replace('"intent"', '"intnet"', 1) if isinstance(record.get("outputs"), str) else record["outputs"]
    record["meta"] = {**record.get("meta", {}), "id": "not-a-number"}
    (tmp_path / "bad.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    done, modules = _imported(["check", "bad.json"], tmp_path)
    assert done.returncode == 1, done.stdout
    _check_imports("slu", modules, "json")


def test_a_yaml_file_loads_the_yaml_stack_and_its_family_only(tmp_path: Path) -> None:
    (tmp_path / "meeting.yaml").write_text(FILES["semantic"][0].read_text(encoding="utf-8"), encoding="utf-8")  # (JSON is YAML)
    done, modules = _imported(["check", "meeting.yaml"], tmp_path)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    _check_imports("semantic", modules, "yaml")
    assert "goldlint.formats.yaml_doc" in modules
    assert not {m for m in modules if m.startswith(("ruamel", "_ruamel_yaml"))}  # (libyaml reads it: ruamel.yaml only for what it cannot read alike)


def test_a_config_file_is_validated_by_pydantic(tmp_path: Path) -> None:
    """pydantic is loaded when there is a config to validate (and only then): its messages name
    the config's line and column."""
    shutil.copy(FILES["slu"][0], tmp_path / "dev.jsonl")
    (tmp_path / "goldlint.yaml").write_text("slu:\n  min-speaker-age: -1\n", encoding="utf-8")
    done, modules = _imported(["check", "dev.jsonl"], tmp_path)
    assert done.returncode == 2 and "goldlint.yaml:2:20: slu.min-speaker-age: must be at least 0" in done.stderr, done.stderr[-800:]
    assert "pydantic" in modules


def test_a_config_of_plain_values_is_read_without_pydantic(tmp_path: Path) -> None:
    """The common config — limits, globs, codes, a kind's option — written exactly as declared
    is taken as it is (:func:`goldlint.tables.plain`): pydantic and the validator it builds for
    every kind's table (about 0.1 s) are not loaded, and the values still apply."""
    shutil.copy(FILES["slu"][0], tmp_path / "dev.jsonl")
    (tmp_path / "goldlint.yaml").write_text("max-file-size: 100\nexclude: ['*.pred.jsonl']\nignore: [SLU101]\nslu:\n  min-speaker-age: 5\n",
                                            encoding="utf-8")
    done, modules = _imported(["check", "dev.jsonl"], tmp_path)
    assert done.returncode == 1 and "over the limit of 100 (max-file-size)" in done.stdout, done.stdout[-800:] + done.stderr[-800:]
    assert not {m for m in modules if m.startswith(("pydantic", "pydantic_core"))}
    # (written in the forms goldlint.formats.yaml_plain reads: no YAML library either)
    assert not {m for m in modules if m.startswith(YAML_STACK)}


def test_a_config_in_other_yaml_is_read_by_the_yaml_reader(tmp_path: Path) -> None:
    """A config in YAML the plain reader does not read (here a flow mapping) is read by the YAML
    reader, with libyaml (ruamel.yaml only for what libyaml cannot read alike)."""
    shutil.copy(FILES["slu"][0], tmp_path / "dev.jsonl")
    (tmp_path / "goldlint.yaml").write_text("max-file-size: 100\nslu: {min-speaker-age: 5}\n", encoding="utf-8")
    done, modules = _imported(["check", "dev.jsonl"], tmp_path)
    assert done.returncode == 1 and "over the limit of 100 (max-file-size)" in done.stdout, done.stdout[-800:] + done.stderr[-800:]
    assert "goldlint.formats.yaml_doc" in modules
    assert not {m for m in modules if m.startswith(("ruamel", "_ruamel_yaml", "pydantic"))}


def test_the_language_server_starts_without_the_cli_or_any_parser_stack(tmp_path: Path) -> None:
    """`goldlint serve` (how VS Code and Neovim start it) answers `initialize` soon after the
    protocol's own types are imported: no CLI framework, validator, scorer, YAML stack or family
    is loaded until a file asks for it. (The server stops at the end of its input.)"""
    done = subprocess.run([sys.executable, "-c", _PROBE, "serve"], cwd=tmp_path, capture_output=True, text=True, check=False, timeout=60,
                          stdin=subprocess.DEVNULL)
    lines = [line for line in done.stderr.splitlines() if line.startswith("MODULES ")]
    assert lines, done.stderr[-2000:]
    modules = set(lines[-1].split()[1:])
    assert "goldlint.server.server" in modules
    banned = {m for m in modules if m.startswith(("typer", "click", "pydantic", "goldlint.cli", "goldlint.score", *YAML_STACK, "lark"))}
    assert banned == set(), sorted(banned)
    assert not {m for m in modules if m.startswith("goldlint.families.") and m.endswith(".family")}


def test_a_dataset_run_that_selects_no_dataset_rule_reads_nothing_again(tmp_path: Path) -> None:
    """Two files of a kind make a dataset; with no DS rule selected, its items are not read
    (the checks and the item readers stay unimported)."""
    for split in ("test", "valid"):
        shutil.copy(FILES["xsid"][0], tmp_path / f"de.{split}.conll")
    done, modules = _imported(["check", "--quiet", "--select", "XSD", "."], tmp_path)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    assert not {m for m in modules if m.startswith(("goldlint.dataset.check", "goldlint.dataset.collect", "goldlint.families.xsid.items"))}
    done, modules = _imported(["check", "--quiet", "--select", "DS", "."], tmp_path)
    assert "goldlint.dataset.check" in modules and "goldlint.families.xsid.items" in modules  # (the pin above is not vacuous)


def test_a_msgspec_that_needs_typing_extensions_still_imports(tmp_path: Path) -> None:
    """The launcher imports msgspec with typing_extensions kept out (goldlint.launch); a msgspec
    that cannot do without it is imported with it, later, as usual: never an error at start-up."""
    fake = tmp_path / "msgspec"
    fake.mkdir()
    (fake / "__init__.py").write_text("import typing_extensions\nNEEDED = typing_extensions.__name__\n", encoding="utf-8")
    probe = (f"import sys\nsys.path.insert(0, {str(tmp_path)!r})\n"
             "from goldlint import launch\nlaunch._import_msgspec()\n"
             "import msgspec\nprint(msgspec.NEEDED, 'typing_extensions' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["typing_extensions", "True"]
