package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;
import org.junit.jupiter.api.Test;

import java.util.List;

/** The analysis sink's projection of a query with more than one rowtime attribute, on Flink's real planner. */
class AnalysisSinkTest {

    private final TableEnvironmentInternal tEnv =
            (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());

    private QueryOperation query(String sql) {
        return (QueryOperation) tEnv.getParser().parse(sql).get(0);
    }

    @Test
    void keepsTheFirstRowtimeAttributeAndCastsTheOthersToTheirPlainTypeUnderTheirNames() {
        tEnv.executeSql(
                "CREATE TABLE events (id STRING, ts TIMESTAMP_LTZ(3) NOT NULL,"
                        + " WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen')");

        QueryOperation projected =
                AnalysisSink.withOneRowtimeAttribute(
                        tEnv, query("SELECT * FROM TABLE(TUMBLE(TABLE events, DESCRIPTOR(ts), INTERVAL '1' MINUTE))"));

        List<Column> columns = projected.getResolvedSchema().getColumns();
        assertThat(columns).extracting(Column::getName)
                .containsExactly("id", "ts", "window_start", "window_end", "window_time");
        assertThat(columns).filteredOn(c -> LogicalTypeChecks.isRowtimeAttribute(c.getDataType().getLogicalType()))
                .extracting(Column::getName).containsExactly("ts");
        assertThat(columns.get(4).getDataType().toString()).isEqualTo("TIMESTAMP_LTZ(3) NOT NULL");
    }

    @Test
    void leavesAQueryWithOneRowtimeAttributeAsItIs() {
        tEnv.executeSql(
                "CREATE TABLE events (id STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen')");
        QueryOperation query = query("SELECT id, ts FROM events");

        assertThat(AnalysisSink.withOneRowtimeAttribute(tEnv, query)).isSameAs(query);
    }
}
