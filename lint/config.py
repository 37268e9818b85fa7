"""Configuration: ``goldlint.yaml``, ``.goldlint.yaml`` or ``[tool.goldlint]`` in ``pyproject.toml``.

The nearest config walking up from a checked file wins. Keys are kebab-case; the
whole config is validated with pydantic, and a bad key or value is a
:class:`ConfigError` that names its line and column in the config file.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import field, make_dataclass, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Any

import msgspec

from goldlint import tables
from goldlint.families import KINDS
from goldlint.findings import At
from goldlint.formats.base import Limits
from goldlint.tables import AtLeast, AtMost, Checked, table
from goldlint.textindex import TextIndex

CONFIG_NAMES = ("goldlint.yaml", ".goldlint.yaml", "pyproject.toml")
DEFAULT_FILE_SIZE = 1 << 30
DEFAULT_DOCUMENT_SIZE = 64 << 20  # JSON and TSV: a hostile 64 MiB JSON needs about 3 GB to parse; a real gold file far less
DEFAULT_YAML_SIZE = 4 << 20  # YAML with directives or a tab outside a quoted string is read in pure Python (about 0.3 MB/s): 4 MiB is 15 s at worst


class ConfigProblem(msgspec.Struct, frozen=True):
    line: int
    column: int
    message: str


class ConfigError(Exception):
    """A config that cannot be used: every problem in it, each at its line and column (the
    first one's are the error's own ``line``, ``column`` and ``message``)."""

    def __init__(self, path: Path, line: int, column: int, message: str, more: tuple[ConfigProblem, ...] = ()) -> None:
        self.path, self.line, self.column, self.message = path, line, column, message
        self.problems = (ConfigProblem(line, column, message), *more)
        super().__init__("\n".join(f"{path}:{p.line}:{p.column}: {p.message}" for p in self.problems))


def _selector(code: str) -> str:
    """A rule code or prefix that selects some rule (a typo would turn a gate off in silence)."""
    from goldlint.rules.registry import unknown_selector

    if (problem := unknown_selector(code)) is not None:
        raise ValueError(problem)
    return code


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"`{kind}` is not a kind; kinds are {', '.join(KINDS)}")
    return kind


def _globs(value: Any) -> Any:
    return check_globs(value)


def check_globs(value: Any) -> Any:
    """``value`` (a list of globs), or ``ValueError`` naming the first that cannot be matched."""
    for glob in value:
        if not isinstance(glob, str) or not glob:
            raise ValueError("a glob must be a non-empty string")
        if _glob_matcher(glob) is None:
            raise ValueError(f"`{glob}` is not a glob goldlint can match (check its [character classes])")
    return value


Selector = Annotated[str, Checked(_selector)]
KindName = Annotated[str, Checked(_kind)]
_READERS = Limits()  # the readers' limits, whose defaults the settings take


@table
class BaseSettings:
    select: list[Selector] = field(default_factory=lambda: ["ALL"])
    ignore: list[Selector] = field(default_factory=list)
    per_file_ignores: Annotated[dict[str, list[Selector]], Checked(_globs)] = field(default_factory=dict)
    exclude: Annotated[list[str], Checked(_globs)] = field(default_factory=list)
    kinds: Annotated[dict[str, KindName], Checked(_globs)] = field(default_factory=dict)
    # Limits (GL011). A file over a size limit is not read; see "Security" in the README.
    # bytes, any file (JSONL is streamed: memory stays flat); default 1 GiB
    max_file_size: Annotated[int, AtLeast(1)] | None = None
    # bytes, a JSON or TSV file: it is held and parsed whole in memory. Default: 64 MiB, or
    # max-file-size when a config sets that and not this (configs older than this key).
    max_document_size: Annotated[int, AtLeast(1)] | None = None
    max_yaml_size: Annotated[int, AtLeast(1)] | None = None  # bytes, a YAML file: 4 MiB, same rule
    # (their defaults are the readers' own, goldlint.formats.base.Limits: written once)
    max_depth: Annotated[int, AtLeast(1), AtMost(1024)] = _READERS.max_depth  # nested arrays/objects, JSON and YAML (orjson stops at 1024)
    max_yaml_nodes: Annotated[int, AtLeast(1)] = _READERS.max_yaml_nodes  # YAML nodes, every use of an alias counted with its whole value
    # values of one JSON document (a JSON file, each JSONL line), counted before it is parsed:
    # a parsed value takes some 100 bytes, so `[0,0,…]` would take 50 times its size
    max_json_values: Annotated[int, AtLeast(1)] = _READERS.max_json_values
    # Folders that paths named inside gold files (audio, a corpus, a transcript) may reach,
    # symlinks resolved; relative to the config file. Default: the config file's folder
    # (without a config, the gold file's folder).
    roots: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        # (an explicit max-file-size is the default of the other two: configs older than them)
        explicit = self.max_file_size is not None
        if self.max_file_size is None:
            self.max_file_size = DEFAULT_FILE_SIZE
        if self.max_document_size is None:
            self.max_document_size = self.max_file_size if explicit else min(DEFAULT_DOCUMENT_SIZE, self.max_file_size)
        if self.max_yaml_size is None:
            self.max_yaml_size = self.max_file_size if explicit else min(DEFAULT_YAML_SIZE, self.max_file_size)

    def size_limit(self, fmt: str | None) -> tuple[int, str]:
        """The size limit for a file of format ``fmt``, and the config key that sets it."""
        file_size = self.max_file_size or DEFAULT_FILE_SIZE
        if fmt == "yaml":
            return min(self.max_yaml_size or DEFAULT_YAML_SIZE, file_size), "max-yaml-size"
        if fmt in ("json", "tsv", "conll"):
            return min(self.max_document_size or DEFAULT_DOCUMENT_SIZE, file_size), "max-document-size"
        return file_size, "max-file-size"  # JSONL (streamed line by line) and the rest


_KIND_OF = {name.replace("-", "_"): name for name in KINDS}  # attribute -> kind (`mix_config` -> `mix-config`)


@table
class Settings(BaseSettings):
    """The whole config: the common keys, and one table per kind (``settings.slu``,
    ``settings.mix_config``, …). A kind's table is made when first asked for, so a run loads
    the config tables of the kinds it meets only; a config file's are all validated at once
    (:func:`settings_from`)."""

    def __getattr__(self, name: str) -> Any:  # (only for attributes not set yet)
        if name == "datasets":  # (the dataset checks' table: goldlint.dataset_options)
            value = _dataset_options()()
            self.__dict__[name] = value
            return value
        kind = _KIND_OF.get(name)
        if kind is None:
            raise AttributeError(name)
        value = KINDS[kind].options()
        self.__dict__[name] = value
        return value

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some keys (or kind tables) replaced."""
        new = copy.copy(self)
        new.__dict__.update(changes)
        return new


