"""The project's config as the server sees it: found like the CLI finds it, re-read when it changes.

:func:`goldlint.config.load` caches by path for the life of a CLI run; a server lives
longer than one edit of ``goldlint.yaml``. So each look-up compares the config file's
modification time and size with what was loaded, and reloads when they differ (a few
``stat`` calls per check). Watched-file notifications and saves of a config file only
make the change visible sooner (every open document is checked again).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path

from goldlint import config as cfg

log = logging.getLogger(__name__)


def is_config_file(path: Path) -> bool:
    return path.name in cfg.CONFIG_NAMES


@dataclass(frozen=True, slots=True)
class ConfigProblem:
    path: Path
    line: int  # 1-based
    column: int  # 1-based
    message: str
    more: tuple[cfg.ConfigProblem, ...] = ()  # the config's other problems, each shown at its place

    @property
    def all(self) -> tuple[cfg.ConfigProblem, ...]:
        return (cfg.ConfigProblem(self.line, self.column, self.message), *self.more)


class Configs:
    def __init__(self) -> None:
        self._loaded: dict[Path, tuple[tuple[int, int], cfg.Loaded | ConfigProblem]] = {}
        self._lock = threading.Lock()

    def for_file(self, file: Path) -> tuple[cfg.Loaded, ConfigProblem | None]:
        """The config for a gold file, and the problem of its config file if it is broken
        (the defaults are used then, so the file is still checked)."""
        try:
            found = cfg.find_config(file)
        except (OSError, ValueError):  # ValueError: a path no file can have (a NUL escaped in the URI)
            found = None
        if found is None:
            try:
                root = file.parent.resolve()
            except (OSError, ValueError):
                root = file.parent
            return cfg.Loaded(cfg.Settings(), None, root), None
        entry = self._load(found)
        if isinstance(entry, ConfigProblem):
            return cfg.Loaded(cfg.Settings(), None, found.parent), entry
        return entry, None

    def problem(self, config_file: Path) -> ConfigProblem | None:
        entry = self._load(config_file.resolve())
        return entry if isinstance(entry, ConfigProblem) else None

    def invalidate(self, path: Path | None = None) -> None:
        with self._lock:
            if path is None:
                self._loaded.clear()
            else:
                self._loaded.pop(path.resolve(), None)
        cfg.load.cache_clear()

    def _load(self, path: Path) -> cfg.Loaded | ConfigProblem:
        try:
            st = path.stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = (-1, -1)
        with self._lock:
            cached = self._loaded.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
        try:
            entry: cfg.Loaded | ConfigProblem = cfg.read(path)
        except cfg.ConfigError as exc:
            log.warning("bad config %s", exc)
            entry = ConfigProblem(exc.path, exc.line, exc.column, exc.message, exc.problems[1:])
        with self._lock:
            if cached is not None:
                log.info("config %s changed: reloaded", path)
            self._loaded[path] = (stamp, entry)
        return entry
