"""The NLU ontology truth files and test configs are checked against (optional, from config).

A JSON or YAML file. Either a plain mapping of each intent to the entities it may carry::

    {"ORDER_COFFEE": ["COFFEE_SIZE", "COFFEE_TYPE"], "SEND_NOTE": ["PERSON"]}

or with the entities described; an entity whose ``isA`` is ``nuance_CALENDARX`` is a
calendar entity (TRU108)::

    intents:
      ORDER_COFFEE: [COFFEE_SIZE, COFFEE_TYPE]
      SET_BIRTHDAY: [BIRTH_DATE]
    entities:
      BIRTH_DATE: {isA: nuance_CALENDARX}
      COFFEE_SIZE: {}

Used by ``truth`` (TRU106, TRU107, TRU108) and ``mix-config`` (MXC105), both with the
config key ``ontology`` (a path relative to the config file).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from stat import S_ISREG
from types import MappingProxyType
from typing import Any

import msgspec
import orjson

CALENDARX = "nuance_CALENDARX"


class OntologyError(Exception):
    pass


class Ontology(msgspec.Struct, frozen=True):
    path: Path
    intents: Mapping[str, frozenset[str]]  # intent -> the entities it may carry
    entities: frozenset[str]
    calendar: frozenset[str]  # entities that are (isA) nuance_CALENDARX


def load_ontology(path: Path) -> Ontology:
    try:
        stat = path.stat()
    except OSError as exc:
        raise OntologyError(f"ontology `{path}` cannot be read ({exc.strerror or exc})") from exc
    if not S_ISREG(stat.st_mode):  # a pipe would block the read forever
        raise OntologyError(f"ontology `{path}` is not a regular file (a folder, a pipe or a device)")
    return _load(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=16)
def _load(path: str, _mtime: int, _size: int) -> Ontology:
    try:
        raw = Path(path).read_bytes()
        if path.endswith((".yaml", ".yml")):
            from ruamel.yaml import YAML
            from ruamel.yaml.error import YAMLError

            from goldlint.formats.yaml_events import does_not_parse

            text = raw.decode("utf-8")
            try:
                data = YAML(typ="safe", pure=True).load(text)
            except YAMLError as exc:  # (one line: its str() is several, each with a caret under the text)
                raise OntologyError(f"ontology `{path}` {does_not_parse(exc, text)}") from exc
        else:
            data = orjson.loads(raw)
    except OntologyError:
        raise
    except Exception as exc:  # any reader error is the same problem for the user: the file is unusable
        raise OntologyError(f"ontology `{path}` cannot be read: {exc}") from exc
    return build(Path(path), data)


def build(path: Path, data: Any) -> Ontology:
    if not isinstance(data, dict):
        raise OntologyError(f"ontology `{path}` must be a mapping of intents to entity lists")
    intents_part: dict[Any, Any] = data["intents"] if isinstance(data.get("intents"), dict) else data
    described = data.get("entities") if isinstance(data.get("intents"), dict) else None
    intents: dict[str, frozenset[str]] = {}
    for intent, ents in intents_part.items():
        if ents is None:
            ents = []
        if not isinstance(ents, list) or not all(isinstance(e, str) for e in ents):
            raise OntologyError(f"ontology `{path}`: intent `{intent}` must map to a list of entity names")
        intents[str(intent)] = frozenset(ents)
    entities = set().union(*intents.values()) if intents else set()
    calendar = {CALENDARX}
    if isinstance(described, dict):
        for name, spec in described.items():
            entities.add(str(name))
            is_a = spec.get("isA") if isinstance(spec, dict) else spec
            if is_a == CALENDARX or (isinstance(is_a, list) and CALENDARX in is_a):
                calendar.add(str(name))
    elif described is not None:
        raise OntologyError(f"ontology `{path}`: `entities` must be a mapping of entity names to descriptions")
    return Ontology(path, MappingProxyType(intents), frozenset(entities), frozenset(calendar))


def editor_ontology(options: Any) -> Ontology | None:
    """The ontology for editor help: only a path that resolves on its own (absolute, or from
    the working folder), since completion has no config folder to resolve it from."""
    name = getattr(options, "ontology", None)
    if not name:
        return None
    try:
        return load_ontology(Path(name))
    except OntologyError:
        return None
