package io.github.sqlguard.policy;

import io.github.sqlguard.rules.Level;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

import java.time.Duration;
import java.util.List;

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

    /** Prefix of scoped overrides: {@code sql-guard.scopes.<name>.…} ({@link #scopeKey}). */
    public static final String SCOPES_PREFIX = PREFIX + "scopes.";

    /**
     * Prefixes of options read once at start-up: a change in {@code config.yaml} is logged by the
     * reloader as needing a restart and is not part of {@link Policy#policyHash()}.
     */
    public static final List<String> START_ONLY_PREFIXES =
            List.of(PREFIX + "instance-id", PREFIX + "reload.", PREFIX + "admin.", PREFIX + "identity.", PREFIX + "user");

    public static final ConfigOption<Duration> MIN_STATE_TTL =
            ConfigOptions.key("sql-guard.min-state-ttl")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "A state TTL above 0 and below this is reported by 'ttl-too-short'; a bare number at or above it is"
                                    + " only advised by 'ttl-bare-number'.");

    public static final ConfigOption<Duration> MAX_STATE_TTL =
            ConfigOptions.key("sql-guard.max-state-ttl")
                    .durationType()
                    .defaultValue(Duration.ofDays(365))
                    .withDescription(
                            "A state TTL above this never expires in practice ('36500 d'): 'unbounded-rank' and"
                                    + " 'stateful-without-ttl' count it as no TTL. Must be greater than 'sql-guard.min-state-ttl'.");

    public static final ConfigOption<Boolean> EXECUTE_JUDGED_PLAN =
            ConfigOptions.key("sql-guard.execute-judged-plan")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Run an allowed INSERT or statement set as the compiled plan the guard judged (Flink's EXECUTE"
                                    + " PLAN): Flink restores that plan instead of optimizing the statement again, so the job"
                                    + " that runs is exactly the plan that was checked (each operator's state TTL included),"
                                    + " and the statement is planned once. 'false' hands the statement text to Flink as it"
                                    + " came.");

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
                            "How long the guard may take to plan a statement in the user's session (and to wait for the"
                                    + " session's previous configuration change) before 'sql-guard.fail-mode' decides.");

    public static final ConfigOption<FailMode> FAIL_MODE =
            ConfigOptions.key("sql-guard.fail-mode")
                    .enumType(FailMode.class)
                    .defaultValue(FailMode.CLOSED)
                    .withDescription(
                            "What happens when the guard cannot decide (EXPLAIN timed out, internal error): 'closed' refuses"
                                    + " the statement, 'open' lets it run and audits it as unanalysed. A planner rejection"
                                    + " is not a guard failure.");

    public static final ConfigOption<FailMode> AUDIT_FAIL_MODE =
            ConfigOptions.key("sql-guard.audit.fail-mode")
                    .enumType(FailMode.class)
                    .defaultValue(FailMode.CLOSED)
                    .withDescription(
                            "What happens when a statement's audit record cannot be written (the audit logger's appender"
                                    + " failed): 'closed' refuses the statement with a clear error, so nothing runs without a"
                                    + " record; 'open' runs it and logs the failure on the guard's own logger.");

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

    public static final ConfigOption<Mode> MODE =
            ConfigOptions.key("sql-guard.mode")
                    .enumType(Mode.class)
                    .defaultValue(Mode.ENFORCE)
                    .withDescription(
                            "'enforce' refuses what the policy blocks. 'report' lets every statement run: what would have"
                                    + " been refused is audited as 'would-block', counted, and returned to the client as an"
                                    + " advisory. For rolling the guard out; a scope may set its own mode.");

    public static final ConfigOption<Duration> RELOAD_INTERVAL =
            ConfigOptions.key("sql-guard.reload.interval")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(10))
                    .withDescription(
                            "How often the guard checks Flink's config.yaml ($FLINK_CONF_DIR) for changed 'sql-guard.*'"
                                    + " options and applies them without a restart; 0 turns polling off. Read at start-up.");

    public static final ConfigOption<Boolean> ADMIN_RELOAD_ROUTE_ENABLED =
            ConfigOptions.key("sql-guard.admin.reload-route.enabled")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Serve 'POST /sql-guard/v1/policy/reload' on the REST endpoint: re-reads config.yaml now"
                                    + " (it cannot supply a policy itself). Read at start-up.");

    public static final ConfigOption<String> IDENTITY_HEADER =
            ConfigOptions.key("sql-guard.identity.header")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "HTTP header an authenticating proxy sets to the user it verified (e.g. 'X-Forwarded-User')."
                                    + " Accepted on openSession only from 'sql-guard.identity.trusted-proxies'; from any other"
                                    + " address it is ignored and the rejection is audited. Read at start-up.");

    public static final ConfigOption<String> IDENTITY_GROUPS_HEADER =
            ConfigOptions.key("sql-guard.identity.groups-header")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "HTTP header a trusted proxy sets to the verified user's groups, comma-separated (e.g."
                                    + " 'X-Forwarded-Groups'). Same trust rule as 'sql-guard.identity.header'. Read at start-up.");

    public static final ConfigOption<List<String>> IDENTITY_TRUSTED_PROXIES =
            ConfigOptions.key("sql-guard.identity.trusted-proxies")
                    .stringType()
                    .asList()
                    .defaultValues()
                    .withDescription(
                            "IP addresses or CIDR blocks (e.g. '10.0.0.0/8', '::1') of the proxies whose identity headers"
                                    + " are believed. Empty: no header is believed. Read at start-up.");

    public static final ConfigOption<String> DOCS_BASE_URL =
            ConfigOptions.key("sql-guard.docs-base-url")
                    .stringType()
                    .defaultValue("https://github.com/sql-guard/flink-sql-guard/blob/main/")
                    .withDescription(
                            "Base URL of the rule pages: a rule's help link is this followed by 'docs/rules/<id>.md'"
                                    + " (lint's SARIF 'helpUri'). Point it at a fork or an internal mirror.");

    private GuardOptions() {}

    /** True for an option that is read once at start-up ({@link #START_ONLY_PREFIXES}). */
    public static boolean isStartOnly(String key) {
        return START_ONLY_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /** {@code sql-guard.scopes.<scope>.<suffix>}. */
    public static String scopeKey(String scope, String suffix) {
        return SCOPES_PREFIX + scope + "." + suffix;
    }

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
