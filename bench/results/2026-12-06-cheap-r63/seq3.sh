#!/bin/bash
# After the second pair: the final build (dc8f40f0) profiled (JFR) and its part A, then a part A of the before build.
cd /tmp/cheap2
log() { echo "$(date -u +%T) $* load $(cut -d' ' -f1-3 /proc/loadavg)" >> seq.log; }
while ! grep -q 'seq2 done' seq.log; do sleep 5; done
log "prof after3 start"; ./prof.sh /tmp/cheap2/after3 /tmp/cheap2/prof-after3 > prof-after3.out 2>&1; log "prof after3 end"
log "A after3 4 start"; (cd tree-after3 && PARTS=A bash bench/gateway-goals.sh /tmp/cheap2/runs/A-after3-4 > /tmp/cheap2/runs/A-after3-4.txt 2>&1); log "A after3 4 end"
log "A before 4 start"; (cd tree-before && PARTS=A bash bench/gateway-goals.sh /tmp/cheap2/runs/A-before-4 > /tmp/cheap2/runs/A-before-4.txt 2>&1); log "A before 4 end"
log "seq3 done"
