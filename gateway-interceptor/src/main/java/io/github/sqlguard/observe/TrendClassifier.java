package io.github.sqlguard.observe;

import java.util.List;

/**
 * Classifies the samples of one operator's checkpointed state (oldest first) as a {@link Trend}.
 * Plain arithmetic on the numbers, so it is tested with plain numbers.
 *
 * <ul>
 *   <li>Fewer than {@link #MIN_SAMPLES} samples: {@code unknown}.
 *   <li>{@code growing}: the growth is sustained and material. Sustained: at least three quarters
 *       of the steps between consecutive samples grow by more than {@link #NOISE_BYTES}. Material:
 *       the window's fitted growth (least-squares slope times the window's span) exceeds both
 *       {@link #MIN_GROWTH} (3 %) of the window's smallest size and {@link #SIGNAL_TO_NOISE} (5) times
 *       the state's own fluctuation (the root mean square of the samples' distances from that line,
 *       at least {@link #NOISE_BYTES}). A state that grew and then stayed put has too few growing
 *       steps once the plateau fills a quarter of the window; a levelled state whose checkpoint
 *       sizes move by a few KB (a Top-N with a state TTL at ~265 KB moving ±1-2 KB) cannot grow by
 *       3 % of its size, nor by 5 KB over a window of 5, from that noise alone.
 *   <li>{@code shrinking}: the same with falling steps and a material fall.
 *   <li>Otherwise (a flat state, or one that moves up and down as RocksDB's compactions and
 *       incremental checkpoints make it): {@code levelled} when the most recent half of the window
 *       moves by no more than {@link #LEVEL_TOLERANCE} of the window's largest size (or {@link
 *       #NOISE_BYTES}), else growing or shrinking by the sign of the least-squares slope when the
 *       window moves by more than that tolerance, else levelled.
 * </ul>
 *
 * The price of the relative test: a growth below 3 % of the state over the window is not told from
 * noise. A state growing linearly since its job started grows by the window's span over the job's
 * age in one window, so it is {@code growing} while the job is younger than about 33 windows (with
 * the defaults, 12 samples a minute apart, the first ~6 h); a longer {@code sql-guard.observe.interval}
 * or {@code window} sees slower growth of older jobs.
 *
 * The rate is the least-squares slope over the whole window. A growing operator's time to the size
 * threshold is the remaining bytes at that rate.
 */
public final class TrendClassifier {

    /** Samples needed for a trend. */
    public static final int MIN_SAMPLES = 3;

    /** A change between two samples smaller than this is no change (serializer and metadata noise). */
    public static final long NOISE_BYTES = 1024;

    /** How much a levelled state may still move over the recent half of the window, as a fraction of its size. */
    public static final double LEVEL_TOLERANCE = 0.05;

    /**
     * The least growth (or fall) over the window, as a fraction of the window's smallest size, that is
     * a trend: checkpoint sizes of a levelled state move by about a percent of it.
     */
    public static final double MIN_GROWTH = 0.03;

    /**
     * How many times the state's own fluctuation about its least-squares line (at least {@link
     * #NOISE_BYTES}) the growth over the window must exceed to be a trend.
     */
    public static final double SIGNAL_TO_NOISE = 5;

    /** The share of steps that must move one way for a steady trend. */
    static final double STEADY = 0.75;

    private static final double MS_PER_HOUR = 3_600_000d;

    private final long thresholdBytes;

    /** @param thresholdBytes the size a growing operator is said to reach ({@code sql-guard.observe.size-threshold}) */
    public TrendClassifier(long thresholdBytes) {
        this.thresholdBytes = thresholdBytes;
    }

