"""JUnit XML: a test suite per file, a failing test case per diagnostic."""

from __future__ import annotations

from itertools import groupby
from xml.etree import ElementTree as ET

from goldlint.diagnostics import Diagnostic


def junit(diagnostics: list[Diagnostic]) -> str:
    suites = ET.Element("testsuites", name="goldlint", tests=str(len(diagnostics)), failures=str(len(diagnostics)))
    for path, group in groupby(sorted(diagnostics, key=lambda d: d.sort_key), key=lambda d: d.path):
        items = list(group)
        suite = ET.SubElement(suites, "testsuite", name=path, tests=str(len(items)), failures=str(len(items)))
        for d in items:
            where = f"{d.path}:{d.span.start.line}:{d.span.start.column}"
            case = ET.SubElement(suite, "testcase", name=f"{d.code} at {where}", classname=path)
            failure = ET.SubElement(case, "failure", message=d.message, type=d.code)
            failure.text = f"{where}: {d.code} [{d.severity.value}] {d.message}"
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
