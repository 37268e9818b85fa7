"""How many times each rule and each field constraint is written: the measure of issue 19.

    python scripts/rule_copies.py            # the summary: codes, then constraints, then fields
    python scripts/rule_copies.py --json     # every count with its places (module:line)
    python scripts/rule_copies.py --package /elsewhere/lint   # another checkout's package (before/after)

The kinds measured: corpus (its ten constraints), slu (its audio, speaker, record-shape and
answer constraints; a pattern written as a regex is found by a fragment of it), runcard (its
vocabularies, bounds, hash form and field lists; a bound written as a comparison is found by
its constants, and the rules' prose that spells a constraint counts too), semantic (its
severities, risk types, fields, version and segment-id bound), truth (the entity-dict keys,
a value's types, the columns, the predefined key form), mixconfig (the nlu keys and types,
nBest's bound, the reserved `_GLOBAL_`), slurp (the record's and its items' fields and types, a
span's least position), xsid (the comment keys, the languages without `# id` or `# text-en`,
the token cells).

Three counts, read from the source with :mod:`ast` (what the code says, not what a run reaches):

- **codes**: for each rule code, the modules that report it (a string literal equal to a
  registered code outside its declaration; :mod:`rule_audit` finds them);
- **constraints**: for each vocabulary or range of a kind (COR109's tiers, the segments, ...),
  the places (module:line) in ``lint/`` that write its values or name its table. A place
  names the table (``vocab.SEGMENTS``) or a copy of it made at module level
  (``_SEGMENTS = frozenset(vocab.SEGMENTS)``, then every use of ``_SEGMENTS``), or spells two
  or more of its values in one literal (``{"development", "diagnostic"}``). One place is the
  declaration; every other one is a path that judges, lists or documents the values on its own;
- **fields**: for each entry field of a kind, the places in the kind's modules that spell
  its name as a string (``"difficulty"``): each is code that knows the field by itself
  instead of reading its declaration.
"""

from __future__ import annotations

import ast
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import rule_audit  # noqa: E402


@dataclass(frozen=True)
class Constraint:
    kind: str
    name: str
    code: str  # the rule a violation is reported under
    names: tuple[str, ...]  # the identifiers its values are declared under
    values: tuple[object, ...]  # its values (a literal holding ``least`` or more of them is a copy)
    least: int = 2
    scope: tuple[str, ...] = ("families/corpus/", "score/", "server/", "dataset/")  # where its table's names mean it
    spelled: tuple[str, ...] = ()  # fragments of a pattern: a string holding one writes the constraint (``"male|female"``)
    anywhere: bool = True  # whether its values are looked for in every module (False: in ``scope`` alone; for common words)
    copies: tuple[str, ...] = ()  # names of a module's own pattern or judgement of it (every place of one writes it again)
    docs: bool = False  # whether the rules' prose (``rules.py``) that spells it counts (its values, a ``spelled`` fragment)
    bounds: tuple[float, ...] = ()  # a range's ends: a comparison holding every one writes it (``0 <= v <= 1``; ``(0,)``: ``v < 0``)


_SPEC_FIELDS = ("id", "source", "reference", "segment", "difficulty", "provenance", "register", "context", "notes", "variant_class",
                "morphological_analysis")

