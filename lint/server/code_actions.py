"""Code actions: every fix as a quick fix on its diagnostic; ``source.fixAll.goldlint``.

A quick fix's title says whether it is safe (``Fix: ...``) or needs a human
(``Fix (unsafe): ...``); safe ones are marked preferred. A diagnostic with alternative fixes
(a choice only a human can make) gets one quick fix per choice. "Fix all" applies only the safe
fixes, the way ``goldlint check --fix`` does (check, fix, check again until nothing is
left to fix), and answers with one edit of the part of the text that changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from goldlint.diagnostics import Fix
from goldlint.engine import check_text
from goldlint.fixes import fix_until_stable
from goldlint.server.convert import Edits, Item, text_edits, whole_text_edit

if TYPE_CHECKING:
    from goldlint.server.documents import DocState
    from goldlint.server.server import GoldlintServer

FIX_ALL = "source.fixAll.goldlint"


def _wanted(kind: str, only: list[str] | None) -> bool:
    if not only:
        return True
    return any(o == "" or kind == o or kind.startswith(o + ".") for o in only)


def _overlaps(item: Item, rng: types.Range) -> bool:
    r = item.lsp.range
    start, end = (r.start.line, r.start.character), (r.end.line, r.end.character)
    lo, hi = (rng.start.line, rng.start.character), (rng.end.line, rng.end.character)
    return start <= hi and lo <= end


def register(server: GoldlintServer) -> None:
    options = types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL])

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION, options)
    async def code_actions(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        state = server.doc(params.text_document.uri)
        if state is None:
            return None
        only = [str(getattr(k, "value", k)) for k in params.context.only] if params.context.only else None
        actions: list[types.CodeAction] = []
        if _wanted(types.CodeActionKind.QuickFix.value, only):
            asked = {(d.code, d.range.start.line, d.range.start.character) for d in params.context.diagnostics}
            for item in state.items:
                if (item.edits is None or item.diag.fix is None) and not item.others:
                    continue
                key = (item.diag.code, item.lsp.range.start.line, item.lsp.range.start.character)
                if key in asked or _overlaps(item, params.range):
                    actions.extend(quick_fixes(state, item, server.encoding))
        if _wanted(FIX_ALL, only) and any(i.applicability == "safe" for i in state.items):
            action = await fix_all(server, state)
            if action is not None:
                actions.append(action)
        return actions or None


def quick_fixes(state: DocState, item: Item, encoding: str) -> list[types.CodeAction]:
    """The item's fix (preferred when safe), then each alternative for a human to choose."""
    fixes = [(item.diag.fix, item.edits)] if item.diag.fix is not None and item.edits is not None else []
    fixes += item.others
    return [_action(state, item, fix, edits, encoding) for fix, edits in fixes]


def _action(state: DocState, item: Item, fix: Fix, edits: Edits, encoding: str) -> types.CodeAction:
    safe = fix.applicability == "safe"
    label = "Fix" if safe else "Fix (unsafe)"
    return types.CodeAction(
        title=f"{label}: {fix.message} ({item.diag.code})",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[item.lsp],
        is_preferred=safe and fix is item.diag.fix,
        edit=types.WorkspaceEdit(changes={state.uri: text_edits(edits, state.buffer, encoding)}),
    )


async def fix_all(server: GoldlintServer, state: DocState) -> types.CodeAction | None:
    text, revision, path, fmt = state.text, state.revision, state.path, state.fmt
    loaded, _ = await server.blocking(server.configs.for_file, path)

    def run() -> str:
        def check(t: str) -> list:  # type: ignore[type-arg]
            return check_text(path, t, loaded, explicit=False, fmt=fmt).diagnostics

        return fix_until_stable(text, check, unsafe=False)[0]

    new_text = await server.blocking(run)
    if new_text == text or state.revision != revision:
        return None
    edit = whole_text_edit(text, new_text, state.buffer, server.encoding)
    return types.CodeAction(
        title="goldlint: fix all safe problems",
        kind=FIX_ALL,
        edit=types.WorkspaceEdit(changes={state.uri: [edit]}),
    )
