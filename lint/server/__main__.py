"""``python -m goldlint.server``: the language server, without going through the CLI."""

import typer

from goldlint.server.command import serve

if __name__ == "__main__":
    typer.run(serve)
