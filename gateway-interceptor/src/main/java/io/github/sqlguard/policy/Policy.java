package io.github.sqlguard.policy;

import io.github.sqlguard.observe.ObserveOptions;
import io.github.sqlguard.rewrite.RewriteOptions;
import io.github.sqlguard.rewrite.RewriteSettings;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleOption;
import io.github.sqlguard.rules.RuleOptions;
import io.github.sqlguard.rules.RulePolicy;
import io.github.sqlguard.rules.limits.GuardFiles;
import io.github.sqlguard.rules.limits.PathNotAllowedRule;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * The administrator's policy: a level per rule, which rules users may suppress inline, the values of
 * the rules' options, how the guard behaves when it cannot decide, whether it enforces or only
 * reports, and scoped overrides. Built from Flink's configuration and immutable; a reload builds a
 * new one ({@link PolicyHolder}).
 *
 * <p>The keys it knows are the guard's own ({@link GuardOptions#all()}) and what the rules of the
 * catalog declare ({@link RuleDeclaration}): each rule's level and allow-suppression and every
 * option a rule reads. Nothing here names a rule or a rule option.
 *
 * @param levels the configured level of every rule of the catalog, by id
 * @param suppressible ids of rules users may lower with {@code -- sql-guard:allow <id> <reason>}
 * @param ruleOptions the values of the options the rules read ({@link RuleCatalog#options()})
 * @param explainTimeout how long to wait for EXPLAIN
 * @param failMode what happens when the guard cannot decide
 * @param auditFailMode what happens when a statement's audit record cannot be written
 * @param auditMaxStatementLength statement characters kept in an audit record
 * @param maxStatementBytes the largest statement (UTF-8 bytes) the guard takes ({@code
 *     sql-guard.max-statement-bytes})
 * @param instanceId this gateway's name in audit records, or {@code null} for the default
 * @param mode enforce, or only report ({@code sql-guard.mode})
 * @param executeJudgedPlan run INSERTs and statement sets as the compiled plan that was judged
 *     ({@code sql-guard.execute-judged-plan})
 * @param scopes the scoped overrides, most specific first ({@link ScopeMatch#MOST_SPECIFIC_FIRST});
 *     empty within a scope's own policy
 * @param policyHash SHA-256 (hex) of the {@code sql-guard.*} options this policy was built from
 *     ({@link #hash}); a scope's policy carries the hash of the whole configuration
 * @param rewrite the {@code sql-guard.rewrite.*} options ({@link RewriteOptions}); a scope's policy
 *     has the global ones
 * @param docsBaseUrl {@code sql-guard.docs-base-url}: a refusal's and an EXPLAIN's {@code see:} line
 *     is this followed by the rule's {@code docs/rules/<id>.md}; a scope's policy has the global one
 */
public record Policy(
        Map<String, Level> levels,
        Set<String> suppressible,
        RuleOptions ruleOptions,
        Duration explainTimeout,
        FailMode failMode,
        FailMode auditFailMode,
        int auditMaxStatementLength,
        long maxStatementBytes,
        String instanceId,
        Mode mode,
        boolean executeJudgedPlan,
        List<PolicyScope> scopes,
        String policyHash,
        RewriteSettings rewrite,
        String docsBaseUrl)
        implements RulePolicy {

    public Policy {
        levels = Map.copyOf(levels);
        suppressible = Set.copyOf(suppressible);
        scopes = scopes.stream().sorted(ScopeMatch.MOST_SPECIFIC_FIRST).toList();
    }

    /** The configured level of a rule (its default when not configured). */
    @Override
    public Level level(String ruleId) {
        return levels.getOrDefault(ruleId, Level.OFF);
    }

    /** The value of a rule option in this policy, e.g. {@code option(LargeTopNRule.MAX_TOP_N)}. */
    public <T> T option(RuleOption<T> option) {
        return ruleOptions.get(option);
    }

    /**
     * The policy for one statement: that of the most specific scope matching it ({@link
     * ScopeMatch}), or this (global) policy when none does.
     *
     * @param user the verified user, or {@code null} when none was verified (a self-declared name
     *     must never be passed: it would let a user pick a scope)
     * @param groups the verified user's groups
     * @param catalog a table's catalog, or the session's current one; {@code null} when none
     * @param database a table's database, or the session's current one; {@code null} when none
     */
    public ScopedPolicy forScope(String user, Collection<String> groups, String catalog, String database) {
        for (PolicyScope scope : scopes) {
            if (scope.match().matches(user, groups, catalog, database)) {
                return new ScopedPolicy(scope.policy(), Optional.of(scope.name()));
            }
        }
        return new ScopedPolicy(this, Optional.empty());
    }

    /**
     * The policy for a statement that reads and writes {@code tables}: for each table, the policy
     * of the most specific scope matching the table's catalog and database with {@code user} and
     * {@code groups} ({@link #forScope}, the table in place of the session's current catalog and
     * database), or this global policy where none does; the strictest of them ({@link
     * StrictestPolicy}) when they differ. So a statement is judged by where its data is, not by the
     * session's current catalog ({@code USE CATALOG} cannot lower the bar), and by the strictest
     * scope among its tables.
     *
     * @param user the verified user, or {@code null} (never a self-declared name)
     * @param groups the verified user's groups
     * @param tables the tables, as Flink resolved them; at least one
     * @throws IllegalArgumentException for no tables (such a statement is scoped by {@link #forScope})
     */
    public ScopedPolicy forTables(String user, Collection<String> groups, List<ObjectIdentifier> tables) {
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("A statement of no tables is scoped by the session's current catalog.");
        }
        List<TableScope> each = new ArrayList<>(tables.size());
        Map<Optional<String>, Policy> deciding = new LinkedHashMap<>();
        for (ObjectIdentifier table : tables) {
            ScopedPolicy scoped = forScope(user, groups, table.getCatalogName(), table.getDatabaseName());
            each.add(new TableScope(table, scoped.scope()));
            deciding.putIfAbsent(scoped.scope(), scoped.policy());
        }
        return strictestOf(deciding, each);
    }

    /**
     * The policy for a statement of {@code user} and {@code groups} whose tables the guard cannot
     * know (it could not be analysed: a planning that timed out, an {@code EXECUTE PLAN}, a script):
     * the strictest ({@link StrictestPolicy}) of every policy {@link #forTables} could give one of
     * its tables, i.e. of {@link #forScope} at every catalog and database a scope names and at one
     * no scope names. So a session's current catalog cannot lower the bar for what it does not show.
     *
     * @param user the verified user, or {@code null} (never a self-declared name)
     * @param groups the verified user's groups
     */
    public ScopedPolicy forAnyTable(String user, Collection<String> groups) {
        List<String> catalogs = new ArrayList<>();
        List<String> databases = new ArrayList<>();
        scopes.stream().flatMap(s -> s.match().catalogs().stream()).sorted().distinct().forEach(catalogs::add);
        scopes.stream().flatMap(s -> s.match().databases().stream()).sorted().distinct().forEach(databases::add);
        // null: a catalog or database no scope names.
        catalogs.add(null);
        databases.add(null);
        Map<Optional<String>, Policy> reachable = new LinkedHashMap<>();
        for (String catalog : catalogs) {
            for (String database : databases) {
                ScopedPolicy scoped = forScope(user, groups, catalog, database);
                reachable.putIfAbsent(scoped.scope(), scoped.policy());
            }
        }
        return strictestOf(reachable, List.of());
    }

    /** The strictest of {@code deciding} (by scope name, empty for this global policy), named by its scopes. */
    private static ScopedPolicy strictestOf(Map<Optional<String>, Policy> deciding, List<TableScope> tables) {
        List<Policy> policies = List.copyOf(deciding.values());
        List<String> names = deciding.keySet().stream().flatMap(Optional::stream).toList();
        return new ScopedPolicy(
                policies.size() == 1 ? policies.get(0) : StrictestPolicy.of(policies),
                names.isEmpty() ? Optional.empty() : Optional.of(String.join(",", names)),
                tables);
    }

    /** The defaults: every rule at its default level, nothing suppressible. */
    public static Policy defaults(RuleCatalog catalog) {
        return fromConfiguration(new Configuration(), catalog);
    }

    /**
     * Reads and validates the {@code sql-guard.*} options of {@code config}, scopes included.
     *
     * @throws IllegalArgumentException naming the key, for an unknown {@code sql-guard.} key (for
     *     example a rule id that does not exist) or a value that cannot be read or is out of range
     */
    public static Policy fromConfiguration(Configuration config, RuleCatalog catalog) {
        rejectUnknownKeys(config, catalog);
        Configuration given = config;
        config = withOwnLocations(config);
        RuleSettings rules = RuleSettings.read(config, catalog, UnaryOperator.identity());
        Duration timeout = read(config, GuardOptions.EXPLAIN_TIMEOUT);
        int maxLength = read(config, GuardOptions.AUDIT_MAX_STATEMENT_LENGTH);
        requirePositive(GuardOptions.EXPLAIN_TIMEOUT.key(), !timeout.isNegative() && !timeout.isZero(), timeout);
        requirePositive(GuardOptions.AUDIT_MAX_STATEMENT_LENGTH.key(), maxLength > 0, maxLength);
        long maxBytes = read(config, GuardOptions.MAX_STATEMENT_BYTES).getBytes();
        requirePositive(GuardOptions.MAX_STATEMENT_BYTES.key(), maxBytes > 0, maxBytes);
        GuardOptions.plannerThreads(config);
        GuardOptions.notNegative(config, GuardOptions.AUDIT_HELD_UP_AFTER);
        GuardOptions.notNegative(config, GuardOptions.FETCH_RESULTS_MAX_WAIT);
        Duration reloadInterval = read(config, GuardOptions.RELOAD_INTERVAL);
        if (reloadInterval.isNegative()) {
            throw new IllegalArgumentException(
                    "Invalid value '" + reloadInterval + "' for option '" + GuardOptions.RELOAD_INTERVAL.key()
                            + "': it must be 0 (off) or a positive duration such as '10 s'.");
        }
        read(config, GuardOptions.ADMIN_RELOAD_ROUTE_ENABLED);
        Policy global =
                new Policy(
                        rules.levels(),
                        rules.suppressible(),
                        rules.options(),
                        timeout,
                        read(config, GuardOptions.FAIL_MODE),
                        read(config, GuardOptions.AUDIT_FAIL_MODE),
                        maxLength,
                        maxBytes,
                        config.get(GuardOptions.INSTANCE_ID),
                        read(config, GuardOptions.MODE),
                        read(config, GuardOptions.EXECUTE_JUDGED_PLAN),
                        List.of(),
                        hash(given),
                        RewriteSettings.fromConfiguration(config),
                        config.get(GuardOptions.DOCS_BASE_URL));
        List<PolicyScope> scopes = PolicyScopes.read(config, catalog, global);
        return scopes.isEmpty() ? global : global.withScopes(scopes);
    }

    /**
     * {@code config} with the locations where this gateway keeps its own files ({@link
     * GuardFiles#ownLocations}: its configuration directory, logs and audit) added to {@code
     * sql-guard.protected.paths}, so that every policy and scope read from it protects them.
     */
    static Configuration withOwnLocations(Configuration config) {
        List<String> own = GuardFiles.ownLocations(config, systemProperties(), System.getenv());
        if (own.isEmpty()) {
            return config;
        }
        ConfigOption<List<String>> option = PathNotAllowedRule.PROTECTED_PATHS.configOption();
        Set<String> protectedPaths = new LinkedHashSet<>(read(config, option));
        protectedPaths.addAll(own);
        Configuration with = new Configuration(config);
        with.set(option, List.copyOf(protectedPaths));
        return with;
    }

    private static Map<String, String> systemProperties() {
        Map<String, String> properties = new HashMap<>();
        System.getProperties().stringPropertyNames().forEach(key -> properties.put(key, System.getProperty(key)));
        return properties;
    }

    /** The keys a rule of {@code catalog} declares: its level, its allow-suppression and its options. */
    static Set<String> ruleKeys(RuleCatalog catalog) {
        Set<String> keys = new TreeSet<>();
        for (Rule rule : catalog.rules()) {
            keys.add(rule.declaration().levelOption().key());
            keys.add(rule.declaration().allowSuppressionOption().key());
        }
        catalog.options().forEach(option -> keys.add(option.key()));
        return keys;
    }

    private static void rejectUnknownKeys(Configuration config, RuleCatalog catalog) {
        Set<String> known = ruleKeys(catalog);
        GuardOptions.all().forEach(option -> known.add(option.key()));
        RewriteOptions.all().forEach(option -> known.add(option.key()));
        ObserveOptions.all().forEach(option -> known.add(option.key()));
        for (String key : config.keySet()) {
            if (key.startsWith(GuardOptions.PREFIX) && !key.startsWith(GuardOptions.SCOPES_PREFIX)
                    && !known.contains(key)) {
                Set<String> named = new TreeSet<>(known);
                named.removeIf(k -> k.startsWith(GuardOptions.RULES_PREFIX));
                throw new IllegalArgumentException(
                        "Unknown option '" + key + "'. "
                                + (key.startsWith(GuardOptions.RULES_PREFIX)
                                        ? "Rule options are 'sql-guard.rules.<id>.level' and"
                                                + " 'sql-guard.rules.<id>.allow-suppression' with <id> one of "
                                                + ruleIds(catalog) + "."
                                        : "Known options: " + named + " and 'sql-guard.scopes.<name>.*'."));
            }
        }
    }

    /** This policy with {@code scopes}. */
    Policy withScopes(List<PolicyScope> scopes) {
        return new Policy(
                levels, suppressible, ruleOptions, explainTimeout, failMode, auditFailMode, auditMaxStatementLength,
                maxStatementBytes, instanceId, mode, executeJudgedPlan, scopes, policyHash, rewrite, docsBaseUrl);
    }

    /**
     * SHA-256 (lower-case hex) of the normalized {@code sql-guard.*} options of {@code config}: one
     * {@code key=value} line per option, sorted by key, values trimmed as Flink's configuration
     * renders them; options read only at start-up ({@link GuardOptions#isStartOnly}) are left out.
     * Two configurations with the same policy options have the same hash, whatever else differs.
     */
    public static String hash(Configuration config) {
        StringBuilder normalized = new StringBuilder();
        new TreeMap<>(config.toMap())
                .forEach(
                        (key, value) -> {
                            if (key.startsWith(GuardOptions.PREFIX) && !GuardOptions.isStartOnly(key)) {
                                normalized.append(key).append('=').append(value.trim()).append('\n');
                            }
                        });
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(normalized.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform.", e);
        }
    }

    static Set<String> ruleIds(RuleCatalog catalog) {
        Set<String> ids = new TreeSet<>();
        catalog.rules().forEach(r -> ids.add(r.id()));
        return ids;
    }

    static <T> T read(Configuration config, ConfigOption<T> option) {
        return read(config, option, UnaryOperator.identity());
    }

    /**
     * The value of {@code option} in {@code config}.
     *
     * @param keyName the key an error message names for {@code option}'s key (a scope's own key)
     */
    static <T> T read(Configuration config, ConfigOption<T> option, UnaryOperator<String> keyName) {
        try {
            return config.get(option);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    "Invalid value '" + config.toMap().get(option.key()) + "' for option '" + keyName.apply(option.key())
                            + "': " + e.getMessage(),
                    e);
        }
    }

    static void requirePositive(String key, boolean ok, Object value) {
        if (!ok) {
            throw new IllegalArgumentException(
                    "Invalid value '" + value + "' for option '" + key + "': it must be greater than zero.");
        }
    }
}
