#!/usr/bin/env python3
"""reports/gen/schema_tables.py: the report schemas become the field tables report_schema_check
walks, each construct its checker, and a construct the generator does not know stops the build
naming the schema and the place in it.

usage: schema_tables_generator_test.py SOURCE_ROOT
"""
import contextlib
import importlib.util
import io
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(sys.argv.pop(1) if len(sys.argv) > 1 else '.').resolve()
GENERATOR = ROOT / 'reports' / 'gen' / 'schema_tables.py'
KINDS = ('header', 'file', 'record', 'record.v1', 'summary')
_spec = importlib.util.spec_from_file_location('schema_tables', GENERATOR)
schema_tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(schema_tables)


def generate(schemas, in_process=True):
    """(exit status, generated C++ or the error) for schemas: {kind: schema object or path}.
    In process, as main() runs it; otherwise as the build runs the generator."""
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for kind, schema in schemas.items():
            path = pathlib.Path(folder) / f'{kind}.schema.json'
            path.write_text(schema.read_text() if isinstance(schema, pathlib.Path)
                            else json.dumps(schema))
            paths.append(str(path))
        output = pathlib.Path(folder) / 'tables.cpp'
        if in_process:
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors):
                status = schema_tables.main(output, paths)
            error = errors.getvalue()
        else:
            run = subprocess.run([sys.executable, GENERATOR, output, *paths],
                                 capture_output=True, text=True)
            status, error = run.returncode, run.stderr
        return status, output.read_text() if status == 0 else error


def record_with(field):
    """A record schema whose one field besides kind is described by `field`."""
    return {'type': 'object', 'required': ['kind'], 'additionalProperties': False,
            'properties': {'kind': {'const': 'record'}, 'value': field}}


class RepositorySchemas(unittest.TestCase):
    def test_each_schema_becomes_the_tables_the_checker_walks(self):
        status, source = generate({k: ROOT / 'reports/schema' / f'{k}.schema.json' for k in KINDS},
                                  in_process=False)
        self.assertEqual(status, 0, source)
        for row in (
                '{"tool", true, constant_field<schema_header_tool_values>}',
                '{"budgets", true, keyed_field<schema_budget_key_names, count_field>}',
                '{"findings", true, list_field<schema_file_findings_check>}',
                'both_or_neither(node, field, "suppressed", "justification");',
                '{"summary", true, counters_field}',
                '{"budget", true, budget_name_field}',
                '{"exit_code", true, exit_code_field}',
                '{"summary", "/properties/findings/additionalProperties", '
                'schema_summary_findings_fields}'):
            self.assertIn(row, source)
        for kind in ('header', 'file', 'record', 'summary'):
            self.assertIn(f'if (kind == "{kind}") return schema_{kind}_fields;', source)
        # Records of reports of schema version 1 have their own table, tried first.
        self.assertLess(source.index('if (kind == "record" && schema_version <= 1) return '
                                     'schema_record_v1_fields;'),
                        source.index('if (kind == "record") return schema_record_fields;'))
        self.assertIn('{"summary", true, packed_field<PackedKind::counters>}', source)
        self.assertIn('static_assert(report_schema_version == 2,', source)


class Constructs(unittest.TestCase):
    def row(self, field):
        status, source = generate({'record': record_with(field)})
        self.assertEqual(status, 0, source)
        line = next(line for line in source.splitlines() if line.startswith('    {"value"'))
        return line.strip()

    def refused(self, field, problem):
        status, message = generate({'record': record_with(field)})
        self.assertNotEqual(status, 0)
        self.assertIn('record#/properties/value', message)
        self.assertIn(problem, message)

    def test_each_construct_becomes_its_checker(self):
        for field, check in (
                ({'type': 'string'}, 'string_field'),
                ({'type': 'string', 'minLength': 1}, 'message_field'),
                ({'type': 'string', 'pattern': '^[0-9a-f]{64}$'}, 'sha256_field'),
                ({'type': 'integer'}, 'integer_field'),
                ({'type': 'integer', 'minimum': 0}, 'count_field'),
                ({'type': 'integer', 'minimum': 1}, 'positive_field'),
                ({'type': 'number', 'minimum': 0}, 'number_field'),
                ({'type': 'boolean'}, 'bool_field'),
                ({'const': True}, 'true_field'),
                ({'type': 'array', 'items': {'type': 'string'}}, 'strings_field'),
                ({'type': 'array', 'items': {'type': 'boolean'}}, 'list_field<bool_field>'),
                ({'type': 'object', 'x-gafcheck-check': 'counters'}, 'counters_field'),
                ({'type': 'object', 'propertyNames': {'x-gafcheck-check': 'budget'},
                  'additionalProperties': {'type': 'integer', 'minimum': 0}},
                 'keyed_field<schema_budget_key_names, count_field>')):
            with self.subTest(field=field):
                self.assertEqual(self.row(field), f'{{"value", false, {check}}},')

    def test_a_construct_it_does_not_know_stops_the_build(self):
        for field, problem in (
                ({'type': 'string', 'format': 'date-time'}, 'format is not a keyword'),
                ({'type': 'string', 'pattern': '^a+$'}, 'no checker for the pattern ^a+$'),
                ({'type': 'integer', 'minimum': 2}, 'integer with minimum 2'),
                ({'type': 'integer', 'maximum': 9}, 'need an x-gafcheck-check'),
                ({'oneOf': [{'type': 'string'}, {'type': 'integer'}]}, 'need an x-gafcheck-check'),
                ({'type': ['integer', 'null']}, "type ['integer', 'null']"),
                ({'enum': [1, 2]}, 'an enum of anything but strings'),
                ({'x-gafcheck-check': 'colour'}, "'colour' names no checker"),
                ({'type': 'object', 'properties': {'a': {'type': 'string'}}},
                 'must say additionalProperties: false'),
                ({'type': 'object', 'additionalProperties': {'type': 'string'}},
                 'propertyNames is not a schema'),
                ({'type': 'object', 'propertyNames': {'pattern': '^x$'},
                  'additionalProperties': {'type': 'string'}}, 'no key check'),
                ({'$ref': 'other.json#/x'}, "not into the schema's own $defs"),
                ({'type': 'object', 'additionalProperties': False,
                  'properties': {'a': {'type': 'string'}, 'b': {'type': 'string'}},
                  'dependentRequired': {'a': ['b']}}, 'pairs of fields that come together')):
            with self.subTest(field=field):
                self.refused(field, problem)

    def test_a_schema_file_of_another_name_stops_the_build(self):
        status, message = generate({'record.old': record_with({'type': 'string'})})
        self.assertNotEqual(status, 0)
        self.assertIn('is not named <kind>.schema.json or <kind>.v<N>.schema.json', message)

    def test_a_document_whose_kind_is_not_its_name_stops_the_build(self):
        status, message = generate({'record': {**record_with({'type': 'string'}),
                                               'properties': {'kind': {'const': 'file'}}}},
                                   in_process=False)
        self.assertNotEqual(status, 0)
        self.assertIn('its kind is not const "record"', message)


if __name__ == '__main__':
    unittest.main()
