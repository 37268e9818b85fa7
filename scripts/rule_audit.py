"""Where each rule code is reported from: the measure of "one rule, one place".

    python scripts/rule_audit.py            # a summary, then the codes reported from 2+ modules
    python scripts/rule_audit.py --json     # every code with the modules (and lines) that report it

A rule is reported where a string literal that is a registered code appears in a module of
``lint/`` (the declarations in ``rules.py`` and ``rules/general.py`` are not reports). Read from the source with :mod:`ast`, so it
counts what the code says, not what a run happens to reach.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "lint"
CODE = re.compile(r"[A-Z]{2,4}\d{3}")


def _declarations(tree: ast.AST) -> list[ast.Constant]:
    """The code literals that declare rules: the first argument of a call in a rules module
    (``Rule("SLU101", ...)``, ``_rule("SLU101", ...)``)."""
    return [node.args[0] for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) and CODE.fullmatch(node.args[0].value)]


def _is_rules_module(path: Path) -> bool:
    return path.name in ("rules.py", "file_rules.py") or path == PACKAGE / "rules" / "general.py"  # (file_rules.py: an older checkout's)


def registered_codes() -> set[str]:
    codes: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if _is_rules_module(path):
            codes.update(str(c.value) for c in _declarations(ast.parse(path.read_text(encoding="utf-8"))))
    return codes


def reporters(codes: set[str]) -> dict[str, dict[str, list[int]]]:
    """code -> module -> lines where the code appears as a string outside its declaration."""
    found: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        declared = {id(c) for c in _declarations(tree)} if _is_rules_module(path) else set()
        module = path.relative_to(PACKAGE.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in declared and node.value in codes:
                found[node.value][module].append(node.lineno)
    return found


def main(argv: list[str]) -> int:
    codes = registered_codes()
    where = reporters(codes)
    several = {code: mods for code, mods in where.items() if len(mods) > 1}
    if "--json" in argv:
        print(json.dumps({code: dict(mods) for code, mods in sorted(where.items())}, indent=2))
        return 0
    print(f"{len(codes)} rule codes; {len(where)} reported somewhere; {len(several)} reported from more than one module")
    for code, mods in sorted(several.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"  {code:<7} {len(mods)} modules: {', '.join(sorted(mods))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