CONSTRAINTS = (
    Constraint("corpus", "difficulty tiers (range 1–5)", "COR109", ("DIFFICULTY", "TIER_DOCS", "TIERS", "FIRST_TIER", "LAST_TIER"), ()),
    Constraint("corpus", "segment", "COR108", ("SEGMENTS",), ("development", "diagnostic", "gold_standard", "held_out")),
    Constraint("corpus", "provenance", "COR108", ("PROVENANCE",), ("textbook", "elicited", "corpus")),
    Constraint("corpus", "register (spec)", "COR108", ("REGISTERS",), ("conversational", "formal", "technical", "ceremonial", "educational")),
    Constraint("corpus", "register (harness)", "COR108", ("HARNESS_REGISTERS",), ("functional", "persuasive", "literary")),
    Constraint("corpus", "context", "COR108", ("CONTEXTS",), ("greeting", "declaration", "question", "instruction", "narrative")),
    Constraint("corpus", "domain", "COR108", ("DOMAINS",), ("ui", "legal", "medical", "financial", "ecommerce")),
    Constraint("corpus", "legacy names (aliases)", "COR110", ("LEGACY_FIELDS", "LEGACY_NAME"), ("index", "source_text", "target_expected")),
    # (a literal with three of an entry's field names is a copy of the field list)
    Constraint("corpus", "entry fields, spec", "COR101", ("SPEC_ENTRY_REQUIRED", "SPEC_ENTRY_OPTIONAL", "SPEC_ENTRY"), _SPEC_FIELDS, least=3),
    Constraint("corpus", "entry fields, harness", "COR101", ("HARNESS_ENTRY_REQUIRED", "HARNESS_ENTRY_OPTIONAL", "HARNESS_ENTRY"),
               _SPEC_FIELDS + ("domain", "metadata"), least=3),
)

_SLU = ("families/slu/", "server/")
_SLU_FIELDS = ("instruction", "inputs", "outputs", "meta", "audio", "question", "annotation", "intent", "slots", "id", "speaker", "type")
_PRIVATE = ("home", "users", "root", "private", "tmp", "mnt", "media")

CONSTRAINTS += (
    # ``names``: the declaration's (a use reads it); ``copies``: a pattern or a function of a
    # module's own that judges the constraint again (each place of one writes it again).
    Constraint("slu", "audio types (default real, generated)", "SLU108", ("AUDIO_TYPES", "AUDIO_TYPE", "audio_types"), ("real", "generated"),
               scope=_SLU),
    Constraint("slu", "private folders", "SLU109", ("PRIVATE_FOLDERS",), _PRIVATE, scope=_SLU, copies=("_SUSPECT_PART",)),
    Constraint("slu", "audio path pattern", "SLU109", ("AUDIO_PATH", "audio_leak"), (), spelled=(r"[\w.-]", r"\.\.", "(^|/)"), scope=_SLU,
               copies=("_SAFE_AUDIO", "_PRIVATE", "_SUSPECT_PART", "is_absolute")),
    Constraint("slu", "speaker format", "SLU107", ("SPEAKER", "GENDERS"), (), spelled=("male|female",), scope=_SLU, copies=("_SPEAKER",)),
    Constraint("slu", "record fields and types", "SLU117", ("RECORD", "INPUTS", "OUTPUTS", "META", "shape", "record_type"), _SLU_FIELDS,
               scope=_SLU, anywhere=False, copies=("_SHAPE", "_Record", "_Inputs", "_Outputs", "_Meta", "_Audio", "_INPUT_KEYS", "_MEMBERS")),
    Constraint("slu", "slot items (one-key objects, non-blank strings)", "SLU104", ("SLOTS",), (), spelled=("one-key", "exactly one key"),
               scope=_SLU),
    Constraint("slu", "intent and slots judged against the inventory", "SLU102", ("INTENT",), (), scope=("families/slu/",),
               copies=("may_list", "fields_clean", "check_answer")),
    Constraint("slu", "intent case (lower case)", "SLU112", (), (), spelled=("upper-case letters",), scope=_SLU, copies=("_intent_ok",)),
)

_RUN = ("families/runcard/", "score/", "server/")
# (the card's own fields: the names of its blocks, ``dataset``, ``scores``, ..., name them too)
_RUN_TOP = ("run_id", "harness_version", "timestamp", "elapsed_seconds", "model_slug", "condition", "temperature", "system_prompt_sha256",
            "system_prompt_used", "run_card_hash")
_RUN_SCORES = ("total", "exact_matches", "exact_match_rate", "chrf_plus_plus", "composite", "errors", "by_difficulty", "by_provenance")
_RUN_RESULT = ("entry_id", "source", "reference", "predicted", "exact_match", "entry_chrf", "latency_seconds", "usage")

