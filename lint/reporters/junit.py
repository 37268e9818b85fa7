"""JUnit XML: a test suite per file, a test case per diagnostic.

A case fails exactly when its diagnostic fails the run (an error; a warning under
``--strict``), so the report and the exit code agree; the others are passed cases whose
output holds the diagnostic, so a CI dashboard still shows them."""

from __future__ import annotations

from itertools import groupby
from xml.etree import ElementTree as ET

from goldlint.diagnostics import Diagnostic
from goldlint.reporters.escape import visible
from goldlint.summary import RunSummary


def junit(diagnostics: list[Diagnostic], summary: RunSummary | None = None) -> str:
    fails = (summary or RunSummary()).fails
    suites = ET.Element("testsuites", name="goldlint", tests=str(len(diagnostics)), failures=str(sum(map(fails, diagnostics))))
    for path, group in groupby(sorted(diagnostics, key=lambda d: d.sort_key), key=lambda d: d.path):
        items = list(group)
        path = visible(path)  # (XML 1.0 cannot hold most control characters at all)
        suite = ET.SubElement(suites, "testsuite", name=path, tests=str(len(items)), failures=str(sum(map(fails, items))))
        for d in items:
            where = f"{path}:{d.span.start.line}:{d.span.start.column}"
            case = ET.SubElement(suite, "testcase", name=f"{d.code} at {where}", classname=path)
            message = visible(d.message)
            said = f"{where}: {d.code} [{d.severity.value}] {message}"
            # (each related place on its own line: the line break is the report's, not escaped)
            said += "".join("\n" + visible(f"    {r.path}:{r.span.start.line}:{r.span.start.column}: {r.message}") for r in d.related)
            if fails(d):
                ET.SubElement(case, "failure", message=message, type=d.code).text = said
            else:
                ET.SubElement(case, "system-out").text = said
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
