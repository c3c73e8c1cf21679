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
    if ! meson setup "$build_dir" "$root" "$@" >"$log" 2>&1; then
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
  CXX=clang++ build_fuzz_targets "$1" -Dfuzzing=true -Db_lundef=false -Dwerror=$werror
}

# The read-only seed folders of target $1, one per line: its minimised campaign corpus
# (corpus/fuzz/$1, when there is one), corpus/seed and corpus/crashers.
seed_corpora() {
  [[ -d "$root/corpus/fuzz/$1" ]] && echo "$root/corpus/fuzz/$1"
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
