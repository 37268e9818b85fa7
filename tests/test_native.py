"""The compiled kernels (``native/``, module ``_goldlint_speedups``): built where this machine
has a C compiler, and each one giving the answer of its pure-Python twin, on any input.

The other tests run goldlint with the kernels (``tests/conftest.py`` builds them beside the
package, as the wheel holds them), so what they prove of a clean path holds of the compiled
one; the tests here prove each kernel equal to its twin, so it holds of the pure one too.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import goldlint
from goldlint import speedups
from goldlint.families.corpus import bulk, typed
from goldlint.families.corpus.tally import normalise_source
from goldlint.families.slurp import batch
from goldlint.families.xsid import clean
from goldlint.families.xsid.sentence import Inventory
from goldlint.formats.conll_doc import ConllDocument
from goldlint.formats.jsonl_doc import RawBatch
from tests.bench import slurp_data
from tests.families.slurp import test_slurp_batch as slurp_batch


def _compiler() -> str | None:
    link = sysconfig.get_config_var("LDSHARED")
    return shutil.which(str(link).split()[0]) if link else None


def test_the_kernels_are_built_where_a_compiler_is(native_unbuilt: str | None, repo_root: Path) -> None:
    """A machine with the interpreter's C compiler builds them; a failure there is a bug (in
    the C, or in ``native/build.py``), not a reason to run slower."""
    if os.environ.get("GOLDLINT_PURE"):  # (tests/test_pure_twins.py: the twins run, though the module is built)
        assert speedups.native is None and native_unbuilt is None
        return
    if native_unbuilt is not None and _compiler() is None:
        pytest.skip(f"no C compiler here: goldlint runs the pure-Python twins ({native_unbuilt})")
    assert native_unbuilt is None, native_unbuilt
    assert speedups.native is not None
    assert Path(speedups.native.__file__).parent == Path(goldlint.__file__).parent.parent  # (the module built for this run, not a stale one)


def test_goldlint_pure_runs_the_twins() -> None:
    def native_is_none(env: dict[str, str]) -> str:
        done = subprocess.run([sys.executable, "-c", "from goldlint import speedups; print(speedups.native is None)"],
                              env={**os.environ, **env}, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    assert native_is_none({"GOLDLINT_PURE": "1"}) == "True"
    if speedups.native is not None:
        assert native_is_none({}) == "False"


def test_a_module_built_from_older_sources_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale ``_goldlint_speedups`` on the path, without a kernel this goldlint calls: the twins run."""
    import types

    stale = types.ModuleType("_goldlint_speedups")
    stale.count_byte = bytes.count  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "_goldlint_speedups", stale)
    monkeypatch.delenv("GOLDLINT_PURE", raising=False)
    assert speedups._load() is None


def test_a_build_that_cannot_run_its_compiler_is_no_compiler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever stops the build stops only the kernels: the wheel's hook then builds a pure wheel."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("native_build_probe", Path(__file__).parent.parent / "native" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    blocked = tmp_path / "a file"
    blocked.write_text("")
    if _compiler() is None:
        pytest.skip("no C compiler here")
    with pytest.raises(build.NoCompiler):
        build.compile_module(blocked / "out")  # (a folder that cannot be made: an OSError)


needs_native = pytest.mark.skipif(speedups.native is None, reason="the compiled kernels are not built here")

# -- xsid_slot_tags: clean._slot_tags ---------------------------------------------------------

LABELS = ["datetime", "location", "reference"]  # (of the inventory)
TAGS = ["O", "O", "O", "B-datetime", "I-datetime", "I-datetime", "B-location", "I-location"]
ODD_TAGS = ["Ox", "I-reference", "B-zzz", "B-datetime\r", "B-", "I-"]
WORDS = ["a", "bb", "ccc", "7", "ü", "日本", "x𝄞"]
INVENTORY = Inventory(frozenset(["alarm/set_alarm"]), frozenset(LABELS))


