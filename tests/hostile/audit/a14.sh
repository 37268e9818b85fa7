. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T
python - <<'PY'
import json, os
recs = [json.loads(l) for l in open(os.environ['REPO'] + '/examples/score/slu/gold.jsonl')]
preds = [json.loads(l) for l in open(os.environ['REPO'] + '/examples/score/slu/predictions.jsonl')]
n = 30000
with open('gold.jsonl', 'w') as g, open('pred.jsonl', 'w') as p:
    for k in range(n):
        r = json.loads(json.dumps(recs[k % len(recs)])); r['meta']['id'] = k + 1
        g.write(json.dumps(r, ensure_ascii=False) + '\n')
        q = dict(preds[k % len(preds)]); q['id'] = k + 1
        p.write(json.dumps(q, ensure_ascii=False) + '\n')
PY
ls -la
SHOW="." LINES_SHOWN=2 run slu-check-gold "/usr/bin/time -f '%M kB %e s' $G check --kind slu gold.jsonl 2>&1 | tail -2"
SHOW="." LINES_SHOWN=2 run slu-score "/usr/bin/time -f '%M kB %e s' $G score --allow-invalid-gold gold.jsonl pred.jsonl -o r.json 2>&1 | tail -2"
