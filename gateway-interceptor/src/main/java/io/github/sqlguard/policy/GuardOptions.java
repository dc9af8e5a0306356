package io.github.sqlguard.policy;

import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.rules.RuleDeclaration;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.util.TimeUtils;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Options of the guard itself, read from Flink's {@code config.yaml} (or {@code -D} dynamic
 * properties of the gateway). Keys follow Flink's style ({@code SqlGatewayRestOptions}, {@code
 * ExecutionConfigOptions}). The options of the rules are declared by the rules ({@code
 * rules.RuleDeclaration}: each rule's level and allow-suppression, and the options it reads, such
 * as {@code sql-guard.max-top-n}); {@link Policy} reads both.
 *
 * <p>Stability: public, evolving.
 */
public final class GuardOptions {

    /** Prefix of every guard option. */
    public static final String PREFIX = "sql-guard.";

    /** Prefix of per-rule options: {@code sql-guard.rules.<id>.level}. */
    public static final String RULES_PREFIX = RuleDeclaration.KEY_PREFIX;

    /** Prefix of scoped overrides: {@code sql-guard.scopes.<name>.…} ({@link #scopeKey}). */
    public static final String SCOPES_PREFIX = PREFIX + "scopes.";

    /**
     * Prefixes of options read once at start-up: a change in {@code config.yaml} is logged by the
     * reloader as needing a restart and is not part of {@link Policy#policyHash()}.
     */
    public static final List<String> START_ONLY_PREFIXES =
            List.of(PREFIX + "instance-id", PREFIX + "reload.", PREFIX + "admin.", PREFIX + "identity.", PREFIX + "user",
                    PREFIX + "planner.", PREFIX + "observe.", PREFIX + "audit.held-up-after",
                    PREFIX + "fetch-results.");

