package io.github.sqlguard.rewrite;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;

import java.time.Duration;

/**
 * The values of {@link RewriteOptions} in force: part of the policy, so a reload changes them
 * between statements.
 *
 * @param enabled whether rewrites are written and proven at all
 * @param windowSize the TUMBLE window size of window rewrites
 * @param stateTtl the TTL a rewrite sets where the statement has none
 * @param watermarkDelay the delay of a WATERMARK a rewrite declares
 * @param limit the N of a Top-N a rewrite introduces
 * @param timeout the time the rewrites of one statement may take
 * @param maxPlannings the plannings the proofs of one statement may make
 */
public record RewriteSettings(
        boolean enabled, Duration windowSize, Duration stateTtl, Duration watermarkDelay, long limit, Duration timeout,
        int maxPlannings) {

    /** The defaults of every option. */
    public static final RewriteSettings DEFAULTS = fromConfiguration(new Configuration());

    /**
     * Reads and validates the {@code sql-guard.rewrite.*} options of {@code config}.
     *
     * @throws IllegalArgumentException naming the key, for a value that cannot be read or is out of range
     */
    public static RewriteSettings fromConfiguration(Configuration config) {
        Duration window = positive(config, RewriteOptions.WINDOW_SIZE);
        if (window.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("Invalid value '" + window + "' for option '"
                    + RewriteOptions.WINDOW_SIZE.key() + "': a window is whole seconds ('5 min', '1 h').");
        }
        Duration delay = read(config, RewriteOptions.WATERMARK_DELAY);
        if (delay.isNegative() || delay.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("Invalid value '" + delay + "' for option '"
                    + RewriteOptions.WATERMARK_DELAY.key() + "': it must be 0 or whole seconds ('5 s').");
        }
        long limit = read(config, RewriteOptions.LIMIT);
        if (limit <= 0) {
            throw new IllegalArgumentException("Invalid value '" + limit + "' for option '" + RewriteOptions.LIMIT.key()
                    + "': it must be greater than zero.");
        }
        int maxPlannings = read(config, RewriteOptions.MAX_PLANNINGS);
        if (maxPlannings < 0) {
            throw new IllegalArgumentException("Invalid value '" + maxPlannings + "' for option '"
                    + RewriteOptions.MAX_PLANNINGS.key() + "': it must be 0 (prove nothing) or more.");
        }
        return new RewriteSettings(
                read(config, RewriteOptions.ENABLED), window, positive(config, RewriteOptions.STATE_TTL), delay, limit,
                positive(config, RewriteOptions.TIMEOUT), maxPlannings);
    }

    private static Duration positive(Configuration config, ConfigOption<Duration> option) {
        Duration value = read(config, option);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(
                    "Invalid value '" + value + "' for option '" + option.key() + "': it must be greater than zero.");
        }
        return value;
    }

    private static <T> T read(Configuration config, ConfigOption<T> option) {
        try {
            return config.get(option);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Invalid value '" + config.toMap().get(option.key()) + "' for option '" + option.key() + "': "
                            + e.getMessage(),
                    e);
        }
    }
}
