#!/bin/bash
# The measurement sequence of round 63 (cheap2), one after the other.
cd /tmp/cheap2
log() { echo "$(date -u +%T) $* load $(cut -d' ' -f1-3 /proc/loadavg)" >> seq.log; }
log "prof after2 start"; ./prof.sh /tmp/cheap2/after2 /tmp/cheap2/prof-after2 > prof-after2.out 2>&1; log "prof after2 end"
for i in 1 2; do
  for b in before after2; do
    log "A $b $i start"; (cd tree-$b && PARTS=A bash bench/gateway-goals.sh /tmp/cheap2/runs/A-$b-$i > /tmp/cheap2/runs/A-$b-$i.txt 2>&1); log "A $b $i end"
  done
  if [ $i = 1 ]; then
    log "ab2 start"; (cd /work/wt-cheap2 && /tmp/cheap2/run.sh /tmp/cheap2/after2/flink-sql-guard-bench.jar /tmp/cheap2/runs/ab2 --plain-endpoint guard --plain-classpath /tmp/cheap2/before/flink-sql-guard-bench.jar); log "ab2 end"
  fi
done
log "all done"
