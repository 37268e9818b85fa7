. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); chmod 755 $T; cd $T
mkdir -p tree outside/dir
python - <<'PY'
import json, os
r = json.loads(open(os.environ['REPO'] + '/examples/score/slu/gold.jsonl').readline())
r['outputs']['intent'] = ' ' + r['outputs']['intent']
for p in ('outside/target.json', 'outside/dir/g.json', 'tree/own.json'):
    open(p, 'w').write(json.dumps(r, ensure_ascii=False))
PY
ln -s ../outside/target.json tree/link.json; ln -s ../outside/dir tree/dirlink
cp outside/target.json target.before; cp outside/dir/g.json g.before
K="--kind slu"
run sanity-own-fixed "$G check --fix $K tree/own.json >/dev/null; grep -c '\" RateBook' tree/own.json"
run fix-named-file-link "$G check --fix $K tree/link.json; cmp -s outside/target.json target.before && echo TARGET-UNCHANGED"
run fix-named-dir-link "$G check --fix $K tree/dirlink/g.json; cmp -s outside/dir/g.json g.before && echo TARGET-UNCHANGED"
run fix-folder-walk "$G check --fix $K tree; cmp -s outside/target.json target.before && echo TARGET-UNCHANGED; cmp -s outside/dir/g.json g.before && echo G-UNCHANGED"
run fix-tree-from-root "cd / && $G check --fix $K $T/tree; cd $T; cmp -s outside/target.json target.before && echo TARGET-UNCHANGED; cmp -s outside/dir/g.json g.before && echo G-UNCHANGED"
run fix-named-link-from-root "cd / && $G check --fix $K $T/tree/link.json; cd $T; cmp -s outside/target.json target.before && echo TARGET-UNCHANGED"
