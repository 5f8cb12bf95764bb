#!/usr/bin/env bash
# The search set of issue 33 scored without a stack (see OfflineEval.java): lexical in PostgreSQL as content ranks,
# vectors with insights' model, hybrid as content fuses. Needs insights-service's dependencies in the local Maven
# repository and a PostgreSQL (a temporary table only).
#
#   bench/search-set/offline.sh [K MIN]      # env: JDBC_URL (jdbc:postgresql://127.0.0.1:55432/bindery), PGUSER, PGPASSWORD,
#                                            # BUILD_LOCK (a flock file the class path's Maven run waits for, if set)
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
java -cp "$(cat "$cp")" "$here/OfflineEval.java" "$set_dir" "${JDBC_URL:-jdbc:postgresql://127.0.0.1:55432/bindery}" \
  "${PGUSER:-bindery}" "${PGPASSWORD:-bindery}" "$@"
