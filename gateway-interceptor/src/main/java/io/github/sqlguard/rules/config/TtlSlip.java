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
 * durations themselves; {@code '5400000'} (1.5 h) is neither and is not a slip.
 */
final class TtlSlip {

    /**
     * Durations people set as a state TTL: 1 s; 1, 5, 10, 15, 20, 30 min; 1, 2, 3, 4, 6, 8, 10, 12 h;
     * 1, 2, 3, 7, 10, 14, 30, 90, 180, 365 d.
     */
    static final List<Duration> COMMON =
            List.of(
                    Duration.ofSeconds(1),
                    Duration.ofMinutes(1),
                    Duration.ofMinutes(5),
                    Duration.ofMinutes(10),
                    Duration.ofMinutes(15),
                    Duration.ofMinutes(20),
                    Duration.ofMinutes(30),
                    Duration.ofHours(1),
                    Duration.ofHours(2),
                    Duration.ofHours(3),
                    Duration.ofHours(4),
                    Duration.ofHours(6),
                    Duration.ofHours(8),
                    Duration.ofHours(10),
                    Duration.ofHours(12),
                    Duration.ofDays(1),
                    Duration.ofDays(2),
                    Duration.ofDays(3),
                    Duration.ofDays(7),
                    Duration.ofDays(10),
                    Duration.ofDays(14),
                    Duration.ofDays(30),
                    Duration.ofDays(90),
                    Duration.ofDays(180),
                    Duration.ofDays(365));

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

    static boolean isCommon(long millis) {
        return COMMON.stream().anyMatch(d -> d.toMillis() == millis);
    }

    private static Optional<Duration> common(long millis, Duration min) {
        return COMMON.stream().filter(d -> d.toMillis() == millis && d.compareTo(min) >= 0).findFirst();
    }
}
