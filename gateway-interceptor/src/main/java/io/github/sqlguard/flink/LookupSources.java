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
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Whether each table a plan with a regular join scans has a lookup source ({@link LookupSupport}), and the row kinds
 * its source emits ({@code ScanTableSource#getChangelogMode}, which Flink's {@code FlinkChangelogModeInferenceProgram}
 * takes as the scan's own, 1.20 and 2.3: {@link ExplainedPlan#changelogMode}), asked of the connector: its {@code
 * DynamicTableSource} created as the planner creates it ({@code
 * CatalogSourceTable#createDynamicTableSource}, 1.20 and 2.3: {@code FactoryUtil#createDynamicTableSource} with the
 * catalog's own factory where it has one, else the one discovered by the table's {@code connector}), then asked
 * whether it implements {@code LookupTableSource}, which a processing-time lookup join needs. Creating a source
 * reads nothing: connectors open their connections when the job runs.
 *
 * <p>No answer (the table left out) where the planner's answer may differ from this one: a session that uses a
 * module besides {@code core} (a module may supply the factory, {@code Module#getTableSourceFactory}, which the
 * planner asks after the catalog), a table that is not a catalog table, a factory that cannot be found or fails
 * (on 1.20, a connector added by {@code ADD JAR} alone: {@link FlinkLine#userClassLoader}).
 *
 * <p>Each scan is asked with the options the plan gives its table ({@link PlanNode#tableOptions}: the catalog's with
 * the scan's {@code OPTIONS} hint merged in, as {@code CatalogSourceTable#computeContextResolvedTable} merges them
 * before it creates the source, 1.20 and 2.3), so a hint that changes the source changes the answer for that scan
 * alone; a scan whose plan persists no options is asked with the catalog's. A line whose compiled plan persists the
 * catalog's options alone for a hinted scan (1.20: {@link FlinkLine#compiledPlanMergesHintedOptions}) still prints the
 * hint in the scan's description: its options are merged in from there ({@link PlanNode#hintedOptions}), as {@code
 * ReadOnce} merges them, so a hinted scan is answered alike on both lines; where they cannot be read one for one it has
 * no answer. Asked for a statement's own planning
 * only: the proofs of its rewrites ({@code SessionPlanner#prove}) read no answer a rule or a rewrite acts on.
 */
final class LookupSources {

    private static final Logger LOG = LoggerFactory.getLogger(LookupSources.class);

    private LookupSources() {}

    /**
     * The answers for each source node of {@code plan} that scans a table, by node id, where the plan has a regular
     * join; none where it has none. Two scans of one table with the same options are asked once.
     */
    static Answers of(TableEnvironmentInternal tEnv, ExplainedPlan plan) {
        Map<Integer, LookupSupport> support = new LinkedHashMap<>();
        Map<Integer, ChangelogMode> modes = new LinkedHashMap<>();
        if (plan.operators(Operator.Join.class).isEmpty() || !Arrays.equals(tEnv.listModules(), new String[] {"core"})) {
            return new Answers(support, modes);
        }
        CatalogManager catalogs = tEnv.getCatalogManager();
        Map<Scan, Optional<Answer>> asked = new HashMap<>();
        boolean planMergesHintedOptions = FlinkLine.current().compiledPlanMergesHintedOptions();
        for (PlanNode node : plan.nodes()) {
            if (plan.inputs(node).isEmpty() && node.table().isPresent()) {
                node.sourceOptions(planMergesHintedOptions).ifPresent(options -> asked.computeIfAbsent(
                        new Scan(node.table().get(), options), s -> of(tEnv, catalogs, s))
                        .ifPresent(a -> {
                            support.put(node.id(), a.lookup());
                            a.changelogMode().ifPresent(m -> modes.put(node.id(), m));
                        }));
            }
        }
        return new Answers(support, modes);
    }

    /**
     * What the sources of a plan's scans said, by the scan's node id.
     *
     * @param lookup whether each is a lookup source
     * @param changelogModes the row kinds each emits, where its source is a {@code ScanTableSource}
     */
    record Answers(Map<Integer, LookupSupport> lookup, Map<Integer, ChangelogMode> changelogModes) {}

    /** What one source said. */
    private record Answer(LookupSupport lookup, Optional<ChangelogMode> changelogMode) {}

    /** A table as one scan reads it: with the options the plan gives it, empty where the plan persists none. */
    private record Scan(ObjectIdentifier table, Map<String, String> options) {}

    private static Optional<Answer> of(TableEnvironmentInternal tEnv, CatalogManager catalogs, Scan scan) {
        ObjectIdentifier id = scan.table();
        Optional<ContextResolvedTable> table = catalogs.getTable(id);
        if (table.isEmpty() || !(table.get().getResolvedTable() instanceof ResolvedCatalogTable stored)) {
            return Optional.empty();
        }
        ResolvedCatalogTable resolved = scan.options().isEmpty() ? stored : stored.copy(scan.options());
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
        Optional<ChangelogMode> mode;
        try {
            mode = source instanceof ScanTableSource scanned ? Optional.of(scanned.getChangelogMode()) : Optional.empty();
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("The source of {} did not say its changelog mode apart from the planner.", id, e);
            mode = Optional.empty();
        }
        LookupSupport lookup = !(source instanceof LookupTableSource) ? LookupSupport.SCAN_ONLY
                : source instanceof StandInTableSource ? LookupSupport.INFERRED_LOOKUP : LookupSupport.LOOKUP;
        return Optional.of(new Answer(lookup, mode));
    }
}
