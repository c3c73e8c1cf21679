#!/usr/bin/env python3
"""Writes the field tables report_schema_check walks (reports/field_checks.hpp) from the JSON
schemas of the report documents, so that what a report read back must hold is said once.

usage: schema_tables.py OUTPUT.cpp SCHEMA.json...   (each reports/schema/<kind>.schema.json)

<kind>.schema.json describes a document of the kind in reports of the current report schema
version; <kind>.v<N>.schema.json one in reports of version N and older (down to the next older
file's), which readers still accept (document_fields).

Only the subset of JSON Schema the report schemas use is understood; anything else stops the
build with the schema, the JSON pointer and the construct, rather than be left unchecked:
  type string: string_field; with minLength 1 a message_field; with a pattern, the checker
    PATTERNS names for it (sha256_field, shard_field...)
  type integer: integer_field; minimum 0 a count_field, minimum 1 a positive_field
  type number with minimum 0: number_field; type boolean: bool_field
  enum of strings: one_of_field; const string: constant_field; const true: true_field
  type object with properties: a table of fields (mapping_field); additionalProperties must be
    false, as the checker refuses every key no table lists; dependentRequired pairs of fields
    that come together (both_or_neither)
  type object without properties: keyed_field, keys as propertyNames says (KEY_PATTERNS or a
    KEY_CHECKS name), values as additionalProperties says
  type array: list_field of what items says (strings_field for a list of strings)
  $ref: to the schema's own $defs, merged with the keywords beside it
A value whose check the schema cannot say (a budget gafcheck has, an exit code, counters that are
numbers or groups of numbers) names a checker with the keyword "x-gafcheck-check" (VALUE_CHECKS,
or KEY_CHECKS inside propertyNames); JSON Schema validators ignore unknown keywords.
"""
import json
import pathlib
import re
import sys

ESCAPED_NAME = (r'^(?:[^\\\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufdd0-\ufdef\ufffe\uffff]'
                r'|\\\\|\\x[0-9A-F]{2})*$')
TEXT = r'^[^\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufdd0-\ufdef\ufffe\uffff]*$'
RULE_ID = r'^[a-z0-9]+\.[a-z0-9-]+$'

# String patterns and the checker of each. Escaped names and text are whatever YAML gave back; a
# start time is only shown, never compared, so it is read back as any string.
PATTERNS = {
    ESCAPED_NAME: 'string_field',
    TEXT: 'string_field',
    r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$': 'string_field',
    r'^[0-9a-f]{64}$': 'sha256_field',
    r'^([0-9a-f]{64})?$': 'sha256_or_empty',
    r'^(|\d+(,\d+)*/\d+)$': 'shard_field',
    r'^[0-9]{1,20}$': 'decimal_text_field',
    RULE_ID: 'rule_id_field',
    r'^([a-z0-9_.]+=\d+( [a-z0-9_.]+=\d+)*)?$': 'packed_field<PackedKind::counters>',
    r'^([a-z0-9_]+=-?\d+:\d+(,-?\d+:\d+)*( [a-z0-9_]+=-?\d+:\d+(,-?\d+:\d+)*)*)?$':
        'packed_field<PackedKind::survey>',
    r'^([a-z0-9]+\.[a-z0-9-]+=\d+( [a-z0-9]+\.[a-z0-9-]+=\d+)*)?$':
        'packed_field<PackedKind::rule_counts>',
}
# Checkers a schema names with x-gafcheck-check.
VALUE_CHECKS = {
    'schema_version': 'schema_version_field',
    'budget': 'budget_name_field',
    'exit_code': 'exit_code_field',
    'counters': 'counters_field',
    'carried_section': 'carried_section_field',
}
# Keys of maps: (key checker, what a message calls one), by pattern or by x-gafcheck-check.
KEY_PATTERNS = {
    RULE_ID: ('rule_key', 'a rule id'),
    r'^[A-Z][A-Z0-9_]{0,63}$': ('environment_variable_key', 'an environment variable name'),
    r'^0x[0-9A-F]{8}$': ('version_key', 'a version (0x and 8 hex digits)'),
    r'^-?\d+$': ('histogram_key', 'an integer'),
}
KEY_CHECKS = {
    'budget': ('budget_key', 'a budget gafcheck has'),
    'verdict': ('verdict_key', 'a verdict'),
    'format': ('format_key', 'a format'),
    'histogram_name': ('counter_group_key', 'a histogram name'),
    'tool': ('any_key', 'a tool name'),
}
# Keywords that say nothing the reader checks: documentation, and promises about what the writer
# writes (distinct sandbox layers, at most ten top files) that a reader need not hold it to.
IGNORED = {'$schema', '$comment', 'title', 'description', 'uniqueItems', 'maxItems'}
UNDERSTOOD = IGNORED | {'type', 'properties', 'required', 'additionalProperties', 'propertyNames',
                        'items', 'enum', 'const', 'pattern', 'minimum', 'maximum', 'minLength',
                        'dependentRequired', 'oneOf', 'x-gafcheck-check', '$ref', '$defs'}


class SchemaError(Exception):
    pass


