package io.github.sqlguard.policy;

import io.github.sqlguard.rules.RuleCatalog;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * Reads and validates the {@code sql-guard.scopes.<name>.*} options into {@link PolicyScope}s.
 *
 * <pre>
 * sql-guard.scopes.&lt;name&gt;.match.users | .match.groups | .match.catalogs | .match.databases
 * sql-guard.scopes.&lt;name&gt;.&lt;key&gt;   any rule key without its 'sql-guard.' prefix:
 *     rules.&lt;id&gt;.level, rules.&lt;id&gt;.allow-suppression, and every option a rule reads
 *     (min-state-ttl, max-state-ttl, max-top-n, ...) but the platform limits 'allow.*'
 * sql-guard.scopes.&lt;name&gt;.mode
 * </pre>
 *
 * A scope's policy is read as the global one ({@link RuleSettings}) from the configuration with the
 * scope's overrides in place of the global values; an error names the scope's key. Lists are YAML
 * lists ({@code [alice, bob]}) or comma-separated strings ({@code alice,bob}).
 */
final class PolicyScopes {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final List<String> MATCH_KEYS =
            List.of("match.users", "match.groups", "match.catalogs", "match.databases");

    /** The platform limits' keys without {@code sql-guard.}: never a scope's ({@code rules.limits.AllowList}). */
    private static final String PLATFORM_LIMITS = "allow.";
    /** {@code sql-guard.protected.paths}: platform-wide like the limits. */
    private static final String PROTECTED = "protected.";

    /** Guard options (not rules') a scope may set. */
    private static final List<ConfigOption<?>> SCOPED_GUARD_OPTIONS = List.of(GuardOptions.MODE);

    private PolicyScopes() {}

