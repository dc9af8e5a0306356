#!/usr/bin/env bash
# pairs.sh N LABEL "A flags" "B flags": N interleaved pairs of lint's one JVM (lint1.sh), A then B in odd pairs, B then A
# in even ones; one line per run: label variant cpu(user+sys) wall load-before rc report-md5; appended to pairs.txt
W=/tmp/lintcpu-work
n=$1; label=$2; a=$3; b=$4
export SQL_GUARD_CACHE_DIR=$W/cache
one() { # name flags...
  local name=$1; shift
  local before; before=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f '%U %S %e' -o $W/t $W/lint1.sh "$@" >$W/o 2>$W/e; local rc=$?
  read -r u s w < $W/t
  printf '%s %s %.2f %s %s rc=%s %s\n' "$label" "$name" "$(echo "$u + $s" | bc)" "$w" "$before" "$rc" "$(md5sum < $W/o | cut -c1-8)" | tee -a $W/pairs.txt
}
for i in $(seq 1 "$n"); do
  if (( i % 2 )); then one A $a; one B $b; else one B $b; one A $a; fi
done
