package io.github.sqlguard.compare;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;

/** A state TTL for people, in Flink's own duration notation ({@code TimeUtils#formatWithHighestUnit}). */
final class Ttl {

    private Ttl() {}

    /** {@code 0 (never expires)}, {@code 1 d}, {@code 90 min}, {@code 24 ms}. */
    static String describe(long ttlMs) {
        return ttlMs == 0 ? "0 (never expires)" : TimeUtils.formatWithHighestUnit(Duration.ofMillis(ttlMs));
    }
}
