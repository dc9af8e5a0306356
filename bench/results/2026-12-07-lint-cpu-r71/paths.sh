#!/usr/bin/env bash
# paths.sh N: N interleaved pairs of bin/sql-guard.sh lint -q one.sql, the jar before (mode 0) and after (mode 1), each with its
# own written cache; then N pairs of java -jar JAR lint -q one.sql. One line per run: path jar cpu wall load md5
W=/tmp/lintcpu-work; n=$1
one() { # path jar(old|new)
  local dir=$W; [[ $2 == new ]] && dir=$W/new
  local before; before=$(cut -d' ' -f1 /proc/loadavg)
  if [[ $1 == script ]]; then
    (cd $W && SQL_GUARD_CACHE_DIR=$dir/cache SQL_GUARD_CLI_JAR=$dir/cli.jar FLINK_CONF_DIR=$W/conf SQL_GUARD_LOG_DIR=$dir/log \
      /usr/bin/time -f '%U %S %e' -o $W/t2 /work/wt-lintcpu/bin/sql-guard.sh lint -q one.sql > $W/o2 2>$W/e2)
  else
    (cd $W && SQL_GUARD_CACHE_DIR=$dir/cache /usr/bin/time -f '%U %S %e' -o $W/t2 java -jar $dir/cli.jar lint -q one.sql > $W/o2 2>$W/e2)
  fi
  read -r u s w < $W/t2
  printf '%s %s %.2f %s %s %s\n' "$1" "$2" "$(echo "$u + $s" | bc)" "$w" "$before" "$(md5sum < $W/o2 | cut -c1-8)" | tee -a $W/paths.txt
}
for p in ${PATHS:-script jar}; do
  for i in $(seq 1 "$n"); do
    if (( i % 2 )); then one $p old; one $p new; else one $p new; one $p old; fi
  done
done