    static List<PolicyScope> read(Configuration config, RuleCatalog catalog, Policy global) {
        Map<String, Set<String>> suffixesByScope = new TreeMap<>();
        for (String key : config.keySet()) {
            if (!key.startsWith(GuardOptions.SCOPES_PREFIX)) {
                continue;
            }
            String rest = key.substring(GuardOptions.SCOPES_PREFIX.length());
            int dot = rest.indexOf('.');
            String name = dot < 0 ? rest : rest.substring(0, dot);
            if (dot < 0 || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        "Invalid option '" + key + "': scope options are 'sql-guard.scopes.<name>.<option>' with a"
                                + " name of letters, digits, '-' and '_'.");
            }
            suffixesByScope.computeIfAbsent(name, n -> new HashSet<>()).add(rest.substring(dot + 1));
        }
        List<PolicyScope> scopes = new ArrayList<>();
        Map<ScopeMatch, String> seen = new HashMap<>();
        for (Map.Entry<String, Set<String>> entry : suffixesByScope.entrySet()) {
            PolicyScope scope = scope(config, catalog, global, entry.getKey(), entry.getValue());
            String twin = seen.putIfAbsent(scope.match(), scope.name());
            if (twin != null) {
                throw new IllegalArgumentException(
                        "Scopes '" + twin + "' and '" + scope.name() + "' match exactly the same sessions; merge"
                                + " them into one scope.");
            }
            scopes.add(scope);
        }
        return scopes;
    }

    /**
     * What a scope may set: every rule key but the platform limits, and {@link #SCOPED_GUARD_OPTIONS},
     * without {@code sql-guard.}.
     */
    private static Set<String> overridable(RuleCatalog catalog) {
        Set<String> suffixes = new TreeSet<>();
        Policy.ruleKeys(catalog).stream()
                .map(key -> key.substring(GuardOptions.PREFIX.length()))
                .filter(suffix -> !suffix.startsWith(PLATFORM_LIMITS) && !suffix.startsWith(PROTECTED))
                .forEach(suffixes::add);
        SCOPED_GUARD_OPTIONS.forEach(option -> suffixes.add(option.key().substring(GuardOptions.PREFIX.length())));
        return suffixes;
    }

    private static PolicyScope scope(
            Configuration config, RuleCatalog catalog, Policy global, String name, Set<String> suffixes) {
        Set<String> overridable = overridable(catalog);
        for (String suffix : suffixes) {
            if (suffix.startsWith(PROTECTED)) {
                throw new IllegalArgumentException(
                        "Option '" + GuardOptions.scopeKey(name, suffix) + "' cannot be set for a scope: the locations"
                                + " no statement may touch are the same for every session of the one gateway. Set"
                                + " 'sql-guard." + suffix + "' globally.");
            }
            if (suffix.startsWith(PLATFORM_LIMITS)) {
                throw new IllegalArgumentException(
                        "Option '" + GuardOptions.scopeKey(name, suffix) + "' cannot be set for a scope: the platform"
                                + " limits 'sql-guard." + PLATFORM_LIMITS + "*' are platform-wide, since user code (jars,"
                                + " functions, connectors) runs in the one gateway JVM whatever the catalog. Set"
                                + " 'sql-guard." + suffix + "' globally.");
            }
            if (!MATCH_KEYS.contains(suffix) && !overridable.contains(suffix)) {
                Set<String> listed = new TreeSet<>(MATCH_KEYS);
                overridable.stream().filter(s -> !s.startsWith("rules.")).forEach(listed::add);
                throw new IllegalArgumentException(
                        "Unknown option '" + GuardOptions.scopeKey(name, suffix) + "'. Scope options are " + listed
                                + ", 'rules.<id>.level' and 'rules.<id>.allow-suppression' with <id> one of "
                                + Policy.ruleIds(catalog) + ".");
            }
        }
        ScopeMatch match =
                new ScopeMatch(
                        list(config, name, "match.users"),
                        list(config, name, "match.groups"),
                        list(config, name, "match.catalogs"),
                        list(config, name, "match.databases"));
        if (match.criteria() == 0) {
            throw new IllegalArgumentException(
                    "Scope '" + name + "' matches every session: set at least one of "
                            + MATCH_KEYS.stream().map(k -> "'" + GuardOptions.scopeKey(name, k) + "'").toList()
                            + " (the global 'sql-guard.*' options are the policy for every session).");
        }

        // The scope's overrides under the global keys, over the global values; errors name the scope's key.
        Configuration effective = new Configuration(config);
        Map<String, String> scopeKeys = new HashMap<>();
        Map<String, String> raw = config.toMap();
        for (String suffix : suffixes) {
            if (overridable.contains(suffix)) {
                String scopeKey = GuardOptions.scopeKey(name, suffix);
                effective.setString(GuardOptions.PREFIX + suffix, raw.get(scopeKey));
                scopeKeys.put(GuardOptions.PREFIX + suffix, scopeKey);
            }
        }
        UnaryOperator<String> keyName = key -> scopeKeys.getOrDefault(key, key);
        RuleSettings rules = RuleSettings.read(effective, catalog, keyName);
        Policy policy =
                new Policy(
                        rules.levels(),
                        rules.suppressible(),
                        rules.options(),
                        global.explainTimeout(),
                        global.failMode(),
                        global.auditFailMode(),
                        global.auditMaxStatementLength(),
                        global.maxStatementBytes(),
                        global.instanceId(),
                        Policy.read(effective, GuardOptions.MODE, keyName),
                        global.executeJudgedPlan(),
                        List.of(),
                        global.policyHash(),
                        global.rewrite(),
                        global.docsBaseUrl());
        return new PolicyScope(name, match, policy);
    }

    /** A match list: Flink list syntax, each item further split at commas; empty when unset. */
    private static Set<String> list(Configuration config, String scope, String suffix) {
        String key = GuardOptions.scopeKey(scope, suffix);
        if (!config.containsKey(key)) {
            return Set.of();
        }
        ConfigOption<List<String>> option = ConfigOptions.key(key).stringType().asList().noDefaultValue();
        Set<String> values = new LinkedHashSet<>();
        for (String item : Policy.read(config, option)) {
            for (String value : item.split(",")) {
                if (!value.isBlank()) {
                    values.add(value.trim());
                }
            }
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException(
                    "Invalid value for option '" + key + "': it lists no names. Remove the option or name at least one.");
        }
        return values;
    }
}
