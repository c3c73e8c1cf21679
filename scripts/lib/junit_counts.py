"""Prints "PASSED FAILED" counted from a meson JUnit log (skipped cases are left out), then one
"FAILED: name" line per failing case. Used by the scripts/test.d stages."""
import sys
import xml.etree.ElementTree as ET

try:
    root = ET.parse(sys.argv[1]).getroot()
except Exception:
    print("0 0")
    sys.exit()
passed = failed = 0
failures = []
for case in root.iter("testcase"):
    if case.find("skipped") is not None:
        continue
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
        failures.append(case.get("name", "?"))
    else:
        passed += 1
print(passed, failed)
for name in failures:
    print("FAILED:", name)