@st.composite
def _sentence(draw: st.DrawFn) -> tuple[list[str], list[str], str]:
    """Words with tags, and a `# slots:` value: the spans the tags give (each maybe moved, its
    label changed, entries swapped, one more) or entries of any offsets."""
    n = draw(st.integers(1, 6))
    words = draw(st.lists(st.sampled_from(WORDS), min_size=n, max_size=n))
    tags: list[str] = []
    while len(tags) < n:  # (a valid BIO sequence, then maybe a tag of any other)
        label = draw(st.sampled_from(["", "", "datetime", "location", "zzz"]))  # (zzz: of no inventory)
        tags += ["O"] if not label else [f"B-{label}"] + [f"I-{label}"] * draw(st.integers(0, n - len(tags) - 1))
    if draw(st.integers(0, 2)) == 0:
        tags[draw(st.integers(0, n - 1))] = draw(st.sampled_from(TAGS) | st.sampled_from(ODD_TAGS))
    text = " ".join(words)
    if draw(st.integers(0, 3)):
        entries, at, open_ = [], 0, None
        for word, tag in [*zip(words, tags, strict=True), ("", "O")]:
            if open_ is not None and not tag.startswith("I-"):
                entries.append([open_[0], at - 1, open_[1]])
                open_ = None
            if tag.startswith("B-") and tag[2:] and "\r" not in tag:
                open_ = (at, tag[2:])
            at += len(word) + 1
        for entry in entries:
            change = draw(st.sampled_from(["none", "none", "none", "start", "end", "label"]))
            if change == "start":
                entry[0] = max(0, entry[0] + draw(st.integers(-2, 2)))
            elif change == "end":
                entry[1] = max(0, entry[1] + draw(st.integers(-2, 2)))
            elif change == "label":
                entry[2] = draw(st.sampled_from([*LABELS, "zzz"]))
        marked = [k for k, tag in enumerate(tags) if len(tag) > 2]
        if marked and draw(st.integers(0, 3)) == 0:  # (a tag one character off its span's label, at its end)
            k = draw(st.sampled_from(marked))
            tags[k] = tags[k][:-1] + "#"
        if entries and draw(st.booleans()):
            entries.append(list(draw(st.sampled_from(entries))))
        if len(entries) > 1 and draw(st.booleans()):
            entries.reverse()
    else:
        limit = len(text) + 2
        entries = draw(st.lists(st.tuples(st.integers(0, limit), st.integers(0, limit), st.sampled_from([*LABELS, "zzz"])).map(list),
                                max_size=3))
    return words, tags, ",".join(f"{a}:{b}:{label}" for a, b, label in entries)


def _file(sentences: list[tuple[list[str], list[str], str]], blank_line_after: bool, ids: bool = False) -> str:
    blocks = []
    for n, (words, tags, slots) in enumerate(sentences, 1):
        lines = [f"# id = {n}"] if ids else []
        lines += [f"# text = {' '.join(words)}", "# intent = alarm/set_alarm", "# slots:" + (f" {slots}" if slots else "")]
        lines += [f"{k}\t{w}\talarm/set_alarm\t{t}" for k, (w, t) in enumerate(zip(words, tags, strict=True), 1)]
        blocks.append("\n".join(lines) + "\n")
    text = "\n".join(blocks)
    return text + "\n" if blank_line_after else text


def _slot_tags_both_ways(text: str, known: set[int] = frozenset()) -> tuple[set[int], set[int]] | None:  # type: ignore[assignment]
    """The sentences the twin and the kernel find wrong, of the file's sentences its pattern
    matches (``known``: found wrong before), as CleanPath._chunk hands them over; None when the
    file has no clean path."""
    doc = ConllDocument("/nowhere/en.test.conll", text)
    shape = clean.shape_of(doc, ())
    if shape is None:  # (the first sentences' comments need a report: no clean path)
        return None
    pattern = clean.sentence_pattern(shape, INVENTORY)
    chunk = list(pattern.pattern.finditer(text))
    if not chunk:
        return None
    starts = [m.start() for m in chunk]
    ends = [m.end() - 1 for m in chunk]
    ends[-1] = chunk[-1].end() - 1 if text[chunk[-1].end() - 2] == "\n" else chunk[-1].end()
    texts = [m.group(pattern.text) for m in chunk]
    slots = [m.group(pattern.slots) for m in chunk]
    assert pattern.slots is not None and clean._WRITTEN.fullmatch("\n".join(slots))  # (as written: the kernel's input)
    counts = list(map(pattern.tokens.__getitem__, (m.lastindex for m in chunk)))
    found = {k for k in known if k < len(chunk)}
    pure = clean._slot_tags(pattern, chunk, slots, texts, counts, clean._OTags(text, starts, ends), set(found))
    compiled = found | set(speedups.native.xsid_slot_tags(text, starts, ends, len(shape.cores), slots, texts, pattern.labels))
    return pure, compiled


@needs_native
@settings(max_examples=1000, deadline=None)
@given(st.lists(_sentence(), min_size=1, max_size=8), st.booleans(), st.sets(st.integers(0, 7)), st.booleans())
def test_xsid_slot_tags_gives_the_answer_of_its_twin(sentences: list[tuple[list[str], list[str], str]], blank_line_after: bool,
                                                     known: set[int], ids: bool) -> None:
    both = _slot_tags_both_ways(_file(sentences, blank_line_after, ids), known)
    if both is not None:
        assert both[1] == both[0]


@needs_native
@settings(max_examples=20, deadline=None)
@given(st.lists(_sentence(), min_size=65, max_size=300))
def test_xsid_slot_tags_gives_the_answer_of_its_twin_in_a_chunk_of_many_blocks(sentences: list[tuple[list[str], list[str], str]]) -> None:
    """More sentences than the twin counts a block at a time (64): its counts by blocks, then one by one."""
    both = _slot_tags_both_ways(_file(sentences, True, ids=True))
    assert both is not None and both[1] == both[0]


