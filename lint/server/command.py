"""``goldlint serve``: start the language server (stdio by default, or TCP).

Written as a typer command body; the CLI registers it with ``app.command()(serve)``. The
work is :func:`goldlint.server.run.run_server`, which ``goldlint serve`` with no options and
``python -m goldlint.server`` reach without typer (see :mod:`goldlint.launch`).
"""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    tcp: Annotated[bool, typer.Option("--tcp", help="Listen on a TCP socket instead of talking over stdin/stdout.")] = False,
    host: Annotated[str, typer.Option(help="Address to listen on with --tcp.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on with --tcp (0: any free port, named in the log).", min=0, max=65535)] = 2087,
    log_level: Annotated[str, typer.Option("--log-level", help="Server log level on stderr: debug, info, warning, error.")] = "warning",
) -> None:
    """Run the goldlint language server for editors (diagnostics, quick fixes, completion, hover, symbols)."""
    from goldlint.server.run import BadLogLevel, run_server

    try:
        run_server(tcp, host, port, log_level)
    except BadLogLevel as exc:
        raise typer.BadParameter(str(exc), param_hint="--log-level") from None
