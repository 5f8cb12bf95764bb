#!/usr/bin/env python3
"""Writes a generated OpenAPI 3.0 document of OPERATIONS operations (about SIZE_MB in all) for bench/openapi.sh.

usage: openapi-spec.py OUT OPERATIONS SIZE_MB FORMAT(yaml|json) SEED [DROP]
DROP leaves the last DROP operations out (everything else as without it): a changed version of the same spec.
Each operation has path and query parameters, a request body for writes, and responses whose schemas refer to
one of OPERATIONS / 4 component schemas; descriptions are padded so that the file reaches SIZE_MB.
"""
import json
import random
import sys

out, operations, size_mb, fmt, seed = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
drop = int(sys.argv[6]) if len(sys.argv) > 6 else 0
rnd = random.Random(seed)
schemas = max(1, operations // 4)
words = "account audit billing catalog customer delivery export invoice ledger order payment product quota refund " \
        "report shipment subscription tenant usage webhook".split()
pad = max(0, int(size_mb * 1024 * 1024 / operations) - 900)


def text(n):
    s = []
    while sum(len(w) + 1 for w in s) < n:
        s.append(rnd.choice(words))
    return " ".join(s)


doc = {"openapi": "3.0.3", "info": {"title": "Generated benchmark API", "version": seed},
       "paths": {}, "components": {"schemas": {}}}
for i in range(schemas):
    doc["components"]["schemas"][f"Model{i}"] = {
        "type": "object", "required": ["id"],
        "properties": {"id": {"type": "string"}, "name": {"type": "string", "description": text(60)},
                       "count": {"type": "integer", "format": "int32"}, "tags": {"type": "array", "items": {"type": "string"}}}}
methods = ["get", "post", "put", "delete"]
for i in range(operations - drop):
    path = f"/{words[i % len(words)]}/r{i // len(methods)}/{{itemId}}"
    method = methods[i % len(methods)]
    ref = {"$ref": f"#/components/schemas/Model{i % schemas}"}
    op = {"operationId": f"op{i}", "summary": text(40), "description": text(pad),
          "parameters": [{"name": "itemId", "in": "path", "required": True, "schema": {"type": "string"}},
                         {"name": "limit", "in": "query", "required": False, "schema": {"type": "integer"}}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": ref}}},
                        "404": {"description": "not found"}}}
    if method in ("post", "put"):
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref}}}
    doc["paths"].setdefault(path, {})[method] = op

with open(out, "w") as f:
    if fmt == "json":
        json.dump(doc, f, indent=1)
    else:
        import yaml  # python3-yaml
        yaml.safe_dump(doc, f, sort_keys=False, width=1000)
