package io.github.sqlguard.service;

import io.github.sqlguard.rules.StateTtl;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * {@link StateTtl#effective} of a statement's configuration, with the last value read and its duration
 * kept: a session's {@code table.exec.state.ttl} is the same text statement after statement, and each
 * statement's decision reads it twice (its limits, then its analysis), where Flink's {@code
 * TimeUtils#parseDuration} builds {@code BigInteger}s for every read (2.8 % of the guard's CPU on the REST
 * I/O thread per cheap statement, async-profiler, bench/results/2026-12-05-cheap-r52.md). The same
 * durations as {@link StateTtl#effective}: a value is read by it the first time it is seen, and a
 * different value replaces the kept one. Thread-safe (one immutable pair, replaced whole).
 */
final class EffectiveTtl {

    private EffectiveTtl() {}

    /** A value of {@code table.exec.state.ttl} and the TTL it gives. */
    private record Read(String value, Duration ttl) {}

    private static volatile Read last = new Read(null, Duration.ZERO);

    /** {@link StateTtl#effective}{@code (config)}. */
    static Duration of(Map<String, String> config) {
        String value = config.get(StateTtl.KEY);
        Read read = last;
        if (Objects.equals(value, read.value())) {
            return read.ttl();
        }
        Duration ttl = StateTtl.effective(config);
        last = new Read(value, ttl);
        return ttl;
    }
}
