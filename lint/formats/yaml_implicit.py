"""ruamel.yaml's implicit types of plain scalars in YAML 1.2: (first characters, [(tag, pattern,
flags)] in the order they are tried).

Written by ``python -m goldlint.formats.yaml_events`` from the installed ruamel.yaml;
tests/test_yaml_events.py holds it equal. Do not edit."""

IMPLICIT_1_2: list[tuple[tuple[str, ...], list[tuple[str, str, int]]]] = [
    (('t', 'T', 'f', 'F'), [('tag:yaml.org,2002:bool', '^(?:true|True|TRUE|false|False|FALSE)$', 96)]),
    (('-', '+'), [('tag:yaml.org,2002:float', '^(?:\n         [-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+]?[0-9]+)?\n        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)\n        |[-+]?\\.[0-9_]+(?:[eE][-+][0-9]+)?\n        |[-+]?\\.(?:inf|Inf|INF)\n        |\\.(?:nan|NaN|NAN))$', 96), ('tag:yaml.org,2002:int', '^(?:[-+]?0b[0-1_]+\n        |[-+]?0o?[0-7_]+\n        |[-+]?[0-9_]+\n        |[-+]?0x[0-9a-fA-F_]+)$', 96)]),
    (('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), [('tag:yaml.org,2002:float', '^(?:\n         [-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+]?[0-9]+)?\n        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)\n        |[-+]?\\.[0-9_]+(?:[eE][-+][0-9]+)?\n        |[-+]?\\.(?:inf|Inf|INF)\n        |\\.(?:nan|NaN|NAN))$', 96), ('tag:yaml.org,2002:int', '^(?:[-+]?0b[0-1_]+\n        |[-+]?0o?[0-7_]+\n        |[-+]?[0-9_]+\n        |[-+]?0x[0-9a-fA-F_]+)$', 96), ('tag:yaml.org,2002:timestamp', '^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]\n        |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?\n        (?:[Tt]|[ \\t]+)[0-9][0-9]?\n        :[0-9][0-9] :[0-9][0-9] (?:\\.[0-9]*)?\n        (?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$', 96)]),
    (('.',), [('tag:yaml.org,2002:float', '^(?:\n         [-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+]?[0-9]+)?\n        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)\n        |[-+]?\\.[0-9_]+(?:[eE][-+][0-9]+)?\n        |[-+]?\\.(?:inf|Inf|INF)\n        |\\.(?:nan|NaN|NAN))$', 96)]),
    (('<',), [('tag:yaml.org,2002:merge', '^(?:<<)$', 32)]),
    (('~', 'n', 'N', ''), [('tag:yaml.org,2002:null', '^(?: ~\n        |null|Null|NULL\n        | )$', 96)]),
    (('=',), [('tag:yaml.org,2002:value', '^(?:=)$', 32)]),
    (('!', '&', '*'), [('tag:yaml.org,2002:yaml', '^(?:!|&|\\*)$', 32)]),
]
