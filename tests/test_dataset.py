"""Dataset-wide checks (DS101–DS108, issue 22): items compared across the files of a run.

The data are real xSID 0.7 excerpts with real leaks between splits (tests/data/dataset);
the command is the one a user runs on a dataset folder, and every finding names the other
occurrence it is about, in every output format.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from goldlint.dataset.splits import placed, rank, split_of_name

DATA = Path(__file__).parent / "data" / "dataset" / "xsid"


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "xsid"
    shutil.copytree(DATA, folder)
    (folder / "SOURCES.md").unlink()
    return folder


def test_a_dataset_folder_reports_each_leak_at_the_held_out_item_naming_the_other(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    done = run_cli("check", "xsid", "--select", "DS", cwd=dataset.parent)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "xsid/de.test.conll:3:10: DS102 [warning] the same text, once normalised, stands in the valid split: this test item leaks",
        "    xsid/de.valid.conll:3:10: the same text, once normalised (valid split)",
        "xsid/de.valid.conll:3:10: DS104 [error] labelled `alarm/show_alarms (reference: alle)` here, "
        "`alarm/show_alarms (reference: alle meine)` where the same item stands first",
        "    xsid/de.test.conll:3:10: labelled `alarm/show_alarms (reference: alle meine)` (test split)",
        "xsid/en.test.conll:1:10: DS101 [error] the same text stands in the valid split: this test item leaks",
        "    xsid/en.valid.conll:10:10: the same text (valid split)",
        "xsid/en.test.conll:16:10: DS102 [warning] the same text, once normalised, stands in the valid split: this test item leaks",
        "    xsid/en.valid.conll:1:10: the same text, once normalised (valid split)",
        "xsid/en.test.conll:24:10: DS103 [warning] the same item stands before in the test split",
        "    xsid/en.test.conll:8:10: its first occurrence (test split)",
        "Found 5 problems. 4 files checked (xsid 4).",
    ]


def test_the_other_occurrence_is_in_every_machine_format(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    report = json.loads(run_cli("check", "xsid", "--select", "DS101", "--format", "json", cwd=dataset.parent).stdout)
    assert [d["related"] for d in report] == [[{"path": "xsid/en.valid.conll", "message": "the same text (valid split)",
                                               "range": {"start": {"line": 10, "column": 10}, "end": {"line": 10, "column": 28}}}]]
    sarif = json.loads(run_cli("check", "xsid", "--select", "DS101", "--format", "sarif", cwd=dataset.parent).stdout)
    (result,) = sarif["runs"][0]["results"]
    assert result["relatedLocations"] == [{"id": 1, "message": {"text": "the same text (valid split)"}, "physicalLocation": {
        "artifactLocation": {"uri": "xsid/en.valid.conll"}, "region": {"startLine": 10, "startColumn": 10, "endLine": 10, "endColumn": 28}}}]
    github = run_cli("check", "xsid", "--select", "DS101", "--format", "github", cwd=dataset.parent).stdout
    assert "(also xsid/en.valid.conll:10:10: the same text (valid split))" in github
    junit = run_cli("check", "xsid", "--select", "DS101", "--format", "junit", cwd=dataset.parent).stdout
    assert "xsid/en.valid.conll:10:10: the same text (valid split)" in junit


def test_the_rules_follow_select_ignore_and_per_file_ignores(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    assert "DS" not in run_cli("check", "xsid", "--ignore", "DS", cwd=dataset.parent).stdout
    (dataset.parent / "goldlint.yaml").write_text("per-file-ignores:\n  'de.*': [DS]\n", encoding="utf-8")
    out = run_cli("check", "xsid", "--select", "DS", cwd=dataset.parent).stdout
    assert "de." not in out.replace("4 files", "") and "en.test.conll:1:10: DS101" in out


def test_a_file_alone_is_no_dataset(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    """A one-file check reads its file once: with no other file to compare with, the dataset
    rules do not run (the repeat at en.test.conll:24 is reported when its folder is checked)."""
    out = run_cli("check", "xsid/en.test.conll", "--select", "DS", cwd=dataset.parent).stdout
    assert ": DS" not in out and "1 file checked" in out, out


@pytest.mark.parametrize("name,split", [
    ("en.test.conll", "test"), ("de-ba.test.conll", "test"), ("devel.jsonl", "valid"), ("xsid_validation.tsv", "valid"),
    ("en.valid.conll", "valid"), ("dev.jsonl", "valid"), ("train.jsonl", "train"), ("gold.jsonl", None),
    ("test_vs_train.jsonl", None), ("Test.JSONL", "test"), ("contest.jsonl", None),
])
def test_the_split_is_read_from_the_file_name(name: str, split: str | None) -> None:
    assert split_of_name(name) == split


@pytest.mark.parametrize("folder,split", [("test", "test"), ("Dev", "valid"), ("validation", "valid"), ("train", "train"),
                                          ("test_data", None), ("test_a_thousand_random_edits-vscode", None), ("data", None)])
def test_a_folder_names_a_split_by_its_whole_name(folder: str, split: str | None) -> None:
    """`data/test/x.jsonl` is of the test split; `test_data/x.jsonl` (or a test runner's
    `test_edits/` folder) is of none: its files may be anything."""
    assert placed(Path("data") / folder / "x.jsonl")[1] == split


def test_splits_are_ranked_by_how_held_out_they_are() -> None:
    assert rank("test") > rank("valid") > rank("train") > rank(None)


def test_findings_past_the_cap_are_counted_not_listed(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A dataset whose every test item leaks reports 1,000 per rule and file, as every rule does,
    and one GL012 that counts the rest (a copied split must not print a line per item)."""
    sentence = "# text: wake me up at {n}\n# intent: alarm/set_alarm\n1\twake\talarm/set_alarm\tO\n"
    split = "\n".join(sentence.format(n=n) for n in range(1_003)) + "\n"
    (tmp_path / "en.test.conll").write_text(split, encoding="utf-8")
    (tmp_path / "en.valid.conll").write_text(split, encoding="utf-8")
    out = run_cli("check", ".", "--select", "DS101,GL012", "--statistics", cwd=tmp_path).stdout
    assert out.splitlines()[:2] == ["  1000  DS101   item-in-two-splits", "     1  GL012   findings-capped"], out
    said = run_cli("check", ".", "--select", "DS101,GL012", cwd=tmp_path).stdout
    assert "en.test.conll:4001:9: GL012 [error] 3 more DS101 finding(s) in this file" in said, said


