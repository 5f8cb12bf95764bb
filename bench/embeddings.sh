#!/usr/bin/env bash
# Section embeddings (issue 33) on this machine, without the stack: sections embedded per second by the in-process
# model (quantized all-MiniLM-L6-v2), search p50/p95 (query embedding + Lucene HNSW top 10) over an index of N
# sections, and the RSS of a JVM holding both. Runs insights-service's EmbeddingsBench on its test classpath.
#
#   bench/embeddings.sh [SECTIONS [INDEX [QUERIES]]]     # defaults 1000 20000 200
#
# Env: JAVA_HOME (Java 21+), JAVA_OPTS (default: the heap of the Kubernetes manifests, -Xmx96m, and -Xss512k),
# MVN_OFFLINE=-o to build offline, BUILD_LOCK (a flock file Maven runs under, if set). Asserts nothing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mvn() { if [[ -n ${BUILD_LOCK:-} ]]; then flock "$BUILD_LOCK" ./mvnw "$@"; else ./mvnw "$@"; fi; }
mvn ${MVN_OFFLINE:-} -q -pl insights-service -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test >/dev/null
CP="insights-service/target/test-classes:insights-service/target/classes:$(cat insights-service/target/bench-classpath.txt)"
# shellcheck disable=SC2086
exec "$JAVA" ${JAVA_OPTS:--Xmx96m -Xss512k -XX:+UseG1GC} --enable-native-access=ALL-UNNAMED -cp "$CP" \
  io.bindery.insights.embeddings.EmbeddingsBench "$@"
