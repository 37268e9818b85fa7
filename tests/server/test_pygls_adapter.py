"""goldlint.server.pygls_adapter reaches past pygls's public API (see its docstring): these
tests pin what it touches to the pygls it runs with, so that an upgrade that renames or
reshapes any of it fails here, by name, rather than as a server that silently keeps a second
copy of every document or never sees an edit."""

from __future__ import annotations

import inspect
import re
from importlib.metadata import version
from pathlib import Path

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method

from goldlint.server.pygls_adapter import REPLACED, GoldlintProtocol
from goldlint.server.server import create_server


def test_pygls_is_a_version_the_adapter_was_written_for() -> None:
    major = int(version("pygls").split(".")[0])
    assert major == 2, "pyproject allows pygls>=2.0,<3: re-read goldlint/server/pygls_adapter.py against this pygls"


def test_the_replaced_handlers_exist_in_pygls_under_these_names_and_methods() -> None:
    for method, name in REPLACED.items():
        builtin = getattr(LanguageServerProtocol, name, None)
        assert builtin is not None, f"pygls no longer has {name}"
        assert getattr(builtin, "method_name", None) == method, f"pygls's {name} no longer handles {method}"
        assert inspect.isgeneratorfunction(builtin), f"pygls's {name} is no longer a generator handler"
        assert list(inspect.signature(builtin).parameters) == ["self", "params"]


def test_lsp_method_marks_a_builtin_by_method_name() -> None:
    @lsp_method("x/y")
    def handler(self: object, params: object) -> None: ...

    assert getattr(handler, "method_name", None) == "x/y"


def test_the_server_runs_goldlints_handlers_not_pyglss() -> None:
    server = create_server()
    assert isinstance(server.protocol, GoldlintProtocol)
    builtins = server.protocol.fm.builtin_features
    for method, name in REPLACED.items():
        assert builtins[method].__func__ is getattr(GoldlintProtocol, name), f"{method} still runs pygls's handler"
    # what the handlers look up: the features registered with @server.feature, by method
    assert callable(server.protocol.fm.features[types.TEXT_DOCUMENT_DID_CHANGE])


def test_a_change_reaches_goldlints_handler_and_no_copy_is_kept_by_pygls() -> None:
    server = create_server()
    seen: list[object] = []
    server.protocol.fm.features[types.TEXT_DOCUMENT_DID_CHANGE] = seen.append
    params = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri="file:///never-opened.jsonl", version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=99, character=0), end=types.Position(line=0, character=0)), text="x")],
    )
    steps = server.protocol.lsp_text_document__did_change(params)
    handler, args, kwargs = next(steps)  # pygls's generator protocol: (handler, args, kwargs) to run
    handler(*args)
    assert seen == [params]  # a reversed range on a document pygls never saw: still handed over


def _pygls_private_names() -> set[str]:
    """Every underscore name pygls and lsprotocol define or set (``def _x``, ``self._x``, ``class _X``)."""
    import lsprotocol
    import pygls

    defined = re.compile(r"(?:def |self\.|class )(_[A-Za-z]\w*)")
    names: set[str] = set()
    for package in (pygls, lsprotocol):
        for source in Path(package.__file__).parent.rglob("*.py"):
            names.update(defined.findall(source.read_text(encoding="utf-8")))
    return names


def test_no_other_server_module_reaches_past_pyglss_public_api() -> None:
    """The adapter is the only place: elsewhere in goldlint.server no private pygls name is
    used or overridden (a method, indented; goldlint's own module-level ``_converter`` is
    no override), no built-in handler replaced, no hook of pygls's internals overridden."""
    names = "|".join(sorted(_pygls_private_names()))
    private = re.compile(rf"\.({names})\b|^\s+def ({names})\b|^\s+({names}):|\blsp_method\b|def lsp_\w+"
                         r"|def (get_message_type|structure_message|handle_message)\b|\.fm\.\w+", re.MULTILINE)
    package_dir = Path(inspect.getfile(GoldlintProtocol)).parent
    found = {
        f"{source.name}:{text.count(chr(10), 0, hit.start()) + 1}: {hit.group(0).strip()}"
        for source in package_dir.glob("*.py") if source.name != "pygls_adapter.py"
        for text in [source.read_text(encoding="utf-8")] for hit in private.finditer(text)
    }
    assert not found, sorted(found)
