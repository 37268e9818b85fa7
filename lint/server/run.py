"""Start the language server (stdio by default, or TCP): the work of ``goldlint serve``,
free of the CLI framework (an editor starts the server with every file it opens a project
with: the CLI's import is not its to pay)."""

from __future__ import annotations

import logging
import sys


class BadLogLevel(ValueError):
    pass


def run_server(tcp: bool = False, host: str = "127.0.0.1", port: int = 2087, log_level: str = "warning") -> None:
    level = getattr(logging, log_level.upper(), None)
    if not isinstance(level, int):
        raise BadLogLevel(f"unknown log level `{log_level}`")
    from goldlint.server.server import ClientLogHandler, create_server

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
