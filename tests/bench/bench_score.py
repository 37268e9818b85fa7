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

BIG_FILES = "max-file-size: 16000000000\n"  # (as families.BIG_FILES: the 100k gold files are over the default limit)

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


def _prediction_instance(value: Any) -> dict[str, Any]:
    """A truth reference instance as the test tool returns it (canonical, literal, struct_value)."""
    if isinstance(value, dict):
        if any(k.startswith("nuance_") for k in value):
            return {"literal": "x", "struct_value": value}
        return {k: v for k, v in value.items()}
    return {"canonical": value, "literal": str(value)}


def write_truth(folder: Path, records: int) -> None:
    """Truth TSV gold (``truth_data``) and a results TSV: most rows right, some intents or entities wrong, 1 in 50 missing."""
    from tests.bench import truth_data

    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "goldlint.yaml").write_text(BIG_FILES + truth_data.CONFIG, encoding="utf-8")
    (tmp / "ontology.yaml").write_text(truth_data.ONTOLOGY, encoding="utf-8")
    lines = truth_data.lines(records)
    (tmp / "gold.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    rng = random.Random(13)
    with (tmp / "predictions.tsv").open("w", encoding="utf-8") as out:
        out.write("codedWvnm\tintent\tentities\n")
        for line in lines[1:]:
            _, audio, _, annotation, intent = line.split("\t")
            roll = rng.random()
            if roll < 0.02:
                continue
            entities = {name: [_prediction_instance(v) for v in (value if isinstance(value, list) else [value])]
                        for name, value in json.loads(annotation).items() if value != {}}
            if roll < 0.12:
                intent = rng.choice(("CALL", "SEND_NOTE", "GREETING"))
            elif roll < 0.25 and entities:
                entities.pop(next(iter(entities)))
            out.write(f"{audio}\t{intent}\t{json.dumps(entities, ensure_ascii=False)}\n")
    tmp.replace(folder)


def write_semantic(folder: Path, records: int) -> None:
    """One meeting's semantic gold of ``records`` items (``semantic_data``) and its predictions:
    a topic dropped, risks mostly right (some dropped, some with another severity), actions a
    third verbatim, the rest reworded or dropped."""
    from tests.bench import semantic_data

    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "goldlint.yaml").write_text(BIG_FILES, encoding="utf-8")
    gold = semantic_data.document(records, "gold")
    (tmp / "gold.json").write_text(json.dumps(gold, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    rng = random.Random(17)
    risks = []
    for risk in gold["risks"]:
        roll = rng.random()
        if roll < 0.1:
            continue
        risks.append({"type": risk["type"], "severity": "low" if roll < 0.15 else risk["severity"], "segment_id": risk["segment_id"]})
    actions = []
    for action in gold["actions"]:
        roll = rng.random()
        if roll < 0.1:
            continue
        words = action["text"].split()
        if roll >= 0.4:  # reworded: one word (never the item number) left out
            del words[rng.randrange(len(words) - 2)]
        actions.append(" ".join(words))
    prediction = {"meeting_id": "gold", "topics": [t["label"] for t in gold["topics"][1:]], "risks": risks, "actions": actions}
    (tmp / "predictions.json").write_text(json.dumps(prediction, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    tmp.replace(folder)


def write_xsid(folder: Path, records: int) -> None:
    """xSID CoNLL gold (``xsid_data``) and a predictions file in the same format: most sentences
    right, some with another intent or a slot tag dropped, 1 in 50 left out."""
    from tests.bench import xsid_data

    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "goldlint.yaml").write_text(BIG_FILES, encoding="utf-8")
    xsid_data.write(tmp / "gold.conll", records)
    rng = random.Random(19)
    intents = sorted({intent for intent, _ in xsid_data.TEMPLATES})
    with (tmp / "gold.conll").open(encoding="utf-8") as src, (tmp / "predictions.conll").open("w", encoding="utf-8") as out:
        for block in src.read().split("\n\n"):
            if not block.strip():
                continue
            roll = rng.random()
            if roll < 0.02:
                continue
            lines = [line for line in block.split("\n") if not line.startswith("# slots:")]
            if roll < 0.12:
                wrong = rng.choice(intents)
                lines = [f"# intent = {wrong}" if line.startswith("# intent") else line for line in lines]
            elif roll < 0.25:
                lines = [line[: line.rfind("\t")] + "\tO" if "\tB-" in line or "\tI-" in line else line for line in lines]
            out.write("\n".join(lines) + "\n\n")
    tmp.replace(folder)


def write_slurp(folder: Path, records: int) -> None:
    """SLURP JSONL gold (``slurp_data``) and predictions keyed by ``slurp_id``: most right, some
    with another action or an entity dropped, 1 in 50 left out."""
    from tests.bench import slurp_data

    tmp = folder.with_suffix(".partial")
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "goldlint.yaml").write_text(BIG_FILES + slurp_data.CONFIG, encoding="utf-8")
    slurp_data.write(tmp / "gold.jsonl", records)
    rng = random.Random(23)
    with (tmp / "gold.jsonl").open(encoding="utf-8") as src, (tmp / "predictions.jsonl").open("w", encoding="utf-8") as out:
        for line in src:
            record = json.loads(line)
            roll = rng.random()
            if roll < 0.02:
                continue
            tokens = record["tokens"]
            entities = [{"type": e["type"], "filler": " ".join(tokens[i]["surface"] for i in e["span"])} for e in record["entities"]]
            action = record["action"]
            if roll < 0.12:
                action = "query"
            elif roll < 0.25 and entities:
                entities = entities[1:]
            out.write(json.dumps({"slurp_id": str(record["slurp_id"]), "scenario": record["scenario"], "action": action,
                                  "entities": entities}) + "\n")
    tmp.replace(folder)


# -- what the child processes run (one path: the dataset folder) -------------------------

CORPUS_OPTIONS: dict[str, Any] = {"model_slug": "bench/model", "condition": "naive", "temperature": 0.0, "method_class": "raw-llm"}


def lint(folder: str) -> dict[str, Any]:
    path = next(p for p in Path(folder).iterdir() if p.stem in ("gold", "corpus"))
    result = check_file(path)
    return {"kind": result.kind, "errors": result.errors, "diagnostics": len(result.diagnostics)}


def score(folder: str) -> dict[str, Any]:
    base = Path(folder)
    gold = next(p for p in base.iterdir() if p.stem in ("gold", "corpus"))
    predictions = next(p for p in base.iterdir() if p.stem == "predictions")
    with tempfile.TemporaryDirectory() as tmp:
        req = Request(gold, predictions, output=Path(tmp) / "out.json", **(CORPUS_OPTIONS if gold.stem == "corpus" else {}))
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
