"""Run a command as a user who cannot read a ``chmod 000`` file, also where the tests run as root.

Root reads any file through the capabilities ``CAP_DAC_OVERRIDE`` and ``CAP_DAC_READ_SEARCH``;
``setpriv`` (util-linux) drops them from the bounding set, so the command it starts lacks them
and meets the same refusal a user does. None when neither holds (root without ``setpriv``).
"""

from __future__ import annotations

import os
import shutil

_DROP = ["--bounding-set", "-dac_override,-dac_read_search,-fowner", "--inh-caps", "-all", "--"]


def unprivileged(command: list[str]) -> list[str] | None:
    if os.name != "posix" or os.geteuid() != 0:
        return command
    setpriv = shutil.which("setpriv")
    return [setpriv, *_DROP, *command] if setpriv else None
