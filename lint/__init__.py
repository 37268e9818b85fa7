"""goldlint: lint, fix and score the gold files of NLP and speech evaluation sets."""

__version__ = "0.3.0"
