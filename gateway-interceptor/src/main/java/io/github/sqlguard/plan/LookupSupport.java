package io.github.sqlguard.plan;

/**
 * Whether a table's connector is a lookup source: whether the {@code DynamicTableSource} Flink's factory for the
 * table creates implements {@code LookupTableSource}, which a processing-time lookup join ({@code JOIN dim FOR
 * SYSTEM_TIME AS OF s.proc_time}) needs (Flink docs, "Joins", "Lookup Join"; over any other source Flink refuses it:
 * "Processing-time temporal join is not supported yet").
 */
public enum LookupSupport {

    /** Flink's factory for the table creates a {@code LookupTableSource}: {@code jdbc}, {@code hbase-2.2}, ... */
    LOOKUP,

    /** Flink's factory for the table creates a source that is no {@code LookupTableSource}: {@code filesystem}, {@code datagen}, {@code kafka}. */
    SCAN_ONLY,

    /**
     * The table is read through a source that stands in for its connector, whose jar is absent (lint's {@code
     * --stand-in-connectors}), and the stand-in is a lookup source because the real connector is known to be one
     * by its name: inferred, not asked of the connector.
     */
    INFERRED_LOOKUP
}
