package io.github.sqlguard.lint;

import io.github.sqlguard.plan.ChangelogSources;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.apache.flink.types.RowKind;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The changelog modes a stand-in connector ({@link StandInConnectorFactory}) gives a table whose
 * real connector is not in lint's environment: what the real source produces and what the real
 * sink accepts, so that the planner chooses the same operators (ChangelogNormalize, Rank
 * strategies, Deduplicate, retracting aggregates) and raises the same errors ({@code doesn't
 * support consuming update changes}).
 *
 * <p>Where each fact comes from, in order:
 *
 * <ol>
 *   <li>Connectors whose changelog does not come from a format: {@code upsert-kafka} (the constants
 *       {@code SOURCE_CHANGELOG_MODE} = [+U, -D] and {@code SINK_CHANGELOG_MODE} = [+I, +U, -D] of
 *       {@code UpsertKafkaDynamicTableFactory.DecodingFormatWrapper}/{@code EncodingFormatWrapper},
 *       flink-connector-kafka 5.0.0-2.2); the Flink CDC connectors ({@code mysql-cdc} and every other
 *       {@code *-cdc} source emit every change, {@code mongodb-cdc} upserts: Flink CDC docs,
 *       "Connectors"; the connectors {@link ChangelogSources#updatingConnector} names); sinks that write by primary key ({@code jdbc}, {@code elasticsearch-*},
 *       {@code opensearch}, {@code hbase-*}, {@code mongodb}: Flink docs, each connector's
 *       "Idempotent Writes"/"Key Handling" section) take upserts when a PRIMARY KEY is declared.
 *   <li>Otherwise the format's own answer, asked of Flink when the format factory is in lint's
 *       class loader ({@code flink-json} is): {@link DecodingFormat#getChangelogMode()} and
 *       {@link EncodingFormat#getChangelogMode()} of {@code value.format} or {@code format}, which is
 *       what Kafka's {@code KafkaDynamicSource}/{@code KafkaDynamicSink} return.
 *   <li>A format lint does not have: the CDC formats ({@link ChangelogSources#CDC_FORMATS}, the
 *       gateway's one list, which its plan rules read where a source was not asked) carry every
 *       change; any other format is insert-only.
 *   <li>No format at all: insert-only.
 * </ol>
 *
 * @param source what the source produces
 * @param sourceBasis where {@code source} comes from, for the note on findings
 * @param sink what the sink accepts
 * @param sinkBasis where {@code sink} comes from
 * @param sinkAsRequested whether the real sink answers Flink with the row kinds the query emits (of those in {@code
 *     sink}) rather than with a mode of its own: the lake tables of {@link #REQUESTED_MODE_SINKS}
 */
public record StandInChangelog(
        ChangelogMode source, String sourceBasis, ChangelogMode sink, String sinkBasis, boolean sinkAsRequested) {

    /** Modes of a connector whose sink answers Flink with a mode of its own, whatever the query emits. */
    public StandInChangelog(ChangelogMode source, String sourceBasis, ChangelogMode sink, String sinkBasis) {
        this(source, sourceBasis, sink, sinkBasis, false);
    }

    /** The option of a stand-in table that keeps the real connector's identifier. */
    public static final ConfigOption<String> STANDS_IN_FOR =
            ConfigOptions.key(ChangelogSources.STANDS_IN_FOR).stringType().noDefaultValue()
                    .withDescription("The identifier of the connector the stand-in plans in place of.");

    /** [+U, -D]: {@code UpsertKafkaDynamicTableFactory.DecodingFormatWrapper#SOURCE_CHANGELOG_MODE}. */
    static final ChangelogMode UPSERT_KAFKA_SOURCE =
            ChangelogMode.newBuilder().addContainedKind(RowKind.UPDATE_AFTER).addContainedKind(RowKind.DELETE).build();

    /** [+I, +U, -D]: {@code UpsertKafkaDynamicTableFactory.EncodingFormatWrapper#SINK_CHANGELOG_MODE}. */
    static final ChangelogMode UPSERT_SINK = ChangelogMode.upsert();

    /** [+I, +U, -D] built kind by kind: Hudi's {@code ChangelogModes.UPSERT}, which has no key-only deletes. */
    static final ChangelogMode HUDI_UPSERT = ChangelogMode.newBuilder().addContainedKind(RowKind.INSERT)
            .addContainedKind(RowKind.UPDATE_AFTER).addContainedKind(RowKind.DELETE).build();

    /** Sinks that write by primary key when one is declared (Flink docs of each connector). */
    static final Set<String> KEYED_SINKS = Set.of(
            "jdbc", "elasticsearch-6", "elasticsearch-7", "elasticsearch-8", "opensearch", "opensearch-2",
            "hbase-1.4", "hbase-2.2", "mongodb");

    /**
     * Lake-table sinks that answer {@code getChangelogMode(requestedMode)} with the row kinds the query emits, so
     * that Flink writes an updating query into them as it is: {@code iceberg} ({@code IcebergTableSink}, Iceberg's
     * Flink module, returns every requested kind) and {@code paimon} ({@code FlinkTableSinkBase}: every requested
     * kind without a PRIMARY KEY, and with one all but {@code -U} unless {@code changelog-producer} is {@code input},
     * {@code merge-engine} is {@code aggregation} or {@code partial-update}, or {@code log.changelog-mode} is {@code
     * all}). Both sinks implement {@code SupportsPartitioning} and {@code SupportsOverwrite}, so a stand-in for them
     * takes a {@code PARTITIONED BY} table and {@code INSERT OVERWRITE} as they do ({@link
     * StandInConnectorFactory#OVERWRITE_SINKS}).
     */
    static final Set<String> REQUESTED_MODE_SINKS = Set.of("iceberg", "paimon");

    /**
     * Sinks that answer Flink with a mode of their own whatever the table declares, read from each sink's {@code
     * getChangelogMode}: {@code dynamodb} writes upserts with or without a PRIMARY KEY ({@code DynamoDbDynamicSink}
     * returns {@code ChangelogMode.upsert()}, flink-connector-aws); {@code hudi} writes upserts, every change with
     * {@code 'changelog.enabled' = 'true'} ({@code HoodieTableSink}: {@code ChangelogModes.UPSERT} [+I, +U, -D], else
     * {@code FULL}); {@code hive} appends ({@code HiveTableSink} returns {@code ChangelogMode.insertOnly()},
     * flink-connector-hive). Each also implements {@code SupportsPartitioning} ({@link
     * StandInConnectorFactory#PARTITIONING_SINKS}).
     */
    static final Set<String> OWN_MODE_SINKS = Set.of("dynamodb", "hudi", "hive");

    private static final ConfigOption<String> FORMAT = FactoryUtil.FORMAT;
    private static final ConfigOption<String> VALUE_FORMAT =
            ConfigOptions.key("value.format").stringType().noDefaultValue();

    /** The modes of the table in {@code context} (its options name the real connector in {@link #STANDS_IN_FOR}). */
    public static StandInChangelog of(DynamicTableFactory factory, DynamicTableFactory.Context context) {
        Map<String, String> options = context.getCatalogTable().getOptions();
        String connector = options.getOrDefault(STANDS_IN_FOR.key(), "").toLowerCase(Locale.ROOT);
        boolean primaryKey = context.getPrimaryKeyIndexes().length > 0;
        ConfigOption<String> formatKey = options.containsKey(VALUE_FORMAT.key()) ? VALUE_FORMAT : FORMAT;
        String format = options.get(formatKey.key());
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(factory, context);

        ChangelogMode source;
        String sourceBasis;
        if (connector.equals("upsert-kafka")) {
            source = UPSERT_KAFKA_SOURCE;
            sourceBasis = "upsert-kafka reads upserts";
        } else if (connector.equals("mongodb-cdc")) {
            source = ChangelogMode.upsert();
            sourceBasis = "mongodb-cdc emits upserts (Flink CDC docs)";
        } else if (ChangelogSources.updatingConnector(connector)) {
            source = ChangelogMode.all();
            sourceBasis = "a Flink CDC source emits every change";
        } else if (format != null) {
            Optional<ChangelogMode> asked = decoding(helper, formatKey);
            source = asked.orElse(fallback(format));
            sourceBasis = basis(formatKey, format, asked.isPresent());
        } else {
            source = ChangelogMode.insertOnly();
            sourceBasis = "no format: insert-only assumed";
        }

        if (REQUESTED_MODE_SINKS.contains(connector)) {
            return new StandInChangelog(source, sourceBasis, lakeSink(connector, primaryKey, options),
                    connector + " writes the changes the query emits (its sink answers Flink with the requested kinds)",
                    true);
        }
        ChangelogMode sink;
        String sinkBasis;
        if (connector.equals("upsert-kafka")) {
            sink = UPSERT_SINK;
            sinkBasis = "upsert-kafka writes upserts";
        } else if (connector.equals("dynamodb")) {
            sink = UPSERT_SINK;
            sinkBasis = "dynamodb writes upserts (DynamoDbDynamicSink), with or without a PRIMARY KEY";
        } else if (connector.equals("hudi")) {
            boolean changelog = "true".equalsIgnoreCase(options.get("changelog.enabled"));
            sink = changelog ? ChangelogMode.all() : HUDI_UPSERT;
            sinkBasis = changelog ? "hudi with 'changelog.enabled' writes every change (HoodieTableSink)"
                    : "hudi writes upserts (HoodieTableSink)";
        } else if (connector.equals("hive")) {
            sink = ChangelogMode.insertOnly();
            sinkBasis = "hive appends (HiveTableSink)";
        } else if (KEYED_SINKS.contains(connector)) {
            sink = primaryKey ? UPSERT_SINK : ChangelogMode.insertOnly();
            sinkBasis = connector + (primaryKey ? " writes upserts by the PRIMARY KEY" : " without a PRIMARY KEY appends");
        } else if (format != null) {
            Optional<ChangelogMode> asked = encoding(helper, formatKey);
            sink = asked.orElse(fallback(format));
            sinkBasis = basis(formatKey, format, asked.isPresent());
        } else {
            sink = ChangelogMode.insertOnly();
            sinkBasis = "no format: insert-only assumed";
        }
        return new StandInChangelog(source, sourceBasis, sink, sinkBasis);
    }

    /**
     * What the sink answers Flink when {@link #sinkAsRequested}: the kinds of {@code requested} that {@link #sink}
     * holds; otherwise {@link #sink} itself.
     */
    public ChangelogMode sinkFor(ChangelogMode requested) {
        if (!sinkAsRequested) {
            return sink;
        }
        ChangelogMode.Builder builder = ChangelogMode.newBuilder();
        for (RowKind kind : requested.getContainedKinds()) {
            if (sink.contains(kind)) {
                builder.addContainedKind(kind);
            }
        }
        return builder.build();
    }

    /** The kinds a lake table of {@link #REQUESTED_MODE_SINKS} takes at most (see there). */
    private static ChangelogMode lakeSink(String connector, boolean primaryKey, Map<String, String> options) {
        if (connector.equals("iceberg") || !primaryKey
                || "input".equalsIgnoreCase(options.get("changelog-producer"))
                || Set.of("aggregation", "partial-update").contains(
                        options.getOrDefault("merge-engine", "").toLowerCase(Locale.ROOT))
                || "all".equalsIgnoreCase(options.get("log.changelog-mode"))) {
            return ChangelogMode.all();
        }
        // Built kind by kind, as FlinkTableSinkBase builds it: no key-only deletes (ChangelogMode#upsert() has them).
        return ChangelogMode.newBuilder().addContainedKind(RowKind.INSERT).addContainedKind(RowKind.UPDATE_AFTER)
                .addContainedKind(RowKind.DELETE).build();
    }

    /** The decoding format's own changelog mode, when Flink can create the format in this class loader. */
    private static Optional<ChangelogMode> decoding(FactoryUtil.TableFactoryHelper helper, ConfigOption<String> key) {
        try {
            return helper.discoverOptionalDecodingFormat(DeserializationFormatFactory.class, key)
                    .map(DecodingFormat::getChangelogMode);
        } catch (ValidationException | LinkageError e) {
            // The format factory is not in lint's class loader, or rejects its options: the table below decides.
            return Optional.empty();
        }
    }

    /** The encoding format's own changelog mode, when Flink can create the format in this class loader. */
    private static Optional<ChangelogMode> encoding(FactoryUtil.TableFactoryHelper helper, ConfigOption<String> key) {
        try {
            return helper.discoverOptionalEncodingFormat(SerializationFormatFactory.class, key)
                    .map(EncodingFormat::getChangelogMode);
        } catch (ValidationException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** The documented mode of a format lint does not have. */
    static ChangelogMode fallback(String format) {
        return ChangelogSources.cdcFormat(format) ? ChangelogMode.all() : ChangelogMode.insertOnly();
    }

    private static String basis(ConfigOption<String> key, String format, boolean asked) {
        if (asked) {
            return "as " + key.key() + " '" + format + "' reports it to Flink";
        }
        return key.key() + " '" + format + "' is not in lint's environment: "
                + (ChangelogSources.cdcFormat(format) ? "a CDC format carries every change"
                        : "insert-only assumed");
    }

    /** {@code +I, +U, -D}: the row kinds of {@code mode}, in RowKind order. */
    public static String kinds(ChangelogMode mode) {
        return java.util.Arrays.stream(RowKind.values()).filter(mode::contains).map(RowKind::shortString)
                .collect(Collectors.joining(","));
    }

}
