"""``goldlint serve``: the language server, a face on the same engine as the CLI.

Layout (one concern a module):

- :mod:`.command` the typer command body (stdio by default, ``--tcp``);
- :mod:`.server` the pygls server (public pygls API): documents, publishing, wiring of the features;
- :mod:`.frames` the transport: frames read so that a bad one never silences the server (stdio, TCP);
- :mod:`.pygls_adapter` the one place past pygls's public API: document sync kept out of pygls's copy;
- :mod:`.encoding` and :mod:`.textbuffer` positions in the negotiated encoding, edits;
- :mod:`.checker` when checks run (debounce, incremental JSON Lines, stale results dropped);
- :mod:`.configs` the project's config, re-read when it changes;
- :mod:`.convert` core diagnostics and fixes to LSP types;
- :mod:`.pathat` the JSON / YAML / TSV path at the cursor, in half-typed buffers;
- features: :mod:`.diagnostics`, :mod:`.code_actions`, :mod:`.completion`, :mod:`.hover`,
  :mod:`.symbols`, with :mod:`.schema_docs` for the JSON Schemas' field descriptions.
"""

from __future__ import annotations
