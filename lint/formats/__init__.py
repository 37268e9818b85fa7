"""Position-aware readers: JSON, JSONL, YAML and TSV documents."""