def _dataset_options() -> type:
    from goldlint.dataset_options import DatasetOptions

    return DatasetOptions


@cache
def _validated(named: frozenset[str] | None = None) -> type:
    """Settings with the kinds' tables (and ``datasets``) as fields: every one (None: what
    pydantic validates a config file as), or those a config names (what reading it as it is
    needs; the others are made when first asked for, as without a config, and their kinds'
    modules stay unloaded)."""
    tables_ = [(attr, KINDS[kind].options) for attr, kind in _KIND_OF.items() if named is None or attr in named]
    if named is None or "datasets" in named:
        tables_.append(("datasets", _dataset_options()))
    return make_dataclass("Settings", [(attr, cls, field(default_factory=cls)) for attr, cls in tables_], bases=(Settings,))


def _tables_named(data: Any) -> frozenset[str]:
    """The tables a config's keys name, as attributes (``mix-config`` and ``mix_config``: ``mix_config``)."""
    if type(data) is not dict:
        return frozenset()  # (not a mapping: refused whatever the tables)
    return frozenset(attr for key in data if type(key) is str and ((attr := key.replace("-", "_")) in _KIND_OF or attr == "datasets"))


def settings_from(data: dict[str, Any]) -> Settings:
    """A Settings from a config's decoded mapping (pydantic's ``ValidationError`` when it is wrong)."""
    return tables.validate(_validated(), data)  # type: ignore[no-any-return]


class Loaded(msgspec.Struct, frozen=True):
    settings: Any  # a Settings
    path: Path | None  # the config file, None for defaults
    root: Path  # the folder globs are relative to

    def family_options(self, kind: str) -> Any:
        return getattr(self.settings, kind.replace("-", "_"))

    def relative(self, file: Path) -> str:
        try:
            return file.resolve().relative_to(self.root.resolve()).as_posix()
        except (ValueError, OSError, RuntimeError):  # outside the root; or a symlink loop (3.11 raises RuntimeError)
            return file.as_posix()

    def matches(self, file: Path, patterns: list[str] | dict[str, Any]) -> list[str]:
        if not patterns:
            return []  # (no path to resolve: most configs set no kinds, excludes or per-file ignores)
        rel = self.relative(file)
        return [p for p in patterns if glob_match(rel, p)]


