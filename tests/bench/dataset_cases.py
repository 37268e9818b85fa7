"""The dataset checks (DS101, DS102: issue 22) on 1M xSID sentences across 10 files.

The folder holds an English xSID dataset of ten files, five of the test split
(``en.test-0.conll`` …) and five of the validation split, 100,000 sentences each
(``tests.bench.xsid_data``'s sentences, each made unique by a last word of its own). In every
test file, each 100th sentence is a copy of a validation sentence (a DS101 leak) and each
100th + 50 one once normalised (capitalised, a final `?`: DS102): 1,000 of each per test file,
10,000 findings in all — exactly the findings a file may report per rule, so every one is
placed and none is counted away.

Cases (``--family dataset``; one size, 1M, with the ``1m`` scale):

- ``conll-split`` / ``parse-process``: the bare parse of the ten files (split into lines and
  cells), in process and as a whole process: the baselines;
- ``goldlint-engine``: the dataset pass alone, in process (``check_dataset`` over the ten
  files, DS101 and DS102 selected: read, hash, group, place the findings);
- ``goldlint-cli``: ``python -m goldlint check --quiet --select DS101,DS102 FOLDER``, the whole
  run (each file's own check too), start-up included, once; against ``goldlint-cli-no-ds``
  (``--ignore DS``: the one-file checks alone), as is ``goldlint-cli-all`` (every rule).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from tests.bench import xsid_data
from tests.bench.registry import Case, Dataset, case, dataset, source_version

FILES = 10
PER_FILE = 100_000
SPLITS = ("test", "valid")


def _names() -> list[str]:
    return [f"en.{SPLITS[k % 2]}-{k // 2}.conll" for k in range(FILES)]


def _block(text: str, intent: str, tokens: list[tuple[str, str]], ident: int) -> str:
    lines = [f"# id = {ident}", f"# text = {text}", f"# intent = {intent}"]
    lines += ["\t".join((str(k), word, intent, tag)) for k, (word, tag) in enumerate(tokens, 1)]
    return "\n".join(lines) + "\n\n"


def _sentence(n: int) -> tuple[str, str, list[tuple[str, str]]]:
    """xsid_data's sentence ``n`` (seeded by ``n``: a copy is made again from its number) with a
    last word of its own (`x123`): no two alike."""
    _, intent, tokens = xsid_data.sentence(n, random.Random(xsid_data.SEED + n))
    tokens = [*tokens, (f"x{n}", "O")]
    return " ".join(w for w, _ in tokens), intent, tokens


def write(folder: Path, records: int = FILES * PER_FILE) -> None:
    per_file = records // FILES
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    for k, name in enumerate(_names()):  # (file k holds the sentences k * per_file + 1 ...; file 1 is valid-0)
        with (tmp / name).open("w", encoding="utf-8") as out:
            for i in range(1, per_file + 1):
                text, intent, tokens = _sentence(k * per_file + i)
                if SPLITS[k % 2] == "test" and i % 50 == 0:  # valid-0's sentence i: as it is every 100th, normalised every 100th + 50
                    text, intent, tokens = _sentence(per_file + i)
                    if i % 100 == 50:
                        tokens = [(tokens[0][0].capitalize(), tokens[0][1]), *tokens[1:], ("?", "O")]
                        text = " ".join(w for w, _ in tokens[:-1]) + "?"
                out.write(_block(text, intent, tokens, i))
    tmp.replace(folder)


def dataset_pass(path: str) -> dict[str, Any]:
    """``check_dataset`` over the folder's files, as the CLI calls it, DS101 and DS102 selected."""
    from goldlint import config as cfg
    from goldlint.dataset.check import check_dataset
    from goldlint.dataset.splits import assigned

    files = sorted(Path(path).glob("*.conll"))
    loaded = cfg.for_file(files[0])
    found = check_dataset("xsid", files, [assigned(f, loaded)[1] for f in files], lambda p, code: code in ("DS101", "DS102"),
                          lambda p: loaded)
    codes = Counter(d.code for d in found)
    return {"diagnostics": len(found), "errors": codes["DS101"], "warnings": codes["DS102"], "codes": dict(codes), "kind": "xsid"}


def register(scales: list[str]) -> None:
    if "1m" not in scales:
        return
    version = source_version("tests.bench.dataset_cases", "tests.bench.xsid_data")
    name = "dataset-xsid-1m"
    dataset(Dataset(name, "dataset", "", "tests.bench.dataset_cases:write", (("records", FILES * PER_FILE),), FILES * PER_FILE, "1m",
                    version, "xSID, 10 files (5 test, 5 valid) of 100,000 sentences; 1 % of test leaked exactly, 1 % normalised",
                    "leaks", "folder"))
    tags = frozenset({"dataset", "1m"})
    case(Case(name, "conll-split", "python", "tests.bench.baselines:conll_split_folder", tags=tags | {"baseline"}))
    case(Case(name, "parse-process", "command", argv=("{python}", "{repo}/tests/bench/parse_cli.py", "conll-split-folder", "{path}"),
              tags=tags | {"baseline"}))
    case(Case(name, "goldlint-engine", "python", "tests.bench.dataset_cases:dataset_pass", baseline="conll-split", tags=tags))
    case(Case(name, "goldlint-cli", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "--select", "DS101,DS102", "{path}"),
              baseline="goldlint-cli-no-ds", reps=1, tags=tags))
    # (the one-file checks alone, and every rule: the dataset rules' share of a whole run)
    case(Case(name, "goldlint-cli-no-ds", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "--ignore", "DS", "{path}"),
              baseline="parse-process", reps=1, tags=tags))
    case(Case(name, "goldlint-cli-all", "command", argv=("{python}", "-m", "goldlint", "check", "--quiet", "{path}"),
              baseline="goldlint-cli-no-ds", reps=1, tags=tags))