    public static final ConfigOption<Boolean> EXECUTE_JUDGED_PLAN =
            ConfigOptions.key("sql-guard.execute-judged-plan")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Run an allowed statement as what the guard judged: an INSERT or statement set as the"
                                    + " compiled plan the guard checked (Flink's EXECUTE PLAN: restored, not optimized again, so"
                                    + " the job is exactly that plan, each operator's state TTL included); a query or CREATE/"
                                    + "REPLACE TABLE AS as the operation the guard planned, with the catalog reads and"
                                    + " configuration of its planning (a view changed since, or the runtime mode, does not"
                                    + " change what runs). Either way the statement is parsed once. 'false' hands the statement"
                                    + " text to Flink as it came, which reads the catalog and configuration again.");

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

    public static final ConfigOption<String> AUDIT_OUTCOME_RECORDS =
            ConfigOptions.key("sql-guard.audit.outcome-records")
                    .stringType()
                    .defaultValue("before-response")
                    .withDescription(
                            "When the record of what followed a decision (the statement handed on, refused, failed) is"
                                    + " written: 'before-response' before the call answers; 'after-response' by the audit's"
                                    + " writer thread, in order, while the call answers (a call then waits for its decision"
                                    + " record alone, which is always written before the call is handed on; a gateway killed"
                                    + " right after answering can lose the outcome records not yet written, never a decision"
                                    + " record). See docs/operations/audit.md.");

    public static final ConfigOption<Duration> AUDIT_HELD_UP_AFTER =
            ConfigOptions.key("sql-guard.audit.held-up-after")
                    .durationType()
                    .defaultValue(Duration.of(250, ChronoUnit.MICROS))
                    .withDescription(
                            "How long the audit's write of a logging event may run before the guard takes it as held up"
                                    + " (the kernel holds the write: a busy disk). A cheap executeStatement or"
                                    + " configureSession (SET, RESET, DDL, SHOW) that arrives while the write is held up is"
                                    + " decided on the guard's decision threads, not on the REST I/O thread that read it, which"
                                    + " would otherwise wait for the write and serve none of its other connections meanwhile."
                                    + " The default is far longer than a write into the kernel's page cache takes and about"
                                    + " what handing a call to another thread and back costs. 0 hands every such call over"
                                    + " while any write runs. Flink's duration syntax ('250 micros', '1 ms'); not negative."
                                    + " Read at start-up. The guarded 'rest' endpoint only.");

    public static final ConfigOption<MemorySize> MAX_STATEMENT_BYTES =
            ConfigOptions.key("sql-guard.max-statement-bytes")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(1))
                    .withDescription(
                            "Largest statement the guard takes (its UTF-8 size, e.g. '1 mb'): a larger one is refused"
                                    + " with a clear error and a record, before anything parses or plans it, whatever"
                                    + " 'sql-guard.fail-mode' and 'sql-guard.mode' say. Applies to executeStatement and"
                                    + " configureSession, and to a statement set sent statement by statement (the"
                                    + " EXECUTE STATEMENT SET its END hands on): an INSERT that would take the set past it"
                                    + " is refused, before it is planned.");

    public static final ConfigOption<Duration> FETCH_RESULTS_MAX_WAIT =
            ConfigOptions.key("sql-guard.fetch-results.max-wait")
                    .durationType()
                    .defaultValue(Duration.ofMillis(100))
                    .withDescription(
                            "Longest a fetchResults request of a statement the guard handed on held (SET, RESET, DDL,"
                                    + " SHOW, ...) waits for the statement to end, so that it is answered with the result"
                                    + " rather than NOT_READY; a statement still running then is answered as Flink answers"
                                    + " it, and no later request of it waits. No thread waits meanwhile. The default is the"
                                    + " pause Flink's SQL Client and JDBC driver make before each result request"
                                    + " (ExecutorImpl#getFetchResultResponse), so their requests are never answered later"
                                    + " than their next one would be. 0 answers every request at once, as Flink does."
                                    + " Flink's duration syntax ('100 ms'); not negative. Read at start-up. The guarded"
                                    + " 'rest' endpoint only.");

    public static final ConfigOption<Integer> PLANNER_THREADS =
            ConfigOptions.key("sql-guard.planner.threads")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "Most statements the guard plans at once, plus one for a user that has no planning running"
                                    + " (so one user cannot hold every planner; a session without a verified user is a user"
                                    + " of its own). More wait for a planner, fairly between users, then sessions, and"
                                    + " statements before the proofs of rewrites, each at most its"
                                    + " 'sql-guard.explain-timeout'; its planning time-out starts when it gets a planner."
                                    + " A planning that runs past that time-out is cancelled where"
                                    + " Flink's planner allows it (its cost-based phase) and keeps its planner until it ends:"
                                    + " while every planner is held so, statements are refused at once, with a record, and the"
                                    + " pool serves again as they end. Default: the number of CPU cores the gateway's JVM sees,"
                                    + " less one (at least 1), so the pool never takes every core. Read at start-up.");

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
                                    + " (the 'see:' line of a refusal and of EXPLAIN at the gateway and of an advisory in the"
                                    + " SQL Client, which takes it from the advisory's 'docsBaseUrl'; lint's text report and"
                                    + " its SARIF 'helpUri'; the audit and the REST advisory keep the 'docLink' path). Point"
                                    + " it at a fork or an internal mirror.");

    public static final ConfigOption<String> RESTORE_PLAN_DIR =
            ConfigOptions.key("sql-guard.restore.plan-dir")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A directory where the guard keeps the compiled plan and operator ids of every job it submits"
                                    + " from a judged plan (one JSON file per job), so that a later statement restoring a"
                                    + " savepoint of that job is compared with it: restore-incompatible-state,"
                                    + " restore-changed-meaning. It is one of the guard's own locations: no statement may"
                                    + " read or write in it. Default: 'sql-guard-plans' in the guard's log directory"
                                    + " (the system property 'sql-guard.log.dir', else 'env.log.dir', else FLINK_LOG_DIR,"
                                    + " else the directory of the system property 'log.file', which Flink's"
                                    + " bin/sql-gateway.sh sets), else in the JVM's temporary directory. Read at start-up.");

    public static final ConfigOption<Duration> RESTORE_PLAN_RETENTION =
            ConfigOptions.key("sql-guard.restore.plan-retention")
                    .durationType()
                    .defaultValue(Duration.ofDays(90))
                    .withDescription(
                            "How long the guard keeps the plan of a job it submitted in 'sql-guard.restore.plan-dir'"
                                    + " (Flink's duration syntax, e.g. '90 d', '12 h'): when it stores a plan, it deletes"
                                    + " the files stored longer ago (at most once a minute). A savepoint of a job whose plan"
                                    + " is gone is judged by its operator ids only, and the record says so. 0 keeps every"
                                    + " plan. Read at start-up.");

    private GuardOptions() {}

    /**
     * Every option of this class, by reflection over its {@code ConfigOption} constants (as Flink's
     * {@code ConfigOptionsDocGenerator} finds the options of an {@code *Options} class), sorted by
     * key.
     */
    public static List<ConfigOption<?>> all() {
        List<ConfigOption<?>> options = new ArrayList<>();
        for (Field field : GuardOptions.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == ConfigOption.class) {
                try {
                    options.add((ConfigOption<?>) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("A public constant of GuardOptions is not readable: " + field, e);
                }
            }
        }
        options.sort(Comparator.comparing(ConfigOption::key));
        return List.copyOf(options);
    }

    /**
     * {@link #PLANNER_THREADS} in {@code config}, or its default ({@link SessionPlanner#defaultThreads()}).
     *
     * @throws IllegalArgumentException naming the key, for a value that is not a positive number
     */
    public static int plannerThreads(Configuration config) {
        int threads;
        try {
            threads = config.getOptional(PLANNER_THREADS).orElse(SessionPlanner.defaultThreads());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Invalid value '" + config.toMap().get(PLANNER_THREADS.key()) + "' for option '" + PLANNER_THREADS.key()
                            + "': " + e.getMessage(), e);
        }
        if (threads < 1) {
            throw new IllegalArgumentException(
                    "Invalid value '" + threads + "' for option '" + PLANNER_THREADS.key() + "': it must be at least 1.");
        }
        return threads;
    }

    /**
     * The value of {@code option}, a duration that may be 0 but not negative ({@link #AUDIT_HELD_UP_AFTER}, {@link
     * #FETCH_RESULTS_MAX_WAIT}), in {@code config} or its default; Flink's {@code TimeUtils#parseDuration} reads it.
     *
     * @throws IllegalArgumentException naming the key and the value, for one that is not a duration or is negative
     */
    public static Duration notNegative(Configuration config, ConfigOption<Duration> option) {
        String given = config.toMap().get(option.key());
        Duration value;
        try {
            value = config.get(option);
        } catch (RuntimeException e) {
            if (given != null && given.strip().startsWith("-")) {
                throw negative(option, given);
            }
            throw new IllegalArgumentException(
                    "Invalid value '" + given + "' for option '" + option.key() + "': " + e.getMessage(), e);
        }
        if (value.isNegative()) {
            throw negative(option, given != null ? given : value.toString());
        }
        return value;
    }

    private static IllegalArgumentException negative(ConfigOption<Duration> option, String given) {
        return new IllegalArgumentException(
                "Invalid value '" + given + "' for option '" + option.key() + "': it must not be negative; give 0 or a"
                        + " duration such as '" + TimeUtils.formatWithHighestUnit(option.defaultValue()) + "' (its default).");
    }

    /** True for an option that is read once at start-up ({@link #START_ONLY_PREFIXES}). */
    public static boolean isStartOnly(String key) {
        return START_ONLY_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /** {@code sql-guard.scopes.<scope>.<suffix>}. */
    public static String scopeKey(String scope, String suffix) {
        return SCOPES_PREFIX + scope + "." + suffix;
    }
}
