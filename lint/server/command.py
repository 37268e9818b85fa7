"""``goldlint serve``: start the language server (stdio by default, or TCP).

Written as a typer command body; the CLI registers it with ``app.command()(serve)``.
``python -m goldlint.server`` runs the same command without the rest of the CLI.
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated

import typer


def serve(
    tcp: Annotated[bool, typer.Option("--tcp", help="Listen on a TCP socket instead of talking over stdin/stdout.")] = False,
    host: Annotated[str, typer.Option(help="Address to listen on with --tcp.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on with --tcp (0: any free port, named in the log).", min=0, max=65535)] = 2087,
    log_level: Annotated[str, typer.Option("--log-level", help="Server log level on stderr: debug, info, warning, error.")] = "warning",
) -> None:
    """Run the goldlint language server for editors (diagnostics, quick fixes, completion, hover, symbols)."""
    from goldlint.server.server import ClientLogHandler, create_server

    level = getattr(logging, log_level.upper(), None)
    if not isinstance(level, int):
        raise typer.BadParameter(f"unknown log level `{log_level}`", param_hint="--log-level")
    # Logs go to stderr (stdout is the protocol's channel with stdio) and, from goldlint's
    # own loggers, to the client's log; pygls' own chatter only from warnings up.
    logging.basicConfig(level=max(level, logging.WARNING), stream=sys.stderr, format="goldlint-server %(levelname)s %(name)s: %(message)s")
    logging.getLogger("pygls.server").setLevel(logging.INFO)  # "Serving on (host, port)" names the port
    server = create_server()
    own = logging.getLogger("goldlint")
    own.setLevel(min(level, logging.INFO))
    own.addHandler(ClientLogHandler(server))
    if tcp:
        server.start_tcp(host, port)
    else:
        server.start_io()
