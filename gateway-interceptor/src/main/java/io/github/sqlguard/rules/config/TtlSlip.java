package io.github.sqlguard.rules.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a bare TTL in milliseconds looks like a dropped or an extra digit of a common duration:
 * {@code '360000'} is 6 min, and ten times it is {@code '3600000'}, 1 h.
 *
 * <p>A value is a <em>slip</em> when it is not itself one of the {@link #COMMON} durations, and ten
 * times it (a dropped zero) or a tenth of it (an extra zero, the value divisible by 10) is one that
 * is at least {@code sql-guard.min-state-ttl} (a common duration below the minimum, such as 1 s, is
 * never the likely intent of a state TTL). {@code '360000'} (6 min, ×10 = 1 h) and {@code '8640000'}
 * (2.4 h, ×10 = 1 d) are slips; {@code '600000'} (10 min) and {@code '3600000'} (1 h) are common
 * durations themselves; {@code '5400000'} (1.5 h) is neither and is not a slip; {@code '6000000'}
 * (100 min) is 10 min with an extra zero.
 */
final class TtlSlip {

    /**
     * Durations people set as a state TTL: 1 s; 1, 2, 3, 5, 10, 15, 20, 30, 45 min; 1, 2, 3, 4, 5, 6,
     * 8, 10, 12, 18 h; 1, 2, 3, 5, 7, 10, 14, 15, 20, 21, 30, 60, 90, 180, 365 d. The longer the list,
     * the fewer plausible values are taken for slips ({@code '18000000'}, 5 h, is not "30 min with an
     * extra zero").
     */
    static final List<Duration> COMMON = common();

    private TtlSlip() {}

    /**
     * The common durations {@code millis} is likely a slip of (a dropped zero first), or empty when
     * it is not a slip.
     *
     * @param min {@code sql-guard.min-state-ttl}: shorter common durations are not proposed
     */
    static List<Duration> likelyMeant(long millis, Duration min) {
        if (millis <= 0 || isCommon(millis)) {
            return List.of();
        }
        List<Duration> meant = new ArrayList<>();
        if (millis <= Long.MAX_VALUE / 10) {
            common(millis * 10, min).ifPresent(meant::add);
        }
        if (millis % 10 == 0) {
            common(millis / 10, min).ifPresent(meant::add);
        }
        return meant;
    }

    private static List<Duration> common() {
        List<Duration> common = new ArrayList<>();
        common.add(Duration.ofSeconds(1));
        for (long m : new long[] {1, 2, 3, 5, 10, 15, 20, 30, 45}) {
            common.add(Duration.ofMinutes(m));
        }
        for (long h : new long[] {1, 2, 3, 4, 5, 6, 8, 10, 12, 18}) {
            common.add(Duration.ofHours(h));
        }
        for (long d : new long[] {1, 2, 3, 5, 7, 10, 14, 15, 20, 21, 30, 60, 90, 180, 365}) {
            common.add(Duration.ofDays(d));
        }
        return List.copyOf(common);
    }

    static boolean isCommon(long millis) {
        return COMMON.stream().anyMatch(d -> d.toMillis() == millis);
    }

    private static Optional<Duration> common(long millis, Duration min) {
        return COMMON.stream().filter(d -> d.toMillis() == millis && d.compareTo(min) >= 0).findFirst();
    }
}
