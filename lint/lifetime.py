"""What a one-shot command need not free.

A command run from the console script leaves with ``os._exit`` once its output is flushed
(:mod:`goldlint.launch`), and its memory goes back to the system at once. Freeing what the
check of its last file built (a hundred thousand typed entries, their columns, the items'
views of the bytes) is then work for nothing: 3% of the instructions of checking a
100,000-entry corpus. So a check hands what it has done with to :func:`keep`, which holds it
only in such a process (:func:`until_exit`) and only for the last file it checks
(:func:`last_file`): every earlier file's objects are freed as usual, and the cyclic
collector goes on seeing them; so is the last file's before any work that follows its check
and builds as much (:func:`release`: the dataset's checks), so no more is held at once than
before. What is held is then frozen (:func:`freeze_held`): the collections that the output's
allocations trigger would otherwise visit every item of every list held. Anywhere else (the
language server, a pool's worker, the tests, a library caller) :func:`keep` holds nothing.
"""

from __future__ import annotations

import gc

_held: list[tuple[object, ...]] | None = None  # None: free as usual
_last = False  # the file being checked is the process's last


def until_exit() -> None:
    """This process leaves with ``os._exit`` after its command."""
    global _held
    _held = []


def last_file() -> None:
    """The check that starts now is the command's last."""
    global _last
    _last = True


def keep(*objects: object) -> None:
    """``objects`` are no longer needed by the check: held until the exit, where that is safe."""
    if _last and _held is not None:
        _held.append(objects)


def release() -> None:
    """The command goes on past its files' checks to work of the size of one (the dataset's
    checks, which read each file again): what the last check left held is freed now, so that
    the two are not held at once (:func:`keep` holds nothing more)."""
    global _held, _last
    if _held:
        _held = []
    _last = False


def freeze_held() -> None:
    """The last check is over: what it left held (and all else alive) out of the collector's sight."""
    if _held:
        gc.freeze()