@needs_native
@pytest.mark.parametrize(("tags", "slots"), [
    (["O", "I-datetime"], "2:3:datetime"),  # (a span's first tag an I- of its own label: as many tags not O as it covers)
    (["O", "X-datetime"], "2:3:datetime"),
    (["B-datetime", "I-location"], "0:3:datetime"),
    (["B-datetime", "B-datetime"], "0:3:datetime"),
    (["O", "O"], ""),
    (["O", "B-datetime"], ""),
])
def test_xsid_slot_tags_gives_the_answer_of_its_twin_at_a_span_start(tags: list[str], slots: str) -> None:
    both = _slot_tags_both_ways(_file([(["a", "b"], tags, slots)], True))
    assert both is not None and both[1] == both[0]


@needs_native
@pytest.mark.parametrize("args", [
    ("x", [0], [5], 0, [""], [""], frozenset()),  # (past the text: not clean, no error)
    ("x", [-1], [0], 0, [""], [""], frozenset()),
    ("x", [1], [0], 0, [""], [""], frozenset()),
    ("a\tb\tc\tO\n", [0], [8], 5, [""], [""], frozenset()),  # (fewer lines than comments)
    ("a\tb\tc\tB-x\n", [0], [10], 0, ["0:1:x,"], ["a"], frozenset(["x"])),  # (an entry not so written)
    ("a\tb\tc\tB-x\n", [0], [10], 0, ["99999999999:1:x"], ["a"], frozenset(["x"])),
    ("a\tb\tc\tB-x\n", [0], [10], 0, [":1:x"], ["a"], frozenset(["x"])),
    ("a\tb\tc\tB-x\n", [0], [10], 0, ["0:1:"], ["a"], frozenset(["x"])),
])
def test_xsid_slot_tags_takes_any_input_without_an_error(args: tuple[object, ...]) -> None:
    assert speedups.native.xsid_slot_tags(*args) == [0]


@needs_native
def test_xsid_slot_tags_says_clean_of_a_clean_sentence() -> None:
    text = "# text = wake me at 7 am\n1\twake\ti\tO\n2\tme\ti\tO\n3\tat\ti\tO\n4\t7\ti\tB-datetime\n5\tam\ti\tI-datetime\n"
    assert speedups.native.xsid_slot_tags(text, [0], [len(text)], 1, ["11:15:datetime"], ["wake me at 7 am"], frozenset(["datetime"])) == []
    assert speedups.native.xsid_slot_tags(text, [0], [len(text)], 1, ["11:14:datetime"], ["wake me at 7 am"], frozenset(["datetime"])) == [0]


# -- count_byte: bytes.count ------------------------------------------------------------------

@needs_native
@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=5000) | st.builds(lambda n, b: b * n, st.integers(0, 9000), st.sampled_from([b":", b"a:", b"\n\n:"])),
       st.integers(0, 255) | st.sampled_from([58, 10]), st.none() | st.integers(-6000, 12000), st.none() | st.integers(-6000, 12000))
def test_count_byte_gives_the_answer_of_bytes_count(data: bytes, byte: int, start: int | None, end: int | None) -> None:
    """Every length (the sixteen-byte blocks, a lane's 255 and the tail), any slice bounds (as a slice reads them)."""
    args = (byte,) if start is None else (byte, start) if end is None else (byte, start, end)
    assert speedups.native.count_byte(data, *args) == data.count(*args) == speedups._count_byte(data, *args)
    assert speedups.native.count_byte(bytearray(data), *args) == data.count(*args)


@needs_native
def test_count_byte_refuses_what_bytes_count_refuses() -> None:
    for bad in (256, -1):
        with pytest.raises(ValueError, match="range"):
            b"x".count(bad)
        with pytest.raises(ValueError, match="range"):
            speedups.native.count_byte(b"x", bad)
    with pytest.raises(TypeError):
        speedups.native.count_byte("text", 58)
    assert speedups.native.count_byte(b":" * 300_000, 58) == 300_000  # (more than 255 blocks of matches in a lane)


# -- slurp_items: batch._items ----------------------------------------------------------------

@needs_native
@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(slurp_batch.SPOIL, max_size=3), min_size=1, max_size=12), st.booleans())
def test_slurp_items_gives_the_judgement_of_its_twin(spoils: list[list[tuple[int, int, int]]], inventory: bool) -> None:
    """The batch judge of SLURP lines, compiled and not, on the records its own test spoils
    (test_slurp_batch: a character, an id, a span, an item, a key, an intent)."""
    texts = [slurp_batch._line(n + 1, s) for n, s in enumerate(spoils)]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    known = slurp_batch.KNOWN if inventory else None
    compiled = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, known)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(speedups, "native", None)
        assert batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, known) == compiled


def _judged_both_ways(values: list[dict[str, object]], known: object) -> tuple[dict[int, int], dict[int, int]]:
    texts = [json.dumps(v).encode() for v in values]
    b = RawBatch.of(0, 0, b"\n".join(texts), 0)
    compiled = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, known)  # type: ignore[arg-type]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(speedups, "native", None)
        pure = batch.judge(batch.decode_lines(b.data, b.starts, b.ends), b.data, b.starts, b.ends, known)  # type: ignore[arg-type]
    return pure, compiled


