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
 * @param threadCpu the CPU time each gateway's thread groups used during the level
 */
public record LevelResult(int sessions, int measuredRounds, int warmupRounds, MachineLoad before, MachineLoad after,
        Map<Kind, Series> plain, Map<Kind, Series> guarded, Heap plainHeap, Heap guardedHeap, int busyStarts,
        ThreadCpu threadCpu) {

    /** A level without thread CPU readings. */
    public LevelResult(int sessions, int measuredRounds, int warmupRounds, MachineLoad before, MachineLoad after,
            Map<Kind, Series> plain, Map<Kind, Series> guarded, Heap plainHeap, Heap guardedHeap, int busyStarts) {
        this(sessions, measuredRounds, warmupRounds, before, after, plain, guarded, plainHeap, guardedHeap, busyStarts,
                new ThreadCpu(0, Map.of(), Map.of()));
    }

    /**
     * The CPU time each group of a gateway JVM's threads (its thread names without their numbers) used
     * from the start to the end of the level, read in the JVM ({@code ThreadMXBean#getThreadCpuTime};
     * threads that ended during the level are not counted).
     *
     * @param wallNanos the level's wall time between the two readings
     * @param plain ns per thread group of the plain gateway
     * @param guarded ns per thread group of the guarded gateway
     */
    public record ThreadCpu(long wallNanos, Map<String, Long> plain, Map<String, Long> guarded) {}

    /**
     * A gateway's heap, read in its own JVM right after {@code System.gc()} (a full GC with G1).
     *
     * @param usedBytes heap in use after the full GC
     * @param committedBytes heap committed
     */
    public record Heap(long usedBytes, long committedBytes) {}
}
