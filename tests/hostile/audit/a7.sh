. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T
mkdir tree
python - <<'PY'
import json
name = 'tree/x\n::error file=evil.json::pwned\x1b[31m.json'
open(name, 'w').write(json.dumps({"a": 1, "b": "v\n::error file=e::x\x1b[2J\u0085\u2028"}) + ',')
PY
for f in text github json sarif junit; do run "inject-$f" "$G check --format $f tree > out.$f; echo rc=\$?; python - out.$f <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
bad = [b for b in (b'\x1b', b'\n::error', b'\xc2\x85', b'\xe2\x80\xa8') if b in data]
print('RAW CONTROL:', bad if bad else 'none')
if sys.argv[1].endswith('junit'):
    import xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1]); print('xml ok')
PY"; done