def glob_match(rel: str, pattern: str) -> bool:
    """gitignore-like: a pattern without ``/`` matches the name anywhere; ``**`` spans folders.

    Globs come from config, so they are matched in linear time: each is translated to a
    regular expression once and run by RE2, which never backtracks (Python's ``re`` takes
    time exponential in the number of ``*`` of a glob such as ``x/*a*a*a*a*a*a*a*b``).
    """
    match = _glob_matcher(pattern)
    return match is not None and match(rel)


@lru_cache(maxsize=1024)
def _glob_matcher(pattern: str) -> Callable[[str], bool] | None:
    """A matcher of relative paths for one glob; ``None`` when the glob cannot be compiled."""
    import re2  # type: ignore[import-not-found]  # (only for configs with globs)

    options = re2.Options()
    options.log_errors = False
    try:
        if "/" not in pattern.rstrip("/"):
            name = re2.compile("(?s)" + _translate(pattern, classes=True), options)
            folder = re2.compile("(?s)" + _translate(pattern.rstrip("/"), classes=True), options)

            def by_name(rel: str) -> bool:
                parts = rel.split("/")
                return name.fullmatch(parts[-1]) is not None or any(folder.fullmatch(part) is not None for part in parts[:-1])

            return by_name
        anchored = re2.compile("(?s)(?:" + _translate(pattern.lstrip("/"), classes=False) + ")(?:/.*)?", options)
    except re2.error:
        return None
    return lambda rel: anchored.fullmatch(rel) is not None


def _translate(glob: str, classes: bool) -> str:
    """A glob as an RE2 expression: ``**/`` any folders, ``**`` anything, ``*`` and ``?`` within one
    name; with ``classes``, ``[abc]``, ``[a-z]`` and ``[!abc]`` as in :mod:`fnmatch`."""
    out: list[str] = []
    i, n = 0, len(glob)
    while i < n:
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if glob.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        c = glob[i]
        i += 1
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[" and classes and (j := _class_end(glob, i)) > 0:
            out.append(_class(glob[i:j]))
            i = j + 1
        else:
            out.append(re.escape(c))
    return "".join(out)


def _class_end(glob: str, i: int) -> int:
    """Where the ``]`` closing a character class that opens before ``i`` is, or -1."""
    j = i
    if j < len(glob) and glob[j] == "!":
        j += 1
    if j < len(glob) and glob[j] == "]":
        j += 1
    j = glob.find("]", j)
    return j


def _class(stuff: str) -> str:
    negate = stuff.startswith("!") and len(stuff) > 1
    body = stuff[1:] if negate else stuff
    chars = [c if c == "-" and 0 < k < len(body) - 1 else ("\\" + c if not c.isalnum() else c) for k, c in enumerate(body)]
    return "[" + ("^" if negate else "") + "".join(chars) + "]"


def default() -> Loaded:
    return Loaded(Settings(), None, Path.cwd())


def find_config(start: Path) -> Path | None:
    folder = start if _is_dir(start) else start.parent
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        for name in CONFIG_NAMES:
            path = candidate / name
            if _is_file(path) and (name != "pyproject.toml" or _has_tool_table(path)):
                return path
    return None


def _is_file(path: Path) -> bool:
    """``Path.is_file``, False also where the path is too long for the system (a folder some
    2,000 levels down), which ``is_file`` raises on."""
    try:
        return path.is_file()
    except OSError:
        return False


def _is_dir(path: Path) -> bool:
    """``Path.is_dir``, False also where the path is too long for the system."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _has_tool_table(path: Path) -> bool:
    import tomllib  # (only where a pyproject.toml is met)

    try:
        return "goldlint" in tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True  # let load() report the broken file


@lru_cache(maxsize=64)
def load(path: Path) -> Loaded:
    """Read and validate one config file, once per process (see :func:`read` for a fresh read)."""
    return read(path)


def read(path: Path) -> Loaded:
    """Read and validate one config file now (the language server re-reads changed configs)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(path, 1, 1, f"cannot read config: {exc}") from exc
    if path.name == "pyproject.toml":
        import tomllib

        try:
            data = tomllib.loads(text).get("tool", {}).get("goldlint", {})
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(path, getattr(exc, "lineno", 1), getattr(exc, "colno", 1), f"TOML: {exc}") from exc
        locate = _toml_locator(text)
    else:
        from goldlint.formats.yaml_plain import read_plain

        plain = read_plain(text)  # (the common config: no YAML library to import)
        if plain is not None and (settings := tables.plain(_validated(_tables_named(plain)), plain)) is not None:
            return Loaded(settings, path, path.parent)
        from goldlint.formats.yaml_doc import YamlDocument

        doc = YamlDocument(str(path), text)
        if doc.findings:
            span = doc.resolve([doc.findings[0].where])[0]
            line, col = (span.start.line, span.start.column) if span else (1, 1)
            raise ConfigError(path, line, col, doc.findings[0].message)
        data = doc.root or {}
        locate = _yaml_locator(doc)
    if not isinstance(data, dict):
        raise ConfigError(path, 1, 1, "the config must be a mapping of keys to values")
    settings = tables.plain(_validated(_tables_named(data)), data)
    if settings is not None:  # (the common config, every value as declared: no pydantic to import)
        return Loaded(settings, path, path.parent)
    from pydantic import ValidationError

    try:
        settings = settings_from(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            line, col = locate(_where(loc, err["type"]))
            problems.append(ConfigProblem(line, col, f"{_key_path(loc)}: {_plain(err, data)}"))
        problems.sort(key=lambda p: (p.line, p.column))
        first = problems[0]
        raise ConfigError(path, first.line, first.column, first.message, tuple(problems[1:])) from exc
    return Loaded(settings, path, path.parent)


def _key_path(loc: tuple[Any, ...]) -> str:
    """``slu.audio-types[1]``: keys joined by dots, list positions in brackets."""
    out = ""
    for step in loc:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def _plain(err: Any, data: dict[str, Any]) -> str:
    """A validation error in the words of a config file's author, not of the validator's."""
    kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
    got = f", not `{value}`" if isinstance(value, (str, int, float, bool)) else (f", not a {_shape(value)}" if value is not None else "")
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"unknown key `{err['loc'][-1]}`" + _did_you_mean_key(tuple(err["loc"]), data)
    if kind == "missing":
        return "required, but missing"
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return f"expected a whole number{got}"
    if kind in ("float_parsing", "float_type"):
        return f"expected a number{got}"
    if kind in ("bool_parsing", "bool_type"):
        return f"expected true or false{got}"
    if kind == "string_type":
        return f"expected a text{got}"
    if kind == "list_type":
        return f"expected a list, e.g. `[A, B]`{got}"
    if kind in ("dict_type", "model_type", "model_attributes_type", "dataclass_type", "dataclass_args_type"):
        return f"expected a mapping of keys to values{got}"
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}{got}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}{got}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}{got}"
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected')}{got}"
    if kind in ("value_error", "assertion_error"):
        return str(ctx.get("error") or err["msg"])
    return str(err["msg"])


