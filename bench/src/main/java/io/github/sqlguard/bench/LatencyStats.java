package io.github.sqlguard.bench;

import java.util.Arrays;
import java.util.List;

/**
 * Order statistics of a list of latencies in nanoseconds: median and nearest-rank percentiles.
 * Immutable.
 */
public final class LatencyStats {

    private final long[] sorted;

    /** Statistics of {@code nanos} (copied). */
    public LatencyStats(List<Long> nanos) {
        this.sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /** How many samples. */
    public int count() {
        return sorted.length;
    }

    /** The median in milliseconds (the mean of the two middle samples for an even count); NaN when empty. */
    public double medianMs() {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        double nanos = sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
        return nanos / 1e6;
    }

    /**
     * The nearest-rank percentile {@code p} (0 &lt; p &le; 100) in milliseconds: the smallest sample
     * with at least p% of the samples at or below it. With fewer than 100 samples p99 is the maximum.
     */
    public double percentileMs(double p) {
        if (p <= 0 || p > 100) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + p);
        }
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }

    @Override
    public String toString() {
        return "LatencyStats" + Arrays.toString(sorted);
    }
}
