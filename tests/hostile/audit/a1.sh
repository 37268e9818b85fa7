. "$(dirname "$0")/lib.sh"
cd $(mktemp -d)
for e in '\UFFFFFFFF' '\U80000000' '\U7FFFFFFF' '\U00110000'; do printf 'meeting_id: "%s"\n' "$e" > e.yaml; run "yaml-escape $e" $G check e.yaml; run "yaml-escape $e --kind" $G check --kind semantic e.yaml; done
mkdir loops; ln -s b.json loops/a.json; ln -s a.json loops/b.json; ln -s self.json loops/self.json; echo '{"a":1}' > loops/ok.json
run symlink-loop-check $G check loops; run symlink-loop-fix $G check --fix loops; run symlink-loop-named $G check loops/a.json
python -c "
import os
p='deep'
os.makedirs(p, exist_ok=True)
cur=p
for i in range(10000):
    cur=os.path.join(cur,'d')
    try: os.mkdir(cur)
    except OSError: break
"
echo '{"a":1,}' > deep/d/d/x.json
run deep-check $G check deep; run deep-fix $G check --fix deep; run deep-j2 $G check -j 2 deep
