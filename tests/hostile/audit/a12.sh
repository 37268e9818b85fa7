. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T; cp -r $REPO/examples/score/truth .
python - <<'PY'
import json
pats = {"A": r"(a)\1", "B": r"(?=x)y", "C": r"(?<=x)y", "D": "a++", "E": "(?>ab)c", "F": "a{99999999}", "G": "(?!x)y"}
json.dump({"nlu": {"predicted_entities_to_ignore": pats}}, open('mix.json', 'w'), indent=1)
PY
SHOW="MXC|rror" LINES_SHOWN=9 run mix-re2-check "$G check --kind mix-config mix.json"
SHOW="MXC|rror|note" LINES_SHOWN=9 run mix-re2-score "$G score truth/truth.tsv truth/results.tsv --mix-config mix.json"
python -c "open('big.json','w').write('{\"a\": ' + '9'*5000 + '}')"
python -c "open('big.jsonl','w').write('{\"a\": ' + '9'*5000 + '}\n')"
python -c "open('big.yaml','w').write('a: ' + '9'*5000 + '\n')"
python -c "open('mid.json','w').write('{\"a\": ' + '9'*400 + '}')"
for f in big.json big.jsonl big.yaml mid.json; do SHOW="." run "digits-$f" "$G check --kind slu $f | grep -v SLU11[78]"; done
grep -n "4,300\|4300" $REPO/README.md $REPO/SECURITY.md | cut -c1-250
