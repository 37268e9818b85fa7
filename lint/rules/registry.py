"""Every rule's code, slug, default severity and documentation, in one registry.

A rule here is metadata; the checks live with their family and report findings by
code. ``goldlint rule CODE``, the reporters, the language server's hover and the JSON
Schemas' docs all read from this one place. A rule's examples are whole files kept as data
beside its family's rules (:mod:`goldlint.rules.examples`), read only when they are shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from goldlint.diagnostics import Severity

if TYPE_CHECKING:
    from goldlint.rules.examples import Example


class Rule(msgspec.Struct, frozen=True):
    code: str
    name: str  # the readable slug, e.g. ``slot-not-allowed-for-intent``
    severity: Severity
    summary: str  # one line: what it checks
    why: str  # why it matters
    fix: str = ""  # "safe: ..." / "unsafe: ..." / "" when there is no fix
    family: str = "file"

    @property
    def fix_safety(self) -> str:
        if not self.fix:
            return "No automatic fix."
        return self.fix

    @property
    def examples(self) -> tuple[Example, ...]:
        """Its runnable examples, the failing one(s) first (read from its family's examples file)."""
        from goldlint.rules.examples import examples_of

        return examples_of(self.family, self.code)

    def markdown(self, examples: bool = True) -> str:
        """Its documentation; ``examples=False`` (an editor's hover) names the command that shows them instead."""
        if examples:
            failing = [e for e in self.examples if e.codes]
            passing = [e for e in self.examples if not e.codes]
            shown = "".join(f"\n{e.markdown()}" for e in failing)
            if passing:
                shown += "\nUse instead:\n" + "".join(f"\n{e.markdown()}" for e in passing)
            example = f"## Example\n{shown}\n"
        else:
            example = f"## Example\n`goldlint rule {self.code}` shows a failing and a passing file.\n\n"
        return (
            f"# {self.code} {self.name}\n\n"
            f"Family: `{self.family}` · default severity: {self.severity.value}\n\n"
            f"## What it does\n{self.summary}\n\n"
            f"## Why is this bad?\n{self.why}\n\n"
            f"{example}"
            f"## Fix safety\n{self.fix_safety}\n"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "family": self.family,
            "severity": self.severity.value,
            "summary": self.summary,
            "why": self.why,
            "fix": self.fix,
            "examples": [e.as_json() for e in self.examples],
        }


_RULES: dict[str, Rule] = {}


def register(*rules: Rule) -> None:
    for rule in rules:
        if rule.code in _RULES and _RULES[rule.code] != rule:
            raise ValueError(f"rule code {rule.code} registered twice")
        _RULES[rule.code] = rule


def get(code: str) -> Rule | None:
    code = code.upper()
    if code not in _RULES:  # (a run registers the rules of the families it met: the rest load on demand)
        _load_all()
    return _RULES.get(code)


def all_rules() -> list[Rule]:
    _load_all()
    return sorted(_RULES.values(), key=lambda r: (r.code.rstrip("0123456789"), r.code))


def _load_all() -> None:
    # Importing a rules module registers its rules: every family's, the file rules, the scorer's.
    from goldlint.dataset import rules as dataset_rules  # noqa: F401
    from goldlint.families import KINDS
    from goldlint.rules import file_rules  # noqa: F401
    from goldlint.score import rules  # noqa: F401

    for kind in KINDS.values():
        kind.module("rules")


def rule_matches(code: str, selectors: list[str] | tuple[str, ...]) -> bool:
    """``ALL`` matches everything; otherwise a selector is a code prefix (``SLU``, ``SLU1``, ``GL004``)."""
    return any(s == "ALL" or code.startswith(s) for s in selectors)


def unknown_selector(selector: str) -> str | None:
    """Why ``selector`` (of --select, --ignore or a config's select/ignore/per-file-ignores)
    selects no rule, with a did-you-mean; None when it selects some. A typo must not turn a
    gate off in silence: ``--select XYZ`` would check nothing and pass."""
    if selector == "ALL":
        return None
    codes = [rule.code for rule in all_rules()]
    if any(code.startswith(selector) for code in codes):
        return None
    from goldlint.suggest import did_you_mean

    prefixes = sorted({code.rstrip("0123456789") for code in codes} | {code[:-2] for code in codes} | {code[:-1] for code in codes})
    return f"`{selector}` selects no rule{did_you_mean(selector, codes + prefixes)}; `goldlint rule --all` lists them"
