"""A sentence's comment keys, separators and first-comment index are worked out once per shape of
comments and shared by the sentences of that shape (a file has a few shapes; they were rebuilt for
every sentence), and a sentence of another shape gets its own."""

from __future__ import annotations

from goldlint.formats import conll_doc
from goldlint.formats.conll_doc import ConllDocument


def _sentence(n: int, sep: str = " = ") -> str:
    return f"# id{sep}{n}\n# text{sep}hello there\n# intent{sep}greet\n1\thello\tgreet\tO\n2\tthere\tgreet\tO\n"


def test_one_shape_is_worked_out_once_and_shared() -> None:
    conll_doc._SHAPES.clear()
    doc = ConllDocument("x.conll", "\n".join(_sentence(n) for n in range(50)) + "\n" + _sentence(50, ": ") + "\n")
    for s in doc.sentences:
        assert s.keys == ("id", "text", "intent")
    assert len(conll_doc._SHAPES) == 2  # (fifty sentences `# key = value`, one `# key: value`)
    first, second, other = doc.sentences[0], doc.sentences[1], doc.sentences[50]
    assert first.keyed is second.keyed and first.keyed == {"id": 0, "text": 1, "intent": 2}
    assert first.seps == ("=", "=", "=") and other.seps == (":", ":", ":") and other.keyed == first.keyed
    first.forget()
    assert first.value("id") == "0" and first.keyed is second.keyed  # (read again: the same shape)


def test_a_key_twice_points_at_its_first_comment() -> None:
    doc = ConllDocument("x.conll", "# text = a\n# intent = x\n# text = b\n1\ta\tx\tO\n\n")
    assert doc.sentences[0].keyed == {"text": 0, "intent": 1} and doc.sentences[0].value("text") == "a"
