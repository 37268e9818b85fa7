"""The TSV reader: cells and positions, quoting, bad input (never a crash), and proof that
the fast TAB split gives exactly what the Lark grammar gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from truth_support import CLEAN, WITH_ONTOLOGY, apply_fixes, check, covered, found, replace_in_line

from goldlint.diagnostics import Severity
from goldlint.findings import At
from goldlint.formats.tsv_doc import Row, TsvDocument, split_line, tsv_parser

HEADER = "speaker\tcodedWvnm\ttranscription\tannotation\tintent\n"


def _span(doc: TsvDocument, at: At) -> tuple[int, int, str]:
    span = doc.resolve([at])[0]
    assert span is not None and doc.text is not None
    return span.start.line, span.start.column, doc.text[span.start_offset : span.end_offset]


def test_paths_resolve_to_cells_header_and_json_inside_cells() -> None:
    doc = TsvDocument("t.tsv", CLEAN)
    assert _span(doc, At(("header", "intent"))) == (1, 44, "intent")
    assert _span(doc, At(("header", 1))) == (1, 9, "codedWvnm")
    assert _span(doc, At((0, "codedWvnm"))) == (2, 3, "1-1.wav")
    assert _span(doc, At((0, "intent"), key=True)) == (1, 44, "intent")
    assert _span(doc, At((0, "transcription")).inside(15, 20)) == (2, 26, "large")
    assert _span(doc, At((1, "annotation", "COFFEE_TYPE", "literal"))) == (3, 145, '"iced latte"')
    assert _span(doc, At((1, "annotation", "COFFEE_TYPE"), key=True)) == (3, 96, '"COFFEE_TYPE"')
    assert _span(doc, At((1, "annotation", "COFFEE_TYPE", "literal")).inside(5, 10)) == (3, 151, "latte")
    assert _span(doc, At((2, "annotation", "PERSON", 1, "literal"))) == (4, 92, '"James"')
    # a path that does not exist resolves to its nearest existing parent
    assert _span(doc, At((2, "annotation", "NOPE")))[:2] == (4, 44)
    assert _span(doc, At((2, 9)))[:2] == (4, 1)
    assert doc.resolve([At((99, "intent"))]) == [None]


def test_root_and_records_are_the_rows_as_dicts() -> None:
    doc = TsvDocument("t.tsv", CLEAN)
    assert doc.ok and len(doc.root) == 13
    assert doc.root[0] is not None and doc.root[0]["intent"] == "ORDER_COFFEE"
    assert list(doc.records()) == [((), doc.root)]


def test_quoted_cells_decode_and_map_positions_through_doubled_quotes() -> None:
    text = HEADER + '1\t1-1.wav\t"say ""hi""\tthere"\t"{""GREETING_WORD"": {""literal"": ""hey""}}"\tGREET\n'
    doc = TsvDocument("t.tsv", text)
    row = doc.rows[0]
    assert row.values == ["1", "1-1.wav", 'say "hi"\tthere', '{"GREETING_WORD": {"literal": "hey"}}', "GREET"]
    assert _span(doc, At((0, "annotation", "GREETING_WORD", "literal"))) == (2, 65, '""hey""')
    assert _span(doc, At((0, "annotation", "GREETING_WORD", "literal")).inside(0, 3)) == (2, 67, "hey")
    assert _span(doc, At((0, "transcription")).inside(4, 8)) == (2, 16, '""hi""')
    result = check(text)
    assert found(result) == [("TRU105", 2, 65)]  # `hey` is not in the transcription
    # fixes write quoted cells back quoted
    assert doc.encode(At((0, "annotation", "GREETING_WORD", "literal")), 'a "b"') == '""a \\""b\\""""'
    assert doc.encode(At((0, "transcription")), "plain") == '"plain"'
    assert doc.encode(At((0, "intent")), "with\ttab") == '"with\ttab"'
    assert doc.encode(At((0, "intent")), "plain") == "plain"


