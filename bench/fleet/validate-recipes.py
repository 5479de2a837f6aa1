#!/usr/bin/python3
#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""Validates the fleet recipes that cannot run here against JSON schemas: the CI-matrix workflow against
SchemaStore's GitHub workflow schema (vendored in schemas/), and the Kubernetes Indexed Job against a
strict batch/v1 Job schema generated from the Kubernetes API models of Debian's python3-kubernetes
(every field with its type, unknown keys refused). Also checks that a misspelt key is refused, so a
validation that accepts everything cannot pass. Exit 0 when all hold; needs python3-yaml,
python3-jsonschema and python3-kubernetes (run it with Debian's /usr/bin/python3)."""
import copy
import json
import pathlib
import sys

import jsonschema
import yaml

HERE = pathlib.Path(__file__).resolve().parent

def kubernetes_schema(root="V1Job"):
    """A strict JSON schema of a Kubernetes API object from the client's models (openapi_types and
    attribute_map are generated from the API's OpenAPI document)."""
    from kubernetes import client

    definitions = {}

    def of(type_name):
        if type_name.startswith("list["):
            return {"type": "array", "items": of(type_name[5:-1])}
        if type_name.startswith("dict("):
            return {"type": "object", "additionalProperties": of(type_name[5:-1].split(",", 1)[1].strip())}
        simple = {"str": {"type": "string"}, "int": {"type": "integer"}, "bool": {"type": "boolean"},
                  "float": {"type": "number"}, "datetime": {"type": "string"}, "date": {"type": "string"},
                  "object": {}}
        if type_name in simple:
            return simple[type_name]
        if type_name not in definitions:
            model = getattr(client, type_name)
            definitions[type_name] = {}
            definitions[type_name] = {
                "type": "object", "additionalProperties": False,
                "properties": {model.attribute_map[a]: of(t) for a, t in model.openapi_types.items()}}
        return {"$ref": "#/definitions/" + type_name}

    top = of(root)
    return {"$schema": "http://json-schema.org/draft-07/schema#", "definitions": definitions,
            "allOf": [top, {"properties": {"apiVersion": {"const": "batch/v1"}, "kind": {"const": "Job"}},
                            "required": ["apiVersion", "kind", "spec"]}]}


CASES = [
    ("kubernetes/kbench-job.yaml", kubernetes_schema,
     lambda doc: doc["spec"]["template"]["spec"]["containers"][0].__setitem__("imagePullPolcy", "Always")),
    ("github/kbench-matrix.yml", "schemas/github-workflow.json",
     lambda doc: doc["jobs"]["measure"].__setitem__("runs_on", "ubuntu-latest")),
]


def errors(doc, schema):
    validator = jsonschema.Draft7Validator(schema)
    return sorted(validator.iter_errors(doc), key=lambda e: list(e.path))


def main():
    failed = False
    for recipe, schema_file, break_it in CASES:
        if callable(schema_file):
            schema = schema_file()
            schema_file = "the Kubernetes API models (python3-kubernetes)"
        else:
            schema = json.loads((HERE / schema_file).read_text())
        doc = yaml.safe_load((HERE / recipe).read_text())
        found = errors(doc, schema)
        for e in found:
            print(f"{recipe}: {'/'.join(map(str, e.path))}: {e.message}", file=sys.stderr)
        broken = copy.deepcopy(doc)
        break_it(broken)
        if not errors(broken, schema):
            print(f"{recipe}: a misspelt key passed {schema_file}: the schema checks nothing", file=sys.stderr)
            failed = True
        if found:
            failed = True
        else:
            print(f"validate-recipes: {recipe} is valid against {schema_file}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
