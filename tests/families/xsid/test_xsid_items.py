"""What an xSID file contributes to the dataset checks is the same whichever way it is read:
item by item with labels, item by item without (the comments alone), or the keys, texts and
ids of the whole file at once (the dataset pass's way when no rule asks for labels: from the text, no document made), and placed
from the text where the document places them — for any
mix of lines: comments after token lines, two `# text` comments, empty values, CRLF, a BOM."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlint.families.xsid.items import items, labels, places, texts
from goldlint.formats.conll_doc import ConllDocument, Sentence
from goldlint.textindex import TextIndex

LINES = ["# text = a b", "# intent = alarm/set", "#intent:x y", "4\tw\tx\tB-a b\r", "5\tv\tx\tI-a b\tmore", "6\tu\tx\tB-", "7\tt\tx\tO",
         "8\ts\tx\tb-c", "1\ta\tx\tB-\r\tz", "2\ta\tx\tB-y\r\r", "3\ta\tx\tB-\t", "# 9\tq\tx\tB-d", " 9\tq\tx\tI-e", "# text = a b  ", "#text=c", "# text:", "# text: d\r", "# texts = no", "# id = 7", "# id:", "#id=8 9",
         "# intent = x", "#  no key here", "# text-en = z", "1\ta\tx\tO", "2\tb\tx\tB-y", "3\tc\tx\tI-y", "2\tb", "", " ", "\t",
         "  # text = not a comment", "# text =\x0b v \t", "\r", "\x1c", "#text=a\u2028b", "x y", "#\ttext\t:\tq r"]


def _triples(doc: ConllDocument, labelled: bool) -> list[tuple[int, str | None, str | None]]:
    return [(key, d.text, d.id) for key, d in items(doc, labelled)]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=16), st.booleans(), st.booleans())
def test_texts_at_once_are_the_items_read_one_by_one(lines: list[str], crlf: bool, bom: bool) -> None:
    text = ("\ufeff" if bom else "") + ("\r\n" if crlf else "\n").join(lines)
    doc = ConllDocument("x.conll", text)
    if not doc.ok:
        return
    expected = _triples(doc, labelled=True)
    assert _triples(doc, labelled=False) == expected
    whole = texts(text)
    if bom:
        assert whole is None  # (read item by item)
        return
    assert whole is not None and whole[3] is None
    assert list(zip(*whole[:3], strict=True)) == expected
    # with the categories (DS106, DS107), and the labels of any items asked for (DS104)
    labelled = dict(items(doc, labelled=True))
    keys, _, _, categories = texts(text, categories=True)  # type: ignore[misc]
    assert dict(zip(keys, categories or [], strict=True)) == {key: d.categories for key, d in labelled.items()}
    assert labels(text, set(labelled) | {len(doc.sentences)}) == {key: d.labels for key, d in labelled.items()}
    # and each item's text and id placed from the text at once where its document places them
    declared = dict(items(doc, labelled=False))
    found = places(text, set(declared) | {len(doc.sentences)})
    assert found is not None and set(found) == set(declared)
    index = TextIndex(text)
    for key, d in declared.items():
        at_text, at_id = found[key]
        assert index.span(*at_text) == doc.resolve_at([d.at])[0]
        assert (index.span(*at_id) if at_id else None) == (doc.resolve_at([d.id_at])[0] if d.id_at else None)


def test_only_the_items_asked_for_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placing pass asks for a few keys: only those sentences are read; and without labels
    no sentence's token lines are split (the dataset pass over a million sentences)."""
    read: list[int] = []
    real = Sentence._read
    monkeypatch.setattr(Sentence, "_read", lambda self: (read.append(self.number), real(self))[1])
    text = "".join(f"# id = {n}\n# text = s {n}\n# intent = x\n1\ts\tx\tO\n2\t{n}\tx\tB-y\n\n" for n in range(100))
    doc = ConllDocument("x.conll", text)
    got = dict(items(doc, True, {3, 97}))
    assert sorted(got) == [3, 97]
    assert (got[97].text, got[97].id, got[97].labels) == ("s 97", "97", "x (y: 97)")
    assert read == [3, 97]
    assert len(dict(items(doc, False))) == 100
    assert len(texts(text)[0]) == 100  # type: ignore[index]
    assert read == [3, 97]
