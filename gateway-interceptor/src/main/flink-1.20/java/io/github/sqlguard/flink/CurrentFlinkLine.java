package io.github.sqlguard.flink;

import org.apache.calcite.sql.SqlNode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.plugin.PluginManager;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.StateObjectCollection;
import org.apache.flink.runtime.metrics.ReporterSetup;
import org.apache.flink.runtime.state.AbstractChannelStateHandle;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.sql.parser.ddl.SqlAlterViewAs;
import org.apache.flink.sql.parser.ddl.SqlAlterViewRename;
import org.apache.flink.sql.parser.ddl.SqlCreateView;
import org.apache.flink.sql.parser.ddl.SqlCreateMaterializedTable;
import org.apache.flink.sql.parser.ddl.SqlCreateTableAs;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Flink 1.20: CTAS and materialized tables in the parser's {@code ddl} package, no {@code ALTER
 * MATERIALIZED TABLE ... AS}, no {@code SqlGatewayService#deployScript}; a {@code STATE_TTL} hint
 * cannot name a table declared with a {@code WATERMARK}.
 */
final class CurrentFlinkLine implements FlinkLine {

    /** The types 1.20.0's {@code AggFunctionFactory} builds a {@code LAST_VALUE}/{@code FIRST_VALUE} for. */
    private static final Set<LogicalTypeRoot> FIRST_LAST_VALUE_TYPES = Set.of(
            LogicalTypeRoot.TINYINT, LogicalTypeRoot.SMALLINT, LogicalTypeRoot.INTEGER, LogicalTypeRoot.BIGINT,
            LogicalTypeRoot.FLOAT, LogicalTypeRoot.DOUBLE, LogicalTypeRoot.BOOLEAN, LogicalTypeRoot.VARCHAR,
            LogicalTypeRoot.DECIMAL);

    static final FlinkLine INSTANCE = new CurrentFlinkLine();

    private CurrentFlinkLine() {}

    @Override
    public String line() {
        return "1.20";
    }

    @Override
    public boolean isCreateOrReplaceTableAs(SqlNode node) {
        return node instanceof SqlCreateTableAs || node instanceof SqlReplaceTableAs;
    }

    @Override
    public Map<String, String> replaceTableAsOptions(SqlReplaceTableAs node) {
        Map<String, String> options = new LinkedHashMap<>();
        for (SqlNode option : node.getPropertyList()) {
            if (option instanceof SqlTableOption o) {
                options.put(o.getKeyString(), o.getValueString());
            }
        }
        return options;
    }

    @Override
    public boolean isMaterializedTableQuery(SqlNode node) {
        return node instanceof SqlCreateMaterializedTable;
    }

    @Override
    @Nullable
    public SqlNode materializedTableQuery(SqlNode node) {
        return node instanceof SqlCreateMaterializedTable create ? create.getAsQuery() : null;
    }

    @Override
    @Nullable
    public SqlNode viewQuery(SqlNode node) {
        if (node instanceof SqlAlterViewAs altered) {
            return altered.getNewQuery();
        }
        return node instanceof SqlCreateView view ? view.getQuery() : null;
    }

    @Override
    public boolean isViewRename(SqlNode node) {
        return node instanceof SqlAlterViewRename;
    }

    @Override
    public boolean insertsOnConflict(SqlNode node) {
        return false;
    }

    @Override
    public boolean hasDeployScript() {
        return false;
    }

    @Override
    public <C> C deployScript(
            SqlGatewayService delegate, SessionHandle session, @Nullable URI scriptUri, @Nullable String script,
            Configuration executionConfig) {
        throw new UnsupportedOperationException("SqlGatewayService#deployScript does not exist in Flink 1.20.");
    }

    @Override
    public boolean stateTtlHintMatchesTablesWithWatermark() {
        return false;
    }

    @Override
    public boolean stateTtlHintMatchesTableFunctionAliases() {
        return false;
    }

    @Override
    public boolean firstLastValueTakes(LogicalTypeRoot type) {
        return FIRST_LAST_VALUE_TYPES.contains(type);
    }

    @Override
    public boolean compiledPlanMergesHintedOptions() {
        return false;
    }

    @Override
    public boolean firstRowOnEventTimeInsertOnly() {
        return false;
    }

    @Override
    public List<ReporterSetup> metricReporters(Configuration config, PluginManager plugins) {
        return ReporterSetup.fromConfiguration(config, plugins);
    }

    @Override
    public Optional<String> savedOperatorName(OperatorState state) {
        return Optional.empty();
    }

    @Override
    public Optional<String> savedOperatorUid(OperatorState state) {
        return Optional.empty();
    }

    @Override
    public java.util.OptionalInt maxParallelism(org.apache.flink.streaming.api.graph.StreamNode node) {
        return java.util.OptionalInt.empty();
    }

    @Override
    public void forEachChannelStateDelegate(OperatorSubtaskState subtask, Consumer<? super StreamStateHandle> delegate) {
        forEachDelegate(subtask.getInputChannelState(), delegate);
        forEachDelegate(subtask.getResultSubpartitionState(), delegate);
    }

    /** As {@code AbstractChannelStateHandle#collectUniqueDelegates} maps each handle (1.20.0). */
    private static void forEachDelegate(
            @Nullable StateObjectCollection<? extends AbstractChannelStateHandle<?>> handles,
            Consumer<? super StreamStateHandle> delegate) {
        if (handles == null || handles.isEmpty()) {
            return;
        }
        for (AbstractChannelStateHandle<?> handle : handles) {
            delegate.accept(handle.getDelegate());
        }
    }

    @Override
    public ClassLoader userClassLoader(org.apache.flink.table.catalog.CatalogManager catalogManager) {
        return Thread.currentThread().getContextClassLoader();
    }
}
