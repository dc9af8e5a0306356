package io.github.sqlguard.lint;

import io.github.sqlguard.flink.SqlClientLine;
import io.github.sqlguard.flink.StandInTableSource;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.connector.sink.abilities.SupportsWritingMetadata;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.source.abilities.SupportsWatermarkPushDown;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.functions.LookupFunction;
import org.apache.flink.table.types.DataType;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The stand-in connector of {@code lint --stand-in-connectors}: a source and sink of any schema that
 * plans as the real connector would (its changelog modes from {@link StandInChangelog}, its METADATA
 * columns readable and writable with the keys and types the table declares, watermarks pushed into
 * the scan as Kafka's source takes them, a lookup source where the real connector is one: {@link
 * #LOOKUP_SOURCES}) and never runs: lint runs no jobs, and every runtime method throws, naming the
 * table and the connector it stands in for.
 *
 * <p>Options are not validated: the table keeps its real connector's options, and the real
 * connector's identifier in {@link StandInChangelog#STANDS_IN_FOR}. Lint swaps a table to this
 * connector only when its own connector has no factory in lint's class loader ({@link
 * StandInConnectors}); the gateway never does.
 *
 * <p>Stability: internal to lint.
 */
public final class StandInConnectorFactory implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    /** The {@code connector} of a stand-in table. */
    public static final String IDENTIFIER = "sql-guard-stand-in";

    /**
     * Connectors whose table source is also a {@link LookupTableSource}, so that Flink plans a
     * processing-time temporal join ({@code JOIN dim FOR SYSTEM_TIME AS OF o.proc_time}) against
     * them as a stateless {@code LookupJoin}: {@code jdbc} ({@code JdbcDynamicTableSource},
     * flink-connector-jdbc-core 4.0.0-2.0), {@code hbase-1.4} and {@code hbase-2.2} ({@code
     * HBaseDynamicTableSource}, flink-connector-hbase), {@code mongodb} ({@code
     * MongoDynamicTableSource}, flink-connector-mongodb), {@code paimon} ({@code BaseDataTableSource}, paimon-flink),
     * {@code fluss} ({@code org.apache.fluss.flink.source.FlinkTableSource}, fluss-flink: a primary-key table, the
     * lookup join of Fluss's quickstart, round 71). A stand-in for any other connector (Kafka's
     * source is a scan source only) is no lookup source, and Flink refuses such a join as it would
     * with the real connector ({@code Temporal Table Join requires primary key in versioned table}).
     */
    static final Set<String> LOOKUP_SOURCES = Set.of("jdbc", "hbase-1.4", "hbase-2.2", "mongodb", "paimon", "fluss");

    /**
     * Connectors whose table sink implements {@link SupportsPartitioning}, so that Flink takes a {@code PARTITIONED
     * BY} table of theirs rather than refusing it as a sink without partitions ({@code DynamicSinkUtils}: "is a
     * partitioned table, but the underlying DynamicTableSink doesn't implement the SupportsPartitioning interface"):
     * {@code iceberg} ({@code IcebergTableSink}), {@code paimon} ({@code FlinkTableSinkBase}), {@code hudi} ({@code
     * HoodieTableSink}), {@code hive} ({@code HiveTableSink}, flink-connector-hive), which also implement {@link
     * SupportsOverwrite} ({@link #OVERWRITE_SINKS}), and {@code dynamodb} ({@code DynamoDbDynamicSink},
     * flink-connector-aws), which does not. The {@code filesystem} connector's sink partitions too, but its factory is
     * Flink's own and lint never stands in for it.
     */
    static final Set<String> PARTITIONING_SINKS = Set.of("iceberg", "paimon", "hudi", "hive", "dynamodb");

    /** Connectors of {@link #PARTITIONING_SINKS} whose sink also implements {@link SupportsOverwrite}. */
    static final Set<String> OVERWRITE_SINKS = Set.of("iceberg", "paimon", "hudi", "hive");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(StandInChangelog.STANDS_IN_FOR);
    }

    @Override
    public DynamicTableSource createDynamicTableSource(DynamicTableFactory.Context context) {
        ChangelogMode mode = StandInChangelog.of(this, context).source();
        String connector = context.getCatalogTable().getOptions()
                .getOrDefault(StandInChangelog.STANDS_IN_FOR.key(), "").toLowerCase(Locale.ROOT);
        return LOOKUP_SOURCES.contains(connector)
                ? new StandInLookupSource(what(context), mode, metadata(context, false))
                : new StandInSource(what(context), mode, metadata(context, false));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(DynamicTableFactory.Context context) {
        StandInChangelog modes = StandInChangelog.of(this, context);
        String connector = context.getCatalogTable().getOptions()
                .getOrDefault(StandInChangelog.STANDS_IN_FOR.key(), "").toLowerCase(Locale.ROOT);
        return OVERWRITE_SINKS.contains(connector)
                ? new StandInLakeSink(what(context), modes, metadata(context, true))
                : PARTITIONING_SINKS.contains(connector)
                ? new StandInPartitionedSink(what(context), modes, metadata(context, true))
                : new StandInSink(what(context), modes, metadata(context, true));
    }

    /** {@code `cat`.`db`.`orders` (kafka)}, for messages. */
    private static String what(DynamicTableFactory.Context context) {
        ObjectIdentifier id = context.getObjectIdentifier();
        return id.asSerializableString() + " ("
                + context.getCatalogTable().getOptions().getOrDefault(StandInChangelog.STANDS_IN_FOR.key(), "?") + ")";
    }

    /** The table's METADATA columns: key (FROM 'key', else the column name) to declared type; persisted ones only for a sink. */
    private static Map<String, DataType> metadata(DynamicTableFactory.Context context, boolean persistedOnly) {
        Map<String, DataType> keys = new LinkedHashMap<>();
        for (Column column : context.getCatalogTable().getResolvedSchema().getColumns()) {
            if (column instanceof Column.MetadataColumn m && (!persistedOnly || !m.isVirtual())) {
                keys.putIfAbsent(m.getMetadataKey().orElse(m.getName()), m.getDataType());
            }
        }
        return keys;
    }

    /** A sink whose writer throws: translated into a stream graph for EXPLAIN, never run. */
    static Sink<RowData> neverRunSink(String what) {
        return SqlClientLine.current().neverRunSink(what, StandInConnectorFactory::neverRun);
    }

    private static UnsupportedOperationException neverRun(String what) {
        return new UnsupportedOperationException("sql-guard lint planned " + what + " with a stand-in connector"
                + " (--stand-in-connectors); a stand-in cannot read or write data. Run the job where the real"
                + " connector's jar is.");
    }

    /** The scan of a stand-in table. */
    static class StandInSource
            implements ScanTableSource, SupportsReadingMetadata, SupportsWatermarkPushDown, StandInTableSource {

        private final String what;
        private final ChangelogMode mode;
        private final Map<String, DataType> metadata;

        StandInSource(String what, ChangelogMode mode, Map<String, DataType> metadata) {
            this.what = what;
            this.mode = mode;
            this.metadata = metadata;
        }

        @Override
        public ChangelogMode getChangelogMode() {
            return mode;
        }

        @Override
        public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
            return SourceProvider.of(new NeverRunSource(what));
        }

        @Override
        public Map<String, DataType> listReadableMetadata() {
            return metadata;
        }

        @Override
        public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
            // Nothing is read: the planner's projection of metadata is all a plan needs.
        }

        @Override
        public void applyWatermark(WatermarkStrategy<RowData> watermarkStrategy) {
            // Nothing is emitted: pushed into the scan, as Kafka's source takes it, so plans look alike.
        }

        @Override
        public DynamicTableSource copy() {
            return new StandInSource(what, mode, metadata);
        }

        final String what() {
            return what;
        }

        @Override
        public String asSummaryString() {
            return "sql-guard stand-in for " + what;
        }
    }

    /** The source of a stand-in for a lookup-capable connector: a scan, and a lookup for temporal joins. */
    static final class StandInLookupSource extends StandInSource implements LookupTableSource {

        StandInLookupSource(String what, ChangelogMode mode, Map<String, DataType> metadata) {
            super(what, mode, metadata);
        }

        @Override
        public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
            return LookupFunctionProvider.of(new NeverRunLookup(what()));
        }

        @Override
        public DynamicTableSource copy() {
            return new StandInLookupSource(what(), getChangelogMode(), listReadableMetadata());
        }
    }

    /**
     * A lookup function that throws when it is asked for rows: planned into a {@code LookupJoin},
     * never run. Public: Flink refuses a function class that is not ({@code Function class '...' is
     * not public.}, Flink 2.3.0 while planning the join).
     */
    public static final class NeverRunLookup extends LookupFunction {

        private static final long serialVersionUID = 1L;

        private final String what;

        NeverRunLookup(String what) {
            this.what = what;
        }

        @Override
        public Collection<RowData> lookup(RowData keyRow) {
            throw neverRun(what);
        }
    }

    /** The sink of a stand-in table. */
    static class StandInSink implements DynamicTableSink, SupportsWritingMetadata {

        final String what;
        final StandInChangelog modes;
        final Map<String, DataType> metadata;

        StandInSink(String what, StandInChangelog modes, Map<String, DataType> metadata) {
            this.what = what;
            this.modes = modes;
            this.metadata = metadata;
        }

        @Override
        public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
            return modes.sinkFor(requestedMode);
        }

        @Override
        public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
            return SinkV2Provider.of(neverRunSink(what));
        }

        @Override
        public Map<String, DataType> listWritableMetadata() {
            return metadata;
        }

        @Override
        public void applyWritableMetadata(List<String> metadataKeys, DataType consumedDataType) {
            // Nothing is written.
        }

        @Override
        public DynamicTableSink copy() {
            return new StandInSink(what, modes, metadata);
        }

        @Override
        public String asSummaryString() {
            return "sql-guard stand-in for " + what;
        }
    }

    /** The sink of a stand-in for a connector of {@link #PARTITIONING_SINKS}: it takes a {@code PARTITIONED BY} table. */
    static class StandInPartitionedSink extends StandInSink implements SupportsPartitioning {

        StandInPartitionedSink(String what, StandInChangelog modes, Map<String, DataType> metadata) {
            super(what, modes, metadata);
        }

        @Override
        public void applyStaticPartition(Map<String, String> partition) {
            // Nothing is written.
        }

        @Override
        public DynamicTableSink copy() {
            return new StandInPartitionedSink(what, modes, metadata);
        }
    }

    /**
     * The sink of a stand-in for a connector of {@link #OVERWRITE_SINKS} (the lake tables and Hive): partitioned and
     * overwritable as their sinks are, so that Flink plans a {@code PARTITIONED BY} table and {@code INSERT OVERWRITE}.
     */
    static final class StandInLakeSink extends StandInPartitionedSink implements SupportsOverwrite {

        StandInLakeSink(String what, StandInChangelog modes, Map<String, DataType> metadata) {
            super(what, modes, metadata);
        }

        @Override
        public void applyOverwrite(boolean overwrite) {
            // Nothing is written.
        }

        @Override
        public DynamicTableSink copy() {
            return new StandInLakeSink(what, modes, metadata);
        }
    }

    /** A source whose every runtime part throws: translated into a stream graph for EXPLAIN, never run. */
    static final class NeverRunSource implements Source<RowData, SourceSplit, Void> {

        private static final long serialVersionUID = 1L;

        private final String what;

        NeverRunSource(String what) {
            this.what = what;
        }

        @Override
        public Boundedness getBoundedness() {
            return Boundedness.CONTINUOUS_UNBOUNDED;
        }

        @Override
        public SourceReader<RowData, SourceSplit> createReader(SourceReaderContext readerContext) {
            throw neverRun(what);
        }

        @Override
        public SplitEnumerator<SourceSplit, Void> createEnumerator(SplitEnumeratorContext<SourceSplit> enumContext) {
            throw neverRun(what);
        }

        @Override
        public SplitEnumerator<SourceSplit, Void> restoreEnumerator(
                SplitEnumeratorContext<SourceSplit> enumContext, Void checkpoint) {
            throw neverRun(what);
        }

        @Override
        public SimpleVersionedSerializer<SourceSplit> getSplitSerializer() {
            throw neverRun(what);
        }

        @Override
        public SimpleVersionedSerializer<Void> getEnumeratorCheckpointSerializer() {
            throw neverRun(what);
        }
    }
}
