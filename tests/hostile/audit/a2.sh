. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); cd $T
python -c "
import os
os.mkdir('deep'); os.chdir('deep')
for i in range(10000):
    os.mkdir('d'); os.chdir('d')
    if i == 5: open('x.json','w').write('{\"a\":1,}')
open('bottom.json','w').write('{\"a\":1,}')
"
run deep10000-check $G check deep; run deep10000-fix $G check --fix deep; run deep10000-j2 $G check -j 2 deep
