package io.github.sqlguard.rules;

import java.time.Duration;

/**
 * The values a fix proposes where the statement needs one the user has not written: the size of a
 * {@code TUMBLE} window and a state TTL. They are the values the proven rewrites use ({@code
 * sql-guard.rewrite.window-size}, {@code sql-guard.rewrite.state-ttl}, read with the policy), so a
 * finding's advice and the rewrite shown under it name the same window and the same TTL.
 *
 * <p>Stability: public, evolving.
 *
 * @param windowSize the size of a window the fix proposes, whole seconds
 * @param stateTtl the state TTL the fix proposes
 */
public record AdvisedValues(Duration windowSize, Duration stateTtl) {

    /** The defaults of {@code sql-guard.rewrite.window-size} (5 min) and {@code sql-guard.rewrite.state-ttl} (1 d). */
    public static final AdvisedValues DEFAULTS = new AdvisedValues(Duration.ofMinutes(5), Duration.ofDays(1));

    /** The window size as SQL, in its largest whole unit: {@code INTERVAL '5' MINUTE}. */
    public String windowInterval() {
        Interval interval = Interval.of(windowSize);
        return "INTERVAL '" + interval.amount() + "' " + interval.unit();
    }

    /**
     * These values made to cover a time bucket of {@code size} that the statement groups by (a daily
     * report's day): a state TTL of at least {@code size}, so no bucket's total is dropped while its
     * rows still arrive, and a window of {@code size} (the bucket itself).
     */
    public AdvisedValues covering(Duration size) {
        return new AdvisedValues(size, stateTtl.compareTo(size) >= 0 ? stateTtl : size);
    }

    /** The state TTL as Flink writes a duration option: {@code 1 d}. */
    public String stateTtlText() {
        return StateTtl.format(stateTtl);
    }

    /** The statement that sets the state TTL for the job: {@code SET 'table.exec.state.ttl' = '1 d'}. */
    public String setStateTtl() {
        return "SET '" + StateTtl.KEY + "' = '" + stateTtlText() + "'";
    }

    /**
     * A duration as an SQL interval in its largest whole unit: {@code 5 MINUTE}, {@code 1 DAY},
     * {@code 90 SECOND} (the unit named as Calcite's {@code TimeUnit}).
     */
    public record Interval(long amount, String unit) {

        public static Interval of(Duration duration) {
            long seconds = duration.getSeconds();
            if (seconds % 86_400 == 0) {
                return new Interval(seconds / 86_400, "DAY");
            }
            if (seconds % 3_600 == 0) {
                return new Interval(seconds / 3_600, "HOUR");
            }
            if (seconds % 60 == 0) {
                return new Interval(seconds / 60, "MINUTE");
            }
            return new Interval(seconds, "SECOND");
        }
    }
}