    /** The trend of {@code samples}, oldest first, one operator's. */
    public Trend classify(List<Sample> samples) {
        int n = samples.size();
        if (n == 0) {
            return new Trend(Trend.Kind.UNKNOWN, 0, 0, 0, 0, null);
        }
        Sample first = samples.get(0);
        Sample last = samples.get(n - 1);
        long span = last.timeMs() - first.timeMs();
        long perHour = n >= 2 ? Math.round(slopePerMs(samples) * MS_PER_HOUR) : 0;
        if (n < MIN_SAMPLES) {
            return new Trend(Trend.Kind.UNKNOWN, last.bytes(), perHour, n, span, null);
        }
        int up = 0;
        int down = 0;
        long largest = 0;
        long smallest = Long.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            largest = Math.max(largest, samples.get(i).bytes());
            smallest = Math.min(smallest, samples.get(i).bytes());
            if (i > 0) {
                long step = samples.get(i).bytes() - samples.get(i - 1).bytes();
                if (step > NOISE_BYTES) {
                    up++;
                } else if (step < -NOISE_BYTES) {
                    down++;
                }
            }
        }
        int steps = n - 1;
        int steady = (int) Math.ceil(STEADY * steps);
        long total = last.bytes() - first.bytes();
        long tolerance = Math.max(NOISE_BYTES, Math.round(LEVEL_TOLERANCE * largest));
        double slope = slopePerMs(samples);
        double fitted = slope * span;
        double material = Math.max(
                MIN_GROWTH * smallest, SIGNAL_TO_NOISE * Math.max(NOISE_BYTES, fluctuation(samples, slope)));
        Trend.Kind kind;
        if (up >= steady && total > NOISE_BYTES && fitted > material) {
            kind = Trend.Kind.GROWING;
        } else if (down >= steady && total < -NOISE_BYTES && fitted < -material) {
            kind = Trend.Kind.SHRINKING;
        } else if (Math.abs(last.bytes() - samples.get(steps / 2).bytes()) <= tolerance) {
            kind = Trend.Kind.LEVELLED;
        } else {
            double moved = fitted;
            kind = moved > tolerance ? Trend.Kind.GROWING : moved < -tolerance ? Trend.Kind.SHRINKING : Trend.Kind.LEVELLED;
        }
        Long reaches = null;
        if (kind == Trend.Kind.GROWING) {
            reaches = last.bytes() >= thresholdBytes ? 0L
                    : perHour > 0 ? Math.round((thresholdBytes - last.bytes()) / (double) perHour * MS_PER_HOUR) : null;
        }
        return new Trend(kind, last.bytes(), perHour, n, span, reaches);
    }

    /**
     * The root mean square of the samples' distances, in bytes, from the least-squares line of
     * {@code slopePerMs} through their means: how much the state moves about its trend.
     */
    static double fluctuation(List<Sample> samples, double slopePerMs) {
        Means m = Means.of(samples);
        double squares = 0;
        for (Sample s : samples) {
            double off = s.bytes() - (m.bytes() + slopePerMs * (s.timeMs() - m.t0() - m.time()));
            squares += off * off;
        }
        return Math.sqrt(squares / samples.size());
    }

    /** Least-squares slope of bytes over time, bytes per ms; 0 when every sample has the same time. */
    static double slopePerMs(List<Sample> samples) {
        Means m = Means.of(samples);
        double cov = 0;
        double var = 0;
        for (Sample s : samples) {
            double dt = s.timeMs() - m.t0() - m.time();
            cov += dt * (s.bytes() - m.bytes());
            var += dt * dt;
        }
        return var == 0 ? 0 : cov / var;
    }

    /** The samples' mean time (ms after the first sample's, {@code t0}) and mean size in bytes. */
    private record Means(long t0, double time, double bytes) {
        static Means of(List<Sample> samples) {
            long t0 = samples.get(0).timeMs();
            double time = 0;
            double bytes = 0;
            for (Sample s : samples) {
                time += s.timeMs() - t0;
                bytes += s.bytes();
            }
            return new Means(t0, time / samples.size(), bytes / samples.size());
        }
    }
}
