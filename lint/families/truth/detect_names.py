"""The names detecting the truth kind reads, as its declaration (:mod:`.declaration`) derives them.

Written by ``python -m goldlint.families.detection_names`` (detection may not import the
declaration, which names the rules); ``tests/test_detection_names.py`` holds it equal. Do not edit."""

COLUMN_NAMES: tuple[str, ...] = ('speaker', 'codedWvnm', 'transcription', 'annotation', 'intent')
