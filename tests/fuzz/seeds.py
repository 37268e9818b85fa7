"""Seed corpora for the fuzz targets, built from the real files in ``tests/`` (never copied in).

Sources, each under the suffix and kind it is checked as:

- every gold-like file under ``tests/`` (``.json``, ``.jsonl``, ``.ndjson``, ``.yaml``,
  ``.yml``, ``.tsv``); a JSON file larger than :data:`LIMIT` is cut down to the first few
  items of every list, a JSON Lines file to its first lines;
- the text of every rule case in ``tests/rules/*.yaml`` (with the case's file name and
  ``kind``), and the ontologies those cases write;
- the mix-config seed of ``tests/families/mixconfig``;
- a YAML rendering of each JSON object seed, so every YAML-capable family has YAML seeds.

Each seed is the selector byte (``cases.py``) followed by the file's bytes, written under
its SHA-1 as libFuzzer names corpus files. ``python -m tests.fuzz.seeds DIR`` writes them.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.fuzz import TESTS, WORK
from tests.fuzz.cases import SUFFIXES, selector

LIMIT = 24_000  # bytes: larger seeds slow every execution down for little new coverage
GOLD_SUFFIXES = (".json", ".jsonl", ".ndjson", ".yaml", ".yml", ".tsv")
SKIP_PARTS = {".work", "out", "__pycache__", ".hypothesis"}


def _shrink(value: Any, keep: int = 3) -> Any:
    if isinstance(value, list):
        return [_shrink(v, keep) for v in value[:keep]]
    if isinstance(value, dict):
        return {k: _shrink(v, keep) for k, v in value.items()}
    return value


def _fit(text: str, suffix: str) -> str | None:
    """The text, or a smaller one of the same shape, under :data:`LIMIT` bytes; None if none."""
    if len(text.encode("utf-8")) <= LIMIT:
        return text
    if suffix == ".json":
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return None
        for keep in (3, 1):
            small = json.dumps(_shrink(value, keep), ensure_ascii=False, indent=2) + "\n"
            if len(small.encode("utf-8")) <= LIMIT:
                return small
        return None
    if suffix in (".jsonl", ".ndjson", ".tsv"):
        lines = text.splitlines(keepends=True)
        out = ""
        for line in lines:
            if len((out + line).encode("utf-8")) > LIMIT:
                break
            out += line
        return out or None
    return None


def _yaml_of(text: str) -> str | None:
    """A block-style YAML rendering of a JSON object text (None if it is no JSON object)."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    out = io.StringIO()
    try:
        yaml.dump(value, out)
    except Exception:  # noqa: BLE001  (a value YAML cannot represent: no seed, nothing more)
        return None
    return out.getvalue()


def real_files() -> Iterator[tuple[str, str, str | None]]:
    """(suffix, text, kind) of the gold-like files under tests/."""
    for path in sorted(TESTS.rglob("*")):
        if path.suffix not in GOLD_SUFFIXES or not path.is_file() or SKIP_PARTS & set(path.relative_to(TESTS).parts):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        yield path.suffix, text, None


def _rule_cases() -> Iterator[tuple[str, str, str | None]]:
    from ruamel.yaml import YAML

    for source in sorted((TESTS / "rules").glob("*.yaml")):
        for case in YAML(typ="safe", pure=True).load(source.read_text(encoding="utf-8")) or []:
            if not isinstance(case, dict) or not isinstance(case.get("text"), str):
                continue
            suffix = Path(case.get("file", "case.jsonl")).suffix
            if suffix in SUFFIXES:
                yield suffix, case["text"] * int(case.get("repeat", 1)), case.get("kind")


def ontology_texts() -> Iterator[tuple[str, str]]:
    """(suffix, text) of the ontologies in tests/: the truth one and those rule cases write."""
    from ruamel.yaml import YAML

    truth = TESTS / "data" / "truth" / "ontology.yaml"
    if truth.exists():
        text = truth.read_text(encoding="utf-8")
        yield ".yaml", text
        value = YAML(typ="safe", pure=True).load(text)
        yield ".json", json.dumps(value, indent=2) + "\n"
    for source in sorted((TESTS / "rules").glob("*.yaml")):
        for case in YAML(typ="safe", pure=True).load(source.read_text(encoding="utf-8")) or []:
            for name, content in ((case or {}).get("files") or {}).items():
                if "ontology" in name and isinstance(content, str):
                    yield Path(name).suffix or ".yaml", content


def _mixconfig_seed() -> Iterator[tuple[str, str, str | None]]:
    support = TESTS / "families" / "mixconfig" / "mixconfig_support.py"
    if not support.exists():
        return
    source = support.read_text(encoding="utf-8")
    start = source.find('SEED = """')
    if start < 0:
        return
    body = source[start + len('SEED = """') :]
    yield ".json", body[: body.index('"""')], None


def check_seeds() -> Iterator[tuple[int, bytes]]:
    texts: list[tuple[str, str, str | None]] = [*real_files(), *_rule_cases(), *_mixconfig_seed()]
    for suffix, text, kind in texts:
        fitted = _fit(text, suffix)
        if fitted is None:
            continue
        data = fitted.encode("utf-8")
        yield selector(suffix, kind), data
        yield selector(suffix, kind, from_disk=True, rich=True), data
        rendered = _yaml_of(fitted) if suffix == ".json" and kind is None else None
        if rendered is not None and len(yaml := rendered.encode("utf-8")) <= LIMIT:
            yield selector(".yaml"), yaml
            yield selector(".yml", from_disk=True, rich=True), yaml


