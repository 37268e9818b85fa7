"""``goldlint score`` throughput: the data and the measured targets of the ``score`` cases.

    python -m tests.bench --family score              # 10k and 100k entries
    python -m tests.bench --family score --scale 10k  # one scale

Two datasets a scale, generated deterministically (folders with a ``gold`` file and a
``predictions.jsonl``; see ``score_cases.py``):

- ``score-slu``: the benchmark's RuSLUn-shaped gold records (``slu_data.py``) and as many raw
  model answers: most the gold answer as JSON (some in a ```json fence, some with a wrong
  intent or a dropped slot), one in 50 unparsable;
- ``score-corpus``: a spec-dialect Rosetta corpus (~60-character sentences) and as many
  predictions (a third exact, the rest edited), with latency and usage.

Each measurement runs in a fresh interpreter (``tests.bench.child``: imports not timed):
``lint`` is ``engine.check_file`` on the gold; ``score`` is the whole command body (lint
the gold, read the predictions, score, write the JSON report) with no terminal;
``chrf_kernel`` the streamed chrF++ alone (the corpus's breakdown).
"""

from __future__ import annotations

import io
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tests.bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# Imported here, not in the targets: a target's imports would be timed (they are the CLI's
# start-up cost, which the command cases measure).
from rich.console import Console

from goldlint.engine import check_file
from goldlint.families import FAMILIES  # noqa: F401
from goldlint.score.chrf import StreamingChrf
from goldlint.score.method import MethodSettings  # noqa: F401
from goldlint.score.run import Request, run
from tests.bench import slu_data

WORDS = ["the", "a", "river", "house", "dog", "sees", "runs", "quickly", "small", "big", "over", "under", "morning", "evening", "friend", "city", "book", "road", "water", "light", "speaks", "writes", "reads", "green", "old", "new", "tree", "bird", "song", "market", "bridge"]
TARGET = ["niwâpamâw", "atim", "kinêhiyawân", "tânisi", "wâpam", "nipiy", "wâskahikan", "sîpiy", "mistik", "piyêsîs", "kîsikâw", "tipiskâw", "nitôtêm", "ôtênaw", "masinahikan", "mêskanaw", "wâsêyâw", "pîkiskwêw", "masinahikêw"]


# -- data ------------------------------------------------------------------------------

def write_slu(folder: Path, records: int) -> None:
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    gold, preds = tmp / "gold.jsonl", tmp / "predictions.jsonl"
    slu_data.write_jsonl(gold, records)
    rng = random.Random(7)
    with gold.open(encoding="utf-8") as src, preds.open("w", encoding="utf-8") as out:
        for line in src:
            record = json.loads(line)
            answer = dict(record["outputs"])
            roll = rng.random()
            if roll < 0.02:
                text = "Я думаю, это " + answer["intent"]
            else:
                if roll < 0.12:
                    answer["intent"] = rng.choice(slu_data.CLEAN_INTENTS)
                elif roll < 0.25 and answer["slots"]:
                    answer["slots"] = answer["slots"][1:]
                text = json.dumps(answer, ensure_ascii=False)
                if roll > 0.8:
                    text = "```json\n" + text + "\n```"
            out.write(json.dumps({"id": record["meta"]["id"], "output": text}, ensure_ascii=False) + "\n")
    tmp.replace(folder)


def _sentence(rng: random.Random, words: tuple[str, ...] | list[str], n: int) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.randint(6, 11))) + f" {n}."


def write_corpus(folder: Path, records: int) -> None:
    entries = records
    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    gold, preds = tmp / "corpus.json", tmp / "predictions.jsonl"
    rng = random.Random(11)
    dataset = {"id": "bench-en-crk", "version": "1.0", "language_pair": "EN→CRK", "source_language": "en", "target_language": "crk",
               "created": "2026-05-01", "license": "CC-BY-4.0", "provenance": ["gold_standard", "textbook"]}
    rows = []
    with preds.open("w", encoding="utf-8") as out:
        for n in range(1, entries + 1):
            reference = _sentence(rng, TARGET, n)
            rows.append({"id": n, "source": _sentence(rng, WORDS, n), "reference": reference, "segment": "development",
                         "difficulty": rng.randint(1, 5), "provenance": rng.choice(("gold_standard", "textbook")),
                         "register": rng.choice(("conversational", "formal")), "context": "declaration"})
            predicted = reference if rng.random() < 0.33 else " ".join(w for w in reference.split() if rng.random() > 0.2)
            out.write(json.dumps({"id": n, "predicted": predicted, "latency_seconds": round(rng.uniform(0.2, 3.0), 3), "cost_usd": 0.0004,
                                  "usage": {"prompt_tokens": 120, "completion_tokens": 30, "reasoning_tokens": 0, "cached_tokens": 0}},
                                 ensure_ascii=False) + "\n")
    with gold.open("w", encoding="utf-8") as f:
        f.write('{"dataset": ' + json.dumps(dataset, ensure_ascii=False) + ', "entries": [\n')
        f.write(",\n".join(json.dumps(r, ensure_ascii=False) for r in rows))
        f.write("\n]}\n")
    tmp.replace(folder)


# -- what the child processes run (one path: the dataset folder) -------------------------

def lint(folder: str) -> dict[str, Any]:
    path = next(p for p in Path(folder).iterdir() if p.stem in ("gold", "corpus"))
    result = check_file(path)
    return {"kind": result.kind, "errors": result.errors, "diagnostics": len(result.diagnostics)}


def score(folder: str) -> dict[str, Any]:
    base = Path(folder)
    gold = next(p for p in base.iterdir() if p.stem in ("gold", "corpus"))
    with tempfile.TemporaryDirectory() as tmp:
        req = Request(gold, base / "predictions.jsonl", output=Path(tmp) / "out.json", model_slug="bench/model", condition="naive",
                      temperature=0.0, method_class="raw-llm")
        quiet = Console(file=io.StringIO())
        result = run(req, quiet, quiet)
    assert result.report is not None and not result.refused, result.refused
    return {name: m["value"] for name, m in result.report["metrics"].items()}


def chrf_kernel(folder: str) -> dict[str, Any]:
    """The streamed chrF++ alone, on the corpus pairs (for the breakdown of the corpus time)."""
    base = Path(folder)
    refs = {e["id"]: e["reference"] for e in json.loads((base / "corpus.json").read_text(encoding="utf-8"))["entries"]}
    stream = StreamingChrf()
    with (base / "predictions.jsonl").open(encoding="utf-8") as f:
        for n, line in enumerate(f):
            p = json.loads(line)
            stream.add(p["predicted"], refs[p["id"]], n)
    return {"chrf": stream.corpus_score()}


# -- the old entry point -----------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    from tests.bench.run import main as run_main

    return run_main(["--family", "score", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(main())