def test_a_group_of_equal_items_costs_work_linear_in_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence repeated 100,000 times in a hostile pair of splits must not cost 10^10
    comparisons: the splits of a group are compared, not its items pairwise (work counted)."""
    from goldlint.dataset import check
    from goldlint.dataset.collect import Item

    calls = 0
    real = check.rank

    def counting(split: str | None, order: tuple[str, ...] = ()) -> int:
        nonlocal calls
        calls += 1
        return real(split, order)

    monkeypatch.setattr(check, "rank", counting)
    work = []
    for n in (200, 2_000):
        calls = 0
        group = [Item(k % 2, k, "", "test" if k % 2 else "valid", 1, 1, 7) for k in range(n)]
        found = check._group(group, [Path("en.valid.conll"), Path("en.test.conll")], lambda path, code: True, False)
        assert len([f for f in found if f.code == "DS101"]) == n // 2
        assert all(len(f.others) <= check.MAX_RELATED for f in found)
        assert calls > 0
        work.append(calls)
    assert work[0] == work[1], work


def test_worker_processes_give_the_same_findings(dataset: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dataset pass runs once, in the parent, over the outcomes the workers send back:
    ``-j 2`` (a real pool: every byte made worth a worker) reports what ``-j 1`` does."""
    from goldlint import parallel
    from goldlint.check_command import run_check

    monkeypatch.setattr(parallel, "BYTES_PER_WORKER", 1)
    files = sorted(dataset.glob("*.conll"))
    assert parallel.workers_for(2, len(files), sum(f.stat().st_size for f in files)) == 2
    reports = []
    for jobs in (1, 2):
        out = dataset.parent / f"report-{jobs}.json"
        run_check([dataset], select=["DS"], ignore=[], kind=None, fmt="json", output_file=out, fix=False, unsafe=False, diff=False,
                  strict=False, statistics=False, exit_zero=True, quiet=True, config_file=None, jobs=jobs)
        reports.append(json.loads(out.read_text(encoding="utf-8")))
    assert reports[0] == reports[1]
    assert {d["code"] for d in reports[0]} == {"DS101", "DS102", "DS103", "DS104"}


def _slu(audio: str, intent: str, n: int) -> str:
    record = {"instruction": "Вопрос: {question}\n<audio>", "inputs": {"audio": audio, "question": "Что просит пользователь?"},
              "outputs": {"intent": intent, "slots": []}, "meta": {"id": n, "audio": {"type": "real"}, "speaker": "1_male_30"}}
    return json.dumps(record, ensure_ascii=False) + "\n"