CONSTRAINTS += (
    # (``docs``: the rules' prose that spells the values is a place too: the declaration fills it in now)
    Constraint("runcard", "method classes", "RUN108", ("METHOD_CLASSES",), ("raw-llm", "coached-llm", "pipeline", "custom-plugin", "api", "human"),
               scope=_RUN, spelled=("raw-llm, coached-llm",), docs=True),
    Constraint("runcard", "quality tiers", "RUN107", ("TIERS", "QUALITY_TIERS", "_tier_docs"), ("fluent", "deployable", "functional", "emerging", "baseline"),
               scope=_RUN, spelled=("0.85 fluent", "≥ 0.85", "≥ 0.70", "≥ 0.50", "≥ 0.30", "below 0.30"), docs=True),
    Constraint("runcard", "tiers needing human validation", "RUN111", ("VALIDATED_TIERS",), ("fluent", "deployable"), scope=_RUN,
               spelled=("Deployable or Fluent",), docs=True),
    Constraint("runcard", "rates and scores on [0, 1]", "RUN106", ("UNIT_SCORES", "UNIT", "_unit"), (), scope=_RUN, bounds=(0, 1),
               spelled=("outside [0, 1]", "rate outside [0, 1]"), docs=True),
    Constraint("runcard", "chrF on [0, 100]", "RUN106", ("PERCENT_SCORES",), (), scope=_RUN, bounds=(0, 100), spelled=("outside [0, 100]",), docs=True),
    Constraint("runcard", "counts, costs, durations non-negative", "RUN106", ("_nonnegative", "USAGE_COUNT"), (), scope=("families/runcard/",), bounds=(0,)),
    Constraint("runcard", "SHA-256 form", "RUN101", ("SHA256", "HEX_DIGIT", "SHA256_LENGTH"), (), scope=_RUN,
               spelled=("0-9a-fA-F]{64}", "[^0-9a-fA-F]", "a SHA-256 has 64")),
    # (a literal with three of a block's field names is a copy of its field list)
    Constraint("runcard", "card fields and types (top level)", "RUN101", ("TOP",), _RUN_TOP, least=3, scope=("families/runcard/",), anywhere=False),
    Constraint("runcard", "scores fields and types", "RUN101", ("SCORES",), _RUN_SCORES, least=3, scope=("families/runcard/",), anywhere=False),
    Constraint("runcard", "result fields and types", "RUN101", ("RESULT",), _RUN_RESULT, least=3, scope=("families/runcard/",), anywhere=False),
)

_SEM = ("families/semantic/", "score/", "server/")
_SEM_FIELDS = ("schema_version", "meeting_id", "topics", "risks", "actions", "summary", "label", "segment_ids", "type", "severity", "segment_id",
               "evidence", "text", "speaker_id")

CONSTRAINTS += (
    Constraint("semantic", "severities", "SEM104", ("SEVERITY_DOC",), ("low", "medium", "high", "critical"),
               scope=_SEM, spelled=("low, medium, high",), docs=True),
    Constraint("semantic", "risk types (slower-whisper)", "SEM104", ("SLOWER_WHISPER",), ("escalation", "churn", "pricing"), scope=_SEM,
               spelled=("escalation, churn, pricing",), docs=True),
    Constraint("semantic", "fields, types and required ones", "SEM101", ("TOP", "ITEMS", "TOPIC", "RISK", "ACTION", "NON_EMPTY"), _SEM_FIELDS,
               least=3, scope=("families/semantic/",), anywhere=False, spelled=("`label` of a topic",), docs=True),
    Constraint("semantic", "schema version (1)", "SEM101", ("SCHEMA_VERSION", "_VERSION"), (), scope=("families/semantic/",), bounds=(1,),
               spelled=("must be 1", "is not 1"), docs=True),
    Constraint("semantic", "segment ids non-negative", "SEM107", ("SEGMENT_ID",), (), scope=("families/semantic/",), bounds=(0,)),
)

_TRU = ("families/truth/", "score/", "server/")

