# Shared by scripts/fuzz, scripts/coverage and the fuzzing stages in scripts/test.d (sourced, not
# run). Expects $root (the source tree).

# Prints "NAME PATH" for each fuzz target in build directory $1: the executables fuzz/meson.build
# defines whose names start with fuzz_.
fuzz_targets() {
  meson introspect --targets "$1" | /usr/bin/python3 -c '
import json, sys
for target in json.load(sys.stdin):
    if (target["type"] == "executable" and target["name"].startswith("fuzz_")
            and target["defined_in"].endswith("/fuzz/meson.build")):
        print(target["name"], target["filename"][0])
'
}

# True when clang++ can link a libFuzzer target with ASan and UBSan.
libfuzzer_available() {
  command -v clang++ >/dev/null 2>&1 || return 1
  local probe
  probe=$(mktemp -d)
  echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' \
    >"$probe/probe.cpp"
  clang++ -fsanitize=fuzzer,address,undefined "$probe/probe.cpp" -o "$probe/probe" >/dev/null 2>&1
  local status=$?
  rm -rf "$probe"
  return $status
}

# Configures build directory $1 if needed (extra meson options follow), then builds every fuzz
# target in it. Quiet unless something fails.
build_fuzz_targets() {
  local build_dir=$1
  shift
  local log
  log=$(mktemp)
  if [[ ! -f "$build_dir/build.ninja" ]]; then
    # shellcheck source=unity_options.sh
    source "$root/scripts/lib/unity_options.sh"
    if ! meson setup "$build_dir" "$root" "$@" "${unity_options[@]}" >"$log" 2>&1; then
      cat "$log" >&2; rm -f "$log"; return 1
    fi
  fi
  if ! ninja -C "$build_dir" fuzz-targets >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; return 1
  fi
  rm -f "$log"
}

# Configures and builds the libFuzzer build (clang, -Dfuzzing=true) in $1.
build_libfuzzer_targets() {
  local werror=false
  [[ "${CI:-}" == "true" || "${GAFCHECK_WERROR:-}" == "1" ]] && werror=true
  CXX=clang++ build_fuzz_targets "$1" -Dfuzzing=true -Db_lundef=false -Dbench=false \
    -Dwerror=$werror
}

