package io.github.sqlguard.bench;

import io.github.sqlguard.bench.Workload.Kind;

import java.util.Map;

/**
 * What one level of concurrency measured on both gateways.
 *
 * @param sessions concurrent sessions per gateway
 * @param measuredRounds measured rounds per gateway and statement kind
 * @param warmupRounds warm-up rounds (not recorded) per gateway and statement kind
 * @param before the machine's load when the level started
 * @param after the machine's load when it ended
 * @param plain the plain gateway's series per kind
 * @param guarded the guarded gateway's series per kind
 * @param plainHeap the plain gateway's heap after a full GC at the end of the level
 * @param guardedHeap the guarded gateway's heap after a full GC at the end of the level
 * @param busyStarts measured rounds that started although a gateway was still busy after the idle wait
 */
public record LevelResult(int sessions, int measuredRounds, int warmupRounds, MachineLoad before, MachineLoad after,
        Map<Kind, Series> plain, Map<Kind, Series> guarded, Heap plainHeap, Heap guardedHeap, int busyStarts) {

    /**
     * A gateway's heap, read in its own JVM right after {@code System.gc()} (a full GC with G1).
     *
     * @param usedBytes heap in use after the full GC
     * @param committedBytes heap committed
     */
    public record Heap(long usedBytes, long committedBytes) {}
}