CONSTRAINTS += (
    Constraint("truth", "entity-dict keys", "TRU104", ("ENTITY_KEYS", "ENTITY_DICT", "_ENTITY_KEY_SET"), ("literal", "canonical", "formattedLiteral"),
               scope=_TRU, spelled=("`literal`/`canonical`", "literal, canonical", "`literal`, `canonical`"), docs=True),
    Constraint("truth", "a reference value's types (string or number)", "TRU104", ("VALUE_TYPES", "PLAIN", "is_value"), ("string", "number"),
               scope=("families/truth/",), anywhere=False, spelled=("a string or a number", "string or number", "a string, a number"), docs=True),
    Constraint("truth", "columns", "TRU101", ("COLUMNS",), ("speaker", "codedWvnm", "transcription", "annotation", "intent"), least=3,
               scope=("families/truth/", "score/"), anywhere=False, spelled=("speaker\tcodedWvnm",), docs=True),
    Constraint("truth", "required columns", "TRU101", ("REQUIRED", "TRANSCRIPTION", "INTENT"), ("transcription", "intent"), scope=("families/truth/",), anywhere=False,
               spelled=("`transcription`, `intent`",), docs=True),
    Constraint("truth", "predefined key form (nuance_ and capitals)", "TRU109", ("PREDEFINED_SEGMENT", "PREDEFINED_PREFIX", "PREDEFINED_EXAMPLE",
               "CALENDAR_ROOT"), (), scope=("families/truth/", "score/"), spelled=("nuance_",), docs=True),
)

_MXC = ("families/mixconfig/", "score/", "server/")

CONSTRAINTS += (
    Constraint("mixconfig", "nlu keys and their types", "MXC101", ("NLU_KEYS", "NLU"), ("use_asr_results", "useEntityF1", "flattened_predefined_output",
               "format_calendar_canonicals", "nBest", "predicted_entities_to_ignore", "output_full_entity_hierarchy"), least=3,
               scope=("families/mixconfig/",), anywhere=False, spelled=("`use_asr_results`, `useEntityF1`",), docs=True),
    Constraint("mixconfig", "nBest 1 or more", "MXC101", ("LEAST_N_BEST",), (), scope=("families/mixconfig/",), bounds=(1,),
               spelled=("1 or more", "≥ 1"), docs=True),
    Constraint("mixconfig", "the reserved key _GLOBAL_", "MXC104", ("GLOBAL",), (), scope=_MXC, spelled=("_GLOBAL_",), docs=True),
)

_SLP_RECORD = ("slurp_id", "sentence", "sentence_annotation", "intent", "action", "tokens", "scenario", "recordings", "entities")
_SLP_ITEMS = ("surface", "id", "lemma", "pos", "file", "wer", "ent_wer", "status", "span", "type")

CONSTRAINTS += (
    # (a literal with three of a record's or an item's field names is a copy of its field list)
    Constraint("slurp", "record and item fields and types", "SLP101", ("RECORD", "TOKEN", "RECORDING", "ENTITY", "ITEMS"),
               _SLP_RECORD + _SLP_ITEMS, least=3, scope=("families/slurp/",), anywhere=False),
    # (a span's positions: msgspec's ``ge=0`` by hand, the schema's ``minimum``, the message's words)
    Constraint("slurp", "span positions (whole numbers from 0)", "SLP101", ("FIRST_POSITION",), (), scope=("families/slurp/",), bounds=(0,),
               copies=("_POSITION", "_SPAN"), spelled=("whole numbers from 0",), docs=True),
)

_XSD = ("families/xsid/",)
_XSD_COMMENTS = ("id", "text", "text-en", "intent", "slots")
_XSD_CELLS = ("index", "word", "intent", "tag")

