# shellcheck shell=bash
# Sets unity_options, the meson options a new build directory gets. With GAFCHECK_UNITY=1 (which
# scripts/test sets) every library and program compiles as one unit (meson's unity build): a build
# from scratch, as in every CI run, then parses the standard, yaml-cpp and Boost headers once per
# library instead of once per source file, for 2-3x less CPU (docs/dev/testing.md, the clean
# clone). Left unset, a developer's build keeps one object per source file, so an edit
# recompiles one file. debian/rules reads the same variable.
unity_options=()
if [[ ${GAFCHECK_UNITY:-0} == 1 ]]; then
  unity_options=(-Dunity=on -Dunity_size=10000)
fi
