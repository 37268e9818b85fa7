"""The names detecting the slu kind reads, as its declaration (:mod:`.declaration`) derives them.

Written by ``python -m goldlint.families.detection_names`` (detection may not import the
declaration, which names the rules); ``tests/test_detection_names.py`` holds it equal. Do not edit."""

RECORD_KEYS: tuple[str, ...] = ('instruction', 'inputs', 'meta')
