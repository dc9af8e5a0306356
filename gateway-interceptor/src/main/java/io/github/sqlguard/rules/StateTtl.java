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

    /**
     * The session's {@code table.exec.state.ttl} as written in {@code config}, where it is set to a TTL that expires;
     * empty where it is not set, is 0 (never expire) or cannot be read.
     */
    public static Optional<String> setIn(java.util.Map<String, String> config) {
        String written = config.get(KEY);
        return written == null ? Optional.empty()
                : parse(written).filter(ttl -> !ttl.isZero()).map(ttl -> written.strip());
    }

    /**
     * True when {@code value} (a table option's, a hint's) is the TTL the session's {@code written} already is ({@link
     * #setIn}), in whatever unit each is written: {@code '1 d'} and {@code '24 h'}. False where either cannot be read.
     */
    public static boolean sameAs(String written, String value) {
        Optional<Duration> session = parse(written);
        return session.isPresent() && session.equals(parse(value));
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
        try {
            return TimeUtils.formatWithHighestUnit(duration);
        } catch (ArithmeticException tooLongForNanoseconds) {
            // Flink 1.20's TimeUtils counts in nanoseconds, which overflow above about 292 years (the
            // largest TTL, Long.MAX_VALUE ms, is a valid table.exec.state.ttl); 2.x formats it.
            return formatMillis(duration.toMillis());
        }
    }

    private static final long[] UNIT_MILLIS = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    private static final String[] UNIT_LABELS = {"d", "h", "min", "s", "ms"};

    /** {@code millis} with the highest unit that divides it exactly, as Flink writes it. */
    static String formatMillis(long millis) {
        for (int i = 0; i < UNIT_MILLIS.length; i++) {
            if (millis % UNIT_MILLIS[i] == 0) {
                return (millis / UNIT_MILLIS[i]) + " " + UNIT_LABELS[i];
            }
        }
        throw new AssertionError("every duration is whole milliseconds here");
    }

    /**
     * True when state kept under {@code ttl} never expires in practice: {@code ttl} is 0 (Flink's
     * "never expires") or above {@code max} ({@code sql-guard.max-state-ttl}). A TTL exactly at
     * {@code max} expires.
     */
    public static boolean neverExpires(Duration ttl, Duration max) {
        return ttl.isZero() || ttl.isNegative() || ttl.compareTo(max) > 0;
    }

    /**
     * Why state under {@code ttl} never expires, for messages: {@code the state TTL is 0}, or {@code
     * a TTL of 36500 d is above sql-guard.max-state-ttl (365 d): state never expires in practice}.
     */
    public static String whyNeverExpires(Duration ttl, Duration max) {
        if (ttl.isZero() || ttl.isNegative()) {
            return "the state TTL is 0";
        }
        return "a TTL of " + format(ttl) + " is above sql-guard.max-state-ttl (" + format(max)
                + "): state never expires in practice";
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

    /**
     * The state TTL a fix proposes in place of {@code written}, a TTL below {@code min}: a bare number's likely
     * intent ({@link #likelyIntent}: {@code '12'} → 12 h) where that is at least {@code min}, else {@code
     * advised} ({@code sql-guard.rewrite.state-ttl}). The one value {@code ttl-too-short}'s fix names and its
     * facts carry ({@link Facts#intendedTtl}), which the {@code ttl-unit} rewrite writes.
     */
    public static Duration replacing(String written, Duration min, Duration advised) {
        if (isBareNumber(written)) {
            try {
                Optional<Duration> intent = parse(likelyIntent(Long.parseLong(written.strip())).replace("'", ""));
                if (intent.isPresent() && intent.get().compareTo(min) >= 0) {
                    return intent.get();
                }
            } catch (NumberFormatException tooLong) {
                // No likely intent: the advised TTL.
            }
        }
        return advised;
    }

    /**
     * {@code intended} written as the user's own number {@code written} with a unit where one makes it so ({@code
     * '48'} meant as 48 h: {@code 48 h}, not {@code 2 d}), else as {@link #format} writes it: how a fix and the
     * {@code ttl-unit} rewrite write a TTL in place of a bare one.
     */
    public static String withUnit(String written, Duration intended) {
        try {
            long number = Long.parseLong(written.strip());
            for (int i = 0; i < UNIT_MILLIS.length - 1; i++) {
                if (number > 0 && intended.toMillis() == Math.multiplyExact(number, UNIT_MILLIS[i])) {
                    return number + " " + UNIT_LABELS[i];
                }
            }
        } catch (NumberFormatException | ArithmeticException notOneOfThem) {
            // Written as format writes it below.
        }
        return format(intended);
    }

    /** Lower-case key for comparisons. */
    static String normalize(String key) {
        return key == null ? "" : key.strip().toLowerCase(Locale.ROOT);
    }
}
