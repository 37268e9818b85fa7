. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); chmod 755 $T; cd $T
mkdir -m 777 ww; mkdir -m 1777 sticky
python - <<'PY'
import json, os
r = json.loads(open(os.environ['REPO'] + '/examples/score/slu/gold.jsonl').readline())
r['outputs']['intent'] = ' ' + r['outputs']['intent']
for p in ('ww/g.json', 'sticky/g.json'):
    open(p, 'w').write(json.dumps(r, ensure_ascii=False))
PY
chmod 666 ww/g.json sticky/g.json
NB="setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps +dac_read_search --ambient-caps +dac_read_search"
run nobody-sanity "$NB id -u; $NB python -c 'import goldlint; print(1)'"
for d in ww sticky; do
run "fix-other-user-$d" "$NB python -m goldlint check --fix --kind slu $d/g.json > /dev/null; echo rc=\$?; stat -c '%U %a' $d/g.json; grep -c '\" RateBook' $d/g.json"
done
