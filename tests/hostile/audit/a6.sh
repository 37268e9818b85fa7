. "$(dirname "$0")/lib.sh"
E=$REPO/examples/score
T=$(mktemp -d); cd $T; cp -r $E/corpus .
F="--model-slug m --condition c --temperature 0 --method-class raw-llm --system-prompt /etc/hostname"
python - <<'PY'
import json
c = [json.loads(l) for l in open('corpus/predictions.jsonl')]
def w(name, rows): open(name,'w').write("\n".join(rows) + "\n")
w('errors.jsonl', [json.dumps({"id": x["id"], "error": "timeout"}) for x in c])
w('intids.jsonl', [json.dumps({"id": n, "predicted": "x"}) for n, x in enumerate(c)])
w('nan.jsonl', [json.dumps({"id": x["id"], "predicted": x["predicted"], "latency_seconds": v}).replace('"NaNX"', 'NaN') for x, v in zip(c, [float('nan'), float('inf'), -1.0] * 100)])
w('unknown.jsonl', [json.dumps({"id": "nope" + str(n), "predicted": "x"}) for n in range(3)])
w('sem50.jsonl', [json.dumps({"id": x["id"], "predicted": x["predicted"], "semantic_score": 50, "cost_usd": -1, "usage": {"prompt_tokens": -5}}) for x in c])
w('bigtok.jsonl', [json.dumps({"id": x["id"], "predicted": x["predicted"], "usage": {"prompt_tokens": 10**17}}) for x in c])
PY
for p in errors intids nan unknown sem50 bigtok; do rm -f card.json; run "card-from-$p" "$G score corpus/eng-sna-dev-v1.json $p.jsonl -o card.json $F > /dev/null 2>&1; echo score-rc=\$?; test -f card.json && $G check card.json && echo CHECK-CLEAN"; done
