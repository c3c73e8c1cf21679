#!/usr/bin/env bash
# Whole-process benchmark of the walks that go on after a budget hit (a budget stops only the work
# it bounds; numbers in docs/security.md, never a timed test).
#
#   bench/budget_walks.sh [WORK_DIR]   (default: /tmp/gafcheck-budget-walks; GAFCHECK=another
#                                       binary, e.g. one built before the change, to compare)
#
# Writes the shapes of bench/budget_shapes.py and checks each under /usr/bin/time -v, with the
# default budgets and with the budget it hits lowered: CPU seconds, peak RSS, budget.exceeded
# findings and exit code. A walk that continues past a budget must stay linear in the file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-/tmp/gafcheck-budget-walks}
build_dir=${GAFCHECK_BUILD_DIR:-$root/build}
if [[ -z "${GAFCHECK:-}" ]]; then "$root/scripts/build" validator/cli/gafcheck >/dev/null; fi
gafcheck=${GAFCHECK:-$build_dir/validator/cli/gafcheck}
[[ -x /usr/bin/time ]] || { echo "budget_walks.sh: /usr/bin/time is missing" >&2; exit 1; }

mkdir -p "$work/in"
python3 "$root/bench/budget_shapes.py" "$work/in"

printf '%-26s %-22s %9s %7s %9s %7s %4s\n' shape options bytes cpu_s rss_mib budgets exit
run() {
  local name=$1
  shift
  local input="$work/in/$name" report="$work/report.yaml" status=0
  /usr/bin/time -v -o "$work/time.txt" "$gafcheck" check -q "$@" -o "$report" "$input" || status=$?
  local user sys rss budgets
  user=$(awk -F': ' '/User time/ {print $2}' "$work/time.txt")
  sys=$(awk -F': ' '/System time/ {print $2}' "$work/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  budgets=$(sed -n 's/^  budget.exceeded: {occurrences: \([0-9]*\).*/\1/p' "$report" | tail -1)
  printf '%-26s %-22s %9d %7.2f %9.1f %7d %4d\n' "$name" "${*:-defaults}" \
    "$(stat -c %s "$input")" "$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')" \
    "$(awk -v r="$rss" 'BEGIN {print r / 1024}')" "${budgets:-0}" "$status"
}
run deep-chain.gaf
run deep-chain.gaf --max-depth 2
run wide-expansion.gaf
run wide-expansion.gaf --max-expansion 1000
run huge-entry-count.gaf
run huge-entry-count.gaf --max-entries 1000
run entry-count-no-table.gaf --max-entries 10
