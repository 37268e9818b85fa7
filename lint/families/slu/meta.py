"""Per-record checks outside the answer: prompt placeholders, speaker, audio (SLU106–SLU110)."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from goldlint.diagnostics import Severity
from goldlint.families.base import Context, Report
from goldlint.families.declare import declared
from goldlint.families.slu.declaration import AUDIO_PATH, AUDIO_TYPE, PRIVATE_FOLDERS, SPEAKER, SPEAKER_AGE
from goldlint.families.slu.options import SluOptions
from goldlint.families.slu.rules import AUDIO_MISSING, INSTRUCTION_PLACEHOLDER
from goldlint.findings import At, Change, safe_fix
from goldlint.suggest import did_you_mean, unambiguous

_PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}\s]*)\}(?!\})")
AGE_DIGITS = 18  # an age written with more digits than this (leading zeros aside) is implausible whatever it says
SPEAKER_FORM = re.compile(SPEAKER.form or "")  # (the clean path reads speakers by it too, many at once)
_SPEAKER_FORM = SPEAKER.text().rstrip(".")
# The one pattern of a private location in an audio path (SLU109): a declared folder, or a home (`~`).
_PRIVATE = re.compile(rf"(^|/)({'|'.join(sorted(PRIVATE_FOLDERS))})(/|$)|^~", re.IGNORECASE)
_AUDIO_MAGIC = (b"RIFF", b"fLaC", b"ID3")


def placeholder_problems(instruction: str, inputs: dict[str, Any]) -> list[tuple[str, int, int]]:
    """``(name, start, end)`` of placeholders with no input, then ``(key, -1, -1)`` of unused inputs."""
    used: set[str] = set()
    problems: list[tuple[str, int, int]] = []
    for m in _PLACEHOLDER.finditer(instruction):
        used.add(m.group(1))
        if m.group(1) not in inputs:
            problems.append((m.group(1), m.start(), m.end()))
    if "<audio>" in instruction:
        used.add("audio")
    problems.extend((key, -1, -1) for key in inputs if key not in used)
    return problems


def check_instruction(record: dict[str, Any], at: At, report: Report) -> None:
    instruction, inputs = record.get("instruction"), record.get("inputs")
    if not isinstance(instruction, str) or not isinstance(inputs, dict):
        return
    for name, start, end in placeholder_problems(instruction, inputs):
        if start >= 0:
            INSTRUCTION_PLACEHOLDER.report(report, at.child("instruction").inside(start, end),
                       f"placeholder `{{{name}}}` has no key in `inputs`{did_you_mean(name, [str(k) for k in inputs])}")
        else:
            INSTRUCTION_PLACEHOLDER.report(report, At(at.child("inputs", name).path, key=True),
                       f"`inputs.{name}` is never used by the instruction (no `{{{name}}}` placeholder)", severity=Severity.INFO)


def speaker_problem(speaker: str, options: SluOptions) -> tuple[int, int, str] | None:
    """``(start, end, message)`` of what is wrong with a speaker string, or ``None``."""
    m = SPEAKER_FORM.fullmatch(speaker)
    if m is None:
        return 0, len(speaker), f"speaker `{speaker}` is not {_SPEAKER_FORM}"
    digits = m.group(SPEAKER_AGE).lstrip("0") or "0"
    age: int | str = int(digits) if len(digits) <= AGE_DIGITS else digits  # (longer: no age, and int() refuses past 4,300 digits)
    if isinstance(age, str) or not options.min_speaker_age <= age <= options.max_speaker_age:
        return m.start(SPEAKER_AGE), m.end(SPEAKER_AGE), f"speaker age {age} is implausible (expected {options.min_speaker_age}–{options.max_speaker_age})"
    return None


def check_speaker(speaker: Any, at: At, options: SluOptions, report: Report) -> None:
    if not isinstance(speaker, str):
        return
    problem = speaker_problem(speaker, options)
    if problem is not None:
        start, end, message = problem
        declared(SPEAKER.codes.form).report(report, at if start == 0 and end == len(speaker) else at.inside(start, end), message)


def check_audio_type(value: Any, at: At, options: SluOptions, report: Report) -> None:
    if not isinstance(value, str) or value in options.audio_types:
        return
    guess = unambiguous(value, options.audio_types)
    fix = safe_fix(f"replace with `{guess}`", Change(at, guess, as_string=True)) if guess else None
    message = f"{AUDIO_TYPE.noun} `{value}` is not one of {', '.join(options.audio_types)}{did_you_mean(value, options.audio_types)}"
    declared(AUDIO_TYPE.codes.vocabulary).report(report, at, message, fix)


def check_audio_path(value: Any, at: At, ctx: Context, report: Report) -> None:
    if not isinstance(value, str) or not value:
        return
    options: SluOptions = ctx.options
    leak = audio_leak(value)
    if leak is not None:
        declared(AUDIO_PATH.codes.form).report(report, at, f"audio path `{value}` {leak}")
        return
    _check_audio_file(value.replace("\\", "/"), at, ctx, options, report)


def audio_leak(value: str) -> str | None:
    """What leaks in an audio path (SLU109): absolute, escaping with `..`, or a private
    folder; None when nothing does. The clean path asks it of a path's folder part."""
    posix = value.replace("\\", "/")
    if PurePosixPath(posix).is_absolute() or PureWindowsPath(value).drive:
        return "is absolute: it leaks a local layout and breaks on every other machine"
    if ".." in PurePosixPath(posix).parts:
        return "escapes the dataset root with `..`"
    m = _PRIVATE.search(posix)
    if m:
        return f"names a private location (`{m.group(2) or '~'}`)"
    return None


def audio_beside(rel: str, gold_dir: Path) -> bool:
    """Whether a relative audio path's first folder is a folder next to the gold file: then
    its audio is looked at (SLU110) even with no `audio-root` configured."""
    try:
        return "/" in rel and (gold_dir / rel.split("/", 1)[0]).is_dir()
    except (OSError, ValueError):
        return False


def _check_audio_file(rel: str, at: At, ctx: Context, options: SluOptions, report: Report) -> None:
    if options.audio_root is not None:
        root = ctx.resolve_path(options.audio_root)
    else:
        root = ctx.path.parent
        if not audio_beside(rel, root):
            return  # gold files often travel without their audio: stay silent
    file = root / rel
    cache: dict[Path, str | None] = ctx.state.setdefault("audio", {})
    if file not in cache:
        # A symlink (of the file or a folder on the way) may lead out of the dataset: never open that.
        inside = "\x00" in rel or ctx.may_open(file, root)  # (a NUL is reported by _audio_problem)
        cache[file] = _audio_problem(file) if inside else "leads outside the allowed folders (a symlink out of the dataset?): not opened"
    problem = cache[file]
    if problem:
        AUDIO_MISSING.report(report, at, f"audio `{rel}` {problem}")


def _audio_problem(file: Path) -> str | None:
    try:
        if file.exists() and not file.is_file():
            return "is not a regular file (a folder, a pipe or a device): not opened"
        with file.open("rb") as handle:
            head = handle.read(12)
    except FileNotFoundError:
        return f"does not exist (looked in {file.parent})"
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    except (ValueError, UnicodeEncodeError):
        return "cannot be opened: the name holds a NUL or a character no file name can"
    if not head:
        return "is empty"
    if head.startswith(b"RIFF") and head[8:12] == b"WAVE":
        return None
    if head.startswith((b"fLaC", b"ID3")) or (len(head) > 1 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0):
        return None
    return "is not WAV, FLAC or MP3 (unknown header)"
