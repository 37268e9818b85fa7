"""The bare parse as a whole process: ``python tests/bench/parse_cli.py MEASURE FILE``.

The baseline of every whole-process case (``goldlint check``, jsonvet, check-jsonschema):
a fresh interpreter that imports the parser and parses the file, nothing else — a user
pays start-up for both, so the ratio compares what they feel. Run as a script (not ``-m``):
only :mod:`baselines` is imported beside it, not the benchmark package.
"""

from __future__ import annotations

import sys

import baselines  # type: ignore[import-not-found]  # (this script's own folder is first on sys.path)

TARGETS = {"orjson-lines": baselines.orjson_lines, "orjson-whole": baselines.orjson_whole, "yaml-load": baselines.yaml_load,
           "tsv-orjson": baselines.tsv_orjson, "conll-split": baselines.conll_split, "conll-read": baselines.conll_read,
           "conll-split-folder": baselines.conll_split_folder}

if __name__ == "__main__":
    TARGETS[sys.argv[1]](sys.argv[2])
