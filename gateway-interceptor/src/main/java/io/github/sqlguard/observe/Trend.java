package io.github.sqlguard.observe;

import java.util.Locale;

/**
 * How one operator's checkpointed state moves over the window of samples ({@link TrendClassifier}).
 *
 * @param kind growing, levelled, shrinking, or unknown (too few samples)
 * @param bytes the state's size in the latest sample
 * @param bytesPerHour the least-squares slope of the window's sizes, in bytes per hour (negative
 *     when it shrinks); 0 with fewer than two samples
 * @param samples samples in the window
 * @param spanMs time from the window's first sample to its last
 * @param reachesThresholdInMs for a growing operator, ms until its state reaches the size threshold
 *     at this rate (0 when it already has); {@code null} otherwise
 */
public record Trend(Kind kind, long bytes, long bytesPerHour, int samples, long spanMs, Long reachesThresholdInMs) {

    /** The kinds of trend, each with the word the audit, metrics and routes use. */
    public enum Kind {
        /** Fewer samples than {@link TrendClassifier#MIN_SAMPLES}. */
        UNKNOWN,
        /** Grows from sample to sample, with no plateau in the window. */
        GROWING,
        /** Flat over the most recent half of the window (it may have grown before). */
        LEVELLED,
        /** Falls from sample to sample (state expiring, keys retracted). */
        SHRINKING;

        /** The lower-case word: {@code growing}, {@code levelled}, ... */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A short text: {@code growing, 1.2 MB, +180.0 MB/h over 6 samples (5 min), reaches 1 GB in 5 h}. */
    public String describe(long thresholdBytes) {
        StringBuilder out = new StringBuilder(kind.label()).append(", ").append(Bytes.human(bytes));
        if (samples >= 2) {
            out.append(", ").append(bytesPerHour >= 0 ? "+" : "-").append(Bytes.human(Math.abs(bytesPerHour)))
                    .append("/h over ").append(samples).append(" samples (").append(Bytes.duration(spanMs)).append(')');
        }
        if (reachesThresholdInMs != null) {
            out.append(reachesThresholdInMs == 0 ? ", above " : ", reaches ").append(Bytes.human(thresholdBytes));
            if (reachesThresholdInMs > 0) {
                out.append(" in ").append(Bytes.duration(reachesThresholdInMs));
            }
        }
        return out.toString();
    }
}
