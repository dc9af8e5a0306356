package io.github.sqlguard.bench;

import java.util.Arrays;
import java.util.Random;

/**
 * What one part costs beyond another, measured run by run in the same runs (interleaved): the median
 * of the differences of the pairs, {@code b[i] - a[i]}, with a 95 % bootstrap interval of that median
 * (the pairs resampled with replacement, 2,000 times, a fixed seed). Pairing removes what a run's
 * load does to both parts; the difference of two medians, taken apart, keeps it, and on a loaded
 * machine moves by more than the difference being measured.
 *
 * @param median the median of the pairs' differences
 * @param low the 2.5th percentile of the resampled medians
 * @param high the 97.5th percentile of the resampled medians
 */
record PairedDifference(double median, double low, double high) {

    private static final int RESAMPLES = 2_000;

    /** The difference {@code b - a} of pairs measured in the same runs ({@code a[i]}, {@code b[i]}). */
    static PairedDifference of(long[] a, long[] b) {
        if (a.length != b.length || a.length == 0) {
            throw new IllegalArgumentException("paired runs need as many values on each side, at least one: "
                    + a.length + " and " + b.length);
        }
        double[] differences = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            differences[i] = b[i] - a[i];
        }
        Random random = new Random(42);
        double[] medians = new double[RESAMPLES];
        double[] sample = new double[differences.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < sample.length; i++) {
                sample[i] = differences[random.nextInt(differences.length)];
            }
            medians[r] = median(sample);
        }
        Arrays.sort(medians);
        return new PairedDifference(
                median(differences), medians[(int) (RESAMPLES * 0.025)], medians[(int) (RESAMPLES * 0.975) - 1]);
    }

    /** The median of {@code values} (the mean of the middle two for an even count); {@code values} is not changed. */
    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