def ontology_seeds() -> Iterator[tuple[int, bytes]]:
    for suffix, text in ontology_texts():
        data = text.encode("utf-8")
        first = 1 if suffix == ".json" else 0
        yield first, data
        yield first | 2, data


def score_seeds() -> Iterator[tuple[int, bytes]]:
    """Predictions of every kind: the score tests' cases (the parity shapes, written out) and a
    few plain ones; each under every case of its kind."""
    from tests.fuzz.cases import SCORE_CASES

    by_kind: dict[str, list[str]] = {"slu": [], "semantic": [], "corpus": [], "truth": []}
    parity = TESTS / "data" / "score" / "parity"
    for kind in ("slu", "semantic", "corpus"):
        shapes = parity / f"{kind}-shapes.jsonl"
        if not shapes.exists():
            continue
        for line in shapes.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if kind == "slu":
                by_kind[kind].append(json.dumps({"id": 2, "output": case["output"]}, ensure_ascii=False) + "\n")
            elif kind == "semantic":
                by_kind[kind].append(json.dumps({"support_call": case["prediction"]}, ensure_ascii=False))
            else:
                by_kind[kind].append("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in case["predictions"]))
    by_kind["slu"].append(json.dumps({"data": {"test": [{"outputs": '{"intent": "ratebook", "slots": []}', "meta": {"id": 2}}]}}))
    by_kind["corpus"].append(json.dumps({"id": "tatoeba_6056942", "predicted": "Ndinokuda.", "latency_seconds": 1.5,
                                         "usage": {"prompt_tokens": 10, "completion_tokens": 3}, "cost_usd": 0.001}) + "\n")
    by_kind["truth"] += ["codedWvnm\tintent\tentities\n1-1.wav\tORDER_COFFEE\t{\"COFFEE_SIZE\": [{\"literal\": \"large\", \"canonical\": \"lg\"}]}\n",
                         json.dumps({"row": 1, "intent": "ORDER_COFFEE", "entities": {"COFFEE_SIZE": [{"literal": "large"}]}}) + "\n"]
    for n, (kind, _, name) in enumerate(SCORE_CASES):
        for text in by_kind[kind]:
            if name.endswith(".tsv") == text.startswith("codedWvnm"):
                yield n, text.encode("utf-8")


def hostile_yaml() -> Iterator[str]:
    """The YAML of the hostile cases (issue 23), small: escapes beyond Unicode, anchors and
    aliases of every sort, merge keys, a billion-laughs, a recursive alias, deep nesting, tags."""
    yield from ('key: "\\UFFFFFFFF"\n', 'key: "\\U00110000"\n', "a: '\\U7FFFFFFF'\n")
    yield "".join(f"- &a{k} v{k}\n- *a{k}\n" for k in range(50))
    yield "".join(f"- &m{k} {{k: {k}, l: [1, 2]}}\n- *m{k}\n" for k in range(30))
    yield "base: &b {a: 1, b: 2}\nitems:\n" + "".join(f"  - {{<<: *b, c: {k}}}\n" for k in range(30))
    yield "".join(f"- &x{k} {k}\n" for k in range(60))
    yield "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n" + "".join(f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                                                           for p, c in zip("abcdefgh", "bcdefghi", strict=True))
    yield "a: &a [*a]\n"
    yield "&a\nx: *a\n"
    yield "[" * 100 + "]" * 100 + "\n"
    yield "- " * 80 + "x\n"
    yield "a: &x:y 1\nb: *x:y\n- &a.b v\n{*a: 1}\n- &é v\n"
    yield "!!python/object/apply:os.system ['true']\n"
    yield "a: !local x\nb: !!binary aGk=\n"


def hostile_tsv() -> Iterator[str]:
    """The TSV of the hostile cases: a wide header, quotes that run on, CR line breaks, NULs."""
    yield "\t".join(f"c{n}" for n in range(500)) + "\n" + "\t".join("x" for _ in range(500)) + "\n"
    yield 'transcription\tannotation\tintent\n"a\tb\tc\n"x""y"\t"\t\n'
    yield "a\tb\r\n1\t2\r3\t4\n\x00\t\x00\n"
    yield 'codedWvnm\tintent\tentities\n1.wav\tX\t{"A": [{"literal": "\\ud800"}]}\n'


def _reader_seeds(suffixes: tuple[str, ...], hostile: Iterator[str]) -> Iterator[tuple[int, bytes]]:
    for suffix, text, _ in real_files():
        if suffix in suffixes and (fitted := _fit(text, suffix)) is not None:
            yield 0, fitted.encode("utf-8")
            yield 1, fitted.encode("utf-8")
    for text in hostile:
        yield 0, text.encode("utf-8", "surrogatepass")
        yield 1, text.encode("utf-8", "surrogatepass")


def yaml_seeds() -> Iterator[tuple[int, bytes]]:
    yield from _reader_seeds((".yaml", ".yml"), hostile_yaml())


def tsv_seeds() -> Iterator[tuple[int, bytes]]:
    yield from _reader_seeds((".tsv",), hostile_tsv())


SEEDS = {"check": check_seeds, "ontology": ontology_seeds, "score": score_seeds, "yaml": yaml_seeds, "tsv": tsv_seeds}


def build(target: str, folder: Path) -> int:
    """Write the seeds of ``target`` into ``folder`` (emptied first); returns how many."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    count = 0
    for first, data in SEEDS[target]():
        blob = bytes([first]) + data
        path = folder / hashlib.sha1(blob).hexdigest()
        if not path.exists():
            path.write_bytes(blob)
            count += 1
    return count


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else WORK / "seeds"
    for target in SEEDS:
        print(f"{target}: {build(target, root / target)} seeds in {root / target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
