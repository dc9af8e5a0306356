package io.github.sqlguard.rules;

import org.apache.flink.util.TimeUtils;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * State TTL values as Flink reads them: {@code table.exec.state.ttl} ({@code
 * ExecutionConfigOptions#IDLE_STATE_RETENTION}, a {@code Duration} option) and {@code STATE_TTL}
 * hint values are parsed by Flink's {@link TimeUtils#parseDuration(String)}, where a number with no
 * unit is milliseconds.
 */
public final class StateTtl {

    /** The key of the session-wide state TTL, {@code ExecutionConfigOptions.IDLE_STATE_RETENTION}. */
    public static final String KEY = "table.exec.state.ttl";

    private StateTtl() {}

    /** The duration Flink reads from {@code value}, or empty when Flink cannot read it. */
    public static Optional<Duration> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(TimeUtils.parseDuration(value));
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    /** True when {@code value} is a number with no unit, which Flink reads as milliseconds. */
    public static boolean isBareNumber(String value) {
        if (value == null) {
            return false;
        }
        String v = value.strip();
        if (v.isEmpty()) {
            return false;
        }
        for (int i = 0; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** A duration in Flink's own notation with its highest exact unit, e.g. {@code 1 h}. */
    public static String format(Duration duration) {
        return TimeUtils.formatWithHighestUnit(duration);
    }

    /** The effective state TTL in {@code config}: {@link Duration#ZERO} when unset or unreadable. */
    public static Duration effective(java.util.Map<String, String> config) {
        return parse(config.get(KEY)).orElse(Duration.ZERO);
    }

    /**
     * What a bare number was most likely meant to be, for messages: up to 72 as hours ({@code '24'}
     * → {@code '24 h'}), up to 365 as days, larger as seconds.
     */
    public static String likelyIntent(long number) {
        if (number <= 0) {
            return "'" + number + " d'";
        }
        if (number <= 72) {
            return "'" + number + " h'";
        }
        if (number <= 365) {
            return "'" + number + " d'";
        }
        return "'" + number + " s'";
    }

    /** Lower-case key for comparisons. */
    static String normalize(String key) {
        return key == null ? "" : key.strip().toLowerCase(Locale.ROOT);
    }
}