def _shape(value: Any) -> str:
    return {"dict": "mapping", "list": "list"}.get(type(value).__name__, type(value).__name__)


def _did_you_mean_key(loc: tuple[Any, ...], data: dict[str, Any]) -> str:
    from goldlint.suggest import did_you_mean

    table_class: type | None = _validated()
    for step in loc[:-1]:
        table_class = tables.subtable(table_class, str(step)) if table_class is not None else None
    return did_you_mean(str(loc[-1]), tables.keys(table_class)) if table_class is not None else ""


def _where(loc: tuple[Any, ...], kind: str) -> At:
    """What a validation error is about, in the config's text: an unknown key is its key,
    anything else its value (an item of a list, a value in a table). (Both readers give every
    key as a text: no key is refused for its type.)"""
    return At(loc, key=kind in ("extra_forbidden", "unexpected_keyword_argument"))


def _yaml_locator(doc: Any) -> Callable[[At], tuple[int, int]]:
    def locate(where: At) -> tuple[int, int]:
        span = doc.resolve_at([where])[0]
        return (span.start.line, span.start.column) if span else (1, 1)

    return locate


def _toml_locator(text: str) -> Callable[[At], tuple[int, int]]:
    try:
        places = _toml_places(text)
    except (ValueError, IndexError):  # (a text this walk misreads: the problem is still said, at 1:1, never an internal error)
        places = {}
    index = TextIndex(text)

    def locate(where: At) -> tuple[int, int]:
        path = ("tool", "goldlint", *where.path)
        # A step not written (a missing key, a validator's own step): its nearest written parent.
        for n in range(len(path), 1, -1):
            if (place := places.get(path[:n])) is not None:
                pos = index.position(place[0] if where.key and n == len(path) else place[1])
                return pos.line, pos.column
        return 1, 1

    return locate