def test_unterminated_quote_is_gl003_at_the_quote_and_other_rows_are_checked() -> None:
    text = replace_in_line(CLEAN, 10, "\tcall Anna or Boris", '\t"call Anna or Boris')
    text = replace_in_line(text, 11, "GREETING", "GREETNG")
    result = check(text, WITH_ONTOLOGY)
    assert [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics] == [
        ("GL003", 10, 11, '"'),
        ("TRU106", 11, 26, "GREETNG"),
    ]


def test_quote_never_closed_on_its_line() -> None:
    text = HEADER + '1\t1-1.wav\t"never closed\t{}\tGREET\n2\t1-2.wav\tok\t{}\tGREET\n'
    result = check(text)
    assert found(result) == [("GL003", 2, 11)]
    assert "unterminated" in result.diagnostics[0].message


def test_a_broken_line_is_blamed_itself_and_the_lines_after_it_are_read() -> None:
    """The grammar accepts every text: the quote left open on line 2 is reported there, and
    line 3's own defect is still found where it is (no cascade from one to the other)."""
    text = HEADER + '1\t1-1.wav\t"never closed\t{}\tGREET\n2\t1-2.wav\t"Hello" she said\t{}\tGREET\n3\t1-3.wav\tok\t{}\tGREET\n'
    assert found(check(text)) == [("GL003", 2, 11), ("GL003", 3, 18)]


def test_text_after_a_closing_quote() -> None:
    text = HEADER + '1\t1-1.wav\t"Hello" she said\t{}\tGREET\n'
    result = check(text)
    assert [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics] == [("GL003", 2, 18, " she said")]


def test_unterminated_json_string_in_the_annotation_cell() -> None:
    text = replace_in_line(CLEAN, 5, '{"COFFEE_SIZE": "sm"}', '{"COFFEE_SIZE": "sm}')
    result = check(text)
    d = result.diagnostics[0]
    assert [(x.code, x.span.start.line) for x in result.diagnostics] == [("TRU103", 5)]
    assert d.span.start.column == 49  # the string that never ends, inside the cell
    assert "not valid JSON" in d.message


def test_duplicate_key_inside_an_annotation_is_gl004() -> None:
    text = replace_in_line(CLEAN, 5, '{"COFFEE_SIZE": "sm"}', '{"COFFEE_SIZE": "sm", "COFFEE_SIZE": "lg"}')
    result = check(text)
    assert [(d.code, d.span.start.line, d.span.start.column, covered(result, d)) for d in result.diagnostics] == [("GL004", 5, 55, '"COFFEE_SIZE"')]


def test_spaces_instead_of_tabs_everywhere() -> None:
    text = CLEAN.replace("\t", "    ")
    result = check(text)
    assert result.kind == "truth"
    codes = found(result)
    assert codes[0] == ("TRU101", 1, 1)
    assert len(codes) == 14 and {c for c, _, _ in codes[1:]} == {"TRU102"}
    assert "missing tab" in result.diagnostics[1].message


def test_header_in_another_case() -> None:
    text = CLEAN.replace(HEADER, HEADER.upper(), 1)
    result = check(text, WITH_ONTOLOGY)
    assert found(result) == [("TRU101", 1, 1), ("TRU101", 1, 9), ("TRU101", 1, 19), ("TRU101", 1, 33), ("TRU101", 1, 44)]
    fixed = apply_fixes(text, result, "TRU101")
    assert fixed == CLEAN


def test_only_a_header() -> None:
    result = check(HEADER)
    assert [(d.code, d.span.start.line, d.span.start.column, d.severity) for d in result.diagnostics] == [("GL010", 1, 1, Severity.ERROR)]


def test_empty_and_blank_texts_do_not_crash() -> None:
    for text in ("", "\n\n", "\ufeff"):
        result = check(text, kind="truth")
        assert [d.code for d in result.diagnostics if d.code != "GL002"] == ["GL010"]


def test_windows_line_endings_keep_positions_right() -> None:
    text = replace_in_line(CLEAN, 5, "ORDER_COFFEE", "ORDER_COFEE").replace("\n", "\r\n")
    result = check(text, WITH_ONTOLOGY)
    assert found(result) == [("GL009", 1, 50), ("TRU106", 5, 55)]
    assert covered(result, result.diagnostics[1]) == "ORDER_COFEE"


