package io.github.sqlguard.policy;

import io.github.sqlguard.rules.AnalysisContext.Thresholds;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;

import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The administrator's policy: a level per rule, which rules users may suppress inline, thresholds,
 * and how the guard behaves when it cannot decide. Built once at start-up from Flink's
 * configuration and immutable afterwards.
 *
 * @param levels the configured level of every rule of the catalog, by id
 * @param suppressible ids of rules users may lower with {@code -- sql-guard:allow <id> <reason>}
 * @param thresholds limits used by the rules
 * @param explainTimeout how long to wait for EXPLAIN
 * @param failMode what happens when the guard cannot decide
 * @param auditMaxStatementLength statement characters kept in an audit record
 * @param instanceId this gateway's name in audit records, or {@code null} for the default
 */
public record Policy(
        Map<String, Level> levels,
        Set<String> suppressible,
        Thresholds thresholds,
        Duration explainTimeout,
        FailMode failMode,
        int auditMaxStatementLength,
        String instanceId) {

    public Policy {
        levels = Map.copyOf(levels);
        suppressible = Set.copyOf(suppressible);
    }

    /** The configured level of a rule (its default when not configured). */
    public Level level(String ruleId) {
        return levels.getOrDefault(ruleId, Level.OFF);
    }

    /** The defaults: every rule at its default level, nothing suppressible. */
    public static Policy defaults(RuleCatalog catalog) {
        return fromConfiguration(new Configuration(), catalog);
    }

    /**
     * Reads and validates the {@code sql-guard.*} options of {@code config}.
     *
     * @throws IllegalArgumentException naming the key, for an unknown {@code sql-guard.} key (for
     *     example a rule id that does not exist) or a value that cannot be read or is out of range
     */
    public static Policy fromConfiguration(Configuration config, RuleCatalog catalog) {
        Set<String> known = new HashSet<>();
        for (ConfigOption<?> option :
                List.of(
                        GuardOptions.MIN_STATE_TTL,
                        GuardOptions.MAX_TOP_N,
                        GuardOptions.EXPLAIN_TIMEOUT,
                        GuardOptions.FAIL_MODE,
                        GuardOptions.INSTANCE_ID,
                        GuardOptions.AUDIT_MAX_STATEMENT_LENGTH,
                        GuardOptions.USER_PROPERTY,
                        GuardOptions.DOCS_BASE_URL)) {
            known.add(option.key());
        }
        Map<String, Level> levels = new LinkedHashMap<>();
        Set<String> suppressible = new HashSet<>();
        for (Rule rule : catalog.rules()) {
            ConfigOption<Level> levelOption = GuardOptions.ruleLevel(rule.id(), rule.defaultLevel());
            ConfigOption<Boolean> suppressOption = GuardOptions.ruleAllowSuppression(rule.id());
            known.add(levelOption.key());
            known.add(suppressOption.key());
            levels.put(rule.id(), read(config, levelOption));
            if (read(config, suppressOption)) {
                suppressible.add(rule.id());
            }
        }
        for (String key : config.keySet()) {
            if (key.startsWith(GuardOptions.PREFIX) && !known.contains(key)) {
                Set<String> ids = new TreeSet<>();
                catalog.rules().forEach(r -> ids.add(r.id()));
                throw new IllegalArgumentException(
                        "Unknown option '" + key + "'. "
                                + (key.startsWith(GuardOptions.RULES_PREFIX)
                                        ? "Rule options are 'sql-guard.rules.<id>.level' and"
                                                + " 'sql-guard.rules.<id>.allow-suppression' with <id> one of " + ids + "."
                                        : "Known options: " + new TreeSet<>(known).headSet("sql-guard.rules.") + "."));
            }
        }
        Duration minTtl = read(config, GuardOptions.MIN_STATE_TTL);
        long maxTopN = read(config, GuardOptions.MAX_TOP_N);
        Duration timeout = read(config, GuardOptions.EXPLAIN_TIMEOUT);
        int maxLength = read(config, GuardOptions.AUDIT_MAX_STATEMENT_LENGTH);
        requirePositive(GuardOptions.MIN_STATE_TTL, !minTtl.isNegative(), minTtl);
        requirePositive(GuardOptions.MAX_TOP_N, maxTopN > 0, maxTopN);
        requirePositive(GuardOptions.EXPLAIN_TIMEOUT, !timeout.isNegative() && !timeout.isZero(), timeout);
        requirePositive(GuardOptions.AUDIT_MAX_STATEMENT_LENGTH, maxLength > 0, maxLength);
        return new Policy(
                levels,
                suppressible,
                new Thresholds(minTtl, maxTopN),
                timeout,
                read(config, GuardOptions.FAIL_MODE),
                maxLength,
                config.get(GuardOptions.INSTANCE_ID));
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

    private static void requirePositive(ConfigOption<?> option, boolean ok, Object value) {
        if (!ok) {
            throw new IllegalArgumentException(
                    "Invalid value '" + value + "' for option '" + option.key() + "': it must be greater than zero.");
        }
    }
}
