"""Running the gafcheck binary from the Python CLI tests, and reading the YAML reports it writes:
one place for the exit-code assertion and the schema validation every test script needs."""
import json
import os
import subprocess

import jsonschema
import yaml


def run_gafcheck(binary, *args, check_code=None, env=None, cwd=None, timeout=120, text=True,
                 stdin=None):
    """Runs BINARY ARGS (each str()-ed unless bytes), stdin empty unless STDIN (bytes) is given,
    the environment the test's plus ENV. With CHECK_CODE, asserts the exit code and shows the
    arguments and the end of stderr when it differs."""
    # meson passes the binary relative to the build directory; a test may run it elsewhere (cwd).
    binary = os.path.abspath(binary) if os.sep in str(binary) else binary
    arguments = [binary, *[a if isinstance(a, bytes) else str(a) for a in args]]
    result = subprocess.run(arguments, capture_output=True, text=text, timeout=timeout, cwd=cwd,
                            env=dict(os.environ, **(env or {})),
                            input=stdin, stdin=None if stdin is not None else subprocess.DEVNULL)
    if check_code is not None:
        stderr = result.stderr if text else result.stderr.decode('utf-8', 'replace')
        assert result.returncode == check_code, (
            f'{args}: exit {result.returncode}, wanted {check_code}\nstderr: {stderr[-2000:]}')
    return result


def load_schemas(source_root, kinds):
    """The JSON schemas of the report document KINDS, from SOURCE_ROOT/reports/schema."""
    folder = os.path.join(str(source_root), 'reports', 'schema')
    schemas = {}
    for kind in kinds:
        with open(os.path.join(folder, f'{kind}.schema.json'), encoding='utf-8') as schema:
            schemas[kind] = json.load(schema)
    return schemas


def validated_documents(text, schemas):
    """Every YAML document of a report, each validated against the schema of its kind; in a
    report of an older schema version (the header's schema_version, 1 when absent), against
    KIND.vN where SCHEMAS has it."""
    docs = list(yaml.safe_load_all(text))
    version = docs[0].get('schema_version', 1) if docs and docs[0].get('kind') == 'header' else 0
    for doc in docs:
        kind = doc['kind']
        kind = f'{kind}.v{version}' if f'{kind}.v{version}' in schemas else kind
        jsonschema.validate(json.loads(json.dumps(doc)), schemas[kind])
    return docs
