"""A rule is a unit: its row in ``rules.py`` (``UNKNOWN_FIELD = Rule("COR119", "unknown-field", ...)``)
is the only place in the package that spells its code; a check reports through the rule object
(``UNKNOWN_FIELD.report(report, at, message)``), so finding what reports a rule is finding its
name, and a rule cannot be reported under a misspelt code or from a module that does not know it.

Read from the source with :mod:`ast` (what the code says, whatever a run reaches). The codes not
converted yet are listed, with the modules that still spell them and why; the list can only
shrink: a listed code that a module no longer spells fails the test until the list is trimmed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "lint"
CODE = re.compile(r"[A-Z]{2,4}\d{3}")

# code -> the modules (under lint/) that still spell it outside its row.
NOT_YET: dict[str, tuple[str, ...]] = {}


def _modules() -> dict[str, ast.Module]:
    return {p.relative_to(PACKAGE).as_posix(): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}


MODULES = _modules()


def _is_rule_row(node: ast.AST) -> bool:
    """``Rule("CODE", ...)``: a rule's declaration (``_rule("CODE", ...)``: a family's shorthand for one)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("Rule", "_rule") and bool(node.args)
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) and CODE.fullmatch(node.args[0].value) is not None)


def _rows() -> dict[str, tuple[str, ast.Call]]:
    """code -> (the module declaring it, its ``Rule(...)`` call)."""
    rows: dict[str, tuple[str, ast.Call]] = {}
    for module, tree in MODULES.items():
        for node in ast.walk(tree):
            if _is_rule_row(node):
                code = node.args[0].value  # type: ignore[attr-defined]
                assert code not in rows, f"{code} declared in {rows[code][0]} and {module}"
                rows[code] = (module, node)  # type: ignore[assignment]
    return rows


ROWS = _rows()


def _spelled() -> dict[str, set[str]]:
    """code -> the modules that spell it as a string, outside its ``Rule(...)`` row."""
    declaring = {id(call.args[0]) for _, call in ROWS.values()}
    found: dict[str, set[str]] = {}
    for module, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in ROWS and id(node) not in declaring:
                found.setdefault(node.value, set()).add(module)
    return found


def test_every_registered_rule_has_one_row() -> None:
    from goldlint.rules.registry import all_rules

    assert {rule.code for rule in all_rules()} == set(ROWS)


def test_a_code_is_spelled_only_in_its_rules_row() -> None:
    spelled = _spelled()
    unlisted = {code: sorted(modules) for code, modules in spelled.items() if set(modules) - set(NOT_YET.get(code, ()))}
    assert unlisted == {}, "report through the rule object (RULE.report(report, where, message)), not by its code"
    converted = {code: sorted(set(modules) - spelled.get(code, set())) for code, modules in NOT_YET.items() if set(modules) - spelled.get(code, set())}
    assert converted == {}, "these modules no longer spell these codes: trim NOT_YET"


def test_not_yet_names_real_rules() -> None:
    assert set(NOT_YET) <= set(ROWS)


def _named_rows(module: str) -> dict[str, ast.Call]:
    """The module-level ``NAME = Rule(...)`` bindings of a rules module."""
    return {node.targets[0].id: node.value for node in MODULES[module].body  # type: ignore[attr-defined, misc]
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and _is_rule_row(node.value)}


def _converted_rules_modules() -> list[str]:
    """The rules modules whose rows are named (``register_declared(globals())``)."""
    return sorted(module for module, tree in MODULES.items()
                  if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "register_declared" for n in ast.walk(tree))
                  and module != "rules/registry.py")


def test_the_converted_families_are_the_ones_named() -> None:
    assert _converted_rules_modules() == ["dataset/rules.py", "families/corpus/rules.py", "families/mixconfig/rules.py", "families/runcard/rules.py",
                                          "families/semantic/rules.py", "families/slu/rules.py", "families/slurp/rules.py", "families/truth/rules.py",
                                          "families/xsid/rules.py", "rules/general.py", "score/rules.py"]


@pytest.mark.parametrize("module", _converted_rules_modules())
def test_a_rule_object_is_named_after_its_slug(module: str) -> None:
    """``unknown-field`` is ``UNKNOWN_FIELD``: a check that reports it says which rule it is, in words."""
    named = _named_rows(module)
    every = [node for node in ast.walk(MODULES[module]) if _is_rule_row(node)]
    assert len(named) == len(every), "every row of a converted rules module is bound to a name"
    for name, call in named.items():
        slug = call.args[1].value  # type: ignore[attr-defined]
        assert name == slug.upper().replace("-", "_"), (name, slug)


def test_a_family_reports_only_its_own_rules() -> None:
    """A rule object of a kind is imported by that kind's modules only (the GL rules by any): one unit
    reports each rule, and a one-file check loads no other kind's rules."""
    strays = []
    for module, tree in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and (m := re.fullmatch(r"goldlint\.families\.(\w+)\.rules", node.module)):
                if not module.startswith(f"families/{m.group(1)}/"):
                    strays.append((module, node.module))
    assert strays == []