CONSTRAINTS += (
    Constraint("xsid", "comment keys", "XSD104", ("COMMENTS", "COMMENT_DOCS", "ONCE"), _XSD_COMMENTS, scope=_XSD, anywhere=False),
    Constraint("xsid", "languages without `# id`, `# text-en`", "XSD104", ("WITHOUT_ID", "WITHOUT_TEXT_EN", "NOT_NEEDED_IN"), (), scope=_XSD),
    # (``n < 4``: a comparison with the count writes it; the message's list of cells spells it)
    Constraint("xsid", "token cells (4: index, word, intent, tag)", "XSD101", ("COLUMNS", "COLUMN_DOCS", "CELLS", "CELL_NAMES"), _XSD_CELLS,
               least=3, scope=_XSD, anywhere=False, bounds=(4,), spelled=("index, word, intent",)),
)

#: A kind's entry fields, and the modules whose string literals are counted for them.
FIELDS = {
    "slu": (_SLU_FIELDS, ("families/slu/", "server/completion.py", "server/hover.py")),
    "corpus": (("id", "source", "reference", "segment", "difficulty", "provenance", "register", "context", "domain",
                "metadata", "notes", "variant_class", "morphological_analysis"),
               ("families/corpus/", "score/corpus_read.py")),
    "slurp": (_SLP_RECORD + _SLP_ITEMS, ("families/slurp/",)),
    "xsid": (_XSD_COMMENTS + ("index", "word", "tag"), _XSD),
}
# Modules that only document rules (their prose names fields) are not places.
_DOC_MODULES = ("rules.py",)


def _modules() -> list[tuple[str, ast.AST]]:
    return [(p.relative_to(rule_audit.PACKAGE).as_posix(), ast.parse(p.read_text(encoding="utf-8")))
            for p in sorted(rule_audit.PACKAGE.rglob("*.py"))]


def _identifier(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


_PLAIN = frozenset({"frozenset", "set", "tuple", "list", "dict", "sorted", "min", "max", "range", "len", "vocab", "declaration"})


def _names_only(value: ast.AST, tracked: set[str]) -> bool:
    """Whether ``value`` is made of the constraint alone (``frozenset(vocab.SEGMENTS)``,
    ``DIFFICULTY.allowed or frozenset()``): a copy of it under another name. A table of
    many fields built from the declaration is not: it names no constraint of its own."""
    roots = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
    named = {_identifier(n) for n in ast.walk(value) if isinstance(n, (ast.Name, ast.Attribute))}
    constants = [n for n in ast.walk(value) if isinstance(n, ast.Constant)]
    return bool(named & tracked) and roots <= tracked | _PLAIN and len(constants) <= 2


def _copies(modules: list[tuple[str, ast.AST]], names: tuple[str, ...], scope: tuple[str, ...]) -> set[str]:
    """``names`` and every module-level name assigned a copy of one (``_TIERS = vocab.TIERS``),
    to a fixed point."""
    tracked = set(names)
    while True:
        grown = set(tracked)
        for module, tree in modules:
            if not module.startswith(scope):
                continue
            for node in getattr(tree, "body", []):
                if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _names_only(node.value, tracked):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        for n in ast.walk(target):
                            if isinstance(n, ast.Name):
                                grown.add(n.id)
        if grown == tracked:
            return tracked
        tracked = grown


def _literal_values(node: ast.AST) -> list[object]:
    if isinstance(node, (ast.Set, ast.List, ast.Tuple)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    if isinstance(node, ast.Dict):
        return [k.value for k in node.keys if isinstance(k, ast.Constant)]
    return []


def _built_from_declaration(value: ast.AST | None, names: tuple[str, ...]) -> bool:
    """A table built by calling into a kind's ``declaration`` module (``TOP = declaration.table(declaration.TOP)``), or by
    a function of the constraint's own names (``TIERS = _tier_docs()``): derived, not written."""
    return value is not None and any(
        (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "declaration")
        or (isinstance(n, ast.Call) and _identifier(n.func) in names) for n in ast.walk(value))


def _compares(node: ast.Compare, bounds: tuple[float, ...]) -> bool:
    """A comparison that writes a range's ends: ``0 <= v <= 1`` holds both; ``v < 0`` (or ``v != 1``) writes a single one."""
    numbers = {n.value for n in (node.left, *node.comparators) if isinstance(n, ast.Constant) and type(n.value) in (int, float)}
    if len(bounds) == 1:
        return (len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.GtE, ast.NotEq)) and numbers == set(bounds)
                and isinstance(node.comparators[0], ast.Constant) and not isinstance(node.left, ast.Call))  # (``len(x) != 1`` is no bound)
    return set(bounds) <= numbers


