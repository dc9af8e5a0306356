package io.github.sqlguard.lint;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.ddl.CreateTableOperation;
import org.apache.flink.table.operations.ddl.CreateViewOperation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The stand-in connectors of one lint session ({@code --stand-in-connectors}): swaps a table whose
 * connector has no factory in the session's class loader for a {@link StandInConnectorFactory}
 * table of the same schema, and tells which later statements were planned through one.
 *
 * <p>Where substitution happens: after a {@code CREATE TABLE} has taken effect in the lint session
 * (Flink stores a table without looking for its connector), the stored table is read back from the
 * session's catalog manager (so {@code LIKE}, {@code IF NOT EXISTS}, temporary tables and any catalog
 * behave as Flink made them) and, when its {@code connector} has no factory, replaced by the same
 * table with {@code connector} = {@value StandInConnectorFactory#IDENTIFIER} and the real
 * identifier kept in {@link StandInChangelog#STANDS_IN_FOR}; every other option is kept. A {@code
 * CREATE CATALOG} of a missing type is left alone (it stays {@code missing-dependency}). The guard's
 * pipeline is not touched: it sees the statement as written; only the session's table changes.
 *
 * <p>Not thread-safe: one per lint session, used by the thread that lints it.
 */
final class StandInConnectors {

    private static final Logger LOG = LoggerFactory.getLogger(StandInConnectors.class);

    /**
     * A table planned through a stand-in.
     *
     * @param table its identifier
     * @param connector the real connector's identifier
     * @param changelog the changelog modes the stand-in gives it
     */
    record StandIn(ObjectIdentifier table, String connector, StandInChangelog changelog) {

        /** {@code `orders` ('kafka'; source +I, ...)}: the modes of the roles it plays in the statement. */
        String describe(Set<Role> roles) {
            List<String> modes = new ArrayList<>();
            if (roles.contains(Role.READ)) {
                modes.add("source " + StandInChangelog.kinds(changelog.source()) + ", " + changelog.sourceBasis());
            }
            if (roles.contains(Role.WRITTEN)) {
                modes.add("sink " + StandInChangelog.kinds(changelog.sink()) + ", " + changelog.sinkBasis());
            }
            return "`" + table.getObjectName() + "` ('" + connector + "'; " + String.join("; ", modes) + ")";
        }
    }

    /** How a statement uses a stand-in table. */
    enum Role {
        READ,
        WRITTEN
    }

    private final Map<ObjectIdentifier, StandIn> standIns = new LinkedHashMap<>();
    /** Views defined on stand-in tables (by object name), and the stand-ins under them. */
    private final Map<String, Set<StandIn>> views = new HashMap<>();

    /**
     * After a DDL statement took effect: swaps the table it created for a stand-in when its
     * connector is missing, and remembers a view defined on a stand-in.
     *
     * @return the stand-in registered by this statement, if any
     */
    Optional<StandIn> afterApplied(TableEnvironmentInternal tEnv, ClassLoader classLoader, String statement) {
        List<Operation> operations;
        try {
            operations = tEnv.getParser().parse(statement);
        } catch (RuntimeException e) {
            LOG.debug("Stand-in connectors: could not parse an applied DDL statement again; nothing swapped.", e);
            return Optional.empty();
        }
        if (operations.size() != 1) {
            return Optional.empty();
        }
        if (operations.get(0) instanceof CreateViewOperation view) {
            Set<StandIn> under = mentioned(statement);
            if (!under.isEmpty()) {
                views.put(view.getViewIdentifier().getObjectName(), under);
            }
            return Optional.empty();
        }
        if (!(operations.get(0) instanceof CreateTableOperation create)) {
            return Optional.empty();
        }
        ObjectIdentifier id = create.getTableIdentifier();
        CatalogManager catalogManager = tEnv.getCatalogManager();
        Optional<ContextResolvedTable> stored = catalogManager.getTable(id);
        if (stored.isEmpty() || !(stored.get().getResolvedTable() instanceof ResolvedCatalogTable table)) {
            return Optional.empty();
        }
        String connector = table.getOptions().get(FactoryUtil.CONNECTOR.key());
        boolean temporary = catalogManager.isTemporaryTable(id);
        if (StandInConnectorFactory.IDENTIFIER.equals(connector)) {
            // Already a stand-in: a CREATE TABLE ... LIKE of a stand-in table inherits its connector options.
            return Optional.of(register(tEnv, classLoader, id, table, temporary,
                    table.getOptions().getOrDefault(StandInChangelog.STANDS_IN_FOR.key(), "?")));
        }
        if (connector == null || hasFactory(classLoader, connector)) {
            return Optional.empty();
        }
        Map<String, String> options = new LinkedHashMap<>(table.getOptions());
        options.put(FactoryUtil.CONNECTOR.key(), StandInConnectorFactory.IDENTIFIER);
        options.put(StandInChangelog.STANDS_IN_FOR.key(), connector);
        CatalogTable standInTable = table.getOrigin().copy(options);
        try {
            if (temporary) {
                catalogManager.dropTemporaryTable(id, false);
                catalogManager.createTemporaryTable(standInTable, id, false);
            } else {
                catalogManager.alterTable(standInTable, id, false);
            }
        } catch (RuntimeException e) {
            // E.g. a catalog that cannot alter tables: the table keeps its connector and stays missing-dependency.
            LOG.info("sql-guard lint could not swap table {} for a stand-in connector; it keeps connector '{}'.", id,
                    connector, e);
            return Optional.empty();
        }
        ResolvedCatalogTable swapped = (ResolvedCatalogTable) catalogManager.getTable(id).orElseThrow().getResolvedTable();
        return Optional.of(register(tEnv, classLoader, id, swapped, temporary, connector));
    }

    /** Remembers a stand-in table, with the changelog modes its stand-in gives it (as the factory computes them). */
    private StandIn register(
            TableEnvironmentInternal tEnv, ClassLoader classLoader, ObjectIdentifier id, ResolvedCatalogTable standInTable,
            boolean temporary, String connector) {
        DynamicTableFactory.Context context = new FactoryUtil.DefaultDynamicTableContext(
                id, standInTable, Map.of(), tEnv.getConfig(), classLoader, temporary);
        StandIn standIn = new StandIn(id, connector, StandInChangelog.of(new StandInConnectorFactory(), context));
        standIns.put(id, standIn);
        return standIn;
    }

    /** True when {@code connector} has a dynamic table factory in {@code classLoader}. */
    static boolean hasFactory(ClassLoader classLoader, String connector) {
        try {
            FactoryUtil.discoverFactory(classLoader, DynamicTableFactory.class, connector);
            return true;
        } catch (ValidationException missingOrAmbiguous) {
            // Missing (or, less likely, ambiguous): Flink could not plan with it either way.
            return false;
        }
    }

    /**
     * The stand-ins a statement was planned through: the tables its plan reads or writes (the
     * {@link PlanNode#table()} of its scans, lookups and sinks), or, when there is no plan (Flink
     * refused it, or a DDL statement), the stand-in tables and views its text names.
     */
    Map<StandIn, Set<Role>> usedBy(String statement, Optional<ExplainedPlan> plan) {
        if (standIns.isEmpty()) {
            return Map.of();
        }
        if (plan.isPresent() && !plan.get().nodes().isEmpty()) {
            Map<StandIn, Set<Role>> used = new LinkedHashMap<>();
            for (PlanNode node : plan.get().nodes()) {
                Role role = node.is("Sink") ? Role.WRITTEN : Role.READ;
                node.table().map(standIns::get)
                        .ifPresent(s -> used.computeIfAbsent(s, k -> EnumSet.noneOf(Role.class)).add(role));
            }
            return used;
        }
        // No plan: a statement that names a table may read or write it.
        Map<StandIn, Set<Role>> used = new LinkedHashMap<>();
        mentioned(statement).forEach(s -> used.put(s, EnumSet.allOf(Role.class)));
        return used;
    }

    /** The stand-ins whose table, or a view on them, {@code statement} names (as a word, any case; comments aside). */
    private Set<StandIn> mentioned(String statement) {
        String code = LintFormat.normalized(statement);
        Set<StandIn> found = new LinkedHashSet<>();
        for (StandIn standIn : standIns.values()) {
            if (names(code, standIn.table().getObjectName())) {
                found.add(standIn);
            }
        }
        views.forEach((view, under) -> {
            if (names(code, view)) {
                found.addAll(under);
            }
        });
        return found;
    }

    private static boolean names(String statement, String name) {
        return Pattern.compile("(?i)(?<![\\w`])`?" + Pattern.quote(name) + "`?(?![\\w`])").matcher(statement).find();
    }

    /** The note every finding of a statement planned through {@code used} carries. */
    static String note(Map<StandIn, Set<Role>> used, boolean registered) {
        List<String> tables = used.entrySet().stream().map(e -> e.getKey().describe(e.getValue())).toList();
        return (registered ? "registered with a stand-in connector for " : "planned with a stand-in connector for ")
                + String.join("; ", tables)
                + " — changelog mode inferred, not the real connector (--stand-in-connectors); give lint the"
                + " connector's jar for the real plan.";
    }
}
