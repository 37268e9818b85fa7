"""The hand-written truth file checks clean; corrupted copies, one defect each, are caught.

Together the corruptions cover every TRU rule (the last test proves it), each with the
exact position of the offending token — inside the cell, and inside the JSON in the cell.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from truth_support import CLEAN, WITH_ONTOLOGY, apply_fixes, check, covered, found, replace_in_line

from goldlint.diagnostics import Severity
from goldlint.rules.registry import all_rules

HEADER = "speaker\tcodedWvnm\ttranscription\tannotation\tintent"


def test_clean_file_checks_clean_with_and_without_ontology() -> None:
    for options in (None, WITH_ONTOLOGY, {**WITH_ONTOLOGY, "calendar-entities": ["WHEN"]}):
        result = check(CLEAN, options)
        assert result.kind == "truth"
        assert found(result) == []


def test_clean_file_has_every_value_shape() -> None:
    import json

    shapes = set()
    for line in CLEAN.split("\n")[1:-1]:
        for value in json.loads(line.split("\t")[3]).values():
            if isinstance(value, str):
                shapes.add("string")
            elif isinstance(value, (int, float)):
                shapes.add("number")
            elif isinstance(value, list):
                shapes.add("list")
            elif value == {}:
                shapes.add("{}")
            elif any("." in k for k in value):
                shapes.add("flattened")
            else:
                shapes.add("dict")
    assert shapes == {"string", "number", "list", "{}", "flattened", "dict"}


# (id, corrupt the clean text, [(code, line, column, text under the span)])
Case = tuple[str, Callable[[str], str], list[tuple[str, int, int, str]]]
CASES: list[Case] = [
    ("header-case", lambda t: t.replace("\tintent\n", "\tIntent\n", 1), [("TRU101", 1, 44, "Intent")]),
    ("header-spaces", lambda t: t.replace(HEADER, HEADER.replace("\t", " ")), [("TRU101", 1, 1, HEADER.replace("\t", " "))]),
    ("header-missing", lambda t: t.split("\n", 1)[1], [("TRU101", 1, 1, "1\t1-1.wav\tI would like a large coffee\t{\"COFFEE_SIZE\": {\"canonical\": \"lg\", \"literal\": \"large\", \"formattedLiteral\": \"large\"}}\tORDER_COFFEE")]),
    ("header-required-missing", lambda t: "\n".join("\t".join(line.split("\t")[:4]) for line in t.split("\n")),
     [("TRU101", 1, 1, "speaker\tcodedWvnm\ttranscription\tannotation")]),
    ("tab-typed-as-spaces", lambda t: replace_in_line(t, 5, "please\t{", "please   {"), [("TRU102", 5, 32, "   ")]),
    ("seed-annotation-unclosed", lambda t: replace_in_line(t, 2, '"large"}}\t', '"large"}\t'), [("TRU103", 2, 123, "")]),
    ("annotation-a-list", lambda t: replace_in_line(t, 11, "\t{}\t", "\t[]\t"), [("TRU103", 11, 23, "[]")]),
    ("entity-key-typo", lambda t: replace_in_line(t, 3, '"canonical": "latte"', '"canonicle": "latte"'), [("TRU104", 3, 112, '"canonicle"')]),
    ("entity-value-bool", lambda t: replace_in_line(t, 5, '"sm"', "true"), [("TRU104", 5, 49, "true")]),
    ("literal-not-said", lambda t: replace_in_line(t, 4, '"James"', '"Jim"'), [("TRU105", 4, 92, '"Jim"')]),
    ("intent-misspelt", lambda t: replace_in_line(t, 5, "ORDER_COFFEE", "ORDER_COFEE"), [("TRU106", 5, 55, "ORDER_COFEE")]),
    ("intent-empty", lambda t: replace_in_line(t, 5, "\tORDER_COFFEE", "\t"), [("TRU106", 5, 55, "")]),
    ("entity-not-for-intent", lambda t: replace_in_line(t, 6, '"COFFEE_COUNT"', '"PERSON"'), [("TRU107", 6, 35, '"PERSON"')]),
    ("entity-not-in-ontology", lambda t: replace_in_line(t, 6, '"COFFEE_COUNT"', '"COFFEE_CNT"'), [("TRU107", 6, 35, '"COFFEE_CNT"')]),
    ("calendar-dashes", lambda t: replace_in_line(t, 13, '"2017/7/21"', '"2017-07-21"'), [("TRU108", 13, 126, "-")]),
    ("calendar-no-sign", lambda t: replace_in_line(t, 9, '"tuesday/+1"', '"tuesday/1"'), [("TRU108", 9, 120, "1")]),
    ("calendar-no-space", lambda t: replace_in_line(t, 9, '"5:00 PM"', '"5:00PM"'), [("TRU108", 9, 191, "PM")]),
    ("predefined-string-leaf", lambda t: replace_in_line(t, 8, '_MONTH": 7.0', '_MONTH": "7"'), [("TRU109", 8, 120, '"7"')]),
    ("predefined-empty-part", lambda t: replace_in_line(t, 8, "nuance_DATE.nuance_DATE_ABS.nuance_DAY", "nuance_DATE..nuance_DAY"), [("TRU109", 8, 153, "..")]),
    ("predefined-bad-part", lambda t: replace_in_line(t, 8, "nuance_DATE.nuance_DATE_ABS.nuance_DAY", "nuance_DATE.DATE_ABS.nuance_DAY"), [("TRU109", 8, 154, "DATE_ABS")]),
    ("audio-twice", lambda t: replace_in_line(t, 11, "3-2.wav", "1-1.wav"), [("TRU110", 11, 3, "1-1.wav")]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_one_defect_is_caught_with_its_position(case: Case) -> None:
    _, corrupt, expected = case
    text = corrupt(CLEAN)
    assert text != CLEAN
    result = check(text, WITH_ONTOLOGY)
    got = [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics]
    assert got == expected


def test_the_corruptions_cover_every_tru_rule() -> None:
    codes = {e[0] for _, _, expected in CASES for e in expected}
    assert codes == {r.code for r in all_rules() if r.family == "truth"}


TOGETHER = ["header-case", "seed-annotation-unclosed", "entity-key-typo", "literal-not-said", "tab-typed-as-spaces",
            "entity-not-for-intent", "predefined-string-leaf", "calendar-no-sign", "audio-twice", "calendar-dashes"]


def test_corrupted_copies_together_in_one_file() -> None:
    text, expected = CLEAN, []
    for name, corrupt, found_alone in CASES:
        if name in TOGETHER:
            text, expected = corrupt(text), expected + found_alone
    text = replace_in_line(text, 14, "ASK_HISTORY", "ASK_HISTROY")
    expected.append(("TRU106", 14, 125, "ASK_HISTROY"))
    result = check(text, WITH_ONTOLOGY)
    got = [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics]
    assert got == sorted(expected, key=lambda e: (e[1], e[2], e[0]))
    assert {e[0] for e in got} == {f"TRU1{n:02d}" for n in range(1, 11)}


def test_header_case_fix() -> None:
    text = CLEAN.replace("\tintent\n", "\tIntent\n", 1)
    result = check(text, WITH_ONTOLOGY)
    assert result.diagnostics[0].fix is not None and result.diagnostics[0].fix.applicability == "safe"
    fixed = apply_fixes(text, result, "TRU101")
    assert fixed == CLEAN and found(check(fixed, WITH_ONTOLOGY)) == []


def test_header_spaces_fix() -> None:
    text = CLEAN.replace(HEADER, HEADER.replace("\t", " "))
    fixed = apply_fixes(text, check(text), "TRU101")
    assert fixed == CLEAN and found(check(fixed)) == []


def test_missing_header_fix_is_unsafe_and_inserts_the_documented_header() -> None:
    text = CLEAN.split("\n", 1)[1]
    result = check(text, WITH_ONTOLOGY)
    fix = result.diagnostics[0].fix
    assert fix is not None and fix.applicability == "unsafe"
    fixed = apply_fixes(text, result, "TRU101")
    assert fixed == CLEAN and found(check(fixed, WITH_ONTOLOGY)) == []


def test_headerless_rows_are_still_checked() -> None:
    text = replace_in_line(CLEAN.split("\n", 1)[1], 4, "ORDER_COFFEE", "ORDER_COFEE")
    assert found(check(text, WITH_ONTOLOGY)) == [("TRU101", 1, 1), ("TRU106", 4, 55)]


def test_entity_key_typo_fix() -> None:
    text = replace_in_line(CLEAN, 3, '"canonical": "latte"', '"canonicle": "latte"')
    result = check(text, WITH_ONTOLOGY)
    fixed = apply_fixes(text, result, "TRU104")
    assert fixed == CLEAN and found(check(fixed, WITH_ONTOLOGY)) == []


def test_unknown_column_is_a_warning() -> None:
    text = "\n".join(line + ("\tnotes" if n == 0 else "\t") if line else line for n, line in enumerate(CLEAN.split("\n")))
    result = check(text, WITH_ONTOLOGY)
    assert found(result) == [("TRU101", 1, 51)]
    assert result.diagnostics[0].severity is Severity.WARNING


def test_extra_cell_points_at_it() -> None:
    text = replace_in_line(CLEAN, 5, "\tORDER_COFFEE", "\tORDER_COFFEE\textra")
    result = check(text)
    assert [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics] == [("TRU102", 5, 68, "extra")]


def test_empty_annotation_cell_has_an_unsafe_fix() -> None:
    text = replace_in_line(CLEAN, 11, "\t{}\t", "\t\t")
    result = check(text)
    assert found(result) == [("TRU103", 11, 23)]
    fixed = apply_fixes(text, result, "TRU103")
    assert fixed == CLEAN


def test_gold_text_checks_run_on_cells_and_inside_json() -> None:
    text = replace_in_line(CLEAN, 5, '"sm"', '"sm "')
    text = replace_in_line(text, 6, "ORDER_COFFEE", "ORDER_COFFEE\u200b")
    result = check(text)
    assert found(result) == [("GL008", 5, 52), ("GL007", 6, 93)]
    assert found(check(apply_fixes(text, result, "GL008"))) == [("GL007", 6, 93)]
