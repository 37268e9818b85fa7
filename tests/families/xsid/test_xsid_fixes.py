"""The xsid fixes a case file cannot show: the unsafe ones' edits, and `--fix` on a real file by the CLI."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from goldlint.engine import check_text
from goldlint.fixes import fix_until_stable

DATA = Path(__file__).resolve().parents[2] / "data" / "xsid"
HEAD = "# text = wake me at 7\n# intent = alarm/set_alarm\n"


def _lines(*tags: str, intents: tuple[str, ...] = ("alarm/set_alarm",) * 4) -> str:
    words = ("wake", "me", "at", "7")
    return HEAD + "".join(f"{n}\t{w}\t{i}\t{t}\n" for n, (w, i, t) in enumerate(zip(words, intents, tags, strict=True), 1)) + "\n"


def _fixed(text: str, unsafe: bool) -> str:
    path = Path("/nowhere/en.test.conll")
    fixed, _, _ = fix_until_stable(text, lambda t: check_text(path, t, kind="xsid").diagnostics, unsafe=unsafe)
    return fixed


def test_an_i_tag_that_starts_a_slot_becomes_b_only_with_unsafe_fixes() -> None:
    text = _lines("O", "O", "O", "I-datetime")
    assert _fixed(text, unsafe=False) == text
    assert _fixed(text, unsafe=True) == _lines("O", "O", "O", "B-datetime")


def test_token_intents_that_all_differ_take_the_comments_only_with_unsafe_fixes() -> None:
    text = _lines("O", "O", "O", "B-datetime", intents=("alarm/snooze_alarm",) * 4)
    [found] = [d for d in check_text(Path("en.test.conll"), text).diagnostics if d.code == "XSD108"]
    assert found.fix is not None and found.fix.applicability == "unsafe" and len(found.fix.edits) == 4
    assert _fixed(text, unsafe=False) == text
    assert _fixed(text, unsafe=True) == _lines("O", "O", "O", "B-datetime")


def test_cli_fix_rewrites_the_mixed_dialect_of_a_real_file_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "gsw.test.conll"
    shutil.copy(DATA / "xSID-0.7" / "gsw.test.conll", target)
    before = target.read_text(encoding="utf-8")
    run = [sys.executable, "-m", "goldlint", "check", "--fix", str(target)]
    first = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert first.returncode == 0, first.stdout + first.stderr
    after = target.read_text(encoding="utf-8")
    assert after == before.replace("# text-de: ", "# text-de = ")
    second = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, check=False)
    assert second.returncode == 0 and target.read_text(encoding="utf-8") == after
    assert "XSD111" not in second.stdout


def test_a_decomposed_letter_before_a_slots_span_has_no_nfc_fix() -> None:
    # `# slots:` counts characters of `# text`: normalised, `mé` is one character shorter and
    # the span 12:13 would no longer be `7` (a new XSD109); the offsets are not rewritten.
    text = ("# text = wake me\u0301 at 7\n# intent = alarm/set_alarm\n# slots = 12:13:datetime\n"
            "1\twake\talarm/set_alarm\tO\n2\tme\u0301\talarm/set_alarm\tO\n3\tat\talarm/set_alarm\tO\n4\t7\talarm/set_alarm\tB-datetime\n\n")
    found = check_text(Path("en.test.conll"), text).diagnostics
    assert [d.code for d in found if d.code not in ("XSD112",)] == ["GL006"]
    assert found[0].fix is None
    assert _fixed(text, unsafe=True) == text