def test_slu_recordings_are_compared_where_they_are(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """MERA numbers each split's recordings from `samples/audio_0.wav` in the split's own
    folder: the same path written in test/ and train/ is two recordings, no leak. One
    recording (`../audio/a.wav` from both) in two splits is one."""
    for split in ("test", "train"):
        (tmp_path / split).mkdir()
        (tmp_path / split / "ruslun.jsonl").write_text(_slu("samples/audio_0.wav", "play_music", 0) + _slu("../audio/a.wav", "weather/find", 1),
                                                       encoding="utf-8")
    done = run_cli("check", ".", "--select", "DS101,DS102,DS103,DS104", cwd=tmp_path)
    lines = [line for line in done.stdout.splitlines() if "DS1" in line or line.startswith("    ")]
    assert lines == ["test/ruslun.jsonl:2:68: DS101 [error] the same text stands in the train split: this test item leaks",
                     "    train/ruslun.jsonl:2:68: the same text (train split)"], done.stdout


def test_semantic_meetings_take_part_by_their_ids(run_cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A semantic file has no text: its `meeting_id` is its id (one meeting in two splits is
    DS105, at the id) and its topics and risk types are its labels (DS106)."""
    source = Path(__file__).parents[1] / "examples" / "score" / "semantic" / "gold" / "support_call.json"
    meeting = json.loads(source.read_text(encoding="utf-8"))
    for split in ("test", "valid"):
        (tmp_path / split).mkdir()
        (tmp_path / split / "support_call.json").write_text(json.dumps(meeting, indent=2), encoding="utf-8")
        meeting["topics"] = meeting["topics"][:1]
    (tmp_path / "goldlint.yaml").write_text("datasets:\n  min-split-items: 1\n", encoding="utf-8")
    out = run_cli("check", ".", "--select", "DS105,DS106", cwd=tmp_path).stdout
    assert "valid/support_call.json:3:17: DS105 [error] this id is also the id of 1 item in another file of the dataset" in out, out
    assert "    test/support_call.json:3:17: the same id (test split)" in out
    assert "test/support_call.json:3:17: DS106 [warning] topic `" in out


def test_a_bad_datasets_table_is_a_positioned_config_error(run_cli, dataset: Path) -> None:  # type: ignore[no-untyped-def]
    (dataset / "goldlint.yaml").write_text("datasets:\n  distribution-shift: 2\n  splits:\n    test: ['[z-a]']\n", encoding="utf-8")
    done = run_cli("check", ".", cwd=dataset)
    assert done.returncode == 2
    assert "distribution-shift" in done.stderr and "must be above 0 and at most 1" in done.stderr and "goldlint.yaml:2:" in done.stderr, done.stderr


def _leaky_dataset(folder: Path, sentences: int = 200) -> list[Path]:
    """An English xSID test and validation split of ``sentences`` each, the validation's 10th
    and 20th sentences in the test split too (the 20th labelled otherwise: a DS104 conflict)."""
    def block(text: str, intent: str) -> str:
        words = text.split()
        return f"# text = {text}\n# intent = {intent}\n" + "".join(f"{k}\t{w}\t{intent}\t{'B-x' if k == 1 else 'O'}\n" for k, w in enumerate(words, 1)) + "\n"

    folder.mkdir()
    valid = "".join(block(f"valid sentence {n}", "a/b") for n in range(sentences))
    test = "".join(block(f"test sentence {n}", "a/b") for n in range(sentences - 2)) + block("valid sentence 10", "a/b") + block("valid sentence 20", "c/d")
    (folder / "en.test.conll").write_text(test, encoding="utf-8")
    (folder / "en.valid.conll").write_text(valid, encoding="utf-8")
    return [folder / "en.test.conll", folder / "en.valid.conll"]


def test_labels_are_read_only_for_the_rules_that_need_them_and_the_items_that_share_a_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The dataset pass over xSID reads no sentence's labels (BIO spans, normalised slot words)
    when no rule that compares them is selected; with DS104, only those of the items that share
    a text with another (4 of 400); with DS106/DS107 the categories come from the text at once.
    And the findings are placed reading only the sentences they name."""
    from goldlint import config as cfg
    from goldlint.dataset.check import check_dataset
    from goldlint.families.xsid import items as xsid_items
    from goldlint.formats.conll_doc import Sentence

    files = _leaky_dataset(tmp_path / "xsid")
    loaded = cfg.for_file(files[0])
    labelled: list[str] = []
    read: list[int] = []
    real_labels, real_read = xsid_items._labels, Sentence._read
    monkeypatch.setattr(xsid_items, "_labels", lambda sentence: (labelled.append(sentence.value("intent") or ""), real_labels(sentence))[1])
    monkeypatch.setattr(Sentence, "_read", lambda self: (read.append(self.number), real_read(self))[1])

    def run(*codes: str) -> list[tuple[str, int]]:
        labelled.clear()
        read.clear()
        found = check_dataset("xsid", files, ["test", "valid"], lambda path, code: code in codes, lambda path: loaded)
        return sorted((d.code, d.span.start.line) for d in found)

    assert run("DS101", "DS102") == [("DS101", 1189), ("DS101", 1195)]
    assert labelled == []  # (no labels read)
    assert sorted(read) == [10, 20, 198, 199]  # (placed: the two leaks and what they name, alone)
    assert run("DS101", "DS104") == [("DS101", 1189), ("DS101", 1195), ("DS104", 121)]
    assert len(labelled) == 4 + 4  # (the 4 items of the two shared texts; then read again where the DS104 finding quotes them)
    assert run("DS106", "DS107") == [("DS106", 1195)]  # (intent c/d in the test split alone)
    assert labelled == []  # (the categories counted from the text at once)
    assert sorted(read) == [0, 199]  # (placed: the finding's item and the first of the other split)
