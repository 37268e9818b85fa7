"""Nothing executes (issue 8): YAML is read as data, config cannot run code, and a path named
inside a gold file is never opened outside the configured roots.

Opening is watched with a Python audit hook (every ``open`` of a path, by ``open``,
``Path.open`` or ``os.open``, raises the ``open`` audit event), so "not opened" is proven,
not inferred from a message.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from goldlint import config as cfg
from goldlint.engine import check_file
from goldlint.families.runcard import algorithms as alg
from goldlint.formats.yaml_doc import YamlDocument

LINT = Path(__file__).resolve().parents[1] / "lint"
ROSETTA = Path(__file__).resolve().parent / "data" / "rosetta"
WAV = b"RIFF\x24\x00\x00\x00WAVEfmt "

_OPENED: list[str] | None = None


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event == "open" and _OPENED is not None and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)  # hooks cannot be removed: this one records only inside `watching_opens`


@contextlib.contextmanager
def watching_opens() -> Iterator[list[str]]:
    global _OPENED
    _OPENED = []
    try:
        yield _OPENED
    finally:
        _OPENED = None


def _opened_under(opened: list[str], folder: Path) -> list[str]:
    real = folder.resolve()
    return [p for p in opened if Path(os.path.abspath(p)).resolve().is_relative_to(real)]


# --------------------------------------------------------------------------- YAML is data


PYTHON_TAGS = [
    '!!python/object/apply:os.system ["touch {pwned}"]',
    '!!python/object/new:subprocess.Popen [["touch", "{pwned}"]]',
    "!!python/name:os.system",
    '!!python/object/apply:builtins.exec ["open(\'{pwned}\', \'w\')"]',
]


@pytest.mark.parametrize("tag", PYTHON_TAGS, ids=["apply", "new", "name", "exec"])
def test_python_tags_in_a_gold_yaml_are_reported_not_constructed(tmp_path: Path, run_cli, tag: str) -> None:  # type: ignore[no-untyped-def]
    pwned = tmp_path / "PWNED"
    value = tag.replace("{pwned}", str(pwned))
    (tmp_path / "gold.yaml").write_text(f"instruction: Q\ninputs: {value}\nmeta: {{id: 1}}\n", encoding="utf-8")
    done = run_cli("check", "--kind", "slu", "gold.yaml", cwd=tmp_path)
    assert not pwned.exists(), "a YAML tag ran code"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 1
    shown = value.split()[0].replace("tag:yaml.org,2002:", "!!")
    assert f"gold.yaml:2:9: GL003 [error] YAML: the tag `{shown}` would make a Python object" in done.stdout, done.stdout


def test_local_tags_are_reported_and_read_as_plain_data() -> None:
    doc = YamlDocument("x.yaml", "a: !include /etc/passwd\nb: !!str 1\nc: !!binary aGk=\n")
    assert doc.ok and doc.root == {"a": "/etc/passwd", "b": "1", "c": "aGk="}
    assert [(f.code, f.where.start) for f in doc.findings] == [("GL003", 3)]  # only the local tag
    assert "is not a YAML data type" in doc.findings[0].message


def test_yaml_reading_never_constructs_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    """The document is composed from parser events: no constructor of ruamel.yaml is ever called."""
    from ruamel.yaml import constructor

    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a YAML constructor was called")

    for cls in (constructor.BaseConstructor, constructor.SafeConstructor):
        monkeypatch.setattr(cls, "construct_object", forbidden)
        monkeypatch.setattr(cls, "construct_document", forbidden)
    doc = YamlDocument("x.yaml", "a: &x !!python/object:os.system {b: [1, 2.5, true, null]}\nc: *x\n")
    assert doc.root == {"a": {"b": [1, 2.5, True, None]}, "c": {"b": [1, 2.5, True, None]}}


@pytest.mark.parametrize("name,content", [
    ("goldlint.yaml", 'select: !!python/object/apply:os.system ["touch {pwned}"]\n'),
    ("goldlint.yaml", 'slu:\n  audio-root: !!python/object/apply:os.system ["touch {pwned}"]\n'),
    (".goldlint.yaml", 'ignore: [!!python/name:os.system ]\n'),
    ("pyproject.toml", '[tool.goldlint]\nselect = ["__import__(\'os\').system(\'touch {pwned}\')"]\n'),
    ("pyproject.toml", '[tool.goldlint.slu]\naudio-root = "$(touch {pwned})"\nontology = "`touch {pwned}`"\n'),
], ids=["yaml-apply", "yaml-nested", "yaml-name", "toml-python", "toml-shell"])
def test_config_cannot_run_code(tmp_path: Path, run_cli, name: str, content: str) -> None:  # type: ignore[no-untyped-def]
    pwned = tmp_path / "PWNED"
    (tmp_path / name).write_text(content.replace("{pwned}", str(pwned)), encoding="utf-8")
    (tmp_path / "gold.jsonl").write_text('{"instruction": "Q", "inputs": {}, "meta": {"id": 1}}\n', encoding="utf-8")
    done = run_cli("check", "gold.jsonl", cwd=tmp_path)
    assert not pwned.exists(), "the config ran code"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    if "python/" in content:  # a tag in a YAML config is a bad config, with its position
        assert done.returncode == 2 and re.search(rf"{re.escape(name)}:\d+:\d+: YAML: the tag", done.stderr), done.stderr


def test_goldlint_has_no_way_to_run_code() -> None:
    """No eval, exec, pickle, dynamic import or shell anywhere in goldlint; YAML only through safe readers.

    The one import by name is the registries' (families, reporters: a run loads only the ones
    it uses), and it can only reach goldlint's own modules, named in constant tables: the
    name is always ``goldlint.`` + a table's entry, and every entry is a module that exists."""
    forbidden = re.compile(r"\beval\(|\bexec\(|\bpickle\b|\bmarshal\b|__import__|import_module\(|\bsubprocess\b|os\.system|"
                           r"os\.popen|shell=True|typ=[\"'](?:unsafe|rt|base)[\"']|YAML\(\)")
    registry = re.compile(r'import_module\(f"goldlint\.(?:families\.\{self\.package\}|reporters)\.\{(?:name|module)\}"\)')
    hits = [f"{p.relative_to(LINT)}:{n}: {line.strip()}" for p in sorted(LINT.rglob("*.py"))
            for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if forbidden.search(registry.sub("", line))]
    assert hits == []
    from goldlint.families import KINDS
    from goldlint.reporters import _WHERE

    for kind in KINDS.values():  # (what the registries may name: goldlint's own modules only)
        for part in ("detect", "options", "family", "rules"):
            assert (LINT / "families" / kind.package / f"{part}.py").is_file()
    for module, _ in _WHERE.values():
        assert (LINT / "reporters" / f"{module}.py").is_file()


