"""The names detection reads are the declaration's (issue 18: detection imports no declaration).

``goldlint.families.detection_names`` writes what a declaration's ``DETECTION_NAMES`` derives
into the kind's ``detect_names.py``; a declaration changed without rewriting them would let
detection judge files by stale names. Run ``python -m goldlint.families.detection_names``.
"""

from __future__ import annotations

from importlib import import_module

import pytest

from goldlint.families import detection_names


@pytest.mark.parametrize("package", detection_names.PACKAGES)
def test_the_written_names_are_the_declarations(package: str) -> None:
    written = detection_names.path_of(package).read_text(encoding="utf-8")
    assert written == detection_names.render(package), "run `python -m goldlint.families.detection_names`"
    declared = detection_names.declared(package)
    module = import_module(f"goldlint.families.{package}.detect_names")
    assert {name: getattr(module, name) for name in declared} == declared
