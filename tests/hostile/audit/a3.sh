. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); chmod 755 $T; cd $T
echo '{"a":1}' > secret.json; chmod 000 secret.json
mkdir ro; chmod 555 ro
NB="setpriv --reuid=65534 --regid=65534 --clear-groups env PYTHONPATH=$PYTHONPATH HOME=/tmp"
run chmod000-nonroot $NB python -m goldlint check secret.json
echo '{"a":1,}' > ok.json
run output-file-unwritable $NB python -m goldlint check ok.json --output-file ro/out.txt
run output-file-dir-missing $G check ok.json --output-file /nonexistent/dir/out.txt
run devzero $G check /dev/zero
run devzero-kind $G check --kind slu /dev/zero
run devurandom $G check /dev/urandom
run yes-stdin "yes | $G check /dev/stdin"
run yes-stdin-kind "yes | $G check --kind slu /dev/stdin"
mkfifo fifo.json; run fifo-no-writer $G check fifo.json
run fifo-dir-walk $G check .
python -c "
with open('big.jsonl','w') as f:
    f.write('{\"text\": \"'); [f.write('x'*(1<<20)) for _ in range(200)]; f.write('\"}\n{\"a\": 1}\n')
"
run jsonl-200MB-line "/usr/bin/time -f '%M kB %e s' $G check big.jsonl"
