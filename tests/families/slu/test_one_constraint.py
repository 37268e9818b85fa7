"""An SLU record's constraints are declared once (``goldlint.families.slu.declaration``): the
audio types (SLU108), the speaker's genders (SLU107), the private folders of an audio path
(SLU109). Each is changed by one line in a copy of the package, and every route a user takes
gives one verdict for every probed value: the document's detailed check (``file``), the
CLI's route from the bytes (``bytes``, and the real command line), the server's whole-text
check (``memory``), a JSON Lines file streamed line by line from its bytes (``streamed``: the
msgspec line path), the server's quick check of one edited line of a large file (``quick``),
in a JSON array (the dict path) and as JSON Lines, alone in a clean record (the clean paths)
and next to an unrelated defect (the detailed path). The published schema, completion and
the rules' docs follow too.

The bug this guards against (issue 19): a constraint narrowed in the detailed check alone
while a clean path kept the old one, so one value got two verdicts.
"""

from __future__ import annotations

from pathlib import Path

from tests.declaration_change import run_changed

BASE = {
    "instruction": "Q: {question}\n{annotation}\n<audio>",
    "inputs": {"audio": "samples/a1.wav", "question": "Что?", "annotation": "Intents:\nrate_book: [best_rating, rating_value]\nplay_music: [artist, track]"},
    "outputs": {"intent": "rate_book", "slots": [{"rating_value": "три"}]},
    "meta": {"id": 0, "audio": {"type": "real"}, "speaker": "7_female_33"},
}

# The one line of each constraint, and what it becomes.
CHANGES = [
    ('AUDIO_TYPES = {"real": "Recorded from a person.", "generated": "Synthesised (text to speech)."}',
     'AUDIO_TYPES = {"real": "Recorded from a person.", "synthetic": "Synthesised (text to speech)."}'),
    ('GENDERS = ("male", "female")', 'GENDERS = ("male", "female", "other")'),
    ('PRIVATE_FOLDERS = frozenset({"home", "users", "root", "private", "tmp", "mnt", "media"})',
     'PRIVATE_FOLDERS = frozenset({"home", "users", "root", "private", "tmp", "mnt", "media", "data"})'),
]

# (path, value, the code, the message when flagged after the change, or None: clean)
PROBES = [
    (["meta", "audio", "type"], "real", "SLU108", None),
    (["meta", "audio", "type"], "synthetic", "SLU108", None),
    (["meta", "audio", "type"], "generated", "SLU108", "audio type `generated` is not one of real, synthetic"),
    (["meta", "speaker"], "7_other_33", "SLU107", None),
    (["meta", "speaker"], "7_female_33", "SLU107", None),
    (["meta", "speaker"], "7_robot_33", "SLU107", "speaker `7_robot_33` is not `<id>_<male|female|other>_<age>`"),
    (["inputs", "audio"], "samples/a1.wav", "SLU109", None),
    (["inputs", "audio"], "data.wav", "SLU109", None),
    (["inputs", "audio"], "data/a1.wav", "SLU109", "audio path `data/a1.wav` names a private location (`data`)"),
    (["inputs", "audio"], "x/DATA/a1.wav", "SLU109", "audio path `x/DATA/a1.wav` names a private location (`DATA`)"),
    (["inputs", "audio"], "samples/data", "SLU109", "audio path `samples/data` names a private location (`data`)"),
]

_PROBE = r"""
import copy, json, os, subprocess, sys
from pathlib import Path
from goldlint import config as cfg
from goldlint.engine import check_text
from goldlint.families.slu import schemagen
from goldlint.families.slu.family import SluFamily
from goldlint.families.slu.options import SluOptions
from goldlint.rules.registry import get
from tests.declaration_change import set_at
from tests.routes import every_route

base, probes, folder = json.loads(sys.argv[1]), json.loads(sys.argv[2]), Path(sys.argv[3])
verdicts = {}
for steps, value, code, _ in probes:
    for neighbour in (False, True):
        records = []
        for n in range(30):
            record = copy.deepcopy(base)
            record["meta"]["id"] = n
            records.append(record)
        set_at(records[10], steps, value)
        if neighbour:  # the same slot twice (SLU116): the record goes the detailed way
            records[10]["outputs"]["slots"].append({"rating_value": "три"})
        for layout in ("jsonl", "json"):
            gold = folder / f"gold.{layout}"
            text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records) if layout == "jsonl" else json.dumps(records, ensure_ascii=False)
            gold.write_text(text, encoding="utf-8")
            case = f"{'/'.join(steps)}={value} neighbour={neighbour} {layout}"
            for route, found in every_route(gold, "slu").items():
                verdicts[f"{case} {route}"] = [f[4] for f in found if f[0] == code]
            if layout == "jsonl":  # the server's quick check: the edited line alone, the others blank
                cfg.load.cache_clear()
                lines = text.splitlines(keepends=True)
                sparse = "".join(line if n == 10 else "\n" for n, line in enumerate(lines))
                quick = check_text(gold, sparse, cfg.for_file(gold), kind="slu", explicit=False, fmt="jsonl", partial=True)
                verdicts[f"{case} quick"] = [d.message for d in quick.diagnostics if d.code == code]
                if not neighbour:
                    done = subprocess.run([sys.executable, "-m", "goldlint", "check", "--format", "json", str(gold)], capture_output=True, text=True)
                    verdicts[f"{case} cli"] = [d["message"] for d in json.loads(done.stdout) if d["code"] == code]
schema = schemagen.record_schema()
meta = schema["properties"]["meta"]["properties"]
choices = SluFamily().completions([base], (0, "meta", "audio", "type"), SluOptions())
print(json.dumps({"verdicts": verdicts, "enum": meta["audio"]["properties"]["type"]["enum"], "speaker": meta["speaker"]["pattern"],
                  "choices": [c for c, _ in choices or []], "docs": [get("SLU107").summary, get("SLU108").summary]}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    said = run_changed(tmp_path, "slu", CHANGES, _PROBE, BASE, PROBES)
    verdicts: dict[str, list[str]] = said["verdicts"]
    assert len(verdicts) == len(PROBES) * (2 * (5 + 3) + 1)  # two neighbours × (five JSONL routes + three JSON) + the CLI
    for steps, value, _code, message in PROBES:
        cases = {case: found for case, found in verdicts.items() if case.startswith(f"{'/'.join(steps)}={value} ")}
        routes = {case.rsplit(" ", 1)[1] for case in cases}
        assert routes == {"file", "bytes", "memory", "streamed", "quick", "cli"}, routes
        for case, found in cases.items():
            if message is None:
                assert found == [], case
            else:
                assert len(found) == 1 and found[0].startswith(message), (case, found)
    assert said["enum"] == ["real", "synthetic"]
    assert "other" in said["speaker"]
    assert said["choices"] == ["real", "synthetic"]
    assert "`<int>_<male|female|other>_<age>`" in said["docs"][0] and "`real`, `synthetic`" in said["docs"][1]


def test_the_probes_hold_before_the_change() -> None:
    """Without the change, the values the test expects flagged are not (and the other way round):
    the test above can only pass through the changed line."""
    from goldlint.families.slu import declaration

    assert "generated" in declaration.AUDIO_TYPES and "synthetic" not in declaration.AUDIO_TYPES
    assert "other" not in declaration.GENDERS
    assert "data" not in declaration.PRIVATE_FOLDERS
