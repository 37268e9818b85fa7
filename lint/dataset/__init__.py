"""Checks across the files of a dataset: the same item in two splits, duplicates, label conflicts.

A dataset is what one run sees of a kind in a folder — two files or more —, each in a split (:mod:`.splits`). Each
kind that takes part says which text an item contributes and what its labels are (its
family's ``items.py``); :mod:`.collect` reads the files into compact items (hashes, never
texts) with their positions, and :mod:`.check` compares them (rules DS101–DS104, :mod:`.rules`);
near-duplicates across splits (DS109, off unless a threshold is set: :mod:`goldlint.dataset_options`) are
found by MinHash and LSH banding and verified exactly (:mod:`.near`).
"""
