"""An xSID sentence's comments and cells are declared once (``goldlint.families.xsid.declaration``):
which languages do without `# text-en` and `# id`, how XSD101 names the cells. Each is changed by one line in a copy of the package, and every route a user takes gives
one verdict for the probed file: the document's check (``file``, the detailed reference for
sentences the clean path hands over), the CLI's route from the bytes (``bytes``, and the real
command line), the server's whole-text check (``memory``); the clean path (:mod:`.clean`)
reads the same required keys and cell count. Completion and hover follow too.
"""

from __future__ import annotations

from pathlib import Path

from goldlint.families.xsid import declaration
from tests.declaration_change import assert_every_route_says, run_changed

DATA = Path(__file__).resolve().parents[2] / "data" / "xsid" / "xSID-0.7"

# The one line of each constraint, and what it becomes.
CHANGES = [
    ('TEXT_EN.name: ("en", "no")}', 'TEXT_EN.name: ("en", "no", "de")}'),
    ('ID.name: ("en",),', 'ID.name: ("en", "de"),'),
    ('label="BIO tag",', 'label="slot tag",'),
]


def _sentences(name: str, n: int) -> list[str]:
    return (DATA / name).read_text(encoding="utf-8").split("\n\n")[:n]


def _probes() -> list[tuple[str, str, str, str | None]]:
    """(a file's name, its text, the code, the message's start after the change or None: no such finding)."""
    de = _sentences("de.test.conll", 4)
    de[1] = "\n".join(line for line in de[1].splitlines() if not line.startswith("# text-en"))
    no_id = _sentences("de.test.conll", 4)
    no_id[2] = "\n".join(line for line in no_id[2].splitlines() if not line.startswith("# id"))
    en = _sentences("en.test.conll", 4)
    short = list(en)
    short[1] = "\n".join(line if not line.startswith("2\t") else line.rsplit("\t", 1)[0] for line in en[1].splitlines())
    return [
        ("de.test.conll", "\n\n".join(de) + "\n\n", "XSD104", None),
        ("de.test.conll", "\n\n".join(no_id) + "\n\n", "XSD104", None),
        ("en.test.conll", "\n\n".join(en) + "\n\n", "XSD104", None),
        ("en.test.conll", "\n\n".join(short) + "\n\n", "XSD101", "a token line has 3 tab-separated cells, not 4 (index, word, intent, slot tag)"),
    ]


_PROBE = r"""
import json, sys
from pathlib import Path
from goldlint.families.xsid.family import XsidFamily
from goldlint.families.xsid.options import XsidOptions
from tests.routes import messages_by_route

probes, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
verdicts = {}
for n, (name, text, code, _) in enumerate(probes):
    where = folder / str(n)
    where.mkdir()
    gold = where / name
    gold.write_text(text, encoding="utf-8")
    for route, messages in messages_by_route(gold, "xsid", code).items():
        verdicts[f"{n} {route}"] = messages
from goldlint.families.xsid import declaration
from goldlint.rules.registry import get
print(json.dumps({"verdicts": verdicts, "XSD101": get("XSD101").summary, "XSD104": get("XSD104").summary, "de": declaration.required_comments("de", lambda key: True),
                  "en": declaration.required_comments("en", lambda key: True)}))
"""


def test_changing_each_constraint_in_its_one_line_changes_every_route(tmp_path: Path) -> None:
    probes = _probes()
    said = run_changed(tmp_path, "xsid", CHANGES, _PROBE, probes)
    for n, (_name, _text, _code, message) in enumerate(probes):
        assert_every_route_says(said["verdicts"], n, message)
    assert said["de"] == ["text", "intent"]
    assert "cells: index, word, intent, slot tag (" in said["XSD101"]  # (the rules' docs name the declared cells and comments)
    assert "`# id` (not in `en` or `de` files), `# text`, `# text-en` (not in `en` or `no` or `de` files)" in said["XSD104"], said["XSD104"]


def test_the_probes_hold_before_the_change() -> None:
    """Without the change, the probes' verdicts are the other ones: the test above passes only through the changed lines."""
    from goldlint.engine import check_text

    probes = _probes()
    codes = [[d.message for d in check_text(Path(name), text, kind="xsid").diagnostics if d.code == code] for name, text, code, _ in probes]
    assert codes[0] and "`# text-en`" in codes[0][0]
    assert codes[1] and "`# id`" in codes[1][0]
    assert codes[2] == []
    assert codes[3] == ["a token line has 3 tab-separated cells, not 4 (index, word, intent, BIO tag)"]
    assert declaration.required_comments("de", lambda key: True) == ("text", "intent", "id", "text-en")
