package io.github.sqlguard.policy;

import io.github.sqlguard.rules.Level;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.time.Duration;

/**
 * Options of the guard, read from Flink's {@code config.yaml} (or {@code -D} dynamic properties of
 * the gateway). Keys follow Flink's style ({@code SqlGatewayRestOptions}, {@code
 * ExecutionConfigOptions}). Per-rule options are built for each rule id by {@link #ruleLevel} and
 * {@link #ruleAllowSuppression}.
 *
 * <p>Stability: public, evolving.
 */
public final class GuardOptions {

    /** Prefix of every guard option. */
    public static final String PREFIX = "sql-guard.";

    /** Prefix of per-rule options: {@code sql-guard.rules.<id>.level}. */
    public static final String RULES_PREFIX = PREFIX + "rules.";

    public static final ConfigOption<Duration> MIN_STATE_TTL =
            ConfigOptions.key("sql-guard.min-state-ttl")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "A state TTL above 0 and below this is reported by 'ttl-too-short'; a bare number at or above it is"
                                    + " only advised by 'ttl-bare-number'.");

    public static final ConfigOption<Long> MAX_TOP_N =
            ConfigOptions.key("sql-guard.max-top-n")
                    .longType()
                    .defaultValue(1000L)
                    .withDescription("A Top-N whose rank end is above this is reported by 'large-top-n'.");

    public static final ConfigOption<Duration> EXPLAIN_TIMEOUT =
            ConfigOptions.key("sql-guard.explain-timeout")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(60))
                    .withDescription(
                            "How long the guard waits for EXPLAIN in the user's session before 'sql-guard.fail-mode' decides.");

    public static final ConfigOption<FailMode> FAIL_MODE =
            ConfigOptions.key("sql-guard.fail-mode")
                    .enumType(FailMode.class)
                    .defaultValue(FailMode.CLOSED)
                    .withDescription(
                            "What happens when the guard cannot decide (EXPLAIN timed out, internal error): 'closed' refuses"
                                    + " the statement, 'open' lets it run and audits it as unanalysed. A planner rejection"
                                    + " is not a guard failure.");

    public static final ConfigOption<String> INSTANCE_ID =
            ConfigOptions.key("sql-guard.instance-id")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Name of this gateway instance in audit records. Default: host name and REST port.");

    public static final ConfigOption<Integer> AUDIT_MAX_STATEMENT_LENGTH =
            ConfigOptions.key("sql-guard.audit.max-statement-length")
                    .intType()
                    .defaultValue(65_536)
                    .withDescription(
                            "Statement text longer than this many characters is cut in audit records; its SHA-256 is"
                                    + " always of the full text.");

    public static final ConfigOption<String> USER_PROPERTY =
            ConfigOptions.key("sql-guard.user")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Session property a client sets to name its user in audit records (the guard's client sends the"
                                    + " OS user).");

    public static final ConfigOption<String> DOCS_BASE_URL =
            ConfigOptions.key("sql-guard.docs-base-url")
                    .stringType()
                    .defaultValue("https://github.com/sql-guard/flink-sql-guard/blob/main/")
                    .withDescription(
                            "Base URL of the rule pages: a rule's help link is this followed by 'docs/rules/<id>.md'"
                                    + " (lint's SARIF 'helpUri'). Point it at a fork or an internal mirror.");

    private GuardOptions() {}

    /** {@code sql-guard.rules.<id>.level}: the level of a rule's findings. */
    public static ConfigOption<Level> ruleLevel(String ruleId, Level defaultLevel) {
        return ConfigOptions.key(RULES_PREFIX + ruleId + ".level")
                .enumType(Level.class)
                .defaultValue(defaultLevel)
                .withDescription("Level of '" + ruleId + "' findings: BLOCK, WARN, INFO or OFF.");
    }

    /** {@code sql-guard.rules.<id>.allow-suppression}: whether users may lower the rule inline. */
    public static ConfigOption<Boolean> ruleAllowSuppression(String ruleId) {
        return ConfigOptions.key(RULES_PREFIX + ruleId + ".allow-suppression")
                .booleanType()
                .defaultValue(false)
                .withDescription(
                        "Whether '-- sql-guard:allow " + ruleId + " <reason>' in a statement lowers this rule to INFO.");
    }
}
