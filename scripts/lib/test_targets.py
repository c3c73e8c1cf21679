"""Prints the ninja targets (paths relative to the build directory) that a meson test run without
the named suites needs: every program those tests run or depend on, and, when no suite is left
out, every target built by default. `ninja` alone would also build the programs of the excluded
suites (and the benchmarks), because meson's `all` builds every test program, even one declared
build_by_default: false.

usage: test_targets.py BUILD_DIR [EXCLUDED_SUITE...]"""
import json
import os
import subprocess
import sys


def introspect(build_dir, what):
    output = subprocess.run(["meson", "introspect", what, build_dir], check=True,
                            capture_output=True, text=True).stdout
    return json.loads(output)


build_dir = os.path.abspath(sys.argv[1])
excluded = set(sys.argv[2:])
targets = introspect(build_dir, "--targets")
files_of = {target["id"]: target["filename"] for target in targets}
wanted = set()
for target in targets:
    if target["build_by_default"] and not excluded:
        wanted.update(target["filename"])
for test in introspect(build_dir, "--tests"):
    suites = {suite.split(":", 1)[-1] for suite in test["suite"]}
    if suites & excluded:
        continue
    for target_id in test["depends"]:
        wanted.update(files_of.get(target_id, []))
for path in sorted(wanted):
    print(os.path.relpath(path, build_dir))
