package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.AdvisedValues;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Options of the guard's proven rewrites ({@link Rewriter}), read from Flink's {@code config.yaml}
 * with the rest of the policy, in the key style of Flink's own {@code *Options} classes. The values
 * a rewrite has to choose (a window size, a state TTL, a watermark delay, a row limit) come from
 * here, and every rewrite says which value it chose and from which key.
 *
 * <p>Stability: public, evolving.
 */
public final class RewriteOptions {

    /** Prefix of every rewrite option. */
    public static final String PREFIX = "sql-guard.rewrite.";

    public static final ConfigOption<Boolean> ENABLED =
            ConfigOptions.key("sql-guard.rewrite.enabled")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Offer proven rewrites: for a statement with a WARN or BLOCK finding, the guard writes the"
                                    + " user's statement rewritten, plans it in the same session without changing the"
                                    + " session, and shows it only when the proof holds. 'false' turns rewriting off; the"
                                    + " findings stay as they are.");

    public static final ConfigOption<Duration> WINDOW_SIZE =
            ConfigOptions.key("sql-guard.rewrite.window-size")
                    .durationType()
                    .defaultValue(AdvisedValues.DEFAULTS.windowSize())
                    .withDescription(
                            "Size of the TUMBLE window a rewrite into a window Top-N or a window aggregation uses, written"
                                    + " as the largest whole unit (INTERVAL '5' MINUTE), where the statement has no size of"
                                    + " its own: a time bucket it groups by (FLOOR(ts TO HOUR): 1 h) or the window of a view"
                                    + " it reads gives the size. State is freed when each window closes; the results come"
                                    + " once per window.");

    public static final ConfigOption<Duration> STATE_TTL =
            ConfigOptions.key("sql-guard.rewrite.state-ttl")
                    .durationType()
                    .defaultValue(AdvisedValues.DEFAULTS.stateTtl())
                    .withDescription(
                            "The state TTL a rewrite sets (SET 'table.exec.state.ttl', a STATE_TTL hint) where the"
                                    + " statement keeps state with none, or where a written TTL has no likely intent. Must lie"
                                    + " between 'sql-guard.min-state-ttl' and 'sql-guard.max-state-ttl', or no such rewrite"
                                    + " passes its proof.");

    public static final ConfigOption<Duration> WATERMARK_DELAY =
            ConfigOptions.key("sql-guard.rewrite.watermark-delay")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(5))
                    .withDescription(
                            "The delay of the WATERMARK a rewrite declares on a TIMESTAMP(3) column (WATERMARK FOR col AS"
                                    + " col - INTERVAL '5' SECOND): how late a row may come and still be in time.");

    public static final ConfigOption<Long> LIMIT =
            ConfigOptions.key("sql-guard.rewrite.limit")
                    .longType()
                    .defaultValue(10L)
                    .withDescription(
                            "The N of a Top-N a rewrite introduces where the statement names none: ORDER BY ... LIMIT N"
                                    + " for a streaming ORDER BY on a column that is not a time attribute.");

    public static final ConfigOption<Duration> TIMEOUT =
            ConfigOptions.key("sql-guard.rewrite.timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(20))
                    .withDescription(
                            "How long the guard may spend writing and proving the rewrites of one statement (each proof"
                                    + " plans the candidate in the session). A refused statement's answer waits at most this"
                                    + " long for them; a statement that runs never waits: its rewrites are attached to its"
                                    + " advisory when proven. What is not proven in time is not shown.");

    public static final ConfigOption<Integer> MAX_PLANNINGS =
            ConfigOptions.key("sql-guard.rewrite.max-plannings")
                    .intType()
                    .defaultValue(24)
                    .withDescription(
                            "Most plannings the proofs of one statement's rewrites may make (each candidate proven plans once"
                                    + " in the session; a candidate written for two findings is planned once). Once they are"
                                    + " made, or once the proofs have spent one 'sql-guard.explain-timeout' in all, further"
                                    + " candidates are not planned and not shown, and the statement's answer and audit record"
                                    + " say how many were skipped. The statement's own verdict does not depend on them.");

    private RewriteOptions() {}

    /** Every option of this class, by reflection over its constants (as {@code GuardOptions#all()}), sorted by key. */
    public static List<ConfigOption<?>> all() {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Field field : RewriteOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigOption.class) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("A public constant of RewriteOptions is not readable: " + field, e);
                }
            }
        }
        options.sort(Comparator.comparing(ConfigOption::key));
        return List.copyOf(options);
    }
}