@needs_native
@pytest.mark.parametrize("change", ["type of no inventory", "no tokens", "no tokens, an entity", "a token id of 65 bits"])
def test_slurp_items_gives_the_judgement_of_its_twin_on_the_odd_record(change: str) -> None:
    values = [slurp_data.record(n, random.Random(n)) for n in range(1, 9)]
    odd = values[2]  # ("remind me about the [event_name : meeting] [date : on friday] at [time : noon]")
    if change == "type of no inventory":  # (the entity's and its bracket's alike: only the inventory's test tells)
        odd["entities"][2]["type"] = "zzz"
        odd["sentence_annotation"] = odd["sentence_annotation"].replace("[time :", "[zzz :")
    elif change.startswith("no tokens"):
        odd["tokens"] = []
        if change == "no tokens":
            odd["entities"], odd["sentence_annotation"] = [], odd["sentence"]
    else:
        odd["tokens"][0]["id"] = 2**65
    pure, compiled = _judged_both_ways(values, slurp_batch.KNOWN)
    assert compiled == pure and 2 not in pure


@needs_native
def test_slurp_items_holds_what_it_reads_when_a_getter_changes_its_lists() -> None:
    """Its lists changed by Python code it runs (an attribute getter, a comparison): no crash, no
    freed object read (goldlint hands it msgspec structs, whose getters run none)."""
    class Token:
        def __init__(self, lists: list[list[object]]) -> None:
            self.lists, self.surface = lists, "a"

        @property
        def id(self) -> int:
            for values in self.lists:
                values.clear()
            return 0

    class Entity:
        span = [0]

        def __init__(self, lists: list[list[object]]) -> None:
            self.lists = lists

        @property
        def type(self) -> str:
            for values in self.lists:
                values.clear()
            return "t"

    tokens: list[object] = []
    sentences, types, words = ["a a a"], ["t"], ["a"]
    tokens += [Token([tokens, sentences]) for _ in range(3)]
    assert speedups.native.slurp_items([tokens], sentences, [[]], [], [], None) == [0]  # (ids 0, 0, 0: not counting from 0)
    tokens = [Token([])]
    entities: list[object] = [Entity([types, words])]
    assert speedups.native.slurp_items([tokens], ["a"], [entities], types, words, None) == []


@needs_native
def test_xsid_slot_tags_holds_what_it_reads_when_a_label_comparison_changes_its_lists() -> None:
    class Label(str):
        __hash__ = str.__hash__

        def __eq__(self, other: object) -> bool:
            for values in lists:
                values.clear()
            return False

    text = "# t\n1\ta\ti\tB-x\n"
    lists: list[list[object]] = [[0] * 50, [len(text)] * 50, ["0:1:x"] * 50, ["a"] * 50]
    assert speedups.native.xsid_slot_tags(text, *lists[:2], 1, *lists[2:], frozenset([Label("x")])) == list(range(50))


@needs_native
def test_count_byte_reads_its_bounds_as_bytes_count_does() -> None:
    data = b"a:b::c" * 10
    for bounds in [(None,), (None, None), (3, None), (None, -2), (-(2**80),), (2**80,), (0, 2**80), (True, 5)]:
        assert speedups.native.count_byte(data, 58, *bounds) == data.count(58, *bounds), bounds
    for bad in [("1",), (1.5,), (0, "9")]:
        with pytest.raises(TypeError):
            data.count(58, *bad)
        with pytest.raises(TypeError):
            speedups.native.count_byte(data, 58, *bad)


@needs_native
@pytest.mark.parametrize(("span", "clean"), [([3, 4, 5], True), ([], False), ([5, 4, 3], False), ([3, 4], False), ([3, 3, 5], False),
                                             ([3, 5, 5], False), ([3, 4, 5, 6], False), ([2**70], False), ([3, 2**70], False), ([99], False),
                                             ([-1, 0], False)])
def test_slurp_items_reads_any_span_without_an_error(span: list[int], clean: bool) -> None:
    class Item:
        def __init__(self, **fields: object) -> None:
            self.__dict__.update(fields)

    sentence = "wake me at seven thirty am"
    tokens = [Item(id=k, surface=w) for k, w in enumerate(sentence.split())]
    entity = Item(span=span, type="time")
    bad = speedups.native.slurp_items([tokens], [sentence], [[entity]], ["time"], ["seven thirty am"], frozenset(["time"]))
    assert bad == ([] if clean else [0])


def _raised(call: Any) -> tuple[type[BaseException], str] | None:
    try:
        call()
    except Exception as exc:  # (whatever the twin raises, the kernel is to raise)
        return type(exc), str(exc)
    return None


# -- first_flags: bulk._first_flags ------------------------------------------------------------

_NAN = float("nan")
_HASHABLE = st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", "", "é", "a\x00"]), st.booleans(), st.none(),
                      st.floats(allow_nan=True) | st.just(_NAN), st.tuples(st.integers(0, 2), st.sampled_from(["a", "b"])))


@needs_native
@settings(max_examples=500, deadline=None)
@given(st.lists(_HASHABLE, max_size=60))
def test_first_flags_gives_the_answer_of_its_twin(values: list[object]) -> None:
    """Equal as a set and a dict judge equal: 1 and True and 1.0 one value, a NaN equal only to itself."""
    assert speedups.native.first_flags(values) == bulk._first_flags(values)


