# Shared by the whole-process benchmarks in bench/ (sourced, not run).

# Runs a command under /usr/bin/time -v; prints "wall_seconds max_rss_kib cpu_seconds" (user +
# system), whatever the command's exit status.
measure() {
  local log
  log=$(mktemp)
  /usr/bin/time -v "$@" >/dev/null 2>"$log" || true
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; wall = s }
    /User time \(seconds\)/ { cpu += $2 }
    /System time \(seconds\)/ { cpu += $2 }
    /Maximum resident set size/ { rss = $2 }
    END { printf "%.3f %d %.2f\n", wall, rss, cpu }' "$log"
  rm -f "$log"
}