_SCHEMA_BOUNDS = ("minimum", "maximum", "const")


def _schema_bound(node: ast.AST, bounds: tuple[float, ...]) -> bool:
    """A bound written as data: a JSON Schema by hand (``{"minimum": 0, "maximum": 1}``, ``out["const"] = 1``) or a
    declaration's keywords (``Field(..., minimum=0, maximum=100)``), holding every end of the range."""
    def ends(pairs: list[tuple[ast.AST | None, ast.AST]]) -> set[object]:
        return {v.value for k, v in pairs if isinstance(k, ast.Constant) and k.value in _SCHEMA_BOUNDS and isinstance(v, ast.Constant)
                and type(v.value) in (int, float)}

    if isinstance(node, ast.Dict):
        found = ends(list(zip(node.keys, node.values, strict=True)))
    elif isinstance(node, ast.Call):
        found = ends([(ast.Constant(k.arg), k.value) for k in node.keywords if k.arg is not None])
    elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
        found = ends([(node.targets[0].slice, node.value)])
    else:
        return False
    return bool(found) and set(bounds) <= found


def constraint_places(modules: list[tuple[str, ast.AST]], c: Constraint) -> list[str]:
    return [place for place, _ in _classified(modules, c)]


def constraint_writes(modules: list[tuple[str, ast.AST]], c: Constraint) -> list[str]:
    """The places that write the constraint: its values in a literal, a fragment of its pattern,
    its declaration, or a module's own copy of it (``copies``), as against a use of the declaration."""
    return [place for place, writes in _classified(modules, c) if writes]


def _derived(modules: list[tuple[str, ast.AST]], c: Constraint) -> set[str]:
    """The ``copies`` names that a module now builds from the declaration (``_SHAPE =
    tuple(... declaration.shape())``): a table derived, not written again."""
    out = set()
    for module, tree in modules:
        if not module.startswith(c.scope):
            continue
        for node in getattr(tree, "body", []):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and {
                    _identifier(n) for n in ast.walk(node.value)} & set(c.names):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                out.update(t.id for t in targets if isinstance(t, ast.Name) and t.id in c.copies)
    return out


