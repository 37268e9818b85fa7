"""COR101–COR119: every rule's failing and passing cases, with exact positions (``cases.yaml``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from caserunner import (  # this folder is on sys.path (pytest rootdir-less import)
    load_cases,
    run_case,
)

HERE = Path(__file__).parent


@pytest.mark.parametrize("case", load_cases(HERE / "cases.yaml"))
def test_corpus_case(case: dict[str, Any], tmp_path: Path) -> None:
    run_case(case, tmp_path)
