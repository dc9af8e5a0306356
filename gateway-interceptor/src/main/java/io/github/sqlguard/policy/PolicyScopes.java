package io.github.sqlguard.policy;

import io.github.sqlguard.rules.AnalysisContext.Thresholds;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.RuleCatalog;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Reads and validates the {@code sql-guard.scopes.<name>.*} options into {@link PolicyScope}s.
 *
 * <pre>
 * sql-guard.scopes.&lt;name&gt;.match.users | .match.groups | .match.catalogs | .match.databases
 * sql-guard.scopes.&lt;name&gt;.rules.&lt;id&gt;.level | .rules.&lt;id&gt;.allow-suppression
 * sql-guard.scopes.&lt;name&gt;.min-state-ttl | .max-top-n | .mode
 * </pre>
 *
 * Lists are YAML lists ({@code [alice, bob]}) or comma-separated strings ({@code alice,bob}).
 */
final class PolicyScopes {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
    private static final List<String> MATCH_KEYS =
            List.of("match.users", "match.groups", "match.catalogs", "match.databases");
    private static final List<String> VALUE_KEYS = List.of("min-state-ttl", "max-top-n", "mode");

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

    private static PolicyScope scope(
            Configuration config, RuleCatalog catalog, Policy global, String name, Set<String> suffixes) {
        Set<String> ids = Policy.ruleIds(catalog);
        for (String suffix : suffixes) {
            if (MATCH_KEYS.contains(suffix) || VALUE_KEYS.contains(suffix)) {
                continue;
            }
            String[] parts = suffix.split("\\.");
            boolean ruleOption =
                    parts.length == 3 && parts[0].equals("rules")
                            && (parts[2].equals("level") || parts[2].equals("allow-suppression"));
            if (!ruleOption || !ids.contains(parts[1])) {
                throw new IllegalArgumentException(
                        "Unknown option '" + GuardOptions.scopeKey(name, suffix) + "'. Scope options are "
                                + new TreeSet<>(concat(MATCH_KEYS, VALUE_KEYS)) + ", 'rules.<id>.level' and"
                                + " 'rules.<id>.allow-suppression' with <id> one of " + ids + ".");
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

        Map<String, Level> levels = new HashMap<>(global.levels());
        Set<String> suppressible = new HashSet<>(global.suppressible());
        for (String id : ids) {
            String levelKey = GuardOptions.scopeKey(name, "rules." + id + ".level");
            if (suffixes.contains("rules." + id + ".level")) {
                levels.put(id, Policy.read(config, ConfigOptions.key(levelKey).enumType(Level.class).noDefaultValue()));
            }
            String suppressKey = GuardOptions.scopeKey(name, "rules." + id + ".allow-suppression");
            if (suffixes.contains("rules." + id + ".allow-suppression")) {
                if (Policy.read(config, ConfigOptions.key(suppressKey).booleanType().noDefaultValue())) {
                    suppressible.add(id);
                } else {
                    suppressible.remove(id);
                }
            }
        }
        Duration minTtl = global.thresholds().minStateTtl();
        if (suffixes.contains("min-state-ttl")) {
            String key = GuardOptions.scopeKey(name, "min-state-ttl");
            minTtl = Policy.read(config, ConfigOptions.key(key).durationType().noDefaultValue());
            Policy.requirePositive(key, !minTtl.isNegative(), minTtl);
        }
        long maxTopN = global.thresholds().maxTopN();
        if (suffixes.contains("max-top-n")) {
            String key = GuardOptions.scopeKey(name, "max-top-n");
            maxTopN = Policy.read(config, ConfigOptions.key(key).longType().noDefaultValue());
            Policy.requirePositive(key, maxTopN > 0, maxTopN);
        }
        Mode mode = global.mode();
        if (suffixes.contains("mode")) {
            mode = Policy.read(config, ConfigOptions.key(GuardOptions.scopeKey(name, "mode")).enumType(Mode.class)
                    .noDefaultValue());
        }
        Policy policy =
                new Policy(
                        levels,
                        suppressible,
                        new Thresholds(minTtl, global.thresholds().maxStateTtl(), maxTopN),
                        global.explainTimeout(),
                        global.failMode(),
                        global.auditFailMode(),
                        global.auditMaxStatementLength(),
                        global.instanceId(),
                        mode,
                        global.executeJudgedPlan(),
                        List.of(),
                        global.policyHash());
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

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
