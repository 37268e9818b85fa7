"""The language table answers exactly what langcodes answers (issue 18: a harness corpus's
one-file check reads its codes and names from ``langtable.tsv`` instead of importing
langcodes). The table is rewritten by ``python -m goldlint.families.corpus.langtable``."""

from __future__ import annotations

import itertools
import random
import string

import langcodes
import pytest

from goldlint.families.corpus import langtable, langtags


def _standardize(code: str) -> str | None:
    try:
        return str(langcodes.standardize_tag(code))
    except (ValueError, langcodes.tag_parser.LanguageTagError):
        return None


def test_the_table_is_what_the_installed_langcodes_answers() -> None:
    assert langtable.TABLE.read_text(encoding="utf-8") == langtable.render(), "run `python -m goldlint.families.corpus.langtable`"


def test_every_two_or_three_letter_code_in_any_case_standardizes_as_langcodes_does() -> None:
    codes = ["".join(letters) for length in (2, 3) for letters in itertools.product(string.ascii_lowercase, repeat=length)]
    for code in codes:
        for written in (code, code.upper(), code.title()):
            assert langtable.standard_code(written) == _standardize(written), written
    # every mixed case of the codes the table lists, and of a sample of the rest
    listed = [line[1:].split("\t")[0] for line in langtable.TABLE.read_text(encoding="utf-8").splitlines() if line.startswith("=")]
    for code in listed + random.Random(18).sample(codes, 300):
        for cases in itertools.product((str.lower, str.upper), repeat=len(code)):
            written = "".join(case(c) for case, c in zip(cases, code, strict=True))
            assert langtable.standard_code(written) == _standardize(written), written


@pytest.mark.parametrize("code", ["", "e", "engl", "en-GB", "ẽn", "e1", "\u212aa"])  # (K: the Kelvin sign, which lower-cases to k)
def test_other_strings_are_left_to_langcodes(code: str) -> None:
    assert langtable.standard_code(code) is None
    assert langtags._standardize(code) == _standardize(code)


@pytest.mark.parametrize("name", ["English", "Shona", "Luganda", "Plains Cree", "english", "Hakka dialect", "Français", "Klingonese", "a\tb", ""])
def test_a_name_is_what_langcodes_finds(name: str) -> None:
    try:
        expected: str | None = str(langcodes.find(name).language)
    except LookupError:
        expected = None
    assert langtags.language_for_name(name) == expected