def test_lone_cr_line_endings() -> None:
    result = check(CLEAN.replace("\n", "\r"), WITH_ONTOLOGY)
    assert [d.code for d in result.diagnostics] == ["GL009"]


def test_bom_is_not_part_of_the_first_column() -> None:
    result = check("\ufeff" + CLEAN, WITH_ONTOLOGY)
    assert found(result) == [("GL002", 1, 1)]


def test_blank_lines_are_skipped() -> None:
    text = CLEAN.replace("\n1\t1-3.wav", "\n\n1\t1-3.wav")
    result = check(replace_in_line(text, 5, "Allison", "Alison"), WITH_ONTOLOGY)
    assert found(result) == [("TRU105", 5, 67)]


def test_ten_megabyte_annotation_cell() -> None:
    big = "x" * (10 << 20)
    text = HEADER + '1\t1-1.wav\tan order\t{"COFFEE_TYPE": {"literal": "' + big + '"}}\tORDER\n'
    result = check(text)
    assert [(d.code, d.span.start.line, d.span.start.column) for d in result.diagnostics] == [("TRU105", 2, 48)]
    broken = HEADER + '1\t1-1.wav\tan order\t{"COFFEE_TYPE": "' + big + '\tORDER\n'
    result = check(broken)
    assert [(d.code, d.span.start.line) for d in result.diagnostics] == [("TRU103", 2)]
    assert result.diagnostics[0].span.start.column == 36


def test_lark_whole_file_grammar_agrees_with_the_line_reader() -> None:
    for text in (CLEAN, CLEAN.replace("\n", "\r\n"), HEADER + '1\t"a""b"\t"x\ty"z\t\n\n'):
        tree = tsv_parser().parse(text, start="start")
        lines = [c for c in tree.children if getattr(c, "data", None) == "line"]
        doc = TsvDocument("t.tsv", text)
        rows = ([doc.header] if doc.header else []) + doc.rows
        nonblank = [line for line in lines if any(cell.children for cell in line.children if hasattr(cell, "children")) or len(line.children) > 1]
        assert [len([c for c in line.children if hasattr(c, "children")]) for line in nonblank] == [len(r.values) for r in rows]


_CELL_TEXT = st.text(alphabet='ab {}:"\\ \u00e9', max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.lists(_CELL_TEXT, min_size=1, max_size=6))
def test_fast_split_gives_exactly_the_grammar_cells(cells: list[str]) -> None:
    line = "\t".join(cells)
    fast = split_line(line)
    slow = split_line(line, grammar=True)
    assert fast[0] == slow[0] or fast[1] is not None  # values agree whenever the fast path was taken
    if fast[1] is None:
        row = Row(1, 0, len(line), fast[0])
        assert [row.cell_span(k) for k in range(len(fast[0]))] == slow[1]
        assert slow[3] == [] and not any(slow[2] or [])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet='a"\t{}\r\n ', max_size=40))
def test_any_text_is_read_without_a_crash_and_every_finding_is_positioned(text: str) -> None:
    result = check(HEADER + text, kind="truth")
    for d in result.diagnostics:
        assert d.span.start_offset >= 0
        assert 0 <= d.span.start_offset <= d.span.end_offset <= len(HEADER + text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='a"\t {}', max_size=30))
def test_a_line_with_quoted_cells_is_read_as_the_grammar_reads_it(line: str) -> None:
    """Lines with quoted cells are read with the grammar's terminals, not its Lark parser
    (whose tree of a 100,000-cell line took gigabytes): values, spans, quoting and problems
    are the parser's."""
    fast, slow = split_line(line), split_line(line, grammar=True)
    assert fast == slow if fast[1] is not None else fast[0] == slow[0]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='a"\t ', max_size=30), st.integers(min_value=1, max_value=6))
def test_a_row_holds_its_first_cells_and_counts_the_rest(line: str, keep: int) -> None:
    from goldlint.formats.tsv_doc import read_line

    values, spans, quoted, problems, more = read_line(line, keep)
    whole = split_line(line, grammar=True)
    assert values == whole[0][:keep] and len(values) + more == len(whole[0])
    assert spans is None or spans == whole[1][:keep]
    assert problems == whole[3]  # (the problems of the cells not held too)
