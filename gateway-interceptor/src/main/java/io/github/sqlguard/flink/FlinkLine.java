package io.github.sqlguard.flink;

import org.apache.calcite.sql.SqlNode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.plugin.PluginManager;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.metrics.ReporterSetup;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.sql.parser.ddl.SqlReplaceTableAs;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import javax.annotation.Nullable;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything the guard uses that differs between the Flink lines it is built for, behind one small
 * interface: one implementation per line, {@code CurrentFlinkLine} in {@code
 * src/main/flink-<line>/java}, of which the build compiles the one of {@code flink.line} ({@code
 * -Pflink-1.20} selects 1.20; 2.3 by default). Code outside this package names no class or method
 * that exists in only one line.
 *
 * <p>Internal to the guard; not a public API.
 */
public interface FlinkLine {

    /** The line this build is for. */
    static FlinkLine current() {
        return CurrentFlinkLine.INSTANCE;
    }

    /** The line, e.g. {@code 2.3}. */
    String line();

    /** {@code CREATE TABLE ... AS SELECT} or {@code REPLACE TABLE ... AS SELECT}. */
    boolean isCreateOrReplaceTableAs(SqlNode node);

    /**
     * The {@code WITH} options of a {@code [CREATE OR] REPLACE TABLE ... AS} (2.x does not keep
     * their order), without calling {@link SqlReplaceTableAs#getOperandList()} (which fails in 2.3 for a table
     * without a {@code WATERMARK}). 2.x: {@code SqlCreateObject#getProperties}; 1.20: the {@code
     * SqlTableOption}s of {@code getPropertyList}.
     */
    Map<String, String> replaceTableAsOptions(SqlReplaceTableAs node);

    /**
     * A statement that defines a materialized table by a query: {@code CREATE [OR ALTER]
     * MATERIALIZED TABLE ... AS} (both lines) and {@code ALTER MATERIALIZED TABLE ... AS} (2.x only).
     */
    boolean isMaterializedTableQuery(SqlNode node);

    /** The defining query of a node for which {@link #isMaterializedTableQuery} holds, or null. */
    @Nullable
    SqlNode materializedTableQuery(SqlNode node);

    /**
     * The query of a {@code CREATE VIEW} or {@code ALTER VIEW ... AS} node, or null for any other node ({@code
     * SqlCreateView} and {@code SqlAlterViewAs} are in {@code org.apache.flink.sql.parser.ddl} in 1.20, in {@code
     * ...ddl.view} in 2.x).
     */
    @Nullable
    SqlNode viewQuery(SqlNode node);

    /**
     * True where {@code node} is an {@code ALTER VIEW v RENAME TO w} ({@code SqlAlterViewRename}, in {@code
     * org.apache.flink.sql.parser.ddl} in 1.20, in {@code ...ddl.view} in 2.x); its operands are then the view's name and
     * its new name, in that order, in both lines ({@code SqlAlterViewRename#getOperandList}).
     */
    boolean isViewRename(SqlNode node);

    /**
     * True where {@code node} is an {@code INSERT} (or {@code EXECUTE INSERT}) with an {@code ON CONFLICT} clause, as
     * Flink's parser read it: 2.x's {@code RichSqlInsert#getConflictStrategy} (FLIP-558); 1.20's parser has no such
     * clause, so never there.
     */
    boolean insertsOnConflict(SqlNode node);

    /** Whether {@code SqlGatewayService#deployScript} exists in this line (2.x: yes, 1.20: no). */
    boolean hasDeployScript();

    /**
     * {@code delegate.deployScript(...)} where the line has it.
     *
     * @throws UnsupportedOperationException in a line without {@code deployScript}, where no caller
     *     can reach it: the gateway of that line has no such route
     */
    <C> C deployScript(
            SqlGatewayService delegate, SessionHandle session, @Nullable URI scriptUri, @Nullable String script,
            Configuration executionConfig);

    /**
     * Whether this line's planner matches a {@code STATE_TTL} hint to an input table declared with a
     * {@code WATERMARK} (2.x: yes). Measured on 1.20.0: a {@code STATE_TTL('orders' = '1 d')} hint
     * on {@code FROM orders}, or on its alias, fails with {@code The options of following hints
     * cannot match the name of input tables or views} when {@code orders} has a watermark, in a
     * group aggregation and in a join alike; the same table without a watermark (computed columns
     * and {@code PROCTIME()} are fine), or the alias of a subquery over it, is matched.
     */
    boolean stateTtlHintMatchesTablesWithWatermark();

    /**
     * Whether this line's planner matches a {@code STATE_TTL} hint to a table function's alias
     * ({@code TABLE(HOP(TABLE clicks, ...)) AS w}, hint {@code 'w'}; 2.x: yes, checked on 2.3.0).
     * Measured on 1.20.0 through the guard's CLI: {@code STATE_TTL('w' = '1 d')} on a {@code GROUP BY}
     * over {@code TABLE(HOP(...)) w} fails with {@code The options of following hints cannot match the
     * name of input tables or views}, over a table with a {@code WATERMARK} and over one with only a
     * {@code PROCTIME()} column alike; the same function read through a subquery, {@code FROM (SELECT *
     * FROM TABLE(HOP(...))) w}, is matched.
     */
    boolean stateTtlHintMatchesTableFunctionAliases();

