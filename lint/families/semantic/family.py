"""The ``semantic`` family: slower-whisper semantic gold labels (FORMATS.md §4, seed 003).

Config (``semantic:`` in goldlint.yaml, ``[tool.goldlint.semantic]`` in pyproject.toml)::

    profile: slower-whisper          # or spec; auto (the default): told from each file's labels
    extend-topics: [churn_signal]    # labels added to the profile's topic list
    extend-risk-types: {fraud: [high, critical]}   # new types, or severities added to one
    transcripts: ../transcripts/{meeting_id}.json  # optional: SEM107/SEM108 against it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Context, Family, Report
from goldlint.families.semantic import rules as _rules  # noqa: F401  (registers SEM rules)
from goldlint.families.semantic.labels import check_actions, check_empty, check_risks, check_topics, choose_vocabulary
from goldlint.families.semantic.rules import SEGMENT_IDS
from goldlint.families.semantic.segments import TranscriptError, check_evidence, check_segments, load_transcript, transcript_path
from goldlint.families.semantic.shape import check_meeting_id, check_shape
from goldlint.families.semantic.vocab import SEVERITY_DOC, profile_for
from goldlint.findings import At
from goldlint.formats.base import Document


class SemanticFamily(Family):
    name = "semantic"

    def check(self, doc: Document, report: Report, ctx: Context) -> None:
        stem = Path(ctx.path).stem
        for _, root in doc.records():
            check_shape(report, root)
            if not isinstance(root, dict):
                continue
            check_meeting_id(report, root, stem)
            vocabulary = choose_vocabulary(report, root, ctx.options)
            check_topics(report, root, vocabulary)
            check_risks(report, root, vocabulary)
            check_actions(report, root)
            check_empty(report, root)
            transcript = None
            if ctx.options is not None and ctx.options.transcripts:
                try:
                    transcript = load_transcript(transcript_path(ctx.options.transcripts, ctx, root.get("meeting_id"), stem))
                except TranscriptError as exc:
                    where = At(("meeting_id",)) if "meeting_id" in root else At(())
                    SEGMENT_IDS.report(report, where, f"{exc}: segment ids and evidence not checked against a transcript", severity=Severity.WARNING)
            check_segments(report, root, transcript)
            if transcript is not None:
                check_evidence(report, root, transcript)

    def completions(self, root: Any, path: tuple[str | int, ...], options: Any) -> list[tuple[str, str]] | None:
        """Topic labels at ``("topics", n, "label")``; risk types at ``("risks", n, "type")``;
        at ``("risks", n, "severity")`` the severities allowed for that risk's ``type``."""
        profile = profile_for(options, root)
        if len(path) != 3 or not isinstance(path[1], int):
            return None
        section, _, field = path
        if (section, field) == ("topics", "label"):
            return list(profile.topics.items())
        if (section, field) == ("risks", "type"):
            return [(name, f"{rt.doc} (severities: {', '.join(rt.severities)})") for name, rt in profile.risk_types.items()]
        if (section, field) == ("risks", "severity"):
            kind = _get(root, ("risks", path[1], "type"))
            known = profile.risk_types.get(kind) if isinstance(kind, str) else None
            allowed = known.severities if known is not None else profile.severities
            return [(s, SEVERITY_DOC[s]) for s in allowed]
        return None

    def hover(self, root: Any, path: tuple[str | int, ...], options: Any) -> str | None:
        profile = profile_for(options, root)
        value = _get(root, path)
        if len(path) == 3 and path[0] == "topics" and path[2] == "label" and isinstance(value, str):
            doc = profile.topics.get(value)
            return f"**topic `{value}`** — {doc}" if doc else f"`{value}` is not a `{profile.name}` topic"
        if len(path) == 3 and path[0] == "risks" and path[2] == "type" and isinstance(value, str):
            rt = profile.risk_types.get(value)
            if rt is None:
                return f"`{value}` is not a `{profile.name}` risk type"
            return f"**risk `{value}`** — {rt.doc}\n\nAllowed severities: {', '.join(rt.severities)}"
        return None


def _get(root: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        if isinstance(root, dict) and isinstance(step, str):
            root = root.get(step)
        elif isinstance(root, list) and isinstance(step, int) and 0 <= step < len(root):
            root = root[step]
        else:
            return None
    return root
