"""The declared names that detecting a kind reads, written out where detection may import them.

Detection tries every kind's ``detect`` on a file until one accepts it, so a detect module
must import nothing of a family's checks: not its declaration either, which names the rule
of each violation (importing it loads the family's rule rows into every other kind's
one-file check; issue 18). A declaration that detection reads from says which names, derived
from its fields, in ``DETECTION_NAMES``; this module writes them as constants into the kind's
``detect_names.py``, and ``tests/test_detection_names.py`` holds each file equal to what it
writes. After changing such a declaration: ``python -m goldlint.families.detection_names``.
"""

from __future__ import annotations

from pathlib import Path

PACKAGES = ("corpus", "slu", "truth")  # the kinds whose detection reads declared names


def declared(package: str) -> dict[str, tuple[str, ...]]:
    """The names a kind's declaration derives for its detection (imports the declaration)."""
    from goldlint.families.corpus import declaration as corpus
    from goldlint.families.slu import declaration as slu
    from goldlint.families.truth import declaration as truth

    return {"corpus": corpus.DETECTION_NAMES, "slu": slu.DETECTION_NAMES, "truth": truth.DETECTION_NAMES}[package]


def path_of(package: str) -> Path:
    return Path(__file__).resolve().parent / package / "detect_names.py"


def render(package: str) -> str:
    names = declared(package)
    lines = [
        f'"""The names detecting the {package} kind reads, as its declaration (:mod:`.declaration`) derives them.',
        "",
        "Written by ``python -m goldlint.families.detection_names`` (detection may not import the",
        'declaration, which names the rules); ``tests/test_detection_names.py`` holds it equal. Do not edit."""',
        "",
    ]
    lines += [f"{name}: tuple[str, ...] = {value!r}" for name, value in names.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    for package in PACKAGES:
        path_of(package).write_text(render(package), encoding="utf-8")


if __name__ == "__main__":
    main()