    /**
     * Whether this line's {@code LAST_VALUE} and {@code FIRST_VALUE} over an append-only input take a
     * value of {@code type}. 2.x: every type ({@code AggFunctionFactory#createLastValueAggFunction}
     * builds a {@code LastValueAggFunction} of the argument's type, checked on 2.3.0). 1.20: {@code
     * TINYINT}, {@code SMALLINT}, {@code INTEGER}, {@code BIGINT}, {@code FLOAT}, {@code DOUBLE}, {@code
     * BOOLEAN}, {@code VARCHAR} and {@code DECIMAL} only; any other fails the statement with "LAST_VALUE
     * aggregate function does not support type: ''TIMESTAMP_WITHOUT_TIME_ZONE''" (1.20.0's {@code
     * AggFunctionFactory#createLastValueAggFunction} and {@code #createFirstValueAggFunction}).
     */
    boolean firstLastValueTakes(LogicalTypeRoot type);

    /**
     * Whether this line emits a first-row deduplication ordered by event time as inserts only. 2.x: a
     * first row on either time attribute while mini-batch is off ({@code RankUtil#outputInsertOnlyInDeduplicate},
     * Flink 2.3.0's {@code FlinkChangelogModeInferenceProgram}); 1.20: a first row on processing time only
     * ({@code !keepLastRow && !isRowtime} in 1.20.0's {@code FlinkChangelogModeInferenceProgram}).
     */
    boolean firstRowOnEventTimeInsertOnly();

    /**
     * Whether this line's compiled plan persists a scanned table's options with the scan's {@code OPTIONS} hint merged
     * in ({@code "resolvedTable"."options"}, {@link io.github.sqlguard.plan.PlanNode#tableOptions}). 2.x: yes (checked
     * on 2.3.0: a datagen table hinted {@code 'number-of-rows'} persists it). Measured on 1.20.0: the catalog's options
     * alone; the hint shows only in the node's description ({@code hints=[[[OPTIONS options:{number-of-rows=10}]]]}).
     */
    boolean compiledPlanMergesHintedOptions();

    /**
     * The metric reporters {@code config} configures ({@code metrics.reporter.*}), from the class
     * path and Flink's plugins, as this line's JobManager sets them up (2.x: {@code
     * ReporterSetupBuilder}; 1.20: {@code ReporterSetup#fromConfiguration}).
     */
    List<ReporterSetup> metricReporters(Configuration config, PluginManager plugins);

    /**
     * The name a savepoint records for an operator's state ({@code OperatorState#getOperatorName},
     * Flink 2.x); empty on 1.20, whose savepoints record only the operator id.
     */
    Optional<String> savedOperatorName(OperatorState state);

    /** The uid a savepoint records for an operator's state ({@code OperatorState#getOperatorUid}, Flink 2.x); empty on 1.20. */
    Optional<String> savedOperatorUid(OperatorState state);

    /**
     * The maximum parallelism {@code node} is given ({@code StreamNode#getMaxParallelism}, public on
     * 2.x; not positive where none is configured); empty on 1.20, whose {@code StreamNode} keeps it
     * package-private, so it is unknown there.
     */
    java.util.OptionalInt maxParallelism(org.apache.flink.streaming.api.graph.StreamNode node);

    /**
     * Hands {@code delegate} the stream of each channel state handle of {@code subtask} (in-flight
     * data of an unaligned checkpoint), in the order {@code OperatorSubtaskState#getDiscardables}
     * lists them after the operator and keyed state, without the streams and the list it makes for
     * them. 2.x: the input channel, upstream output buffer and result subpartition states, each
     * handle's {@code AbstractChannelStateHandle#getDelegate} or {@code
     * AbstractMergedChannelStateHandle#getDelegate} ({@code ChannelStateHelper#collectUniqueDisposableInChannelState},
     * which fails for any other kind); 1.20: the input channel and result subpartition states'
     * {@code AbstractChannelStateHandle#getDelegate} ({@code AbstractChannelStateHandle#collectUniqueDelegates}).
     * A delegate shared by several handles is handed on for each (Flink's list has it once).
     */
    void forEachChannelStateDelegate(OperatorSubtaskState subtask, Consumer<? super StreamStateHandle> delegate);

    /**
     * The class loader Flink's factories of the session's tables are found in: the session's user class loader
     * (its {@code ADD JAR}s over the gateway's classpath), as the planner finds them ({@code
     * CatalogSourceTable#createDynamicTableSource}: the {@code FlinkContext}'s class loader). 2.x: {@code
     * DataTypeFactory#getClassLoader} of {@code catalogManager}, the table environment's user class loader; 1.20
     * keeps it private, so the calling thread's context class loader, which holds the gateway's classpath (a
     * connector in Flink's {@code lib/}) but not a session's {@code ADD JAR}.
     */
    ClassLoader userClassLoader(org.apache.flink.table.catalog.CatalogManager catalogManager);
}
