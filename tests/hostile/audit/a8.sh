. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T
python - <<'PY'
import json, os
recs = [json.loads(l) for l in open(os.environ['REPO'] + '/examples/score/slu/gold.jsonl')]
for n in (1000, 4000):
    with open(f'fix{n}.jsonl', 'w') as f:
        for k in range(n):
            r = json.loads(json.dumps(recs[k % len(recs)]))
            r['meta']['id'] = k
            r['inputs']['question'] = r['inputs']['question'] + ' cafe\u0301'; r['outputs']['intent'] = ' ' + r['outputs']['intent']
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
PY
for n in 1000 4000; do cp fix$n.jsonl before$n.jsonl; run "fix-$n" "/usr/bin/time -f '%M kB %e s' $G check --fix --kind slu fix$n.jsonl | tail -1; python -c \"import sys; a=open('before$n.jsonl').read(); b=open('fix$n.jsonl').read(); print('changed lines', sum(x!=y for x,y in zip(a.splitlines(), b.splitlines())))\""; done
