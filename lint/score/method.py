"""The method settings a run card records (seed 002 §3.1–§3.2), from flags or a YAML file.

``--method FILE.yaml`` gives them all at once (keys as the card writes them); the flags
``--model-slug``, ``--condition``, ``--temperature``, ``--system-prompt FILE`` and
``--method-class`` override the file. A problem is a :class:`MethodError` (bad usage).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from goldlint.suggest import did_you_mean


class MethodError(Exception):
    """The method settings are incomplete or wrong: exit 2 with this message."""


class MethodSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model_slug: str | None = None
    model_id: str | None = None
    condition: str | None = None
    temperature: float | None = None
    system_prompt: str | None = None  # the prompt text itself
    system_prompt_file: str | None = None  # or a file holding it (relative to the YAML file)
    method_class: str | None = None
    max_tokens: int | None = None
    batch_size: int | None = None
    concurrency: int | None = None
    max_retries: int | None = None
    tools_enabled: bool | list[str] | None = None
    coaching_data_sha256: str | None = None
    fst_version: str | None = None
    run_id: str | None = None
    timestamp: str | None = None
    elapsed_seconds: float | None = Field(default=None, ge=0)
    harness_version: str | None = None
    human_validation: dict[str, Any] | list[Any] | None = None
    verification_tier: str | None = None
    method_card: dict[str, Any] | None = None


def load_method(path: Path) -> tuple[MethodSettings, Path]:
    """Settings from a YAML (or JSON) file read with goldlint's YAML reader; its folder."""
    from goldlint.formats.yaml_doc import YamlDocument

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MethodError(f"{path}: cannot read the method file: {exc}") from exc
    doc = YamlDocument(str(path), text)
    if doc.findings:
        span = doc.resolve([doc.findings[0].where])[0]
        where = f"{span.start.line}:{span.start.column}" if span else "1:1"
        raise MethodError(f"{path}:{where}: {doc.findings[0].message}")
    data = doc.root if doc.root is not None else {}
    if not isinstance(data, dict):
        raise MethodError(f"{path}: the method file must be a mapping of settings")
    try:
        return MethodSettings.model_validate(data), path.parent
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        hint = did_you_mean(str(err["loc"][0]), list(MethodSettings.model_fields)) if err["type"] == "extra_forbidden" else ""
        raise MethodError(f"{path}: `{key}`: {err['msg']}{hint}") from exc


def settings_from(method: Path | None, model_slug: str | None, condition: str | None, temperature: float | None,
                  system_prompt: Path | None, method_class: str | None) -> MethodSettings:
    """The file's settings with the flags on top; the system prompt read into the settings."""
    settings, base = load_method(method) if method is not None else (MethodSettings(), Path.cwd())
    update: dict[str, Any] = {k: v for k, v in (("model_slug", model_slug), ("condition", condition), ("temperature", temperature),
                                                ("method_class", method_class)) if v is not None}
    if system_prompt is not None:
        update["system_prompt"] = _read(system_prompt)
        update["system_prompt_file"] = None
    elif settings.system_prompt_file and settings.system_prompt is None:
        file = Path(settings.system_prompt_file)
        update["system_prompt"] = _read(file if file.is_absolute() else base / file)
    settings = settings.model_copy(update=update)
    missing = [flag for flag, value in (("--model-slug", settings.model_slug), ("--condition", settings.condition),
                                        ("--temperature", settings.temperature)) if value is None]
    if missing:
        raise MethodError(f"a corpus run card needs {', '.join(missing)} (or the same keys in --method FILE.yaml)")
    if settings.method_class is not None:
        from goldlint.families.runcard.vocab import METHOD_CLASSES

        if settings.method_class not in METHOD_CLASSES:
            raise MethodError(f"method class `{settings.method_class}` is not one of {', '.join(METHOD_CLASSES)}"
                              f"{did_you_mean(settings.method_class, list(METHOD_CLASSES))}")
    return settings


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MethodError(f"{path}: cannot read the system prompt: {exc}") from exc
