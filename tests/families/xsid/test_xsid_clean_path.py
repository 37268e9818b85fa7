"""The xsid clean path (:mod:`goldlint.families.xsid.clean`: sentences matched by the pattern of
the file's shape, their tags compared at the spans) reports exactly what every check on every
sentence reports: random files of clean sentences with random defects, English (`# slots:`)
and not (`# text-en`, no `# slots:`), matched in chunks of any size."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint import config as cfg
from goldlint.engine import to_diagnostics
from goldlint.families.base import Context
from goldlint.families.xsid import clean
from goldlint.families.xsid.family import XsidFamily
from goldlint.families.xsid.options import XsidOptions
from goldlint.findings import Report
from goldlint.formats import conll_doc
from goldlint.formats.conll_doc import ConllDocument

# (intent, words with their tags): sentences whose tokens are their text's words.
SENTENCES = [
    ("weather/find", [("will", "O"), ("it", "O"), ("rain", "B-weather/attribute"), ("in", "O"), ("Berlin", "B-location"),
                      ("next", "B-datetime"), ("week", "I-datetime")]),
    ("reminder/set_reminder", [("remind", "O"), ("me", "O"), ("to", "O"), ("buy", "B-reminder/todo"), ("milk", "I-reminder/todo"),
                               ("on", "B-datetime"), ("Friday", "I-datetime")]),
    ("reminder/show_reminders", [("show", "O"), ("all", "B-reference"), ("my", "O"), ("reminders", "O")]),
    ("alarm/set_alarm", [("wake", "O"), ("me", "O"), ("at", "O"), ("7", "B-datetime"), ("am", "I-datetime")]),
    ("PlayMusic", [("play", "O"), ("Müller", "B-artist"), ("songs", "O")]),
    ("AddToPlaylist", [("add", "O"), ("this", "B-music_item"), ("to", "O"), ("jazz", "B-playlist"), ("classics", "I-playlist")]),
    ("weather/checkSunrise", [("sunrise", "O"), ("tomorrow", "B-datetime")]),
    ("alarm/show_alarms", [("list", "O"), ("alarms", "O")]),
    ("PlayMusic", [("play", "O"), ("the", "B-album"), ("dark", "I-album"), ("side", "I-album"), ("now", "B-datetime")]),
]
EDITS = ["none", "none", "none", "tag-i", "tag-label", "tag-o", "number", "intent-cell", "intent", "word", "text-space", "slots-shift",
         "slots-swap", "slots-dup", "slots-zero", "slots-mid", "slots-label", "comment-trailing", "comment-tab", "blank-extra",
         "blank-space", "no-slots-line", "id-dup", "invisible", "nfc", "columns", "comment-among", "crlf", "tag-shape", "empty-text", "intent-all", "slots-end",
         "label-all", "cells-shift", "line-space", "line-hash", "feff", "tag-b", "token-extra", "token-fewer", "span-end", "tag-extra", "slots-form", "id-space", "control", "text-en",
         "no-id"]


def _slots(words: list[tuple[str, str]]) -> str:
    out, at, open_ = [], 0, None
    for word, tag in [*words, ("", "O")]:
        if open_ is not None and not tag.startswith("I-"):
            out.append(f"{open_[0]}:{at - 1}:{open_[1]}")
            open_ = None
        if tag.startswith("B-"):
            open_ = (at, tag[2:])
        at += len(word) + 1
    return ",".join(out)


def _block(n: int, english: bool, edit: str, k: int) -> str:
    intent, words = SENTENCES[n % len(SENTENCES)]
    words = list(words)
    t = k % len(words)
    if edit == "intent-all":
        intent = "weather/finds"
    ident = "1" if edit == "id-dup" else str(n + 1)
    said = None  # a word as `# text` has it, when the edit changes the token's word only
    if edit == "tag-i":
        words[t] = (words[t][0], "I-" + (words[t][1][2:] or "datetime"))
    elif edit == "tag-label":
        words[t] = (words[t][0], "B-datetme")
    elif edit == "tag-o":
        words[t] = (words[t][0], "O")
    elif edit == "tag-b":  # (a span split in two, or one more: as many tags not O, or one more)
        words[t] = (words[t][0], "B-" + (words[t][1][2:] or "datetime"))
    elif edit == "span-end":  # (the last token of the sentence's longest span starts a span of its own, `# slots:` as before: as many tags not O)
        longest = max(range(len(words)), key=lambda i: (sum(1 for _ in itertools.takewhile(lambda w: w[1].startswith("I-"), words[i + 1:])), -i))
        last = longest + sum(1 for _ in itertools.takewhile(lambda w: w[1].startswith("I-"), words[longest + 1:]))
        if last > longest:
            words[last] = (words[last][0], "B-" + words[last][1][2:])
    elif edit == "tag-shape":
        words[t] = (words[t][0], "B_datetime")
    elif edit == "tag-extra":  # (an O tag made B-datetime, `# slots:` as before: a tag not O more than the spans cover)
        o = [i for i, (_, tag) in enumerate(words) if tag == "O"]
        if o:
            words[o[k % len(o)]] = (words[o[k % len(o)]][0], "B-datetime")
    elif edit == "word":
        said, words[t] = words[t][0], (words[t][0] + "x", words[t][1])
    elif edit == "invisible":
        words[t] = (words[t][0] + "\u200b", words[t][1])
    elif edit == "control":  # (an ASCII control character in a word: the text still ASCII)
        words[t] = (words[t][0] + "\x07\x1b\x7f\x00"[k % 4], words[t][1])
    elif edit == "nfc":
        words[t] = (words[t][0] + "e\u0301", words[t][1])
    elif edit == "label-all":
        words = [(w, tag[:2] + "datetme" if tag != "O" else tag) for w, tag in words]
    text = " ".join(said if said is not None and i == t else w for i, (w, _) in enumerate(words))
    slots = _slots(words if edit not in ("span-end", "tag-extra") else SENTENCES[n % len(SENTENCES)][1])
    if edit == "text-space":
        text = text.replace(" ", "  ", 1)
    elif edit == "empty-text":
        text = ""
    entries = slots.split(",") if slots else []
    if edit == "slots-shift" and entries:
        a, b, label = entries[0].split(":")
        entries[0] = f"{int(a) + 1}:{b}:{label}"
    elif edit == "slots-swap":
        entries.reverse()
    elif edit == "slots-dup" and entries:
        entries.append(entries[0])
    elif edit == "slots-zero" and entries:
        entries[0] = "0" + entries[0]
    elif edit == "slots-mid" and entries:
        a, b, label = entries[-1].split(":")
        entries[-1] = f"{a}:{int(b) - 1}:{label}"
    elif edit == "slots-end" and entries:
        a, b, label = entries[-1].split(":")
        entries[-1] = f"{a}:{len(text) + 1}:{label}"
    elif edit == "slots-label" and entries:
        entries[0] = entries[0] + "x"
    elif edit == "slots-form":  # (entries not as the check writes them: a comma more, a label with a colon, a space after a comma)
        entries = [*entries, ""] if k % 3 == 0 else [entries[0] + ":x", *entries[1:]] if entries and k % 3 == 1 else [" " + e for e in entries]
    if edit == "id-space":  # (an id with whitespace at an end, which the document reads without, or a tab or CR inside)
        ident = [f"{ident} ", f"{ident}\u00a0", f"\u2009{ident}", f"{ident}\tx", f"{ident}\rx"][k % 5]
    lines = [f"# id = {ident}"] if edit != "no-id" else []
    if not english or edit == "text-en":  # (a comment some languages do without: in a file of no known language, needed once some sentence has it)
        lines.append(f"# text-en = {text}")
    lines += [f"# text = {text}" + (" " if edit == "comment-trailing" else ""), f"# intent = {intent}" + ("x" if edit == "intent" else "")]
    if english and edit != "no-slots-line":
        lines.append("# slots:" + (" " + ",".join(entries) if entries or k % 2 else ""))
    if edit == "comment-tab":
        lines[-1] += "\tx"
    for i, (word, tag) in enumerate(words):
        index = str(i + 2) if edit == "number" and i == t else str(i + 1)
        cell = "weather/find" if edit == "intent-cell" and i == t and intent != "weather/find" else (
            "PlayMusic" if edit == "intent-cell" and i == t else intent)
        line = f"{index}\t{word}\t{cell}\t{tag}" if not (edit == "columns" and i == t) else f"{index}\t{word} {cell}\t{tag}"
        if edit == "cells-shift" and i == t and t + 1 < len(words):  # (a cell more here, one fewer on the next line: as many in all)
            line += f"\t{i + 2}"
        elif edit == "cells-shift" and i == t + 1:
            line = line.split("\t", 1)[1]
        elif edit in ("line-space", "line-hash") and i == t:  # (the right cells, on a line the document reads otherwise)
            line = (" " if edit == "line-space" else "#") + line
        if edit == "token-fewer" and i == t:  # (a word of `# text` without its token line)
            continue
        lines.append(line)
        if edit == "token-extra" and i == t:  # (a token line more than `# text` has words)
            lines.append(f"{len(words) + 1}\t{word}\t{intent}\tO")
        if edit == "comment-among" and i == t:
            lines.append("# note = here")
    block = "\n".join(lines) + "\n"
    if edit == "blank-extra":
        block += "\n"
    elif edit == "blank-space":
        block += " \n"
    elif edit == "crlf":
        block = block.replace("\n", "\r\n")
    elif edit == "feff":  # (U+FEFF starting a sentence: a BOM only at the text's start)
        block = "\ufeff" + block
    return block


def _findings(path: Path, text: str, fast: bool) -> list[tuple[object, ...]]:
    doc = ConllDocument(str(path), text)
    report = Report()
    ctx = Context(path, XsidOptions(), cfg.for_file(path).settings)
    (XsidFamily().check if fast else XsidFamily().check_detailed)(doc, report, ctx)
    assert (doc.starts, doc.ends) == ConllDocument(str(path), text)._bounds_now()  # (where the clean path found the sentences)
    return [(d.code, d.span.start, d.span.end, d.message, d.fix) for d in to_diagnostics(report.findings, doc, path)]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.sampled_from(EDITS), st.integers(0, 20)), min_size=1, max_size=14),
       st.booleans(), st.sampled_from([4096, 1, 2, 3]), st.sampled_from(["", "\n", "\n\n", "\ufeff"]), st.sampled_from(["", "\n", "\n\n"]),
       st.sampled_from([32, 4]), st.booleans())
def test_the_clean_path_reports_what_every_check_reports(edits: list[tuple[int, str, int]], english: bool, chunk: int, head: str,
                                                          tail: str, words: int, known: bool) -> None:
    """Every edit, in files read a few matches at a time (``chunk``), with sentences longer than
    the pattern reads (``words``: the longer ones are read the ordinary way), of a known language
    or not (``known``: then `# id` and `# text-en` are needed when some sentence has them)."""
    text = head + "\n".join(_block(n, english, edit, k) for n, edit, k in edits) + tail
    path = Path(("/nowhere/en.test.conll" if english else "/nowhere/de.test.conll") if known else "/nowhere/gold.conll")
    detailed = _findings(path, text, fast=False)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(clean, "CHUNK", chunk)
        patch.setattr(clean, "WORDS", words)
        patch.setattr(clean, "_BLOCK", 2 if chunk > 3 else 64)  # (a chunk's sentences counted by blocks, then one by one)
        assert _findings(path, text, fast=True) == detailed


def test_a_clean_file_is_checked_by_chunks_without_a_sentence_object() -> None:
    """A clean file's sentences never reach the one-by-one checks (counted, not timed)."""
    text = "\n".join(_block(n, True, "none", n) for n in range(300)) + "\n"
    doc = ConllDocument("/nowhere/en.test.conll", text)
    path = Path(doc.path)
    report = Report()
    XsidFamily().check(doc, report, Context(path, XsidOptions(), cfg.for_file(path).settings))
    assert [f.code for f in report.findings] == ["XSD112"]
    made = [s for s in doc._made or [] if s is not None]
    assert len(made) <= 2  # (the first sentence, read for the file's shape; the one XSD112 points at)


