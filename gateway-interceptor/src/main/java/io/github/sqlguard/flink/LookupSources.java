package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.LookupSupport;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;

import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogManager;
import org.apache.flink.table.catalog.ContextResolvedTable;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whether each table a plan with a regular join scans has a lookup source ({@link LookupSupport}), asked of the
 * connector: its {@code DynamicTableSource} created as the planner creates it ({@code
 * CatalogSourceTable#createDynamicTableSource}, 1.20 and 2.3: {@code FactoryUtil#createDynamicTableSource} with the
 * catalog's own factory where it has one, else the one discovered by the table's {@code connector}), then asked
 * whether it implements {@code LookupTableSource}, which a processing-time lookup join needs. Creating a source
 * reads nothing: connectors open their connections when the job runs.
 *
 * <p>No answer (the table left out) where the planner's answer may differ from this one: a session that uses a
 * module besides {@code core} (a module may supply the factory, {@code Module#getTableSourceFactory}, which the
 * planner asks after the catalog), a table that is not a catalog table, a factory that cannot be found or fails
 * (on 1.20, a connector added by {@code ADD JAR} alone: {@link FlinkLine#userClassLoader}). Dynamic {@code OPTIONS}
 * hints are not applied: the table's stored options are.
 */
final class LookupSources {

    private static final Logger LOG = LoggerFactory.getLogger(LookupSources.class);

    private LookupSources() {}

    /** The answer for each table {@code plan} scans, where it has a regular join; empty where it has none. */
    static Map<ObjectIdentifier, LookupSupport> of(TableEnvironmentInternal tEnv, ExplainedPlan plan) {
        Map<ObjectIdentifier, LookupSupport> support = new LinkedHashMap<>();
        if (plan.operators(Operator.Join.class).isEmpty() || !Arrays.equals(tEnv.listModules(), new String[] {"core"})) {
            return support;
        }
        CatalogManager catalogs = tEnv.getCatalogManager();
        for (PlanNode node : plan.nodes()) {
            if (plan.inputs(node).isEmpty() && node.table().isPresent() && !support.containsKey(node.table().get())) {
                ObjectIdentifier table = node.table().get();
                of(tEnv, catalogs, table).ifPresent(s -> support.put(table, s));
            }
        }
        return support;
    }

    private static Optional<LookupSupport> of(TableEnvironmentInternal tEnv, CatalogManager catalogs, ObjectIdentifier id) {
        Optional<ContextResolvedTable> table = catalogs.getTable(id);
        if (table.isEmpty() || !(table.get().getResolvedTable() instanceof ResolvedCatalogTable resolved)) {
            return Optional.empty();
        }
        DynamicTableSourceFactory fromCatalog = table.get().getCatalog().flatMap(Catalog::getFactory)
                .filter(DynamicTableSourceFactory.class::isInstance).map(DynamicTableSourceFactory.class::cast).orElse(null);
        DynamicTableSource source;
        try {
            source = FactoryUtil.createDynamicTableSource(fromCatalog, id, resolved, Map.of(), tEnv.getConfig(),
                    FlinkLine.current().userClassLoader(catalogs), table.get().isTemporary());
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("Could not create the source of {} apart from the planner; its lookup support is not known.", id, e);
            return Optional.empty();
        }
        if (!(source instanceof LookupTableSource)) {
            return Optional.of(LookupSupport.SCAN_ONLY);
        }
        return Optional.of(source instanceof StandInTableSource ? LookupSupport.INFERRED_LOOKUP : LookupSupport.LOOKUP);
    }
}
