package io.github.sqlguard.service;

import io.github.sqlguard.metrics.GuardMetrics;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jdk.jfr.FlightRecorder;

/**
 * Where one {@code executeStatement} call spends the guard's time ({@link Part}s), the REST
 * endpoint's parse made before the call included. One per call, used by the call's thread only;
 * {@link #finish} reports it as a {@link StatementTimingEvent} and in the {@code guardTimeUs}
 * histogram.
 */
final class StatementTiming {

    /** The guard's own steps of a call, and Flink's hand-off, which a plain gateway runs too. */
    enum Part {
        /** Flink's parser reading the statement. */
        PARSE,
        /** The decision: configuration checks, planning, rules. */
        DECIDE,
        /** Rendering and writing the call's audit records. */
        AUDIT,
        /** Flink's own hand-off of the statement (executeStatement, or the judged plan's submission). */
        HAND_OFF
    }

    private final long start = System.nanoTime();
    private final Map<Part, Long> nanos = new EnumMap<>(Part.class);
    private final long parsedBefore;

    private StatementTiming(long parsedBefore) {
        this.parsedBefore = parsedBefore;
        nanos.put(Part.PARSE, parsedBefore);
    }

    /** The timing of a call that starts now. */
    static StatementTiming start() {
        return new StatementTiming(0);
    }

    /** The timing of a call that starts now, whose statement was parsed just before, in {@code parseNanos}. */
    static StatementTiming afterParse(long parseNanos) {
        return new StatementTiming(parseNanos);
    }

    /** Runs {@code step} and adds its time to {@code part}. */
    <T> T time(Part part, Supplier<T> step) {
        long begin = System.nanoTime();
        try {
            return step.get();
        } finally {
            nanos.merge(part, System.nanoTime() - begin, Long::sum);
        }
    }

    private long of(Part part) {
        return nanos.getOrDefault(part, 0L);
    }

    /**
     * Reports the call: the guard's time (the call's and the parse made before it, Flink's hand-off
     * excluded) to {@code metrics}, and its parts as a {@link StatementTimingEvent} when a recording
     * enables it.
     *
     * <p>The event is not created while the JVM's Flight Recorder is not initialized ({@link
     * FlightRecorder#isInitialized()}): no recording can enable it then, since every recording is
     * made through {@code FlightRecorder.getFlightRecorder()}, which initializes it ({@code
     * jdk.jfr.Recording}'s constructor; {@code -XX:StartFlightRecording} and {@code jcmd JFR.start}
     * make a {@code Recording} in {@code jdk.jfr.internal.dcmd.DCmdStart}, JDK 17). Creating it would
     * initialize the event's class, which registers it ({@code FlightRecorder.register}) and so
     * reads the JDK's whole event metadata ({@code jdk.jfr.internal.MetadataRepository}): CPU that
     * a lint of one script, which records nothing, spent for nothing
     * (bench/results/2026-12-03-lint-cpu-r43.md).
     */
    void finish(String kind, String outcome, GuardMetrics metrics) {
        long guardNanos = System.nanoTime() - start - of(Part.HAND_OFF) + parsedBefore;
        metrics.guardMicros(TimeUnit.NANOSECONDS.toMicros(guardNanos));
        if (FlightRecorder.isInitialized()) {
            record(kind, outcome, guardNanos);
        }
    }

    private void record(String kind, String outcome, long guardNanos) {
        StatementTimingEvent event = new StatementTimingEvent();
        if (event.shouldCommit()) {
            event.kind = kind;
            event.outcome = outcome;
            event.guardTime = guardNanos;
            event.parseTime = of(Part.PARSE);
            event.decideTime = of(Part.DECIDE);
            event.auditTime = of(Part.AUDIT);
            event.handOffTime = of(Part.HAND_OFF);
            event.commit();
        }
    }
}
