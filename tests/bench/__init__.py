"""goldlint's benchmark: ``python -m tests.bench`` (see README.md). Not collected by pytest."""
