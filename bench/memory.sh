#!/usr/bin/env bash
# Memory of a running stack, per service: RSS, threads, and (optionally) the JVM's own accounting.
#
#   bench/memory.sh                 # NAME PID RSS_MB PEAK_MB THREADS for every service of the stack
#   bench/memory.sh nmt             # + native memory tracking highlights (committed MB per category); needs
#                                   #   the services started with -XX:NativeMemoryTracking=summary, e.g.
#                                   #   BINDERY_JAVA_OPTS_EXTRA=-XX:NativeMemoryTracking=summary ./platform up
#   bench/memory.sh histo [N]       # + the N (10) largest classes of each heap (jcmd GC.class_histogram)
#   bench/memory.sh nmt histo       # both
#
# The pids are read from $BINDERY_STATE_DIR/pids (default $BINDERY_HOME, <repo>/.platform), as ./platform status
# does, so a second stack (BINDERY_STATE_DIR=.platform/perf ...) is measured the same way. PEAK_MB is VmHWM, the
# highest RSS since the process started. The budget (issue 13): < 250 MB RSS per service at rest and after the
# benchmarks. Asserts nothing; exits non-zero only when no service of the stack is running.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINDERY_HOME="${BINDERY_HOME:-$ROOT/.platform}"
STATE_DIR="${BINDERY_STATE_DIR:-$BINDERY_HOME}"
SERVICES=(identity-service content-service review-service sites-service openapi-service
          integrations-service insights-service gateway)
NMT=0 HISTO=0 TOP=10
while (($#)); do
  case "$1" in
    nmt) NMT=1 ;;
    histo) HISTO=1; if [[ ${2:-} =~ ^[0-9]+$ ]]; then TOP=$2; shift; fi ;;
    *) echo "usage: bench/memory.sh [nmt] [histo [N]]" >&2; exit 2 ;;
  esac
  shift
done
JCMD=jcmd
if ! command -v jcmd >/dev/null; then
  for d in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64; do [[ -x $d/bin/jcmd ]] && JCMD="$d/bin/jcmd" && break; done
fi

status_kb() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status" 2>/dev/null; }
mb() { [[ -n $1 ]] && echo $(( ($1 + 512) / 1024 )) || echo -; }

declare -A PID
found=0 total=0
printf '%-22s %8s %7s %7s %7s\n' NAME PID RSS_MB PEAK_MB THREADS
for svc in "${SERVICES[@]}"; do
  pid=""
  [[ -s $STATE_DIR/pids/$svc.pid ]] && pid=$(tr -dc '0-9' <"$STATE_DIR/pids/$svc.pid")
  if [[ -z $pid || ! -r /proc/$pid/status ]] || ! tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$svc/target/quarkus-app"; then
    printf '%-22s %8s %7s %7s %7s\n' "$svc" - - - -; continue
  fi
  PID[$svc]=$pid; found=$((found + 1))
  rss=$(status_kb "$pid" VmRSS); total=$((total + rss))
  printf '%-22s %8s %7s %7s %7s\n' "$svc" "$pid" "$(mb "$rss")" "$(mb "$(status_kb "$pid" VmHWM)")" "$(status_kb "$pid" Threads)"
done
printf '%-22s %8s %7s\n' total "" "$(mb "$total")"
((found > 0)) || { echo "memory.sh: no service running under $STATE_DIR/pids" >&2; exit 1; }

if ((NMT)); then
  echo
  echo "Native memory tracking, committed MB (jcmd PID VM.native_memory summary):"
  cats=("Java Heap" Metaspace Class "Shared class space" Symbol Code Compiler "Arena Chunk" Thread GC Internal Other "Native Memory Tracking")
  printf '%-22s %6s' NAME TOTAL
  for c in "${cats[@]}"; do printf ' %6.6s' "${c// /}"; done
  printf '  %s\n' "(classes, threads)"
  for svc in "${SERVICES[@]}"; do
    [[ -n ${PID[$svc]:-} ]] || continue
    out=$("$JCMD" "${PID[$svc]}" VM.native_memory summary scale=KB 2>/dev/null || true)
    if ! grep -q 'Total: reserved' <<<"$out"; then printf '%-22s %s\n' "$svc" "(no NMT: start with -XX:NativeMemoryTracking=summary)"; continue; fi
    printf '%-22s %6s' "$svc" "$(mb "$(sed -n 's/^Total: reserved=[0-9]*KB, committed=\([0-9]*\)KB.*/\1/p' <<<"$out")")"
    for c in "${cats[@]}"; do
      kb=$(awk -v c="$c (reserved=" '/^-/ { l = $0; sub(/^- */, "", l); if (index(l, c) == 1 && match(l, /committed=[0-9]+KB/)) { print substr(l, RSTART + 10, RLENGTH - 12); exit } }' <<<"$out")
      printf ' %6s' "$(mb "$kb")"
    done
    classes=$(sed -n 's/.*(classes #\([0-9]*\)).*/\1/p' <<<"$out" | head -n1)
    threads=$(sed -n 's/.*(threads #\([0-9]*\)).*/\1/p' <<<"$out" | head -n1)
    printf '  (%s, %s)\n' "${classes:--}" "${threads:--}"
  done
fi

if ((HISTO)); then
  for svc in "${SERVICES[@]}"; do
    [[ -n ${PID[$svc]:-} ]] || continue
    echo
    echo "== $svc: heap histogram, top $TOP (jcmd ${PID[$svc]} GC.class_histogram; forces a full GC)"
    "$JCMD" "${PID[$svc]}" GC.class_histogram 2>/dev/null | sed -n "2,$((TOP + 3))p;/^Total/p"
  done
fi