# TOML's tokens, for :func:`_toml_places` (a string is matched whole: a `]`, `,` or `#` in one is text)
_TOML_STRING = re.compile(r'"""(?:[^"\\]|\\.|"{1,2}(?!"))*"{3,5}|\'\'\'(?:[^\']|\'{1,2}(?!\'))*\'{3,5}|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'', re.S)
_TOML_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_SCALAR = re.compile(r"[^\s,\]}#]+(?: (?=\d\d:)[^\s,\]}#]+)?")  # a number, boolean or date (`1979-05-27 07:32:00`)
_TOML_GAP = re.compile(r"(?:\s|#[^\n]*)*")  # white space, line breaks and comments


def _toml_places(text: str) -> dict[tuple[Any, ...], tuple[int, int]]:
    """Where each key of a TOML document (that tomllib has read) and its value start: path
    (keys and array positions, from the document's root) -> (offset of the key, offset of the
    value). An item of an array is its own key; a table made by a header or a dotted key has
    no text of its own: its value is at its name.

    tomllib keeps no positions, nor does tomlkit; this walks the text that tomllib accepted,
    so it only needs to know where each token ends, not whether the document is valid."""
    import tomllib

    places: dict[tuple[Any, ...], tuple[int, int]] = {}
    arrays: dict[tuple[Any, ...], int] = {}  # [[a table in an array]]: how many so far

    def past(i: int) -> int:
        """Past the white space, line breaks and comments at ``i``."""
        match = _TOML_GAP.match(text, i)
        return match.end() if match else i

    def token(i: int, other: re.Pattern[str]) -> re.Match[str]:
        """The string at ``i``, or else ``other``'s token."""
        match = (_TOML_STRING if text[i] in "\"'" else other).match(text, i)
        if match is None:  # (not in a text tomllib has read)
            raise ValueError(f"no TOML token at offset {i}")
        return match

    def key(i: int, table: tuple[Any, ...]) -> tuple[tuple[Any, ...], int, int]:
        """A (dotted) key at ``i``: its path under ``table``, where its last part starts, where it
        ends. The tables its other parts name are placed at their names."""
        path = table
        while True:
            match = token(past(i), _TOML_BARE_KEY)
            name = match.group()
            if match.re is _TOML_STRING:
                name = tomllib.loads(f"k = {name}")["k"]  # (a quoted key's escapes, read by tomllib)
            path += (name,)
            i = past(match.end())
            if text[i] != ".":
                return path, match.start(), i
            places.setdefault(path, (match.start(), match.start()))
            if path in arrays:  # (`[a.b]` after `[[a]]`: b is in a's last table)
                path += (arrays[path],)
            i += 1

    def value(i: int, path: tuple[Any, ...], key_at: int) -> int:
        """Places the value at ``i`` (and what it holds) at ``path``; where it ends."""
        places[path] = (key_at, i)
        if text[i] == "[":
            i, n = past(i + 1), 0
            while text[i] != "]":
                i = past(value(i, (*path, n), i))
                i, n = past(i + (text[i] == ",")), n + 1
            return i + 1
        if text[i] == "{":
            i = past(i + 1)
            while text[i] != "}":
                inner, at, i = key(i, path)
                i = past(value(past(i + 1), inner, at))  # (i + 1: past `=`)
                i = past(i + (text[i] == ","))
            return i + 1
        return token(i, _TOML_SCALAR).end()

    table: tuple[Any, ...] = ()
    i = past(0)
    while i < len(text):
        if text[i] == "[":  # a table's header, `[a.b]` or `[[a.b]]`
            double = text.startswith("[[", i)
            path, at, i = key(i + 1 + double, ())
            if double:
                arrays[path] = n = arrays.get(path, -1) + 1
                places.setdefault(path, (at, at))
                path += (n,)
            places.setdefault(path, (at, at))
            table, i = path, i + 1 + double
        else:
            path, at, i = key(i, table)
            i = value(past(i + 1), path, at)  # (i + 1: past `=`)
        i = past(i)
    return places


def with_semantic_profile(loaded: Loaded, profile: str) -> Loaded:
    """``loaded`` with the semantic vocabulary profile replaced (``score --profile``)."""
    semantic = replace(loaded.settings.semantic, profile=profile)
    return Loaded(loaded.settings.with_changes(semantic=semantic), loaded.path, loaded.root)


def for_file(file: Path, explicit: Path | None = None) -> Loaded:
    """The config that applies to ``file``: ``explicit``, else the nearest one, else defaults."""
    if explicit is not None:
        return load(explicit.resolve())
    found = find_config(file)
    return load(found) if found is not None else Loaded(Settings(), None, (file if _is_dir(file) else file.parent).resolve())
