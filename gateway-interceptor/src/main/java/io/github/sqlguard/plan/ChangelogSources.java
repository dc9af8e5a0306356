package io.github.sqlguard.plan;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The connectors and formats whose sources emit updates, known by name: the one list the guard keeps, for where Flink's
 * own answer is not at hand. The gateway asks a scanned table's source itself ({@code ScanTableSource#getChangelogMode},
 * {@code flink.LookupSources}) and reads this only where it did not ({@link PlanNode}s of a proof, a plan without a
 * regular join, a source that could not be created apart from the planner); lint's stand-in connector ({@code
 * lint.StandInChangelog}) gives a stand-in for a format it does not have the mode this list says.
 *
 * <ul>
 *   <li>connectors: {@code upsert-kafka} (upserts: {@code UpsertKafkaDynamicTableFactory}); the Flink CDC sources,
 *       {@code *-cdc} ({@code mysql-cdc}, {@code postgres-cdc}, ...: every change; {@code mongodb-cdc}: upserts; Flink
 *       CDC docs, "Connectors");
 *   <li>formats: {@code debezium-json}, {@code debezium-avro-confluent}, {@code canal-json}, {@code maxwell-json},
 *       {@code ogg-json} (Flink docs, "Formats" › each: "interprets the changelog as INSERT/UPDATE/DELETE"), and {@code
 *       debezium-protobuf}, no Apache Flink format, kept for a build of Flink that adds one under that name.
 * </ul>
 */
public final class ChangelogSources {

    /** The CDC formats: every change, {@code +I -U +U -D}. */
    public static final Set<String> CDC_FORMATS = Set.of(
            "debezium-json", "debezium-avro-confluent", "debezium-protobuf", "canal-json", "maxwell-json", "ogg-json");

    /** The option of lint's stand-in table that keeps the real connector's identifier. */
    public static final String STANDS_IN_FOR = "sql-guard.stand-in.for";

    private ChangelogSources() {}

    /** True for a CDC format ({@link #CDC_FORMATS}), in any case. */
    public static boolean cdcFormat(String format) {
        return CDC_FORMATS.contains(format.toLowerCase(Locale.ROOT));
    }

    /** True for a connector whose changelog does not come from a format: {@code upsert-kafka}, a Flink CDC {@code *-cdc}. */
    public static boolean updatingConnector(String connector) {
        String name = connector.toLowerCase(Locale.ROOT);
        return name.equals("upsert-kafka") || name.endsWith("-cdc");
    }

    /**
     * True for a table whose source emits updates by its options: its connector (the real one a stand-in names in
     * {@link #STANDS_IN_FOR}) or its {@code value.format} or {@code format}.
     */
    public static boolean updating(Map<String, String> options) {
        String connector = options.getOrDefault(STANDS_IN_FOR, options.getOrDefault("connector", ""));
        return updatingConnector(connector) || cdcFormat(options.getOrDefault("value.format", options.getOrDefault("format", "")));
    }
}
