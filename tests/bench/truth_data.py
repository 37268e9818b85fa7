"""Deterministic `truth` files (FORMATS.md §5): the NLU test tool's TSV, one test case a row.

Rows use every annotation shape of the seed (a string, a number, an entity object, a list,
``{}``, flattened ``nuance_CALENDAR`` keys, calendar ``formattedLiteral`` canonicals) with
literals taken from the row's own transcription, checked against ``ONTOLOGY`` (written
beside the data as ``ontology.yaml``, named by ``CONFIG``). With ``defective=True`` every
100th row carries one defect, cycling through ``DEFECTS``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ONTOLOGY = """\
# The ontology of goldlint's benchmark truth files.
intents:
  ORDER_COFFEE: [COFFEE_SIZE, COFFEE_TYPE, COFFEE_COUNT]
  SEND_NOTE: [PERSON]
  CALL: [PERSON]
  SET_BIRTHDAY: [BIRTH_DATE]
  SET_REMINDER: [REMINDER_DATE, REMINDER_TIME]
  BOOK_MEETING: [MEETING_TIME]
  ASK_HISTORY: [WHEN]
  GREETING: []
entities:
  BIRTH_DATE: {isA: nuance_CALENDARX}
  REMINDER_DATE: {isA: nuance_CALENDARX}
  REMINDER_TIME: {isA: nuance_CALENDARX}
  MEETING_TIME: {isA: nuance_CALENDARX}
  WHEN: {isA: nuance_CALENDARX}
"""
CONFIG = "truth:\n  ontology: ontology.yaml\n"
HEADER = ["speaker", "codedWvnm", "transcription", "annotation", "intent"]
DEFECTS = (
    "spaces-not-tab",         # TRU102
    "annotation-not-json",    # TRU103
    "entity-key-typo",        # TRU104
    "literal-not-in-text",    # TRU105
    "intent-not-in-ontology",  # TRU106
    "entity-not-for-intent",  # TRU107
    "bad-calendar-format",    # TRU108
    "duplicate-audio",        # TRU110
)
SEED = 20261122
SIZES = [("small", "sm"), ("medium", "md"), ("large", "lg")]
DRINKS = [("latte", "latte"), ("iced latte", "latte"), ("espresso", "espresso"), ("cappuccino", "cappuccino"), ("flat white", "flatwhite")]
NAMES = ["Allison", "James", "Anna", "Boris", "Chen", "Dmitri", "Elena", "Farid", "Grace", "Hiro"]
DAYS = [("Monday", "monday"), ("Tuesday", "tuesday"), ("Friday", "friday"), ("Sunday", "sunday")]
HOURS = [("five pm", "5:00 PM"), ("nine am", "9:00 AM"), ("noon", "12:00 PM"), ("seven thirty", "7:30")]
MONTHS = [("July", 7), ("March", 3), ("October", 10), ("January", 1)]
ORDINALS = [("first", 1), ("second", 2), ("fifth", 5), ("twenty first", 21)]


def row(n: int, rng: random.Random) -> tuple[str, dict[str, object], str]:
    """(transcription, annotation, intent) of row ``n``."""
    kind = n % 8
    if kind == 0:
        (size, code), (drink, dcode) = rng.choice(SIZES), rng.choice(DRINKS)
        return (f"I would like a {size} {drink}",
                {"COFFEE_SIZE": {"canonical": code, "literal": size}, "COFFEE_TYPE": {"canonical": dcode, "literal": drink}}, "ORDER_COFFEE")
    if kind == 1:
        size, code = rng.choice(SIZES)
        return f"a {size} coffee please", {"COFFEE_SIZE": code, "COFFEE_COUNT": 1}, "ORDER_COFFEE"
    if kind == 2:
        a, b = rng.sample(NAMES, 2)
        return f"send a note to {a} and {b}", {"PERSON": [{"literal": a}, {"literal": b}]}, "SEND_NOTE"
    if kind == 3:
        a, b = rng.sample(NAMES, 2)
        return f"call {a} or {b}", {"PERSON": [a, b]}, "CALL"
    if kind == 4:
        (month, m), (day, d) = rng.choice(MONTHS), rng.choice(ORDINALS)
        return (f"my birthday is {month} {day}",
                {"BIRTH_DATE": {"nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_MONTH": float(m),
                                "nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_DAY": float(d)}}, "SET_BIRTHDAY")
    if kind == 5:
        (day, dcode), (hour, hcode) = rng.choice(DAYS), rng.choice(HOURS)
        return (f"remind me next {day} at {hour}",
                {"REMINDER_DATE": {"literal": f"next {day}", "formattedLiteral": f"{dcode}/+1"},
                 "REMINDER_TIME": {"literal": hour, "formattedLiteral": hcode}}, "SET_REMINDER")
    if kind == 6:
        return "what happened last week", {"WHEN": {"literal": "last week", "formattedLiteral": "week/-1", "canonical": "week/-1"}}, "ASK_HISTORY"
    return "hello there", {}, "GREETING"


def lines(records: int, defective: bool = False, seed: int = SEED) -> list[str]:
    rng = random.Random(seed)
    out = ["\t".join(HEADER)]
    for n in range(1, records + 1):
        text, annotation, intent = row(n, rng)
        audio = f"{n // 100 + 1}-{n % 100}.wav"
        cells = [str(n // 100 + 1), audio, text, json.dumps(annotation, ensure_ascii=False), intent]
        joiner = "\t"
        if defective and n % 100 == 0:
            kind = DEFECTS[(n // 100 - 1) % len(DEFECTS)]
            if kind == "spaces-not-tab":
                joiner = None  # type: ignore[assignment]
            elif kind == "annotation-not-json":
                cells[3] = cells[3][:-1] if len(cells[3]) > 2 else '{"COFFEE_SIZE": "lg"'
            elif kind == "entity-key-typo":
                cells[2], cells[3], cells[4] = "a large coffee please", '{"COFFEE_SIZE": {"canonicl": "lg", "literal": "large"}}', "ORDER_COFFEE"
            elif kind == "literal-not-in-text":
                cells[2], cells[3], cells[4] = "a coffee please", '{"COFFEE_SIZE": {"canonical": "lg", "literal": "large"}}', "ORDER_COFFEE"
            elif kind == "intent-not-in-ontology":
                cells[4] = intent + "S"
            elif kind == "entity-not-for-intent":
                cells[2], cells[3], cells[4] = "call Anna", '{"PERSON": "Anna", "COFFEE_SIZE": "lg"}', "CALL"
            elif kind == "bad-calendar-format":
                cells[2], cells[3], cells[4] = ("remind me next Tuesday", '{"REMINDER_DATE": {"literal": "next Tuesday", "formattedLiteral": "tuesday+1"}}',
                                                "SET_REMINDER")
            elif kind == "duplicate-audio":
                cells[1] = f"{(n - 1) // 100 + 1}-{(n - 1) % 100}.wav"
            if joiner is None:  # the classic: the transcription and annotation separated by spaces
                out.append("\t".join(cells[:2]) + "\t" + cells[2] + "    " + cells[3] + "\t" + cells[4])
                continue
        out.append(joiner.join(cells))
    return out


def write(path: Path, records: int, defective: bool = False) -> None:
    tmp = path.with_suffix(".partial")
    tmp.write_text("\n".join(lines(records, defective)) + "\n", encoding="utf-8")
    tmp.replace(path)
    ontology = path.parent / "ontology.yaml"
    if not ontology.exists() or ontology.read_text(encoding="utf-8") != ONTOLOGY:
        ontology.write_text(ONTOLOGY, encoding="utf-8")