class Generator:
    def __init__(self):
        self.values = {}      # tuple of strings -> C++ name
        self.keys = {}        # (checker, what) -> C++ name
        self.definitions = []  # C++ text of tables and functions, each after what it uses
        self.tables = []       # (kind, pointer, C++ name), outermost first
        self.names = set()
        self.asserts = []      # what the code must agree on with the schemas

    def fail(self, where, problem):
        raise SchemaError(f'{where}: {problem}')

    def resolve(self, document, node, where):
        """The node with its $ref (into the schema's own $defs) merged in."""
        unknown = set(node) - UNDERSTOOD
        if unknown:
            self.fail(where, f'{", ".join(sorted(unknown))} is not a keyword the generator knows')
        if '$ref' not in node:
            return node
        ref = node['$ref']
        if not ref.startswith('#/$defs/'):
            self.fail(where, f'$ref {ref} is not into the schema\'s own $defs')
        target = document.get('$defs', {}).get(ref[len('#/$defs/'):])
        if target is None:
            self.fail(where, f'$ref {ref} names no definition')
        merged = dict(self.resolve(document, target, f'{where} -> {ref}'))
        merged.update({key: value for key, value in node.items() if key != '$ref'})
        return merged

    def value_list(self, values, name):
        key = tuple(values)
        if key not in self.values:
            self.values[key] = self.unique(f'schema_{name}_values')
        return self.values[key]

    def unique(self, name):
        if name in self.names:
            self.fail(name, 'two tables would have the same name')
        self.names.add(name)
        return name

    def key_names(self, document, node, where):
        if not isinstance(node, dict):
            self.fail(where, 'propertyNames is not a schema')
        node = self.resolve(document, node, where)
        spare = set(node) - IGNORED - {'type', 'pattern', 'x-gafcheck-check'}
        if spare or node.get('type', 'string') != 'string':
            self.fail(where, 'propertyNames says more than a pattern or an x-gafcheck-check')
        if 'x-gafcheck-check' in node:
            spec = KEY_CHECKS.get(node['x-gafcheck-check'])
        else:
            spec = KEY_PATTERNS.get(node.get('pattern'))
        if spec is None:
            self.fail(where, f'no key check for propertyNames {json.dumps(node)}')
        if spec not in self.keys:
            self.keys[spec] = f'schema_{spec[0]}_names'
        return self.keys[spec]

    def check(self, document, node, where, name):
        """The C++ Check for a value the (resolved) node describes."""
        node = self.resolve(document, node, where)
        if 'x-gafcheck-check' in node:
            checker = VALUE_CHECKS.get(node['x-gafcheck-check'])
            if checker is None:
                self.fail(where, f'x-gafcheck-check {node["x-gafcheck-check"]!r} names no checker')
            if checker == 'schema_version_field':
                if not isinstance(node.get('const'), int):
                    self.fail(where, 'the schema version is not a const integer')
                self.asserts.append(f'static_assert(report_schema_version == {node["const"]}, '
                                    f'"the report schemas describe version {node["const"]}");\n')
            return checker
        if 'oneOf' in node or 'maximum' in node:
            self.fail(where, 'oneOf and maximum need an x-gafcheck-check naming the checker')
        if 'const' in node:
            return self.constant(node, where, name)
        if 'enum' in node:
            values = node['enum']
            if not values or not all(isinstance(v, str) for v in values):
                self.fail(where, 'an enum of anything but strings')
            return f'one_of_field<{self.value_list(values, name)}>'
        kind = node.get('type')
        if kind == 'string':
            return self.string(node, where)
        if kind in ('integer', 'number'):
            return self.number(node, where, kind)
        if kind == 'boolean':
            return 'bool_field'
        if kind == 'object':
            return self.object(document, node, where, name)
        if kind == 'array':
            if not isinstance(node.get('items'), dict):
                self.fail(where, 'an array without a schema for its items')
            item = self.check(document, node['items'], where + '/items', name)
            return 'strings_field' if item == 'string_field' else f'list_field<{item}>'
        self.fail(where, f'type {kind!r} is not one the generator knows')

    def constant(self, node, where, name):
        if node['const'] is True:
            return 'true_field'
        if not isinstance(node['const'], str):
            self.fail(where, 'a const that is neither a string nor true')
        return f'constant_field<{self.value_list([node["const"]], name)}>'

    def string(self, node, where):
        checker = 'string_field'
        if 'pattern' in node:
            checker = PATTERNS.get(node['pattern'])
            if checker is None:
                self.fail(where, f'no checker for the pattern {node["pattern"]}')
        if 'minLength' in node:
            if node['minLength'] != 1 or checker != 'string_field':
                self.fail(where, 'minLength other than 1 on a string of any text')
            checker = 'message_field'
        return checker

    def number(self, node, where, kind):
        minimum = node.get('minimum')
        checks = {('integer', None): 'integer_field', ('integer', 0): 'count_field',
                  ('integer', 1): 'positive_field', ('number', 0): 'number_field'}
        if (kind, minimum) not in checks:
            self.fail(where, f'{kind} with minimum {minimum}')
        return checks[(kind, minimum)]

    def object(self, document, node, where, name):
        if 'properties' not in node:
            if not isinstance(node.get('additionalProperties'), dict):
                self.fail(where, 'an object with neither properties nor a schema for its values')
            if 'required' in node or 'dependentRequired' in node:
                self.fail(where, 'required fields of an object without properties')
            keys = self.key_names(document, node.get('propertyNames'), where + '/propertyNames')
            value = self.check(document, node['additionalProperties'],
                               where + '/additionalProperties', name)
            return f'keyed_field<{keys}, {value}>'
        if node.get('additionalProperties') is not False or 'propertyNames' in node:
            self.fail(where, 'an object with properties must say additionalProperties: false')
        return self.table(document, node, where, name)

    def table(self, document, node, where, name):
        kind, pointer = where.split('#', 1)
        table = self.unique(f'schema_{name}_fields')
        self.tables.append((kind, pointer, table))
        required = node.get('required', [])
        missing = set(required) - set(node['properties'])
        if missing:
            self.fail(where, f'requires {", ".join(sorted(missing))}, which it does not list')
        rows = []
        for key, child in node['properties'].items():
            check = self.check(document, child, f'{where}/properties/{key}', f'{name}_{key}')
            rows.append(f'    {{"{key}", {"true" if key in required else "false"}, {check}}},\n')
        self.definitions.append(f'const Field {table}[] = {{\n{"".join(rows)}}};\n')
        if 'dependentRequired' not in node:
            return f'mapping_field<{table}>'
        return self.paired(node['dependentRequired'], table, where, name)

    def paired(self, dependent, table, where, name):
        pairs = []
        for first, needs in dependent.items():
            if len(needs) != 1 or dependent.get(needs[0]) != [first]:
                self.fail(where, 'dependentRequired other than pairs of fields that come together')
            if (needs[0], first) not in pairs:
                pairs.append((first, needs[0]))
        function = self.unique(f'schema_{name}_check')
        lines = ''.join(f'  both_or_neither(node, field, "{a}", "{b}");\n' for a, b in pairs)
        self.definitions.append(
            f'void {function}(const YAML::Node& node, const std::string& field) {{\n'
            f'  check_fields(node, field, {table});\n{lines}}}\n')
        return function

    def document(self, path):
        """(kind, version or None for the current one, table) of one schema file."""
        name = path.name.removesuffix('.schema.json')
        match = re.fullmatch(r'([a-z-]+)(?:\.v([1-9][0-9]*))?', name)
        if not match:
            self.fail(path.name, 'is not named <kind>.schema.json or <kind>.v<N>.schema.json')
        kind, version = match.group(1), match.group(2) and int(match.group(2))
        document = json.loads(path.read_text())
        if document.get('properties', {}).get('kind', {}).get('const') != kind:
            self.fail(path.name, f'its kind is not const "{kind}"')
        symbol = name.replace('.', '_')
        self.check(document, {k: v for k, v in document.items() if k != '$defs'}, name + '#',
                   symbol)
        return kind, version, f'schema_{symbol}_fields'

    def source(self, kinds):
        keys = ''.join(f'constexpr KeyNames {name} = {{{checker}, "{what}"}};\n'
                       for (checker, what), name in self.keys.items())
        values = ''.join(f'const Values {name} = {{{", ".join(json.dumps(v) for v in key)}}};\n'
                         for key, name in self.values.items())
        tables = ''.join(f'      {{"{kind}", "{pointer}", {table}}},\n'
                         for kind, pointer, table in self.tables)
        # Older versions first, oldest first: each covers the versions up to its own.
        ordered = sorted(kinds, key=lambda item: (item[1] is None, item[1] or 0))
        roots = ''.join(
            f'  if (kind == "{kind}"{"" if version is None else f" && schema_version <= {version}"})'
            f' return {table};\n' for kind, version, table in ordered)
        return (
            '// Generated from reports/schema/*.schema.json by reports/gen/schema_tables.py: edit\n'
            '// the schemas, not this file.\n'
            '#include "reports/field_checks.hpp"\n\n'
            'namespace gafcheck::field_checks {\nnamespace {\n\n'
            f'{"".join(self.asserts)}\n{keys}\n{values}\n' + '\n'.join(self.definitions) +
            '\n}  // namespace\n\n'
            'std::span<const FieldTable> field_tables() {\n'
            f'  static const FieldTable tables[] = {{\n{tables}  }};\n  return tables;\n}}\n\n'
            'std::span<const Field> document_fields(std::string_view kind, '
            '[[maybe_unused]] unsigned schema_version) {\n'
            f'{roots}  throw SchemaViolation("it is of a kind no schema describes");\n}}\n\n'
            '}  // namespace gafcheck::field_checks\n')


def main(output, schemas):
    generator = Generator()
    try:
        kinds = [generator.document(pathlib.Path(schema)) for schema in schemas]
    except SchemaError as error:
        print(f'schema_tables.py: {error}', file=sys.stderr)
        return 1
    pathlib.Path(output).write_text(generator.source(kinds))
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
