. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T
python - <<'PY'
L = 4_000_000
with open('anchors.yaml', 'w') as f:
    k = 0
    while f.tell() < L - 40:
        f.write(f'- &a{k} {{k: {k}}}\n- *a{k}\n'); k += 1
with open('one_anchor.yaml', 'w') as f:
    f.write('base: &b {x: 1}\nitems:\n')
    while f.tell() < 8_000_000: f.write('- *b\n')
with open('anchors6.yaml', 'w') as f:
    k = 0
    while k < 170_000: f.write(f'- &a{k} x{k}\n'); k += 1
cols = 100_000
open('wide.tsv', 'w').write('\t'.join(f'column{n}' for n in range(cols)) + '\n' + '\t'.join('x' for _ in range(cols)) + '\n')
PY
ls -la
SHOW="." LINES_SHOWN=2 run anchors-4MB "/usr/bin/time -f '%M kB %e s' $G check anchors.yaml 2>&1 | tail -2"
SHOW="." LINES_SHOWN=2 run anchors-4MB-semantic "/usr/bin/time -f '%M kB %e s' $G check --kind semantic anchors.yaml 2>&1 | tail -2"
SHOW="." LINES_SHOWN=2 run one-anchor-8MB "/usr/bin/time -f '%M kB %e s' $G check --kind semantic one_anchor.yaml 2>&1 | tail -3"
SHOW="." LINES_SHOWN=2 run anchors-170k "ls -la anchors6.yaml | cut -c20-40; /usr/bin/time -f '%M kB %e s' $G check --kind semantic anchors6.yaml 2>&1 | tail -3"
SHOW="." LINES_SHOWN=2 run truth-100k-header "/usr/bin/time -f '%M kB %e s' $G check --kind truth wide.tsv 2>&1 | tail -2"
