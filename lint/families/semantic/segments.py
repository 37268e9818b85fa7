"""SEM107 (segment ids) and SEM108 (evidence), with the optional transcript of each meeting.

A transcript is found with the family's ``transcripts`` pattern (``{meeting_id}`` and
``{stem}`` are replaced; a relative pattern is relative to the config file). The first
format read is slower-whisper's transcript JSON: ``{"segments": [{"id": 0, "text": ...}]}``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from typing import Any

import msgspec
import orjson

from goldlint.diagnostics import Severity
from goldlint.families.base import Context, Report
from goldlint.families.semantic.declaration import SEGMENT_ID
from goldlint.families.semantic.rules import EVIDENCE_NOT_IN_TRANSCRIPT, SEGMENT_IDS
from goldlint.findings import At, Change, safe_fix

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})


class TranscriptError(Exception):
    pass


class Transcript(msgspec.Struct, frozen=True):
    path: Path
    segments: dict[int, str]  # segment id -> text

    def describe_ids(self) -> str:
        ids = sorted(self.segments)
        if not ids:
            return "it has no segments"
        if ids == list(range(ids[0], ids[-1] + 1)):
            return f"segments {ids[0]}–{ids[-1]}"
        return "segments " + ", ".join(map(str, ids[:20])) + (" …" if len(ids) > 20 else "")


def transcript_path(pattern: str, ctx: Context, meeting_id: Any, stem: str) -> Path:
    mid = meeting_id if isinstance(meeting_id, str) and meeting_id and "/" not in meeting_id and "\\" not in meeting_id else stem
    mid = stem if mid in (".", "..") or "\x00" in mid else mid
    path = ctx.resolve_path(pattern.replace("{meeting_id}", mid).replace("{stem}", stem))
    # The meeting id comes from the gold file: the path it makes is opened only inside the
    # allowed roots, or the folder of the pattern itself (from config), symlinks resolved.
    folder = ctx.resolve_path(pattern.split("{", 1)[0] or ".")
    base = folder if pattern.split("{", 1)[0].endswith("/") else folder.parent
    if not ctx.may_open(path, base):
        raise TranscriptError(f"the transcript path `{path}` leads outside the allowed folders (`roots` in config): not opened")
    return path


def load_transcript(path: Path) -> Transcript:
    try:
        stat = path.stat()
    except OSError as exc:
        raise TranscriptError(f"no transcript at `{path}` ({exc.strerror or exc})") from exc
    if not S_ISREG(stat.st_mode):
        raise TranscriptError(f"the transcript `{path}` is not a regular file (a folder, a pipe or a device): not opened")
    return _load(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _load(path: str, _mtime: int, _size: int) -> Transcript:
    try:
        data = orjson.loads(Path(path).read_bytes())
    except (OSError, orjson.JSONDecodeError) as exc:
        raise TranscriptError(f"transcript `{path}` cannot be read: {exc}") from exc
    segments = data.get("segments") if isinstance(data, dict) else None
    if not isinstance(segments, list):
        raise TranscriptError(f"transcript `{path}` has no `segments` array (expected slower-whisper transcript JSON)")
    out: dict[int, str] = {}
    for n, seg in enumerate(segments):
        if not isinstance(seg, dict):
            continue
        sid = seg.get("id", n)
        text = seg.get("text", "")
        if isinstance(sid, int) and not isinstance(sid, bool):
            out[sid] = text if isinstance(text, str) else ""
    return Transcript(Path(path), out)


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _id_lists(root: dict[str, Any]) -> list[tuple[tuple[Any, ...], list[Any]]]:
    out = []
    for section in ("topics", "actions"):
        items = root.get(section)
        for n, item in enumerate(items if isinstance(items, list) else []):
            ids = item.get("segment_ids") if isinstance(item, dict) else None
            if isinstance(ids, list):
                out.append(((section, n, "segment_ids"), ids))
    return out


def check_segments(report: Report, root: dict[str, Any], transcript: Transcript | None) -> None:
    """SEM107: negative, unsorted, repeated ids; ids the transcript does not have."""
    for path, ids in _id_lists(root):
        for m, sid in enumerate(ids):
            _check_id(report, path + (m,), sid, transcript)
        if not all(_is_id(i) and not SEGMENT_ID.outside(i) for i in ids):
            continue
        ordered = sorted(set(ids))
        if ids != ordered:
            m = next(m for m in range(1, len(ids)) if ids[m] <= ids[m - 1])
            what = f"repeats segment {ids[m]}" if ids[m] == ids[m - 1] or ids[m] in ids[:m] else f"is not sorted ({ids[m]} after {ids[m - 1]})"
            text = "[" + ", ".join(map(str, ordered)) + "]"
            SEGMENT_IDS.report(report, At(path + (m,)), f"`segment_ids` {what}", safe_fix(f"write {text}", Change(At(path), text)),
                               severity=Severity.WARNING)
    risks = root.get("risks")
    for n, risk in enumerate(risks if isinstance(risks, list) else []):
        if isinstance(risk, dict) and "segment_id" in risk:
            _check_id(report, ("risks", n, "segment_id"), risk["segment_id"], transcript)


def _check_id(report: Report, path: tuple[Any, ...], sid: Any, transcript: Transcript | None) -> None:
    if not _is_id(sid):
        return
    if SEGMENT_ID.outside(sid):
        SEGMENT_IDS.report(report, At(path), f"segment id {sid} is negative" if SEGMENT_ID.minimum == 0 else f"segment id {sid} is below {SEGMENT_ID.minimum}")
    elif transcript is not None and sid not in transcript.segments:
        SEGMENT_IDS.report(report, At(path), f"segment {sid} is not in the transcript `{transcript.path.name}` ({transcript.describe_ids()})")


def normalize(text: str) -> tuple[str, list[int]]:
    """Casefolded text with curly quotes made straight and spaces collapsed, and for each
    of its characters the index of the original character it came from."""
    out: list[str] = []
    index: list[int] = []
    space = True
    for i, c in enumerate(text.translate(_QUOTES)):
        if c.isspace():
            if space:
                continue
            c, space = " ", True
        else:
            space = False
        for folded in c.casefold():
            out.append(folded)
            index.append(i)
    while out and out[-1] == " ":
        out.pop()
        index.pop()
    return "".join(out), index


def check_evidence(report: Report, root: dict[str, Any], transcript: Transcript) -> None:
    """SEM108: each risk's evidence must be in the segment it names."""
    risks = root.get("risks")
    for n, risk in enumerate(risks if isinstance(risks, list) else []):
        if not isinstance(risk, dict):
            continue
        evidence, sid = risk.get("evidence"), risk.get("segment_id")
        if not isinstance(evidence, str) or not evidence.strip() or not _is_id(sid) or sid not in transcript.segments:
            continue
        wanted, index = normalize(evidence)
        segment, _ = normalize(transcript.segments[sid])
        if wanted in segment:
            continue
        lo, hi = 0, len(wanted)  # the longest prefix found in the segment (finding is monotone in length)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if wanted[:mid] in segment:
                lo = mid
            else:
                hi = mid - 1
        start = index[lo] if lo < len(index) else 0
        elsewhere = [s for s, text in sorted(transcript.segments.items()) if wanted in normalize(text)[0]]
        hint = f"; it is in segment {elsewhere[0]}" if elsewhere else ""
        shown = transcript.segments[sid]
        shown = shown if len(shown) <= 80 else shown[:77] + "…"
        EVIDENCE_NOT_IN_TRANSCRIPT.report(report, At(("risks", n, "evidence")).inside(start, len(evidence)),
                                          f"evidence not found in segment {sid} (\"{shown}\"){hint}")
