
: "${REPO:?set REPO to the checkout}"; export REPO
G="python -m goldlint"
run() { # name, command...
  local name=$1; shift
  local out; out=$(timeout 120 bash -c "$*" 2>&1); local rc=$?
  local tb=""; echo "$out" | grep -q "Traceback\|internal error" && tb=" TRACEBACK"
  echo "### $name rc=$rc$tb :: $*"
  echo "$out" | grep -v -e '^ ' -e '^$' -e '─' | grep -E "${SHOW:-.}" | head -${LINES_SHOWN:-3} | cut -c1-220
}