# The smoke stages (scripts/test.d/20-fuzz, 30-afl): runs "FUNCTION NAME BINARY" for every fuzz
# target of build directory $1, $2 at a time; each run writes $1/logs/NAME-smoke.result, a line
# starting PASS or FAIL. Then prints the results in target order and sets smoke_passed and
# smoke_failed (a run that wrote no result failed).
run_smoke_stage() {
  local build_dir=$1 jobs=$2 function=$3 line name binary result
  local targets
  mapfile -t targets < <(fuzz_targets "$build_dir")
  mkdir -p "$build_dir/logs"
  rm -f "$build_dir"/logs/*-smoke.result
  for line in "${targets[@]}"; do
    read -r name binary <<<"$line"
    while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n; done
    "$function" "$name" "$binary" &
  done
  wait
  smoke_passed=0
  smoke_failed=0
  for line in "${targets[@]}"; do
    read -r name _ <<<"$line"
    result=$build_dir/logs/$name-smoke.result
    if [[ -f "$result" ]] && grep -q '^PASS' "$result"; then
      smoke_passed=$((smoke_passed + 1))
    else
      smoke_failed=$((smoke_failed + 1))
      [[ -f "$result" ]] || echo "FAIL $name: no result" >"$result"
    fi
    cat "$result"
  done
}

# The read-only seed folders of target $1, one per line: its minimised campaign corpus
# (corpus/fuzz/$1, when there is one, unless $2 is "small"), corpus/seed and corpus/crashers.
seed_corpora() {
  [[ "${2:-}" != small && -d "$root/corpus/fuzz/$1" ]] && echo "$root/corpus/fuzz/$1"
  echo "$root/corpus/seed"
  echo "$root/corpus/crashers"
}

# libFuzzer flags for target $1: the "key = value" lines of fuzz/$1.options (its [libfuzzer]
# section, as OSS-Fuzz writes them) and fuzz/$1.dict when present. One flag per line.
libfuzzer_flags() {
  local options="$root/fuzz/$1.options" dict="$root/fuzz/$1.dict"
  if [[ -f "$options" ]]; then
    awk -F'=' '
      /^[[:space:]]*\[/ { section = $0; gsub(/[[:space:]\[\]]/, "", section); next }
      section == "libfuzzer" && NF == 2 {
        key = $1; value = $2
        gsub(/^[[:space:]]+|[[:space:]]+$/, "", key); gsub(/^[[:space:]]+|[[:space:]]+$/, "", value)
        if (key != "" && key !~ /^[#;]/) print "-" key "=" value
      }' "$options"
  fi
  [[ -f "$dict" ]] && echo "-dict=$dict"
  return 0
}

# Prints a one-line summary of libFuzzer log $1: executions, exec/s, corpus, coverage, peak RSS.
# With $2, a file holding the run's "user sys" CPU seconds (bash time, TIMEFORMAT='%U %S'), it
# also gives executions per CPU second, which a busy machine does not distort.
libfuzzer_summary() {
  /usr/bin/python3 - "$1" "${2:-}" <<'PY'
import re, sys
text = open(sys.argv[1], errors="replace").read()
stats = dict(re.findall(r"^stat::(\w+):\s*(\d+)", text, re.M))
status = re.findall(r"#\d+\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/(\S+)", text)
cov, ft, corp, corp_size = status[-1] if status else ("?", "?", "?", "?")
runs = stats.get("number_of_executed_units", "?")
per_cpu = ""
try:
    user, system = open(sys.argv[2]).read().split()[-2:]
    cpu = float(user) + float(system)
    per_cpu = f" ({int(runs) / cpu:.0f} per CPU second)"
except (OSError, ValueError, IndexError, ZeroDivisionError):
    pass
print(f"{runs} runs, {stats.get('average_exec_per_sec', '?')} exec/s{per_cpu}, "
      f"corpus {corp} inputs ({corp_size}), cov {cov} edges / ft {ft}, "
      f"peak RSS {stats.get('peak_rss_mb', '?')} MB")
PY
}

# --- AFL++ (Debian afl++): the same targets, built with afl-clang-fast++ and linked with AFL's
# libFuzzer driver (libAFLDriver: persistent mode, inputs in shared memory), ASan and UBSan.

# True when afl-fuzz and afl-clang-fast++ are installed.
afl_available() {
  command -v afl-fuzz >/dev/null 2>&1 && command -v afl-clang-fast++ >/dev/null 2>&1
}

# Configures and builds the AFL++ build in $1; with "cmplog" as $2, the CmpLog build afl-fuzz -c
# runs beside it (AFL_LLVM_CMPLOG; the define only keeps ccache from mixing the two builds'
# objects). Without debug information (a quarter of the compile time): a crash found by AFL++ is
# replayed for its stack in the libFuzzer build, which has it. afl-cc adds -g and -funroll-loops
# to every compile unless AFL_DONT_OPTIMIZE is set; the build's own -O2 stays either way.
build_afl_targets() {
  local build_dir=$1 kind=${2:-plain}
  local werror=false extra=()
  [[ "${CI:-}" == "true" || "${GAFCHECK_WERROR:-}" == "1" ]] && werror=true
  [[ $kind == cmplog ]] && extra=(-Dcpp_args=-DGAFCHECK_AFL_CMPLOG)
  if [[ $kind == cmplog ]]; then export AFL_LLVM_CMPLOG=1; else unset AFL_LLVM_CMPLOG; fi
  AFL_QUIET=1 AFL_DONT_OPTIMIZE=1 CC=afl-clang-fast CXX=afl-clang-fast++ \
    build_fuzz_targets "$build_dir" \
    -Dfuzzing=true -Db_lundef=false -Dwerror=$werror -Dtests=false -Dbench=false -Ddebug=false \
    "${extra[@]}"
  local status=$?
  unset AFL_LLVM_CMPLOG
  return $status
}

# ASan options every fuzzing run starts from. Fresh memory is what costs: with ASan's default
# 256 MiB quarantine every allocation lands on pages not touched yet, so a target that allocates
# per input (zlib's deflate state, yaml-cpp's nodes) spent a third of its time in page faults and
# the memset of new pages, and recording each allocation's stack another ~10%. A 16 MiB quarantine
# still catches a use after free within the same input. Replay of each committed corpus, CPU s
# before -> after (bench/fuzz_campaigns.md): fuzz_render 3.9 -> 1.2, fuzz_hpi 4.6 -> 2.8,
# fuzz_taf 7.3 -> 4.9, fuzz_report 6.9 -> 4.7. A reproducer replayed by hand
# (build-fuzz/fuzz/TARGET FILE) or by the sanitizer stage's replay tests runs with ASan's
# defaults and prints allocation stacks.
fuzzing_asan_defaults=quarantine_size_mb=16:malloc_context_size=0

# The fuzzing defaults, then the "key=value" pairs of the [asan] section of fuzz/$1.options (the
# OSS-Fuzz layout; later pairs win), joined with ':' for ASAN_OPTIONS.
asan_options_of() {
  local options="$root/fuzz/$1.options"
  printf '%s' "$fuzzing_asan_defaults"
  [[ -f "$options" ]] || return 0
  awk -F'=' -v n=1 '
    /^[[:space:]]*\[/ { section = $0; gsub(/[[:space:]\[\]]/, "", section); next }
    section == "asan" && NF == 2 {
      key = $1; value = $2
      gsub(/^[[:space:]]+|[[:space:]]+$/, "", key); gsub(/^[[:space:]]+|[[:space:]]+$/, "", value)
      if (key != "" && key !~ /^[#;]/) printf "%s%s=%s", (n++ ? ":" : ""), key, value
    }' "$options"
}

# ASAN_OPTIONS for a libFuzzer run of target $1: its .options [asan] pairs, then whatever the
# caller's ASAN_OPTIONS says (later pairs win in ASan's parser).
libfuzzer_asan_options() {
  local own
  own=$(asan_options_of "$1")
  echo "${own}${own:+${ASAN_OPTIONS:+:}}${ASAN_OPTIONS:-}"
}

# The value of "key = value" in the [libfuzzer] section of fuzz/$1.options, or $3 when absent.
libfuzzer_option() {
  local value
  value=$(libfuzzer_flags "$1" | sed -n "s/^-$2=//p" | head -1)
  echo "${value:-$3}"
}

# afl-fuzz flags for target $1 from the same fuzz/$1.options and fuzz/$1.dict: -t (timeout),
# -G (max_len) and -x (dictionary). One flag per line.
afl_flags() {
  local timeout max_len dict="$root/fuzz/$1.dict"
  timeout=$(libfuzzer_option "$1" timeout 2)
  max_len=$(libfuzzer_option "$1" max_len 8192)
  echo "-t"; echo "$((timeout * 1000))"
  echo "-G"; echo "$max_len"
  if [[ -f "$dict" ]]; then echo "-x"; echo "$dict"; fi
}

# The environment afl-fuzz and the target run in for target $1: the .options memory limits as
# ASan limits (malloc_limit_mb: largest allocation, rss_limit_mb: resident memory), a UBSan
# report aborting like a crash, no leak check (libFuzzer's runs do it), and afl-fuzz quiet and
# fit for a shared machine. One NAME=VALUE per line.
afl_environment() {
  local malloc_limit rss_limit
  malloc_limit=$(libfuzzer_option "$1" malloc_limit_mb "$(libfuzzer_option "$1" rss_limit_mb 2048)")
  rss_limit=$(libfuzzer_option "$1" rss_limit_mb 2048)
  local own
  own=$(asan_options_of "$1")
  echo "ASAN_OPTIONS=abort_on_error=1:symbolize=0:detect_leaks=0:allocator_may_return_null=0:max_allocation_size_mb=$malloc_limit:hard_rss_limit_mb=$rss_limit${own:+:$own}"
  echo "UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1:symbolize=0"
  echo "AFL_NO_UI=1"
  echo "AFL_NO_AFFINITY=1"
  echo "AFL_SKIP_CPUFREQ=1"
  echo "AFL_AUTORESUME=1"
  echo "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1"
}

# Copies the seed folders of target $1 (seed_corpora; $3 "small" leaves out the campaign corpus)
# into the single input folder $2 afl-fuzz reads, leaving out files over the target's max_len.
afl_seed_folder() {
  local max_len folder
  max_len=$(libfuzzer_option "$1" max_len 8192)
  rm -rf "$2"
  mkdir -p "$2"
  while read -r folder; do
    find "$folder" -type f -size -$((max_len + 1))c -print0 |
      while IFS= read -r -d '' file; do
        cp "$file" "$2/$(basename "$(dirname "$file")")-$(basename "$file")"
      done
  done < <(seed_corpora "$1" "${3:-}")
}

# One-line summary of an afl-fuzz output folder $1 (its fuzzer_stats) like libfuzzer_summary.
# (No CPU seconds: the forkserver that runs the target is not a child bash's time can see.)
afl_summary() {
  /usr/bin/python3 - "$1/default/fuzzer_stats" <<'PY'
import sys
try:
    lines = open(sys.argv[1]).read().splitlines()
except OSError:
    print("no fuzzer_stats (afl-fuzz did not start)"); sys.exit()
stats = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in lines if ":" in line)}
print(f"{stats.get('execs_done', '?')} runs in {stats.get('run_time', '?')} s, "
      f"{stats.get('execs_per_sec', '?')} exec/s, corpus {stats.get('corpus_count', '?')} inputs, "
      f"edges {stats.get('edges_found', '?')} ({stats.get('bitmap_cvg', '?')} of the map), "
      f"crashes {stats.get('saved_crashes', '?')}, hangs {stats.get('saved_hangs', '?')}")
PY
}
