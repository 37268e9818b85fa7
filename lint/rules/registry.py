"""Every rule's code, slug, default severity and documentation, in one registry.

A rule is a unit: its row (``UNKNOWN_FIELD = Rule("COR119", "unknown-field", ...)`` in its
family's ``rules.py``) is the only place that spells its code, and a check reports through
the rule object (``UNKNOWN_FIELD.report(report, at, message)``), never by a code string
(``tests/rules/test_rule_units.py`` walks the package to hold that). ``goldlint rule CODE``,
the reporters, the language server's hover and the JSON Schemas' docs all read from this one
place. A rule's examples are whole files kept as data beside its family's rules
(:mod:`goldlint.rules.examples`), read only when they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from goldlint.diagnostics import Severity

if TYPE_CHECKING:
    from goldlint.findings import FixProposal, Location, Report
    from goldlint.rules.examples import Example


class Rule(msgspec.Struct, frozen=True):
    code: str
    name: str  # the readable slug, e.g. ``slot-not-allowed-for-intent``
    severity: Severity
    summary: str  # one line: what it checks
    why: str  # why it matters
    fix: str = ""  # "safe: ..." / "unsafe: ..." / "" when there is no fix
    family: str = "file"
    # The values its texts name in ``{braces}`` (``{last_tier}``), read when the rule is first
    # looked up: the docs of a rule can describe a declaration that itself names the rule (the
    # corpus fields name COR101; COR101's docs list the fields), so they are filled in late.
    facts: Callable[[], Mapping[str, object]] | None = None

    def report(self, into: Report, where: Location, message: str, fix: FixProposal | None = None,
               severity: Severity | None = None, alternatives: tuple[FixProposal, ...] = (), **extra: Any) -> None:
        """Report a finding of this rule into ``into`` (a file's :class:`~goldlint.findings.Report`)."""
        into.add(self.code, where, message, fix, severity, alternatives, **extra)

    def with_facts(self) -> Rule:
        """The rule with its texts' ``{names}`` filled in from :attr:`facts` (itself when it has none)."""
        if self.facts is None:
            return self
        facts = self.facts()
        return msgspec.structs.replace(self, summary=self.summary.format_map(facts), why=self.why.format_map(facts),
                                       fix=self.fix.format_map(facts), facts=None)

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
        known = _RULES.get(rule.code)
        if known is None:
            _RULES[rule.code] = rule
        elif known != rule and known != rule.with_facts():  # (registered again, as when its module is reloaded)
            raise ValueError(f"rule code {rule.code} registered twice")


def register_declared(namespace: Mapping[str, object]) -> None:
    """Register every rule a rules module binds to a name (pass it ``globals()``)."""
    register(*(value for value in namespace.values() if isinstance(value, Rule)))


def get(code: str) -> Rule | None:
    code = code.upper()
    if code not in _RULES:  # (a run registers the rules of the families it met: the rest load on demand)
        _load_all()
    rule = _RULES.get(code)
    if rule is not None and rule.facts is not None:
        rule = _RULES[code] = rule.with_facts()
    return rule


def all_rules() -> list[Rule]:
    _load_all()
    return sorted((get(code) or rule for code, rule in list(_RULES.items())), key=lambda r: (r.code.rstrip("0123456789"), r.code))


def _load_all() -> None:
    # Importing a rules module registers its rules: every family's, the file rules, the scorer's.
    from goldlint.dataset import rules as dataset_rules  # noqa: F401
    from goldlint.families import KINDS
    from goldlint.rules import general  # noqa: F401
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
