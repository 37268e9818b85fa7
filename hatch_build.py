"""The wheel's build hook: the compiled kernels (``native/``) go into the wheel beside the package.

Where the building machine cannot compile them (no C compiler, or Windows), the hook says so and
the wheel is pure Python: goldlint then runs the kernels' pure-Python twins (``goldlint.speedups``).
``GOLDLINT_PURE_WHEEL=1`` builds the pure wheel on purpose.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _native_build() -> Any:
    spec = importlib.util.spec_from_file_location("goldlint_native_build", Path(__file__).parent / "native" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class NativeKernels(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or os.environ.get("GOLDLINT_PURE_WHEEL"):
            return  # (an editable install runs the source tree: the pure-Python twins)
        build = _native_build()
        self._out = tempfile.TemporaryDirectory(prefix="goldlint-native-")
        try:
            built = build.compile_module(Path(self._out.name))
        except build.NoCompiler as exc:
            self.app.display_warning(f"goldlint: the compiled kernels are not built, the wheel is pure Python ({exc})")
            return
        build_data["force_include"][str(built)] = built.name
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out = getattr(self, "_out", None)
        if out is not None:
            out.cleanup()
