"""What a report writes of a file name or a gold value (``goldlint.reporters.escape``): every
C0 and C1 control character but tab, DEL, U+2028/U+2029, the surrogates and U+FFFE/U+FFFF
escaped, nothing else touched (an unprintable character that is none of those, a soft
hyphen or a zero-width space, is written as it is: other rules report it)."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from goldlint.reporters.escape import visible

_ESCAPED = {*range(0x00, 0x09), *range(0x0A, 0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0xD800, 0xE000), 0xFFFE, 0xFFFF}


def _shown(code: int) -> str:
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a name not in UTF-8, as os.fsdecode holds it
        code -= 0xDC00
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _expected(text: str) -> str:
    return "".join(_shown(ord(c)) if ord(c) in _ESCAPED else c for c in text)


@given(st.text(st.one_of(st.characters(), st.sampled_from("\t\n\r\x1b\x7f\x85\xad\u200b\u2028\u2029\ufeff\ufffd\ufffe\uffff\ud800\udc7f\udc80\udcff\udd00 é"))))
@example("plain text")
@example("evil\n::error file=x.json::owned\x1b[31m\x07.json")
@example("tab\there, soft\xadhyphen, zero\u200bwidth")
@example("not XML 1.0: \ufffe\uffff\ud83d, but \ufffd and \U0001ffff are")
def test_visible_escapes_exactly_the_control_characters(text: str) -> None:
    assert visible(text) == _expected(text)


def test_text_without_a_control_character_is_the_same_object() -> None:
    text = "ordinary é text, with a tab\tand a soft\xadhyphen"
    assert visible(text) is text


def test_a_junit_report_is_well_formed_whatever_the_names_and_values_hold() -> None:
    """XML 1.0 holds no surrogate and neither U+FFFE nor U+FFFF: a gold value quoted in a
    message, or a file name, that has one is written escaped."""
    from xml.etree import ElementTree as ET

    from goldlint.diagnostics import Diagnostic, Position, Related, Severity, Span
    from goldlint.reporters.junit import junit

    span = Span(Position(1, 1), Position(1, 2))
    hostile = "Rate\uffffBook\ufffe\ud800"
    diagnostics = [Diagnostic(f"{hostile}.json", "GL003", "syntax-error", Severity.ERROR, f"value `{hostile}`", span,
                              related=(Related(f"{hostile}.json", span, hostile),))]
    report = junit(diagnostics)
    report.encode("utf-8")  # (no lone surrogate left)
    ET.fromstring(report)


def test_a_file_name_not_in_utf8_is_written_with_its_bytes_escaped_by_every_reporter() -> None:
    """Python holds a byte of a file name that is not UTF-8 as a lone surrogate (U+DC80 +
    the byte); every report writes it as that byte, ``\\xff``, and stays valid UTF-8 (and JSON)."""
    import json

    from goldlint.diagnostics import Diagnostic, Position, Related, Severity, Span
    from goldlint.reporters import REPORTERS

    span = Span(Position(1, 1), Position(1, 2))
    name = "bad\udcff.json"
    diagnostics = [Diagnostic(name, "GL003", "syntax-error", Severity.ERROR, f"cannot read {name}", span,
                              related=(Related(name, span, f"see {name}"),))]
    for fmt, reporter in REPORTERS.items():
        report = reporter(diagnostics, None)
        report.encode("utf-8")
        if fmt == "json":
            [d] = json.loads(report)
            assert (d["path"], d["message"], d["related"][0]["path"]) == ("bad\\xff.json", "cannot read bad\\xff.json", "bad\\xff.json")
        elif fmt == "sarif":
            json.loads(report)
        else:
            assert "bad\\xff.json" in report, fmt


def test_a_junit_case_shows_each_related_place_on_its_own_line() -> None:
    """The line break before a related place is the report's own, not an escaped character."""
    from xml.etree import ElementTree as ET

    from goldlint.diagnostics import Diagnostic, Position, Related, Severity, Span
    from goldlint.reporters.junit import junit

    span = Span(Position(3, 1), Position(3, 2))
    related = (Related("en.valid.conll", span, "also here"), Related("evil\n.conll", span, "and\nhere"))
    diagnostics = [Diagnostic("en.test.conll", "DS101", "leak", Severity.ERROR, "a leaked sentence", span, related=related)]
    said = ET.fromstring(junit(diagnostics)).findtext("testsuite/testcase/failure")
    assert said is not None and said.splitlines() == [
        "en.test.conll:3:1: DS101 [error] a leaked sentence",
        "    en.valid.conll:3:1: also here",
        "    evil\\x0a.conll:3:1: and\\x0ahere",
    ]
