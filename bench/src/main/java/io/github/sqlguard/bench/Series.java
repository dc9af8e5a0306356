package io.github.sqlguard.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The measurements of one statement kind on one gateway: each statement's latency, each round's
 * statement count and wall time (for throughput), and what went unexpectedly. Thread-safe: the
 * sessions of a round add to it concurrently.
 */
public final class Series {

    private final List<Long> nanos = new ArrayList<>();
    private final List<String> unexpected = new ArrayList<>();
    private final List<GuardTime> guardTimes = new ArrayList<>();
    private final List<Long> submitNanos = new ArrayList<>();
    private long fetches;
    private long statements;
    private long wallNanos;

    /** One statement's latency, and its problem (null when it behaved as expected). */
    public synchronized void add(long elapsedNanos, String problem) {
        nanos.add(elapsedNanos);
        if (problem != null) {
            unexpected.add(problem);
        }
    }

    /**
     * Where one statement's latency went on the client's side: {@code submitNanos} until the submit's answer,
     * and {@code fetches} result requests after it (each not-ready answer costs one poll interval more).
     */
    public synchronized void addPath(long submitNanos, int fetches) {
        this.submitNanos.add(submitNanos);
        this.fetches += fetches;
    }

    /** Statistics of the submits' answers of {@link #addPath}. */
    public synchronized LatencyStats submitStats() {
        return new LatencyStats(submitNanos);
    }

    /** Result requests per statement of {@link #addPath}, on average; NaN when none was added. */
    public synchronized double fetchesPerStatement() {
        return submitNanos.isEmpty() ? Double.NaN : (double) fetches / submitNanos.size();
    }

    /** Every statement's latency so far, ns, in the order they were added. */
    public synchronized List<Long> latencies() {
        return List.copyOf(nanos);
    }

    /** One round: {@code count} statements over {@code wall} nanoseconds of wall time (all sessions together). */
    public synchronized void addRound(long count, long wall) {
        statements += count;
        wallNanos += wall;
    }

    /**
     * Server-side times the guarded gateway held its statements, ns (the {@code
     * io.github.sqlguard.Statement} JFR events of the measured rounds); none for the plain gateway.
     */
    public synchronized void addGuardTimes(List<GuardTime> times) {
        guardTimes.addAll(times);
    }

    /** Statistics of the guard times of {@link #addGuardTimes}; empty for the plain gateway. */
    public synchronized LatencyStats guardStats() {
        return guardStats(GuardTime::guard);
    }

    /** Statistics of one part of the guard times, e.g. {@code GuardTime::parse}. */
    public synchronized LatencyStats guardStats(ToLongFunction<GuardTime> part) {
        List<Long> nanos = new ArrayList<>(guardTimes.size());
        for (GuardTime t : guardTimes) {
            nanos.add(part.applyAsLong(t));
        }
        return new LatencyStats(nanos);
    }

    public synchronized LatencyStats stats() {
        return new LatencyStats(nanos);
    }

    /** Statements per second over the measured rounds' wall time; NaN when there was no round. */
    public synchronized double throughput() {
        return wallNanos == 0 ? Double.NaN : statements / (wallNanos / 1e9);
    }

    public synchronized List<String> unexpected() {
        return List.copyOf(unexpected);
    }
}
