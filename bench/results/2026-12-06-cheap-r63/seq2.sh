#!/bin/bash
# The second pair of part A runs (the first pair failed: the copies of the script ran the bench jar by a relative path).
cd /tmp/cheap2
log() { echo "$(date -u +%T) $* load $(cut -d' ' -f1-3 /proc/loadavg)" >> seq.log; }
while ! grep -q 'all done' seq.log; do sleep 5; done
for b in before after2; do
  log "A $b 3 start"; (cd tree-$b && PARTS=A bash bench/gateway-goals.sh /tmp/cheap2/runs/A-$b-3 > /tmp/cheap2/runs/A-$b-3.txt 2>&1); log "A $b 3 end"
done
log "seq2 done"
