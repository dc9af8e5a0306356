package io.github.sqlguard.flink;

import org.apache.calcite.sql.SqlNode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.plugin.PluginManager;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.StateObjectCollection;
import org.apache.flink.runtime.metrics.ReporterSetup;
import org.apache.flink.runtime.metrics.ReporterSetupBuilder;
import org.apache.flink.runtime.metrics.filter.DefaultReporterFilters;
import org.apache.flink.runtime.state.AbstractChannelStateHandle;
import org.apache.flink.runtime.state.AbstractMergedChannelStateHandle;
import org.apache.flink.runtime.state.ChannelState;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewAs;
import org.apache.flink.sql.parser.ddl.view.SqlAlterViewRename;
import org.apache.flink.sql.parser.ddl.view.SqlCreateView;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.sql.parser.ddl.materializedtable.SqlAlterMaterializedTableAsQuery;
import org.apache.flink.sql.parser.ddl.materializedtable.SqlCreateMaterializedTable;
import org.apache.flink.sql.parser.ddl.table.SqlCreateTableAs;
import org.apache.flink.sql.parser.dml.RichSqlInsert;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Flink 2.x (built and tested with 2.3): the parser's {@code ddl.table} and {@code ddl.materializedtable} packages, {@code deployScript}. */
final class CurrentFlinkLine implements FlinkLine {

    static final FlinkLine INSTANCE = new CurrentFlinkLine();

    private CurrentFlinkLine() {}

    @Override
    public String line() {
        return "2.3";
    }

    @Override
    public boolean isCreateOrReplaceTableAs(SqlNode node) {
        return node instanceof SqlCreateTableAs || node instanceof SqlReplaceTableAs;
    }

    @Override
    public Map<String, String> replaceTableAsOptions(SqlReplaceTableAs node) {
        return node.getProperties();
    }

    @Override
    public boolean isMaterializedTableQuery(SqlNode node) {
        return node instanceof SqlCreateMaterializedTable || node instanceof SqlAlterMaterializedTableAsQuery;
    }

    @Override
    @Nullable
    public SqlNode materializedTableQuery(SqlNode node) {
        if (node instanceof SqlCreateMaterializedTable create) {
            return create.getAsQuery();
        }
        return node instanceof SqlAlterMaterializedTableAsQuery alter ? alter.getAsQuery() : null;
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
        SqlNode statement = node instanceof SqlExecute execute ? execute.getStatement() : node;
        return statement instanceof RichSqlInsert insert && insert.getConflictStrategy().isPresent();
    }

    @Override
    public boolean hasDeployScript() {
        return true;
    }

    @Override
    public <C> C deployScript(
            SqlGatewayService delegate, SessionHandle session, @Nullable URI scriptUri, @Nullable String script,
            Configuration executionConfig) {
        return delegate.deployScript(session, scriptUri, script, executionConfig);
    }

    @Override
    public boolean stateTtlHintMatchesTablesWithWatermark() {
        return true;
    }

    @Override
    public boolean stateTtlHintMatchesTableFunctionAliases() {
        return true;
    }

    @Override
    public boolean firstLastValueTakes(LogicalTypeRoot type) {
        return true;
    }

    @Override
    public boolean compiledPlanMergesHintedOptions() {
        return true;
    }

    @Override
    public boolean firstRowOnEventTimeInsertOnly() {
        return true;
    }

    @Override
    public List<ReporterSetup> metricReporters(Configuration config, PluginManager plugins) {
        return ReporterSetupBuilder.METRIC_SETUP_BUILDER.fromConfiguration(
                config, DefaultReporterFilters::metricsFromConfiguration, plugins);
    }

    @Override
    public Optional<String> savedOperatorName(OperatorState state) {
        return state.getOperatorName().filter(n -> !n.isEmpty());
    }

    @Override
    public Optional<String> savedOperatorUid(OperatorState state) {
        return state.getOperatorUid().filter(u -> !u.isEmpty());
    }

    @Override
    public java.util.OptionalInt maxParallelism(org.apache.flink.streaming.api.graph.StreamNode node) {
        return java.util.OptionalInt.of(node.getMaxParallelism());
    }

    @Override
    public void forEachChannelStateDelegate(OperatorSubtaskState subtask, Consumer<? super StreamStateHandle> delegate) {
        forEachDelegate(subtask.getInputChannelState(), delegate);
        forEachDelegate(subtask.getUpstreamOutputBufferState(), delegate);
        forEachDelegate(subtask.getResultSubpartitionState(), delegate);
    }

    /** As {@code ChannelStateHelper#collectUniqueDisposableInChannelState} maps each handle (2.3.0), with its message for another kind. */
    private static void forEachDelegate(
            @Nullable StateObjectCollection<? extends ChannelState> handles, Consumer<? super StreamStateHandle> delegate) {
        if (handles == null || handles.isEmpty()) {
            return;
        }
        for (ChannelState handle : handles) {
            if (handle instanceof AbstractChannelStateHandle<?> channel) {
                delegate.accept(channel.getDelegate());
            } else if (handle instanceof AbstractMergedChannelStateHandle<?, ?> merged) {
                delegate.accept(merged.getDelegate());
            } else {
                throw new IllegalStateException("Not Supported state handle : " + handle.getClass());
            }
        }
    }

    @Override
    public ClassLoader userClassLoader(org.apache.flink.table.catalog.CatalogManager catalogManager) {
        return catalogManager.getDataTypeFactory().getClassLoader();
    }
}
