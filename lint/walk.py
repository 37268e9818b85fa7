"""The files under a folder, in a stable order, at any depth.

``os.walk`` recurses once per folder level (10,000 nested folders exhaust Python's stack);
this walk keeps its own stack. Order: a folder's files sorted by name, then each subfolder
in name order, depth first (what ``os.walk`` gives with sorted names). Hidden folders,
``node_modules`` and ``__pycache__`` are not entered, nor are links to folders (a link loop
cannot trap it); a folder that cannot be listed (no permission, or a path longer than the
system takes: some 2,000 levels down) is given to ``unlisted``, for the caller to report.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__"})


def files_under(root: Path, unlisted: Callable[[Path], None] | None = None) -> Iterator[Path]:
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(folder) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError:
            if unlisted is not None:
                unlisted(Path(folder))
            continue
        subfolders = []
        for entry in listed:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_folder = False
            if is_folder:
                if not entry.name.startswith(".") and entry.name not in SKIPPED_FOLDERS:
                    subfolders.append(entry.path)
            else:
                yield Path(entry.path)
        stack.extend(reversed(subfolders))