# --------------------------------------------------------------------------- paths stay inside the roots


SLU_RECORD = {
    "instruction": "Q: {question}\n{annotation}\n<audio>",
    "inputs": {"audio": "samples/a1.wav", "question": "Что?", "annotation": "Intents:\nrate_book: [rating_value]"},
    "outputs": {"intent": "rate_book", "slots": [{"rating_value": "три"}]},
    "meta": {"id": 1, "audio": {"type": "real"}, "speaker": "7_female_33"},
}


def _slu(folder: Path, audio: str = "samples/a1.wav", config: str = "select: [SLU110]\n") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "goldlint.yaml").write_text(config, encoding="utf-8")
    gold = folder / "gold.jsonl"
    gold.write_text(json.dumps({**SLU_RECORD, "inputs": {**SLU_RECORD["inputs"], "audio": audio}}, ensure_ascii=False) + "\n", encoding="utf-8")
    cfg.load.cache_clear()
    return gold


def _outside(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a1.wav").write_bytes(WAV)
    return outside


@pytest.mark.parametrize("how", ["folder", "file"])
def test_audio_through_a_symlink_out_of_the_dataset_is_not_opened(tmp_path: Path, how: str) -> None:
    outside = _outside(tmp_path)
    gold = _slu(tmp_path / "dataset")
    if how == "folder":
        (gold.parent / "samples").symlink_to(outside, target_is_directory=True)
    else:
        (gold.parent / "samples").mkdir()
        (gold.parent / "samples" / "a1.wav").symlink_to(outside / "a1.wav")
    with watching_opens() as opened:
        result = check_file(gold)
    assert _opened_under(opened, outside) == [], "a path outside the roots was opened"
    assert [(d.code, d.span.start.line) for d in result.diagnostics] == [("SLU110", 1)]
    assert "leads outside the allowed folders" in result.diagnostics[0].message


def test_roots_in_config_allow_an_audio_folder_elsewhere(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    gold = _slu(tmp_path / "dataset", config="select: [SLU110]\nroots: [., ../outside]\n")
    (gold.parent / "samples").symlink_to(outside, target_is_directory=True)
    with watching_opens() as opened:
        result = check_file(gold)
    assert result.diagnostics == []
    assert _opened_under(opened, outside) == [str(outside / "a1.wav")] or len(_opened_under(opened, outside)) == 1


def test_a_configured_audio_root_is_a_root(tmp_path: Path) -> None:
    outside = _outside(tmp_path)
    gold = _slu(tmp_path / "dataset", audio="a1.wav", config=f"select: [SLU110]\nslu:\n  audio-root: {outside}\n")
    result = check_file(gold)
    assert result.diagnostics == []


@pytest.mark.parametrize("audio", ["/etc/passwd", "../outside/a1.wav", "samples/../../outside/a1.wav"])
def test_absolute_and_parent_audio_paths_are_reported_not_opened(tmp_path: Path, audio: str) -> None:
    outside = _outside(tmp_path)
    gold = _slu(tmp_path / "dataset", audio=audio, config="select: [SLU109, SLU110]\n")
    (gold.parent / "samples").mkdir()
    with watching_opens() as opened:
        result = check_file(gold)
    assert _opened_under(opened, outside) == [] and "/etc/passwd" not in opened
    assert [d.code for d in result.diagnostics] == ["SLU109"]


def test_an_audio_pipe_is_not_opened(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """Opening a FIFO blocks until a writer comes: goldlint never opens anything but a regular file."""
    gold = _slu(tmp_path / "dataset", config="select: [SLU110, GL003]\n")
    (gold.parent / "samples").mkdir()
    os.mkfifo(gold.parent / "samples" / "a1.wav")
    os.mkfifo(gold.parent / "stuck.json")  # and a pipe with a gold file's name, found by walking the folder
    done = run_cli("check", ".", cwd=gold.parent, timeout=60)
    assert "gold.jsonl:1:77: SLU110 [error] audio `samples/a1.wav` is not a regular file" in done.stdout, done.stdout
    assert "stuck.json:1:1: GL003 [error] not a regular file (a pipe or a device): not read" in done.stdout, done.stdout


SLURP = Path(__file__).resolve().parent / "data" / "slurp"


def test_a_pipe_beside_a_slurp_file_is_not_opened(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """The SLURP check learns its inventory from the other files of the folder: a pipe among
    them is not opened (it blocked the run forever, waiting for a writer), by a folder walk or
    with the file named."""
    shutil.copy(SLURP / "test.jsonl", tmp_path / "test.jsonl")
    os.mkfifo(tmp_path / "pipe.jsonl")
    walked = run_cli("check", ".", cwd=tmp_path, timeout=60)
    assert "pipe.jsonl:1:1: GL003 [error] not a regular file (a pipe or a device): not read" in walked.stdout, walked.stdout
    named = run_cli("check", "test.jsonl", cwd=tmp_path, timeout=60)
    assert named.returncode == 0, named.stdout + named.stderr


def test_a_pipe_named_is_not_read_again_by_the_dataset_checks(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    """A pipe named is read once, by its check; the dataset checks (and the SLURP inventory of the
    file beside it) read their files again, and must not wait at the pipe for a second writer."""
    shutil.copy(SLURP / "devel.jsonl", tmp_path / "devel.jsonl")
    os.mkfifo(tmp_path / "test.jsonl")
    writer = subprocess.Popen(["sh", "-c", f"cat '{SLURP / 'test.jsonl'}' > test.jsonl"], cwd=tmp_path)
    try:
        done = run_cli("check", "test.jsonl", "devel.jsonl", cwd=tmp_path, timeout=60)
    finally:
        writer.kill()
        writer.wait()
    assert "2 files checked" in done.stdout, done.stdout + done.stderr


def test_a_slurp_sibling_over_the_size_limit_is_not_read(tmp_path: Path) -> None:
    """The files beside a SLURP file are read within ``max-file-size``, as the file itself is."""
    gold = tmp_path / "test.jsonl"
    shutil.copy(SLURP / "test.jsonl", gold)
    with (SLURP / "devel.jsonl").open("rb") as handle:
        (tmp_path / "small.jsonl").write_bytes(handle.readline())  # an inventory of one record: most of test's intents not in it
    (tmp_path / "train.jsonl").write_bytes(gold.read_bytes() * 3)  # every intent of test: read, nothing is outside
    limit = gold.stat().st_size + 10
    (tmp_path / "goldlint.yaml").write_text(f"select: [SLP109]\nmax-file-size: {limit}\n", encoding="utf-8")
    cfg.load.cache_clear()
    assert check_file(gold).diagnostics, "the sibling over max-file-size was read"
    (tmp_path / "goldlint.yaml").write_text("select: [SLP109]\n", encoding="utf-8")
    cfg.load.cache_clear()
    assert check_file(gold).diagnostics == []


def test_a_configured_ontology_or_corpus_that_is_a_pipe_is_not_opened(tmp_path: Path, run_cli) -> None:  # type: ignore[no-untyped-def]
    gold = _slu(tmp_path / "slu", config="select: [SLU115]\nslu:\n  ontology: ontology.yaml\n")
    os.mkfifo(gold.parent / "ontology.yaml")
    done = run_cli("check", "gold.jsonl", cwd=gold.parent, timeout=60)
    assert "SLU115 [warning] ontology" in done.stdout and "cannot be read: not a regular file" in done.stdout, done.stdout
    card = _card(tmp_path / "card", "corpus.json")
    card.write_text(json.dumps({**json.loads(card.read_text(encoding="utf-8")), "coaching_data_sha256": "a" * 64}), encoding="utf-8")
    (card.parent / "goldlint.yaml").write_text("select: [RUN105, RUN117]\nruncard:\n  corpus: corpus.json\n  submission: true\n",
                                               encoding="utf-8")
    os.mkfifo(card.parent / "corpus.json")  # (also a file of the submission, hashed to look for its coaching data)
    done = run_cli("check", "card.json", cwd=card.parent, timeout=60)
    assert "RUN105 [warning] the configured corpus" in done.stdout and "cannot be read: not a regular file" in done.stdout, done.stdout
    assert "RUN117" in done.stdout, done.stdout


def _card(folder: Path, corpus_path: str) -> Path:
    card = json.loads((ROSETTA / "run_card_example.json").read_text(encoding="utf-8"))
    card["dataset"]["path"] = corpus_path
    card["run_card_hash"] = alg.run_card_hash(card)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "goldlint.yaml").write_text("select: [RUN105]\n", encoding="utf-8")
    path = folder / "card.json"
    path.write_text(json.dumps(card, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    cfg.load.cache_clear()
    return path


@pytest.mark.parametrize("named", ["absolute", "parent", "symlink"])
def test_a_corpus_the_run_card_names_outside_the_roots_is_not_opened(tmp_path: Path, named: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    corpus = outside / "corpus.json"
    shutil.copy(ROSETTA / "curated" / "eng-sna-dev-v1.json", corpus)
    value = {"absolute": str(corpus), "parent": "../outside/corpus.json", "symlink": "data/corpus.json"}[named]
    card = _card(tmp_path / "submission", value)
    if named == "symlink":
        (card.parent / "data").symlink_to(outside, target_is_directory=True)
    with watching_opens() as opened:
        result = check_file(card)
    assert _opened_under(opened, outside) == [], "a corpus outside the roots was opened"
    got = [(d.code, d.severity.value) for d in result.diagnostics]
    assert got == [("RUN105", "warning")] and "leads outside the allowed folders" in result.diagnostics[0].message, result.diagnostics


def test_a_corpus_inside_the_roots_is_still_read(tmp_path: Path) -> None:
    card = _card(tmp_path / "submission", "data/corpus.json")
    (card.parent / "data").mkdir()
    shutil.copy(ROSETTA / "curated" / "eng-sna-dev-v1.json", card.parent / "data" / "corpus.json")
    with watching_opens() as opened:
        check_file(card)
    assert str(card.parent / "data" / "corpus.json") in opened


def test_a_transcript_through_a_symlink_out_of_the_roots_is_not_opened(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "m1.json").write_text('{"segments": [{"id": 0, "text": "hello"}]}', encoding="utf-8")
    folder = tmp_path / "gold"
    folder.mkdir()
    (folder / "goldlint.yaml").write_text("semantic:\n  transcripts: transcripts/{meeting_id}.json\n", encoding="utf-8")
    (folder / "transcripts").mkdir()
    (folder / "transcripts" / "m1.json").symlink_to(outside / "m1.json")
    (folder / "m1.json").write_text(json.dumps({"schema_version": 1, "meeting_id": "m1", "topics": [], "risks": [],
                                                "actions": [{"text": "hello", "segment_ids": [0]}]}), encoding="utf-8")
    cfg.load.cache_clear()
    with watching_opens() as opened:
        result = check_file(folder / "m1.json")
    assert _opened_under(opened, outside) == []
    assert any("leads outside the allowed folders" in d.message for d in result.diagnostics), result.diagnostics
