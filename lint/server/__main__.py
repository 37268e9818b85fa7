"""``python -m goldlint.server``: the language server, without going through the CLI (options: ``goldlint serve --help``)."""

import sys

if __name__ == "__main__":
    if sys.argv[1:]:
        import typer

        from goldlint.server.command import serve

        typer.run(serve)
    else:
        from goldlint.server.run import run_server

        run_server()