@pytest.mark.parametrize("block", [2, 4, 64])
def test_a_tag_not_o_too_many_beside_a_sentence_found_wrong_is_found(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tags not O of a chunk's sentences are summed without the sentences found wrong before
    (their tokens, tags O and the tokens their spans cover): a sentence with a tag not O more
    than its spans cover is found beside one found wrong whose spans cover one token."""
    def sentence(n: int, tags: list[str]) -> str:
        lines = [f"# id = {n}", "# text = show all my reminders", "# intent = reminder/show_reminders", "# slots: 5:8:reference"]
        lines += [f"{i}\t{word}\treminder/show_reminders\t{tag}" for i, (word, tag) in enumerate(zip(["show", "all", "my", "reminders"], tags, strict=True), 1)]
        return "\n".join(lines) + "\n"

    right = ["O", "B-reference", "O", "O"]
    text = "\n".join([sentence(1, right), sentence(2, ["O", "I-reference", "O", "O"]), sentence(3, ["O", "B-reference", "B-datetime", "O"]),
                      sentence(4, right)]) + "\n"
    path = Path("/nowhere/en.test.conll")
    detailed = _findings(path, text, fast=False)
    assert {code for code, *_ in detailed} >= {"XSD110"}
    monkeypatch.setattr(clean, "_BLOCK", block)
    assert _findings(path, text, fast=True) == detailed


@pytest.mark.parametrize("block", [2, 4, 64])
@pytest.mark.parametrize("comment", ["# id = 2\tO", "# slots: 5:8:reference\tO", "# id =\tO", "# id = \tO", "# slots: \tO"])
def test_a_comment_ending_in_tab_o_hides_no_tag_not_o_too_many(comment: str, block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tags `O` are counted in the text as `\\tO\\n`: a comment line of a matched sentence that
    ends so (a tab in the id or in `# slots:`, or between separator and value) counts one more,
    and the sentence beside it with a tag not O more than its spans cover is found all the same
    (the one with the comment is found wrong before the count, or is not matched)."""
    def sentence(n: int, tags: list[str], first: str = "") -> str:
        lines = [first or f"# id = {n}", "# text = show all my reminders", "# intent = reminder/show_reminders", "# slots: 5:8:reference"]
        if first.startswith("# slots:"):
            lines = [f"# id = {n}", *lines[1:3], first]
        lines += [f"{i}\t{word}\treminder/show_reminders\t{tag}" for i, (word, tag) in enumerate(zip(["show", "all", "my", "reminders"], tags, strict=True), 1)]
        return "\n".join(lines) + "\n"

    right = ["O", "B-reference", "O", "O"]
    text = "\n".join([sentence(1, right), sentence(2, right, comment), sentence(3, ["O", "B-reference", "B-datetime", "O"]),
                      sentence(4, right)]) + "\n"
    path = Path("/nowhere/en.test.conll")
    detailed = _findings(path, text, fast=False)
    assert "XSD110" in {code for code, *_ in detailed}
    monkeypatch.setattr(clean, "_BLOCK", block)
    assert _findings(path, text, fast=True) == detailed


@pytest.mark.parametrize("kept", [4096, 2])
def test_a_sentence_with_findings_is_read_once_for_its_check_and_their_places(kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sentences read the ordinary way that have findings keep what the check read of them
    for placing the findings (up to ``KEPT`` of them: past that they are read again), and the
    findings are those of a check that drops every sentence (counted, not timed)."""
    edits = ["none", "tag-i", "none", "word", "slots-shift", "none", "intent-cell"]
    text = "\n".join(_block(n, True, edits[n % len(edits)], n) for n in range(40)) + "\n"
    path = Path("/nowhere/en.test.conll")
    reads: list[int] = []
    read = conll_doc.Sentence._read

    def counted(sentence: conll_doc.Sentence) -> None:
        reads.append(sentence.number)
        read(sentence)

    monkeypatch.setattr(conll_doc.Sentence, "_read", counted)
    monkeypatch.setattr(clean, "KEPT", 0)  # (every sentence dropped once checked: the reference)
    dropped = _findings(path, text, fast=True)
    # (read for the check, then again for the findings' places; not the first, a clean sentence read
    # for the file's shape, then for the place of XSD112)
    wrong = {n for n in reads if reads.count(n) > 1} - {0}
    assert len(wrong) >= 4
    reads.clear()
    monkeypatch.setattr(clean, "KEPT", kept)
    assert _findings(path, text, fast=True) == dropped
    again = [n for n in wrong if reads.count(n) > 1]
    assert not again if kept > len(wrong) else len(again) >= len(wrong) - kept


@pytest.mark.parametrize("edit", ["cells-shift", "line-space", "line-hash", "columns", "comment-among", "crlf", "blank-extra", "feff"])
def test_lines_the_document_reads_otherwise_are_read_the_ordinary_way(edit: str) -> None:
    """A sentence whose cells line up although one line has a cell more and the next one fewer,
    a token line starting with a space or `#`, a comment among the tokens: each such sentence is
    checked the ordinary way, and the document finds where the sentences are."""
    text = "\n".join(_block(n, True, edit if n == 5 else "none", 2) for n in range(12)) + "\n"
    path = Path("/nowhere/en.test.conll")
    fast = _findings(path, text, fast=True)
    assert fast == _findings(path, text, fast=False)
    if edit in ("cells-shift", "line-space", "line-hash", "columns"):
        assert {code for code, *_ in fast} - {"XSD112"}  # (the edited sentence's findings)