_MERSENNE = 2**61 - 1  # (an int's hash is itself modulo this: x and x + _MERSENNE hash alike, and -1 hashes as -2 does)
_ALIKE = [-1, -2, 5, 5 + _MERSENNE, 5 + 2 * _MERSENNE, -5 - _MERSENNE, 2**64, 2**64 - _MERSENNE]


@needs_native
@settings(max_examples=500, deadline=None)
@given(st.lists(st.integers(-40, 40) | st.sampled_from(_ALIKE) | st.text("ab", max_size=3), max_size=300))
def test_first_flags_gives_the_answer_of_its_twin_on_str_and_int(values: list[object]) -> None:
    """Exact str and int only: found by buckets of their hashes, the values sharing one through a set."""
    assert speedups.native.first_flags(values) == bulk._first_flags(values)


@needs_native
def test_first_flags_tells_values_of_one_hash_apart() -> None:
    values: list[object] = [*_ALIKE, *_ALIKE, "x", 5]
    assert speedups.native.first_flags(values) == bytes([1] * len(_ALIKE) + [0] * len(_ALIKE) + [1, 0])
    many = [f"key {k % 9000}" for k in range(20000)]  # (many buckets shared by chance, besides the repeats)
    assert speedups.native.first_flags(many) == bulk._first_flags(many)


@needs_native
def test_first_flags_marks_each_repeat() -> None:
    assert speedups.native.first_flags([3, "a", 3, 1, True, "a", 1.0, _NAN, _NAN, float("nan")]) == bytes([1, 1, 0, 1, 0, 0, 0, 1, 0, 1])
    assert speedups.native.first_flags([]) == b""


@needs_native
@pytest.mark.parametrize("values", [[1, [2]], [{}]])
def test_first_flags_refuses_what_its_twin_refuses(values: list[object]) -> None:
    twin = _raised(lambda: bulk._first_flags(values))
    assert twin is not None and _raised(lambda: speedups.native.first_flags(values)) == twin


@needs_native
def test_first_flags_takes_a_list_only() -> None:
    with pytest.raises(TypeError, match="a list was expected"):
        speedups.native.first_flags(("a", "a"))


@needs_native
def test_first_flags_holds_what_it_reads_when_a_comparison_changes_its_list() -> None:
    class Key:
        def __hash__(self) -> int:
            return 1

        def __eq__(self, other: object) -> bool:
            values.clear()
            return False

    values: list[object] = [Key() for _ in range(40)]
    assert speedups.native.first_flags(values) == b"\x01\x01"  # (the list emptied by the second value's comparison)


