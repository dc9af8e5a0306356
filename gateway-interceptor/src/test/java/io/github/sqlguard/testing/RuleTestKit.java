package io.github.sqlguard.testing;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The fastest real layer of the test pyramid: the guard's decision stage on a plain {@link
 * TableEnvironment} of the test's own JVM — Flink's real parser and planner, the compiled plan, the
 * rules and the policy; no gateway, no REST, no job. A statement is judged exactly as the pipeline
 * judges it in a session ({@link StatementGuard#decide} with {@link SessionPlanner}); DDL and SET
 * are applied to the environment with {@link #apply}.
 */
public final class RuleTestKit {

    private final TableEnvironmentInternal tEnv;
    private final Map<String, String> sessionConfig = new HashMap<>();
    private final StatementGuard guard;
    private final SessionPlanner planner = new SessionPlanner(Optional.empty());
    private final StatementParser parser = new StatementParser();

    private RuleTestKit(boolean streaming, Policy policy, RuleCatalog catalog) {
        this.tEnv =
                (TableEnvironmentInternal)
                        TableEnvironment.create(
                                streaming ? EnvironmentSettings.inStreamingMode() : EnvironmentSettings.inBatchMode());
        this.guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
    }

    /** A streaming environment with the default policy. */
    public static RuleTestKit streaming() {
        RuleCatalog catalog = RuleCatalog.builtIn();
        return new RuleTestKit(true, Policy.defaults(catalog), catalog);
    }

    /** A streaming environment with the default policy plus {@code policy} (a case's {@code -- policy:} header). */
    public static RuleTestKit streaming(Map<String, String> policy) {
        RuleCatalog catalog = RuleCatalog.builtIn();
        return new RuleTestKit(true, Policy.fromConfiguration(Configuration.fromMap(policy), catalog), catalog);
    }

    /** Runs DDL or a SET in the environment (a SET also becomes part of the session configuration). */
    public RuleTestKit apply(String statement) {
        var parsed = parser.parse(statement);
        if (parsed.setKey() != null && parsed.setValue() != null) {
            sessionConfig.put(parsed.setKey(), parsed.setValue());
            tEnv.getConfig().getConfiguration().setString(parsed.setKey(), parsed.setValue());
        } else {
            tEnv.executeSql(statement);
        }
        return this;
    }

    /**
     * The columns of the table or view {@code name} resolves to in this environment, lower-cased, each ROW column's
     * fields as dotted paths too ({@code bid}, {@code bid.auction}); empty where the name resolves to none (a WITH
     * query, a subquery's alias).
     */
    public Optional<java.util.Set<String>> columnPaths(String name) {
        var catalogManager = tEnv.getCatalogManager();
        Optional<org.apache.flink.table.catalog.ContextResolvedTable> table;
        try {
            table = catalogManager.getTable(catalogManager.qualifyIdentifier(
                    org.apache.flink.table.catalog.UnresolvedIdentifier.of(name)));
        } catch (org.apache.flink.table.api.ValidationException e) {
            return Optional.empty(); // not a name of the catalog: nothing to resolve against
        }
        return table.map(t -> {
            java.util.Set<String> paths = new java.util.HashSet<>();
            for (var column : t.getResolvedSchema().getColumns()) {
                paths(column.getName().toLowerCase(java.util.Locale.ROOT), column.getDataType().getLogicalType(), paths, 0);
            }
            return paths;
        });
    }

    private static void paths(String path, org.apache.flink.table.types.logical.LogicalType type, java.util.Set<String> out,
            int depth) {
        out.add(path);
        if (depth < 8 && type instanceof org.apache.flink.table.types.logical.RowType row) {
            for (var field : row.getFields()) {
                paths(path + "." + field.getName().toLowerCase(java.util.Locale.ROOT), field.getType(), out, depth + 1);
            }
        }
    }

    /** The guard's decision on {@code statement} in this environment. */
    public Decision decide(String statement) {
        return guard.decide(
                parser.reparse(parser.parse(statement), text -> tEnv.getParser().parse(text)),
                sessionConfig,
                Map.of(),
                (body, streaming) -> planner.plan(tEnv, body, streaming));
    }
}
