"""Time ``goldlint score`` on 100,000 predictions, against linting the same gold.

    python tests/bench/bench_score.py                 # 100,000 records / entries, 3 repetitions
    python tests/bench/bench_score.py --records 10000 --reps 1   # a quick look

Two datasets, generated deterministically and cached in ``tests/bench/out/score/``:

- ``slu``: the benchmark's 100,000 RuSLUn-shaped gold records (``slu_data.py``) and a JSONL
  of 100,000 raw model answers: most the gold answer as JSON (some in a ```json fence, some
  with a wrong intent or a dropped slot), one in 50 unparsable;
- ``corpus``: a spec-dialect Rosetta corpus of 100,000 entries (~60-character sentences)
  and 100,000 predictions (a third exact, the rest edited), with latency and usage.

Each measurement runs in a fresh interpreter (``tests.bench.child``: imports not timed, peak
RSS its own): ``lint`` is ``engine.check_file`` on the gold; ``score`` is the whole command
body (lint the gold, read the predictions, score, write the JSON report or run card) with
no terminal. Medians go to ``tests/bench/out/score.json``; not part of the test suite.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `tests.bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench import slu_data  # noqa: E402
from tests.bench.run import REPO, source_env  # noqa: E402

OUT = Path(__file__).resolve().parent / "out"
DATA = OUT / "score"
WORDS = ("the a river house dog sees runs quickly small big over under morning evening friend city book road "
         "water light speaks writes reads green old new tree bird song market bridge").split()
TARGET = ("niwâpamâw atim kinêhiyawân tânisi wâpam nipiy wâskahikan sîpiy mistik piyêsîs kîsikâw tipiskâw "
          "nitôtêm ôtênaw masinahikan mêskanaw wâsêyâw pîkiskwêw masinahikêw").split()


# -- data ------------------------------------------------------------------------------

def slu_files(records: int) -> tuple[Path, Path]:
    folder = DATA / f"slu-{records}"
    gold, preds = folder / "gold.jsonl", folder / "predictions.jsonl"
    if gold.exists() and preds.exists():
        return gold, preds
    folder.mkdir(parents=True, exist_ok=True)
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
    return gold, preds


def _sentence(rng: random.Random, words: tuple[str, ...] | list[str], n: int) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.randint(6, 11))) + f" {n}."


def corpus_files(entries: int) -> tuple[Path, Path]:
    folder = DATA / f"corpus-{entries}"
    gold, preds = folder / "corpus.json", folder / "predictions.jsonl"
    if gold.exists() and preds.exists():
        return gold, preds
    folder.mkdir(parents=True, exist_ok=True)
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
    return gold, preds


# -- what the child processes run (one path: the dataset folder) -------------------------

def lint(folder: str) -> dict[str, Any]:
    from goldlint.engine import check_file

    path = next(p for p in Path(folder).iterdir() if p.stem in ("gold", "corpus"))
    result = check_file(path)
    return {"kind": result.kind, "errors": result.errors, "diagnostics": len(result.diagnostics)}


def score(folder: str) -> dict[str, Any]:
    from rich.console import Console

    from goldlint.score.method import MethodSettings  # noqa: F401  (imported, not timed, like the CLI's start-up)
    from goldlint.score.run import Request, run

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
    from goldlint.score.chrf import StreamingChrf

    base = Path(folder)
    refs = {e["id"]: e["reference"] for e in json.loads((base / "corpus.json").read_text(encoding="utf-8"))["entries"]}
    stream = StreamingChrf()
    with (base / "predictions.jsonl").open(encoding="utf-8") as f:
        for n, line in enumerate(f):
            p = json.loads(line)
            stream.add(p["predicted"], refs[p["id"]], n)
    return {"chrf": stream.corpus_score()}


# -- the run -------------------------------------------------------------------------------

def measure(target: str, folder: Path, env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tests.bench.child", f"tests.bench.bench_score:{target}", str(folder)],
                          cwd=REPO, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{target} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    slu_gold, _ = slu_files(args.records)
    corpus_gold, _ = corpus_files(args.records)
    env_dir = Path(tempfile.mkdtemp(prefix="goldlint-bench-"))
    env = source_env(env_dir)
    plan = [("slu", slu_gold.parent, ("lint", "score")), ("corpus", corpus_gold.parent, ("lint", "score", "chrf_kernel"))]
    results: dict[str, Any] = {}
    for name, folder, targets in plan:
        runs: dict[str, list[dict[str, Any]]] = {t: [] for t in targets}
        for rep in range(args.reps):
            for target in targets[rep % len(targets):] + targets[: rep % len(targets)]:  # rotated order
                runs[target].append(measure(target, folder, env))
        row = {t: {"seconds": statistics.median(r["seconds"] for r in rs), "max_rss_mib": max(r["max_rss_kib"] for r in rs) / 1024,
                   "result": rs[-1]["result"]} for t, rs in runs.items()}
        row["score_over_lint"] = row["score"]["seconds"] / row["lint"]["seconds"]
        row["scoring_alone_seconds"] = row["score"]["seconds"] - row["lint"]["seconds"]
        results[name] = row
        print(f"{name:7} {args.records:,} records: lint {row['lint']['seconds']:.2f} s ({row['lint']['max_rss_mib']:.0f} MiB) · "
              f"score {row['score']['seconds']:.2f} s ({row['score']['max_rss_mib']:.0f} MiB) · score/lint {row['score_over_lint']:.2f}×"
              + (f" · chrF++ kernel {row['chrf_kernel']['seconds']:.2f} s" if "chrf_kernel" in row else ""))
    OUT.mkdir(exist_ok=True)
    (OUT / "score.json").write_text(json.dumps({"records": args.records, "reps": args.reps, "results": results}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