def _collected_inside(setup: str, call: str) -> subprocess.CompletedProcess[str]:
    """``call`` run in a child, with cyclic garbage whose ``__del__`` runs ``setup``'s ``change()``
    collected by the first allocation of a tracked object (a list, a set) inside the kernel
    (every free list drained, the collector's threshold at 1): a crash is the child's alone."""
    code = (f"import gc\nfrom goldlint import speedups\nk = speedups.native\n{setup}\n"
            "class Cycle:\n    def __del__(self):\n        change()\n"
            "gc.disable()\nc = Cycle(); c.me = c; del c\n"
            "hold = [[] for _ in range(300)], [set() for _ in range(300)]\n"
            f"gc.set_threshold(1)\ngc.enable()\nout = {call}\ngc.set_threshold(700)\nprint(repr(out))\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)


@needs_native
def test_first_flags_writes_no_further_than_its_bytes_when_a_collection_grows_its_list() -> None:
    """The list read after the set was made (its allocation may collect, and a __del__ grow
    the list): a flag a value read, within the bytes made for them."""
    done = _collected_inside("values = ['a', 'b']\ndef change():\n    values.extend(map(str, range(100_000)))",
                             "(k.first_flags(values), len(values))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("(b'\\x01\\x01', 100002)", "(b'\\x01\\x01', 2)")


# -- columns: typed._columns -------------------------------------------------------------------

class _Entry(msgspec.Struct, gc=False):
    id: int
    source: str
    note: str | None = None


class _LaterEntry(_Entry):
    pass


class _Slotted:
    __slots__ = ("id", "source", "note")


class _Looked:
    """Attributes found by a lookup of its own (no slot read straight)."""

    def __getattr__(self, name: str) -> str:
        return name.upper()


_ENTRY = st.builds(_Entry, st.integers(), st.text(max_size=5), st.none() | st.text(max_size=3))


@needs_native
@settings(max_examples=300, deadline=None)
@given(st.lists(_ENTRY | st.builds(_LaterEntry, st.integers(), st.text(max_size=3)) | st.builds(_Looked), max_size=30),
       st.lists(st.sampled_from(["id", "source", "note", "__class__"]), max_size=4))
def test_columns_gives_the_answer_of_its_twin(objects: list[object], names: list[str]) -> None:
    assert speedups.native.columns(objects, tuple(names)) == typed._columns(objects, tuple(names))


@needs_native
@pytest.mark.parametrize("case", ["an empty slot", "no such attribute", "not a list", "a name that is no str"])
def test_columns_raises_what_its_twin_raises(case: str) -> None:
    full, empty = _Slotted(), _Slotted()
    full.id, full.source, full.note = 1, "a", None
    empty.id = 2
    objects: Any = [full, empty]
    names: tuple[Any, ...] = ("id", "source")
    if case == "no such attribute":
        objects, names = [_Entry(1, "a")], ("id", "target")
    elif case == "not a list":
        objects = (full,)
    elif case == "a name that is no str":
        names = ("id", 3)
    twin = _raised(lambda: typed._columns(list(objects), names))
    assert twin is not None or case == "not a list"
    raised = _raised(lambda: speedups.native.columns(objects, names))
    assert raised == twin if twin is not None else raised is not None and raised[0] is TypeError


@needs_native
@pytest.mark.parametrize("change", ["clear", "append", "replace"])
def test_columns_reads_its_list_as_its_twin_when_a_getter_changes_it(change: str) -> None:
    """No freed object read, and the list read as the twin's iterator reads it."""
    class Changing:
        source = "c"

        def __init__(self) -> None:
            self.times = 0

        @property
        def id(self) -> int:
            self.times += 1
            if self.times <= 2:  # (once for each way, the same change)
                if change == "clear":
                    objects.clear()
                elif change == "append":
                    objects.append(_Entry(9, "z"))
                else:
                    objects[:] = [_Entry(5, "e")] * 4
            return 7

    def run(columns: Any) -> list[list[Any]]:
        objects[:] = [_Entry(1, "a"), changing, _Entry(2, "b")]
        return columns(objects, ("id", "source"))  # type: ignore[no-any-return]

    objects: list[object] = []
    changing = Changing()
    compiled = run(speedups.native.columns)
    changing.times = 0
    assert compiled == run(typed._columns)


@needs_native
@pytest.mark.parametrize("change", ["objects.clear()", "del objects[1:]", "objects.append(E(7))"])
def test_columns_reads_no_further_than_its_list_when_a_collection_changes_it(change: str) -> None:
    """Its columns' allocations may collect, and a __del__ change the list: read at once only
    where the list still has the length the columns were made for (else a name at a time)."""
    setup = ("class E:\n    __slots__ = ('a', 'b')\n    def __init__(self, i):\n        self.a, self.b = i, -i\n"
             f"objects = [E(i) for i in range(1000)]\ndef change():\n    {change}")
    done = _collected_inside(setup, "(k.columns(objects, ('a', 'b')), [o.a for o in objects])")
    assert done.returncode == 0, done.stderr
    columns, left = eval(done.stdout)  # (lists of ints)
    assert columns[0] == left or columns[0] == list(range(1000))


class _Intercepting:
    __slots__ = ("id",)

    def __getattribute__(self, name: str) -> str:
        return "intercepted"


class _Borrowing:
    """Another type's slot bound to a name of its own (the slot's reader refuses its objects)."""

    id = _Slotted.__dict__["id"]


@needs_native
@pytest.mark.parametrize("make", [_Intercepting, _Borrowing])
def test_columns_reads_a_slot_straight_only_where_the_lookup_would(make: type) -> None:
    objects = [make(), make()]
    if make is _Intercepting:
        object.__setattr__(objects[0], "id", 1)
    assert _raised(lambda: speedups.native.columns(objects, ("id",))) == _raised(lambda: typed._columns(objects, ("id",)))
    if make is _Intercepting:
        assert speedups.native.columns(objects, ("id",)) == [["intercepted", "intercepted"]]


class _Meta(type):
    @property
    def id(cls) -> object:  # (the class's own attribute, looked up through its metaclass: another slot)
        return cls.__dict__["source"]


class _MetaSlotted(metaclass=_Meta):
    __slots__ = ("id", "source")

    def __init__(self) -> None:
        self.id, self.source = "id's", "source's"


def _traceback() -> Any:
    try:
        raise ValueError
    except ValueError as exc:
        return exc.__traceback__


@needs_native
def test_columns_finds_a_slot_where_its_objects_lookup_finds_it_not_its_metaclass() -> None:
    objects = [_MetaSlotted(), _MetaSlotted()]
    assert speedups.native.columns(objects, ("id",)) == typed._columns(objects, ("id",)) == [["id's", "id's"]]


@needs_native
def test_columns_looks_up_from_where_a_getter_changed_the_type() -> None:
    """A getter that binds another attribute to a slot's name: the later objects' lookup finds it."""
    def run(columns: Any) -> list[list[Any]]:
        class Slotted:
            __slots__ = ("id",)

            def __init__(self, id: int) -> None:
                self.id = id

        class Changer:
            @property
            def id(self) -> str:
                Slotted.id = property(lambda self: "replaced")  # type: ignore[assignment, method-assign]
                return "changer"

        return columns([Slotted(1), Changer(), Slotted(3)], ("id",))  # type: ignore[no-any-return]

    assert run(speedups.native.columns) == run(typed._columns) == [[1, "changer", "replaced"]]


@needs_native
def test_columns_reads_an_audited_slot_as_its_lookup_does() -> None:
    """A slot whose read is an audit event (PY_AUDIT_READ: a traceback's tb_frame) is looked up,
    so a hook sees it (and may refuse it). In a child: an audit hook stays until its exit."""
    code = ("import sys\nfrom goldlint import speedups\nfrom goldlint.families.corpus import typed\n"
            "def tb():\n    try:\n        raise ValueError\n    except ValueError as e:\n        return e.__traceback__\n"
            "objects = [tb(), tb()]\n"
            "def hook(event, args):\n    if event == 'object.__getattr__' and args[1] == 'tb_frame':\n        raise RuntimeError('refused')\n"
            "sys.addaudithook(hook)\n"
            "for f in (speedups.native.columns, typed._columns):\n"
            "    try:\n        f(objects, ('tb_frame',)); print('read')\n    except RuntimeError:\n        print('refused')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.split() == ["refused", "refused"], done.stderr


@needs_native
def test_columns_shows_no_half_made_column_to_a_getter() -> None:
    """A getter that walks the collector's objects finds no list with empty items (in a child: a crash is its alone)."""
    code = ("import gc\nfrom goldlint import speedups\n"
            "class Plain:\n    def __init__(self, i):\n        self.i = i\n"
            "class Peek:\n    @property\n    def i(self):\n"
            "        for o in gc.get_objects():\n            if type(o) is list:\n                for item in o:\n                    pass\n        return 1\n"
            "print(speedups.native.columns([Plain(0), Peek(), Plain(2)], ('i',)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "[[0, 1, 2]]", done.stderr


# -- strip_flags, print_flags: bulk._strip_flags, bulk._print_flags ---------------------------

# Every kind of str (1, 2 and 4 bytes a character), every whitespace str.strip takes, the
# unprintable, the edges of the range Cyrillic is looked for in, lone surrogates.
_EDGES = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\x00\x7f\xad\u200b" \
         "\u03ff\u0400\u0430\u047f\u0480\u0500\u07ff\u0800\ud800\udfff\U0001d11e\U000e0001a~é"
_TEXTS = st.lists(st.text(st.sampled_from(_EDGES) | st.characters(), max_size=12), max_size=20)


@needs_native
@settings(max_examples=1000, deadline=None)
@given(_TEXTS)
def test_strip_flags_and_print_flags_give_the_answers_of_their_twins(values: list[str]) -> None:
    assert speedups.native.strip_flags(values) == bulk._strip_flags(values)
    assert speedups.native.print_flags(values) == bulk._print_flags(values)


class _Unequal(str):
    def __eq__(self, other: object) -> bool:
        return False

    __hash__ = str.__hash__


@needs_native
def test_strip_flags_compares_a_str_subclass_by_its_characters_as_its_twin() -> None:
    values = [_Unequal("a"), _Unequal(" a"), _Unequal("")]
    assert speedups.native.strip_flags(values) == bulk._strip_flags(values) == (b"\x01\x01\x00", b"\x01\x00\x01")


@needs_native
def test_strip_flags_and_print_flags_judge_every_character_as_their_twins() -> None:
    every = [chr(c) for c in range(0x110000)]
    for values in (every, [f"ā{c} " for c in every], [f"𝄞{c}a" for c in every[:0x1000]]):
        assert speedups.native.strip_flags(values) == bulk._strip_flags(values)
        assert speedups.native.print_flags(values)[0] == bulk._print_flags(values)[0]
    for c in every[:0x1000]:  # (whether Cyrillic is found: each character alone, after a wide one, after a narrow one)
        for values in ([c], ["ā" + c], ["a", "𝄞" + c]):
            assert speedups.native.print_flags(values)[1] == bulk._print_flags(values)[1], hex(ord(c))


@needs_native
@pytest.mark.parametrize("values", [["\x00ж"], ["ж\x00"], ["ж", "a\u2028ā"], ["\u2028ā", "ж"], ["ā\x00", "bж"]])
def test_print_flags_reads_a_value_on_for_what_it_does_not_know_yet(values: list[str]) -> None:
    """Past an unprintable character while no Cyrillic was found; past Cyrillic while all was printable."""
    assert speedups.native.print_flags(values) == bulk._print_flags(values)


@needs_native
@pytest.mark.parametrize("kernel", ["strip_flags", "print_flags"])
def test_the_text_kernels_take_a_list_of_str_only(kernel: str) -> None:
    with pytest.raises(TypeError):
        getattr(speedups.native, kernel)(("a",))
    with pytest.raises(TypeError):
        getattr(speedups.native, kernel)(["a", 1])
    with pytest.raises(TypeError):
        getattr(bulk, f"_{kernel}")(["a", 1])


# -- buffer_offset: buffer_offsets (by ctypes) -------------------------------------------------

@needs_native
def test_buffer_offset_gives_the_answer_of_its_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    from goldlint.formats import buffer_offsets

    data = b'[{"id": 1},\n  {"id": 22}, "x", []]'
    items = msgspec.json.decode(data, type=list[msgspec.Raw])
    view = memoryview(data)
    parts: list[Any] = [*items, bytes(items[1]), bytearray(data), view, view[5:], view[len(data):], view[3:3], view[:-1], b"",
                        memoryview(b"[" + data)[1:]]
    kernel = speedups.native.buffer_offset
    compiled = [kernel(data, part) for part in parts]
    assert compiled[:4] == [1, 14, 26, 31] and compiled[4:6] == [None, None] and compiled[6:9] == [0, 5, len(data)]
    monkeypatch.setattr(speedups, "native", None)
    twin = buffer_offsets.offsets_in(data)
    assert twin is not None and [twin(part) for part in parts] == compiled
    big = memoryview(b"0123456789" * 10)
    straddling = [(big[:50], big[40:60]), (big[:50], big[40:50]), (big[10:50], big[5:20]), (big[10:50], big[50:50])]
    assert [kernel(whole, part) for whole, part in straddling] == [None, 40, None, 40]
    for whole, part in straddling:
        assert buffer_offsets.offsets_in(whole)(part) == kernel(whole, part)  # type: ignore[misc]
    for not_a_buffer in (3, "x"):
        with pytest.raises(TypeError):
            twin(not_a_buffer)
        with pytest.raises(TypeError):
            kernel(data, not_a_buffer)


# -- plain_keys: bulk._plain_keys; strs: bulk._strs --------------------------------------------

_SOURCE = st.text(st.sampled_from("ab Z\x00\t\x7f~é\u00a0"), max_size=6)


@needs_native
@settings(max_examples=2000, deadline=None)
@given(st.lists(_SOURCE, max_size=6), st.integers(-1, 2))
def test_plain_keys_gives_the_answer_of_its_twin(sources: list[str], off: int) -> None:
    joined = bulk.joined_sources(sources)
    n = len(sources) + (off if off != 2 else 0)
    assert speedups.native.plain_keys(joined, n) is bulk._plain_keys(joined, n)


@settings(max_examples=2000, deadline=None)
@given(st.lists(_SOURCE, max_size=6))
def test_where_plain_keys_says_so_each_source_is_its_own_key(sources: list[str]) -> None:
    """The shortcut is sound: what the twin (so the kernel) calls plain, the pure way keys so, and
    normalise_source, one source at a time, agrees."""
    joined = bulk.joined_sources(sources)
    if bulk._plain_keys(joined, len(sources)):
        assert [normalise_source(s) for s in sources] == sources
    assert bulk.normalised(sources, joined) == [normalise_source(s) for s in sources]


@needs_native
@pytest.mark.parametrize(("joined", "n"), [("", 1), ("", 0), ("a", 1), ("a\x00b", 2), ("a\x00", 2), ("\x00a", 2), ("a b", 1), ("a  b", 1),
                                           (" a", 1), ("a ", 1), ("a\x00 b", 2), ("A", 1), ("a\x7f", 1), ("a\x1f", 1), ("é", 1), ("a\x00\x00b", 3)])
def test_plain_keys_at_the_edges(joined: str, n: int) -> None:
    assert speedups.native.plain_keys(joined, n) is bulk._plain_keys(joined, n)
    for far in (2**63, 2**70, -(2**70), -(2**63)):  # (counts at and beyond 64 bits: no text has so many pieces)
        assert speedups.native.plain_keys(joined, far) is bulk._plain_keys(joined, far) is False


@needs_native
@settings(max_examples=1000, deadline=None)
@given(st.lists(st.text(st.sampled_from("abcdefgh ") | st.sampled_from("Z\t\x7f~\x00"), max_size=40), min_size=1, max_size=12))
def test_plain_keys_gives_the_answer_of_its_twin_over_many_blocks(sources: list[str]) -> None:
    """Texts of several sixteen-byte blocks: what the vector loop reads, and the tail after it."""
    joined = bulk.joined_sources(sources)
    assert speedups.native.plain_keys(joined, len(sources)) is bulk._plain_keys(joined, len(sources))


@needs_native
@pytest.mark.parametrize("defect", [" ", "  ", "\x00", "\x00\x00", "A", "Z", "@", "[", "\x1f", "\x7f", "\t", " \x00", "\x00 "])
def test_plain_keys_finds_a_defect_wherever_it_stands(defect: str) -> None:
    """At every place of a 70-character text: in any lane of a block, across two, in the tail."""
    words = "plain words in a row of many blocks for the vector loop to read xy"
    for at in range(len(words) + 1):
        joined = words[:at] + defect + words[at:]
        for n in (1, 2, 3):
            assert speedups.native.plain_keys(joined, n) is bulk._plain_keys(joined, n), (at, n)


class _Str(str):
    pass


@needs_native
@settings(max_examples=500, deadline=None)
@given(st.lists(st.none() | st.text(max_size=3) | st.integers() | st.builds(_Str, st.text(max_size=2)), max_size=30))
def test_strs_gives_the_answer_of_its_twin(values: list[object]) -> None:
    assert speedups.native.strs(values) == bulk._strs(values)
