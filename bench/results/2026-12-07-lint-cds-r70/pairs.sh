#!/usr/bin/env bash
# pairs.sh N LABEL "FLAGS..." : N interleaved pairs of lint's one JVM (lint1.sh), without and with FLAGS (order alternates);
# prints one line per run: label cpu wall load-before; appends to pairs.txt
n=$1; label=$2; flags=$3
export SQL_GUARD_CACHE_DIR=/tmp/lintcds/cache
one() { # name flags...
  local name=$1; shift
  local before; before=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%U %S %e' -o /tmp/lintcds/t ./lint1.sh "$@" >/tmp/lintcds/o 2>/tmp/lintcds/e; local rc=$?
  read -r u s w < /tmp/lintcds/t
  printf '%s %s %.2f %s %s rc=%s %s\n' "$label" "$name" "$(echo "$u + $s" | bc)" "$w" "$before" "$rc" "$(md5sum < /tmp/lintcds/o | cut -c1-8)" | tee -a /tmp/lintcds/pairs.txt
}
for i in $(seq 1 "$n"); do
  if (( i % 2 )); then one base; one variant $flags; else one variant $flags; one base; fi
done