def _classified(modules: list[tuple[str, ast.AST]], c: Constraint) -> list[tuple[str, bool]]:
    tracked = _copies(modules, c.names + c.copies, c.scope)
    copies = set(c.copies) - _derived(modules, c)
    values = set(c.values)
    places: set[tuple[str, int]] = set()
    writes: set[tuple[str, int]] = set()
    for module, tree in modules:
        doc = module.endswith(_DOC_MODULES)
        if doc and not c.docs:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) or (doc and not isinstance(node, ast.Constant)):
                continue  # (in the rules' prose only a text spells a constraint: the rule objects' names are no copies)
            name = node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else _identifier(node)
            if name in tracked and module.startswith(c.scope) and not isinstance(getattr(node, "ctx", None), ast.Store):
                places.add((module, node.lineno))  # type: ignore[attr-defined]
                if name in copies:
                    writes.add((module, node.lineno))  # type: ignore[attr-defined]
            elif values and (c.anywhere or module.startswith(c.scope)) and len(
                    values.intersection(v for v in _literal_values(node) if isinstance(v, str))) >= c.least:
                places.add((module, node.lineno))  # type: ignore[attr-defined]
                writes.add((module, node.lineno))  # type: ignore[attr-defined]
            elif c.spelled and module.startswith(c.scope) and isinstance(node, ast.Constant) and isinstance(node.value, str) and any(
                    f in node.value for f in c.spelled):
                places.add((module, node.lineno))
                writes.add((module, node.lineno))
            elif c.bounds and module.startswith(c.scope) and (isinstance(node, ast.Compare) and _compares(node, c.bounds) or _schema_bound(node, c.bounds)):
                places.add((module, node.lineno))
                writes.add((module, node.lineno))
            elif c.spelled and doc and isinstance(node, ast.Constant) and isinstance(node.value, str) and any(f in node.value for f in c.spelled):
                places.add((module, node.lineno))
                writes.add((module, node.lineno))
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and module.startswith(c.scope) and any(
                    isinstance(t, ast.Name) and t.id in (*c.names, *copies) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
                places.add((module, node.lineno))  # the declaration itself, or a copy made by hand
                if not _built_from_declaration(node.value, c.names):
                    writes.add((module, node.lineno))
    return [(f"{m}:{line}", (m, line) in writes) for m, line in sorted(places)]


def field_places(modules: list[tuple[str, ast.AST]], kind: str) -> dict[str, list[str]]:
    names, scope = FIELDS[kind]
    found: dict[str, set[tuple[str, int]]] = defaultdict(set)
    for module, tree in modules:
        if not module.startswith(scope) or module.endswith(_DOC_MODULES):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names:
                found[str(node.value)].add((module, node.lineno))
            elif isinstance(node, ast.ClassDef):  # a typed record's members (a msgspec Struct) name the fields too
                for member in node.body:
                    if isinstance(member, ast.AnnAssign) and isinstance(member.target, ast.Name) and member.target.id in names:
                        found[member.target.id].add((module, member.lineno))
    return {name: [f"{m}:{line}" for m, line in sorted(found.get(name, ()))] for name in names}


def measure() -> dict[str, object]:
    modules = _modules()
    codes = rule_audit.registered_codes()
    where = rule_audit.reporters(codes)
    return {
        "codes": {code: sorted(where.get(code, {})) for code in sorted(codes)},
        "constraints": {f"{c.kind}: {c.name} ({c.code})": constraint_places(modules, c) for c in CONSTRAINTS},
        "written": {f"{c.kind}: {c.name} ({c.code})": constraint_writes(modules, c) for c in CONSTRAINTS},
        "fields": {f"{kind}.{name}": places for kind in FIELDS for name, places in field_places(modules, kind).items()},
    }


def main(argv: list[str]) -> int:
    if "--package" in argv:
        rule_audit.PACKAGE = Path(argv[argv.index("--package") + 1]).resolve()
    found = measure()
    if "--json" in argv:
        print(json.dumps(found, indent=2, ensure_ascii=False))
        return 0
    codes: dict[str, list[str]] = found["codes"]  # type: ignore[assignment]
    several = {c: m for c, m in codes.items() if len(m) > 1}
    print(f"codes: {len(codes)} registered; {len(several)} reported from more than one module")
    constraints: dict[str, list[str]] = found["constraints"]  # type: ignore[assignment]
    written: dict[str, list[str]] = found["written"]  # type: ignore[assignment]
    print(f"constraints: {sum(map(len, constraints.values()))} places for {len(constraints)} constraints, "
          f"{sum(map(len, written.values()))} of them writing one (the others read a declaration)")
    for kind in sorted({name.split(":", 1)[0] for name in constraints}):
        mine = [name for name in constraints if name.startswith(kind + ":")]
        print(f"  {kind}: {sum(len(written[n]) for n in mine)} places write its {len(mine)} constraints")
    for name, places in constraints.items():
        modules = sorted({p.rsplit(':', 1)[0] for p in places})
        writers = sorted({p.rsplit(':', 1)[0] for p in written[name]})
        print(f"  {len(places):3} places, {len(modules)} modules, {len(written[name]):3} writing it (in {len(writers)} modules)  {name}")
    fields: dict[str, list[str]] = found["fields"]  # type: ignore[assignment]
    print(f"fields: {sum(map(len, fields.values()))} places spell an entry field's name")
    for name, places in fields.items():
        modules = sorted({p.rsplit(':', 1)[0] for p in places})
        print(f"  {len(places):3} places, {len(modules)} modules  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
