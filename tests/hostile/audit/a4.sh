. "$(dirname "$0")/lib.sh"
T=$(mktemp -d); chmod 755 $T; cd $T
echo '{"a":1}' > secret.json; chmod 000 secret.json
mkdir ro; chmod 555 ro
echo '{"a":1,}' > ok.json
NB="setpriv --bounding-set -dac_override,-dac_read_search,-fowner --inh-caps -all"
run sanity-cannot-cat "$NB cat secret.json"
run chmod000-named "$NB python -m goldlint check secret.json"
run chmod000-named-kind "$NB python -m goldlint check --kind slu secret.json"
run chmod000-walk "$NB python -m goldlint check ."
run output-file-unwritable "$NB python -m goldlint check ok.json --output-file ro/out.txt"
mkdir closed; echo '{}' > closed/x.json; chmod 000 closed
run chmod000-folder "$NB python -m goldlint check closed"
