#!/usr/bin/env bash
# Idle CPU of a stack at rest (issue 29): CPU time each process uses over SECONDS (60) of wall time, from the
# utime + stime deltas of /proc/PID/stat (PostgreSQL: the postmaster and all its children, counted by
# /proc/PID/task children at both ends, so backends that come and go in between are missed), as % of one core.
# Target: the whole platform < 2 % of one core.
#
#   bench/idle.sh                                    # the default stack (<repo>/.platform)
#   BINDERY_STATE_DIR=.stack-perf bench/idle.sh      # a private stack (/work/tools/stack.sh); infra from BINDERY_HOME
#   SECONDS_=30 bench/idle.sh                        # a shorter window
#
# Measures what is there: services from $BINDERY_STATE_DIR/pids, postgres and kafka from $BINDERY_HOME/pids (skip
# them with NO_INFRA=1, e.g. when they are shared with other stacks). Asserts nothing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BINDERY_HOME="${BINDERY_HOME:-$ROOT/.platform}"
STATE_DIR="${BINDERY_STATE_DIR:-$BINDERY_HOME}"
WINDOW="${SECONDS_:-60}"
SERVICES=(identity-service content-service review-service sites-service openapi-service
          integrations-service insights-service gateway)
HZ=$(getconf CLK_TCK)

# ticks PID...: utime + stime (+ waited-for children) of each pid, summed
ticks() {
  local p sum=0 f
  for p in "$@"; do
    f=$(cat "/proc/$p/stat" 2>/dev/null) || continue
    f=${f##*) }                      # fields after the command name (which may hold spaces)
    read -r -a a <<<"$f"
    sum=$((sum + a[11] + a[12]))     # fields 14 and 15 of stat: utime, stime
  done
  echo "$sum"
}
# the pid and its descendants
tree() {
  local p=$1 c
  echo "$p"
  for c in $(cat /proc/"$p"/task/*/children 2>/dev/null); do tree "$c"; done
}

declare -A PIDS
read_pid() { [[ -s $1 ]] && tr -dc '0-9' <"$1" || true; }
for svc in "${SERVICES[@]}"; do
  p=$(read_pid "$STATE_DIR/pids/$svc.pid")
  [[ -n $p && -r /proc/$p/stat ]] && PIDS[$svc]=$p
done
if [[ -z ${NO_INFRA:-} ]]; then
  for n in postgres kafka; do
    p=$(read_pid "$BINDERY_HOME/pids/$n.pid")
    [[ -n $p && -r /proc/$p/stat ]] && PIDS[$n]=$p
  done
fi
((${#PIDS[@]})) || { echo "idle.sh: no process found under $STATE_DIR/pids" >&2; exit 1; }

names=()
for n in "${SERVICES[@]}" postgres kafka; do [[ -n ${PIDS[$n]:-} ]] && names+=("$n"); done
declare -A T0 MEMBERS
for n in "${names[@]}"; do
  if [[ $n == postgres ]]; then MEMBERS[$n]="$(tree "${PIDS[$n]}" | tr '\n' ' ')"; else MEMBERS[$n]=${PIDS[$n]}; fi
  # shellcheck disable=SC2086
  T0[$n]=$(ticks ${MEMBERS[$n]})
done
start=$EPOCHREALTIME
echo "idle CPU over ${WINDOW}s (load average $(cut -d' ' -f1-3 /proc/loadavg)), % of one core:"
sleep "$WINDOW"
elapsed=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {print b - a}')
total=0
for n in "${names[@]}"; do
  # shellcheck disable=SC2086
  t1=$(ticks ${MEMBERS[$n]})
  d=$((t1 - T0[$n]))
  total=$((total + d))
  printf '  %-22s %8s %6.2f %%\n' "$n" "${PIDS[$n]}" "$(awk -v d="$d" -v hz="$HZ" -v e="$elapsed" 'BEGIN {print 100 * d / hz / e}')"
done
printf '  %-22s %8s %6.2f %%   (target < 2 %%)\n' total "" "$(awk -v d="$total" -v hz="$HZ" -v e="$elapsed" 'BEGIN {print 100 * d / hz / e}')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
