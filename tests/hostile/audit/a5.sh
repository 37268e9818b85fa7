. "$(dirname "$0")/lib.sh"
E=$REPO/examples/score
T=$(mktemp -d); cd $T; cp -r $E/* .
python - <<'PY'
import json
deep = "[" * 5000 + "]" * 5000
open('slu_deep.jsonl','w').write(json.dumps({"id": 1, "output": deep}) + "\n" + '{"id": 2, "output": ' + deep + '}\n')
open('slu_surr.jsonl','w').write('{"id": 1, "output": "\\ud800 {\\"intent\\": \\"x\\"}"}\n')
lines = open('truth/results.tsv').read().splitlines()
open('truth/results_digits.tsv','w').write(lines[0] + "\n" + ("9"*5000) + "\t" + "\t".join(lines[1].split("\t")[1:]) + "\n" + "\n".join(lines[2:]) + "\n")
c = [json.loads(l) for l in open('corpus/predictions.jsonl')]
c[0]["usage"] = {"prompt_tokens": 10**30, "completion_tokens": 10**30}
open('corpus/pred_big.jsonl','w').write("\n".join(json.dumps(x) for x in c) + "\n")
s = json.load(open('semantic/predictions.json'))
s["support_call"]["topics"] = [1, ["a"]]
s["support_call"]["risks"][0]["type"] = ["x"]
open('semantic/pred_odd.json','w').write(json.dumps(s))
PY
head -c 300 truth/results_digits.tsv | cut -c1-80 >/dev/null
run score-deep-nested "$G score slu/gold.jsonl slu_deep.jsonl -o /dev/null"
run score-lone-surrogate "$G score slu/gold.jsonl slu_surr.jsonl -o r.json && python -c 'import json;json.load(open(\"r.json\"))' && echo report-ok"
run score-truth-5000-digit-row "$G score truth/truth.tsv truth/results_digits.tsv --mix-config truth/mix.json"
run score-corpus-30-digit-tokens "$G score corpus/eng-sna-dev-v1.json corpus/pred_big.jsonl -o card.json --model-slug m --condition c --temperature 0 --method-class raw-llm --system-prompt /etc/hostname && $G check card.json"
run score-semantic-int-and-list "$G score semantic/gold semantic/pred_odd.json"
